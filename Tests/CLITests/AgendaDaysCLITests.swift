import Foundation
import KalendsCheck
import XCTest

/// The text agenda lists an event under every day it touches, as khal does,
/// with its later days marked; JSON keeps one row per occurrence.
final class AgendaDaysCLITests: XCTestCase {
    /// An event of the generated calendars: day offset from 2024-03-08 (New
    /// York springs forward on the 10th), start minute, length in minutes
    /// (all-day: in days).
    struct Item {
        let day: Int
        let minute: Int
        let length: Int
        let allDay: Bool
    }

    static func date(_ offset: Int) -> String {
        var components = DateComponents(year: 2024, month: 3, day: 8 + offset)
        components.calendar = Calendar(identifier: .gregorian)
        components.calendar?.timeZone = TimeZone(identifier: "UTC") ?? .current
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd"
        return components.date.map { formatter.string(from: $0) } ?? ""
    }

    static func calendar(_ items: [Item]) -> String {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
        for (index, item) in items.enumerated() {
            text += "BEGIN:VEVENT\r\nUID:e\(index)\r\nDTSTAMP:20240101T000000Z\r\nSUMMARY:E\(index)\r\n"
            if item.allDay {
                text += "DTSTART;VALUE=DATE:\(date(item.day))\r\nDTEND;VALUE=DATE:\(date(item.day + item.length))\r\n"
            } else {
                let time = String(format: "T%02d%02d00", item.minute / 60, item.minute % 60)
                text += "DTSTART;TZID=America/New_York:\(date(item.day))\(time)\r\nDURATION:PT\(item.length)M\r\n"
            }
            text += "END:VEVENT\r\n"
        }
        return text + "END:VCALENDAR\r\n"
    }

    /// The local days (as `YYYY-MM-DD`) an agenda JSON row touches: its end exclusive.
    static func days(start: String, end: String, allDay: Bool) -> [String] {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        guard let first = formatter.date(from: String(start.prefix(10))), var last = formatter.date(from: String(end.prefix(10))) else { return [] }
        // An end at midnight (or an all-day end, exclusive) does not touch its day; an empty event touches its start's.
        if allDay || end.dropFirst(10).hasPrefix("T00:00:00") { last = last.addingTimeInterval(-86_400) }
        if last < first { last = first }
        return stride(from: first.timeIntervalSince1970, through: last.timeIntervalSince1970, by: 86_400).map {
            formatter.string(from: Date(timeIntervalSince1970: $0))
        }
    }

