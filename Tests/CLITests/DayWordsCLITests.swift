import Foundation
import KalendsCheck
import XCTest

/// Dates as people type them: a weekday's name (or its first three letters) for
/// the next such day, today excluded, maybe with a time; `+Nd`, `-Nw`, `+Nm`
/// from today; what does not read names the forms that do.
final class DayWordsCLITests: XCTestCase {
    static let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// The ISO date of `dayNumber` (days since 1970-01-01).
    static func iso(_ dayNumber: Int) -> String {
        let date = Date(timeIntervalSince1970: TimeInterval(dayNumber) * 86_400)
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }

    func testAWeekdayIsTheNextSuchDayAndCountsAreFromToday() {
        let cases = Gen.zip(Gen.int(in: 0...40_000), Gen.int(in: 0...6), Gen.bool, Gen.int(in: -400...400))
        forAll(cases, runs: 120) { today, weekday, short, count in
            let now = "@\(today * 86_400 + 43_200)"
            let name = short ? String(Self.names[weekday].prefix(3)).capitalized : Self.names[weekday]
            let read = CLI.run(["convert", name, "--to", "gregorian", "--tz", "UTC", "--json"], environment: ["KALENDS_NOW": now])
            // 1970-01-01 was a Thursday (ISO 4): the next such day is 1 ... 7 days on.
            let todayWeekday = (today + 3) % 7
            let ahead = (weekday - todayWeekday + 7) % 7
            let expected = Self.iso(today + (ahead == 0 ? 7 : ahead))
            guard read.status == 0, read.stdout.contains("\"iso\":\"\(expected)\"") || read.stdout.contains(expected) else {
                throw Failure("\(name) on day \(today): \(read.stdout) \(read.stderr), expected \(expected)")
            }
            let days = CLI.run(["convert", (count < 0 ? "-" : "+") + "\(abs(count))d", "--to", "gregorian", "--tz", "UTC"], environment: ["KALENDS_NOW": now])
            guard days.stdout.contains(Self.iso(today + count)) else { throw Failure("\(count)d on day \(today): \(days.stdout) \(days.stderr)") }
            let weeks = CLI.run(["convert", (count < 0 ? "-" : "+") + "\(abs(count) % 50)w", "--to", "gregorian", "--tz", "UTC"], environment: ["KALENDS_NOW": now])
            guard weeks.stdout.contains(Self.iso(today + (count < 0 ? -1 : 1) * (abs(count) % 50) * 7)) else { throw Failure("weeks: \(weeks.stdout)") }
            // Months as `add today PnM --overflow constrain` counts them.
            let months = abs(count) % 30
            let word = CLI.run(["convert", "+\(months)m", "--to", "gregorian", "--tz", "UTC"], environment: ["KALENDS_NOW": now])
            let added = CLI.run(["add", "today", "P\(months)M", "--overflow", "constrain", "--tz", "UTC"], environment: ["KALENDS_NOW": now])
            let date = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            guard word.status == 0, added.status == 0, !date.isEmpty, word.stdout.contains(date) else {
                throw Failure("+\(months)m: \(word.stdout) vs \(added.stdout)")
            }
            return true
        }
    }

    func testATimeAfterTheWeekdayAndWordsThatDoNotRead() {
        let now = ["KALENDS_NOW": "2026-12-06T10:00:00Z"]
        let agenda = CLI.run(["agenda", CLI.repositoryRoot.appendingPathComponent("Examples/team.ics").path, "--from", "fri", "--days", "1", "--tz", "UTC"],
                             environment: now)
        XCTAssertEqual(agenda.stdout, "Friday 2026-12-11\n  14:30-14:45  Standup (Room 4)\n", agenda.stderr)
        let timed = CLI.run(["add", "fri 10:00", "PT1H", "--tz", "America/New_York"], environment: now)
        XCTAssertEqual(timed.stdout, "2026-12-11T11:00:00-05:00\n", timed.stderr)
        // Sunday 6 December: "sun" is the next Sunday, not today.
        XCTAssertTrue(CLI.run(["convert", "sun", "--to", "gregorian", "--tz", "UTC"], environment: now).stdout.contains("2026-12-13"))
        CLI.assertError(CLI.run(["convert", "frid", "--to", "hebrew"], environment: now), status: 1, contains: "a weekday for the next one: fri, friday")
        CLI.assertError(CLI.run(["convert", "fri 25:00", "--to", "hebrew"], environment: now), status: 1, contains: "+3d, -1w, +2m")
        CLI.assertError(CLI.run(["convert", "+3x", "--to", "hebrew"], environment: now), status: 1, contains: "+3d, -1w, +2m")
        // The hint is for text that reads as no date, not for an unknown calendar's name.
        let calendar = CLI.run(["convert", "2024-03-15", "--to", "bogus"], environment: now)
        XCTAssertEqual(calendar.status, 1)
        XCTAssertFalse(calendar.stderr.contains("days in words"), calendar.stderr)
        // A negative year is still a year.
        XCTAssertTrue(CLI.run(["convert", "-0044-03-15", "--to", "julian"]).stdout.contains("-0044-03-1"))
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
