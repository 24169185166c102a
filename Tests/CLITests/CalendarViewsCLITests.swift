import Foundation
import XCTest

/// Calendar files in `layout` and `month` (the contract's "Calendar files in
/// month and layout"), on the Google-style fixture, whose agenda is written
/// by hand in Tests/Fixtures/ICalendar/google/work.expected.jsonl.
final class CalendarViewsCLITests: XCTestCase {
    static let google = CLI.repositoryRoot.appendingPathComponent("Tests/Fixtures/ICalendar/google")

    /// The day's occurrences are laid out: ids are UID/RECURRENCE-ID for
    /// recurring events, times are the agenda's, and standard input reads the same.
    func testLayoutOfACalendarFileIsTheDaysAgenda() throws {
        let day = ["--day", "2024-03-11", "--tz", "America/New_York"]
        let layout = CLI.run(["layout", "work.ics"] + day, directory: Self.google)
        XCTAssertEqual(layout.status, 0, layout.stderr)
        let agenda = CLI.run(["agenda", "work.ics", "--from", "2024-03-11", "--days", "1", "--tz", "America/New_York", "--json"], directory: Self.google)
        XCTAssertEqual(agenda.status, 0, agenda.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as? [String: Any])
        let events = try XCTUnwrap(object["events"] as? [[String: Any]])
        let rows = agenda.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let timed = rows.filter { $0["allDay"] as? Bool == false }
        XCTAssertFalse(timed.isEmpty)
        XCTAssertEqual(events.count, timed.count, layout.stdout)
        for row in timed {
            let uid = try XCTUnwrap(row["uid"] as? String)
            let id = (row["recurrenceId"] as? String).map { uid + "/" + $0 } ?? uid
            let placed = try XCTUnwrap(events.first { $0["id"] as? String == id }, "\(id) not laid out: \(layout.stdout)")
            XCTAssertEqual(placed["start"] as? String, row["start"] as? String)
            XCTAssertEqual(placed["end"] as? String, row["end"] as? String)
        }
        let text = try String(contentsOf: Self.google.appendingPathComponent("work.ics"), encoding: .utf8)
        XCTAssertEqual(CLI.run(["layout", "-"] + day, stdin: text).stdout, layout.stdout)
    }