    func testAnEventIsListedUnderEveryDayItTouchesAndOnlyThose() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-agenda-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("days.ics")
        let item = Gen.zip(Gen.int(in: 0...6), Gen.int(in: 0...1_439), Gen.int(in: 0...5_000), Gen.bool).map { day, minute, length, allDay in
            Item(day: day, minute: minute, length: allDay ? 1 + length % 5 : length, allDay: allDay)
        }
        let cases = Gen.zip(item.array(count: 1...5), Gen.int(in: 0...6), Gen.int(in: 1...6))
        forAll(cases, runs: 60) { items, from, days in
            try Self.calendar(items).write(to: file, atomically: true, encoding: .utf8)
            let window = ["--from", "2024-03-\(String(format: "%02d", 8 + from))", "--days", "\(days)", "--tz", "America/New_York"]
            let json = CLI.run(["agenda", file.path, "--json"] + window)
            let text = CLI.run(["agenda", file.path] + window)
            guard json.status == 0, text.status == 0 else { throw Failure("\(json.stderr) \(text.stderr)") }
            let windowDays = Set((0..<days).map { "2024-03-" + String(format: "%02d", 8 + from + $0) })
            // What the JSON rows say: each title under each day of the window it touches, with its place among its days.
            var expected: [String] = []
            for line in json.stdout.split(separator: "\n") {
                guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let title = object["title"] as? String, let start = object["start"] as? String,
                      let end = object["end"] as? String, let allDay = object["allDay"] as? Bool else { throw Failure("row \(line)") }
                let touched = Self.days(start: start, end: end, allDay: allDay)
                for (index, day) in touched.enumerated() where windowDays.contains(day) {
                    expected.append("\(day) \(title) \(index == 0 ? "" : "(day \(index + 1) of \(touched.count))")")
                }
            }
            // What the text lists.
            var listed: [String] = []
            var day = ""
            for line in text.stdout.split(separator: "\n", omittingEmptySubsequences: true) {
                if !line.hasPrefix(" ") {
                    day = String(line.split(separator: " ").last ?? "")
                    continue
                }
                guard let range = line.range(of: #"E[0-9]+( \(day [0-9]+ of [0-9]+\))?"#, options: .regularExpression) else {
                    throw Failure("line \(line)")
                }
                let entry = String(line[range])
                let title = entry.split(separator: " ").first.map(String.init) ?? ""
                listed.append("\(day) \(title) \(entry.dropFirst(title.count).trimmingCharacters(in: .whitespaces))")
            }
            guard listed.sorted() == expected.sorted() else {
                throw Failure("listed \(listed.sorted())\nexpected \(expected.sorted())\n\(text.stdout)")
            }
            // Days in order, each once.
            let headers = text.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { String($0.split(separator: " ").last ?? "") }
            guard headers == headers.sorted(), Set(headers).count == headers.count else { throw Failure("days \(headers)") }
            return true
        }
    }

    func testLaterDaysAreMarkedAndLinesStayLines() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-agenda-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("days.ics")
        try """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//test//EN\r
            BEGIN:VEVENT\r
            UID:hack\r
            DTSTAMP:20240101T000000Z\r
            DTSTART:20240314T230000Z\r
            DTEND:20240316T010000Z\r
            SUMMARY:Hackathon\r
            LOCATION:Hall\\nBuilding 2\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:late\r
            DTSTAMP:20240101T000000Z\r
            DTSTART:20240315T220000Z\r
            DTEND:20240316T000000Z\r
            SUMMARY:Ends at midnight\r
            END:VEVENT\r
            END:VCALENDAR\r

            """.write(to: file, atomically: true, encoding: .utf8)
        let run = CLI.run(["agenda", file.path, "--from", "2024-03-14", "--days", "4", "--tz", "UTC"])
        XCTAssertEqual(run.stdout, """
            Thursday 2024-03-14
              23:00-01:00+2  Hackathon (Hall Building 2)

            Friday 2024-03-15
              ...          Hackathon (day 2 of 3) (Hall Building 2)
              22:00-00:00+1  Ends at midnight

            Saturday 2024-03-16
              ...-01:00    Hackathon (day 3 of 3) (Hall Building 2)

            """, run.stderr)
        // An end at midnight covers its last day whole; a day the zone skipped (Apia, 30 December 2011) is no day of an event.
        let apia = directory.appendingPathComponent("apia.ics")
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20240101T000000Z\r\nDTSTART;TZID=Pacific/Apia:20111229T200000\r\nDTEND;TZID=Pacific/Apia:20111231T100000\r\nSUMMARY:Apia\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:m\r\nDTSTAMP:20240101T000000Z\r\nDTSTART;TZID=Pacific/Apia:20111227T220000\r\nDTEND;TZID=Pacific/Apia:20111229T000000\r\nSUMMARY:Midnight\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            .write(to: apia, atomically: true, encoding: .utf8)
        XCTAssertEqual(CLI.run(["agenda", apia.path, "--from", "2011-12-27", "--days", "6", "--tz", "Pacific/Apia"]).stdout, """
            Tuesday 2011-12-27
              22:00-00:00+2  Midnight

            Wednesday 2011-12-28
              ...          Midnight (day 2 of 2)

            Thursday 2011-12-29
              20:00-10:00+2  Apia

            Saturday 2011-12-31
              ...-10:00    Apia (day 2 of 2)

            """)
        // A hundred long days a hundred times over: bounded, an error rather than a flood.
        let century = directory.appendingPathComponent("century.ics")
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:long\r\nDTSTAMP:20240101T000000Z\r\nDTSTART;VALUE=DATE:19000101\r\nDTEND;VALUE=DATE:20990101\r\nSUMMARY:Century\r\nRRULE:FREQ=DAILY;COUNT=100\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            .write(to: century, atomically: true, encoding: .utf8)
        CLI.assertError(CLI.run(["agenda", century.path, "--from", "1950-01-01", "--days", "36600"]), status: 1,
                        contains: "the window: its events touch more than 1000000 days in all: give a shorter window")
        // JSON: one row per occurrence, the location as written.
        let json = CLI.run(["agenda", file.path, "--from", "2024-03-14", "--days", "4", "--tz", "UTC", "--json"])
        XCTAssertEqual(json.stdout.split(separator: "\n").count, 2)
        XCTAssertTrue(json.stdout.contains(#""location":"Hall\nBuilding 2""#), json.stdout)
    }
}