    /// `layout A.ics B.ics`: several calendar files merge, as in the other
    /// reading commands (the day's events of both); a layout JSON file is read alone.
    func testLayoutMergesSeveralCalendarFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        func calendar(_ uid: String, _ start: String) -> String {
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20240101T000000Z\r\n"
                + "DTSTART:\(start)\r\nDURATION:PT1H\r\nSUMMARY:\(uid)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        }
        try calendar("a", "20240315T090000Z").write(to: directory.appendingPathComponent("a.ics"), atomically: true, encoding: .utf8)
        try calendar("b", "20240315T093000Z").write(to: directory.appendingPathComponent("b.ics"), atomically: true, encoding: .utf8)
        let day = ["--day", "2024-03-15", "--tz", "UTC"]
        let both = CLI.run(["layout", "a.ics", "b.ics"] + day, directory: directory)
        XCTAssertEqual(both.status, 0, both.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(both.stdout.utf8)) as? [String: Any])
        let events = try XCTUnwrap(object["events"] as? [[String: Any]])
        XCTAssertEqual(Set(events.compactMap { $0["id"] as? String }), ["a", "b"])
        XCTAssertEqual(Set(events.compactMap { $0["columns"] as? Int }), [2], "the two overlap: side by side")
        let json = CLI.repositoryRoot.appendingPathComponent("Examples/day.json").path
        let mixed = CLI.run(["layout", "a.ics", json] + day, directory: directory)
        XCTAssertEqual(mixed.status, 2, mixed.stdout)
        XCTAssertTrue(mixed.stderr.contains("is read alone"), mixed.stderr)
    }

    /// A folder of vdir folders (`~/.calendars` as vdirsyncer and khal keep
    /// it) reads each folder as a calendar, named by its `displayname`; a
    /// folder of them with no item yet is a calendar too; the agenda merges them.
    func testAFolderOfVdirFoldersReadsEachAsACalendar() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-calendars-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        for (folder, name, uid, start) in [("work", "Work", "w1", "20240315T090000Z"), ("home", "Home", "h1", "20240315T180000Z")] {
            let directory = root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try name.write(to: directory.appendingPathComponent("displayname"), atomically: true, encoding: .utf8)
            let item = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20240101T000000Z\r\n"
                + "DTSTART:\(start)\r\nDURATION:PT1H\r\nSUMMARY:\(name) event\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            try item.write(to: directory.appendingPathComponent("\(uid).ics"), atomically: true, encoding: .utf8)
        }
        let empty = root.appendingPathComponent("new")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try "New".write(to: empty.appendingPathComponent("displayname"), atomically: true, encoding: .utf8)
        let agenda = CLI.run(["agenda", root.path, "--from", "2024-03-15", "--days", "1", "--tz", "UTC", "--json"])
        XCTAssertEqual(agenda.status, 0, agenda.stderr)
        let rows = agenda.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        XCTAssertEqual(rows.compactMap { $0["uid"] as? String }, ["w1", "h1"])
        XCTAssertEqual(rows.compactMap { $0["calendar"] as? String }, ["Work", "Home"])
    }

    /// `month --ics`: a * on each day the agenda has an event, the counts with
    /// --counts, and "events" in the JSON cells, all agreeing with the agenda.
    func testMonthMarksTheDaysWithEvents() throws {
        let zone = ["--tz", "America/New_York"]
        let agenda = CLI.run(["agenda", "work.ics", "--from", "2024-03-01", "--to", "2024-04-01", "--json"] + zone, directory: Self.google)
        XCTAssertEqual(agenda.status, 0, agenda.stderr)
        // Each occurrence counts on every day of March it touches (the end exclusive).
        var expected: [String: Int] = [:]
        for line in agenda.stdout.split(separator: "\n") {
            let row = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let start = try XCTUnwrap(row["start"] as? String), end = try XCTUnwrap(row["end"] as? String)
            var day = String(start.prefix(10))
            let allDay = row["allDay"] as? Bool == true
            let last = allDay ? Self.dayBefore(String(end.prefix(10))) : (end.hasSuffix("T00:00:00-04:00") || end.hasSuffix("T00:00:00-05:00")
                                                                          ? Self.dayBefore(String(end.prefix(10))) : String(end.prefix(10)))
            while day <= max(last, day) {
                if day.hasPrefix("2024-03") { expected[day, default: 0] += 1 }
                if day >= last { break }
                day = Self.dayAfter(day)
            }
        }
        XCTAssertFalse(expected.isEmpty)
        let json = CLI.run(["month", "2024-03", "--ics", "work.ics", "--json"] + zone, directory: Self.google)
        XCTAssertEqual(json.status, 0, json.stderr)
        let month = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        var got: [String: Int] = [:]
        for week in try XCTUnwrap(month["weeks"] as? [[Any]]) {
            for case let cell as [String: Any] in week {
                let count = try XCTUnwrap(cell["events"] as? Int, "no events in \(cell)")
                if count > 0, let iso = cell["iso"] as? String { got[iso] = count }
            }
        }
        XCTAssertEqual(got, expected)
        let text = CLI.run(["month", "2024-03", "--ics", "work.ics", "--counts"] + zone, directory: Self.google)
        XCTAssertEqual(text.status, 0, text.stderr)
        let marked = CLI.run(["month", "2024-03", "--ics", "work.ics"] + zone, directory: Self.google).stdout
        XCTAssertEqual(marked.filter { $0 == "*" }.count, expected.count, marked)
        for (iso, count) in expected {
            let day = Int(iso.suffix(2)) ?? 0
            XCTAssertTrue(text.stdout.contains((day < 10 ? " " : "") + "\(day)\u{B7}\(count)"), "\(iso): \(count) not in\n\(text.stdout)")
        }
        CLI.assertError(CLI.run(["month", "2024-03", "--counts"]), status: 2, contains: "--counts")
    }

    static func dayAfter(_ iso: String) -> String { shift(iso, 1) }
    static func dayBefore(_ iso: String) -> String { shift(iso, -1) }

    static func shift(_ iso: String, _ days: Int) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        guard let date = formatter.date(from: iso) else { return iso }
        return formatter.string(from: date.addingTimeInterval(Double(days) * 86_400))
    }
}
