import Foundation
import XCTest

/// `kalends event show`: everything about one event of Examples/meeting.ics
/// (a weekly series in New York with an EXDATE, an override that moves one
/// occurrence and changes its title and a reply, an organizer, attendees
/// with quoted names and replies, two alarms, an all-day event), seen from
/// another zone; text and JSON; one occurrence; the refusals; and what
/// `event add`/`edit` write with --description, --categories and --url.
final class EventShowCLITests: XCTestCase {
    let fixture = "Examples/meeting.ics"

    func show(_ arguments: [String], environment: [String: String] = [:]) -> CLIResult {
        CLI.run(["event", "show", fixture] + arguments, environment: environment, directory: CLI.repositoryRoot)
    }

    func object(_ result: CLIResult, file: StaticString = #filePath, line: UInt = #line) -> [String: Any] {
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        XCTAssertEqual(result.lines.count, 1, "one object", file: file, line: line)
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
    }

    func testTheSeriesInTextFromAnotherZone() {
        let result = show(["review@example.com", "--tz", "Europe/Berlin"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.lines, [
            "Design review",
            "  When:         Tuesday 2024-03-05 16:00-17:00 Europe/Berlin",
            "                Tuesday 2024-03-05 10:00-11:00 America/New_York, the event's zone",
            "  Repeats:      weekly on Tuesday, 6 times",
            "  Except:       Tuesday 2024-03-19 15:00 Europe/Berlin",
            "  Changed:      Tuesday 2024-03-26 15:00 Europe/Berlin: moved to Tuesday 2024-03-26 19:00-20:00 Europe/Berlin; title 'Design review (icons only)'; Ben Cohen <ben@example.com>: accepted",
            "  Location:     Room 4, second floor",
            "  Description:  Bring the sketches.",
            "                We look at the new screens first; then the icons.",
            "  Categories:   Work, Design",
            "  URL:          https://example.com/reviews/42",
            "  Organizer:    Levi, Anna <anna@example.com>",
            "  Attendees:    Levi, Anna <anna@example.com>: accepted (chair)",
            "                Ben Cohen <ben@example.com>: tentative",
            "                carol@example.com: declined (optional)",
            "                dan@example.com: needs action",
            "  Alarms:       15 minutes before start",
            "                1 day before start (an email)",
            "  Status:       confirmed",
            "  Calendar:     Work",
            "  File:         Examples/meeting.ics:5",
            "  UID:          review@example.com",
        ])
    }

    /// In the event's own zone (the system's, from TZ) there is one line of times.
    func testInTheEventsOwnZoneTheTimesAreShownOnce() {
        let result = show(["review@example.com"], environment: ["TZ": "America/New_York"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(Array(result.lines.prefix(3)), [
            "Design review",
            "  When:         Tuesday 2024-03-05 10:00-11:00 America/New_York",
            "  Repeats:      weekly on Tuesday, 6 times",
        ])
    }

    func testTheSeriesInJSON() {
        let object = object(show(["review@example.com", "--tz", "Europe/Berlin", "--json"]))
        XCTAssertEqual(object["uid"] as? String, "review@example.com")
        XCTAssertEqual(object["title"] as? String, "Design review")
        XCTAssertEqual(object["start"] as? String, "2024-03-05T16:00:00+01:00")
        XCTAssertEqual(object["end"] as? String, "2024-03-05T17:00:00+01:00")
        XCTAssertEqual(object["allDay"] as? Bool, false)
        XCTAssertEqual(object["zone"] as? String, "America/New_York")
        XCTAssertEqual(object["rule"] as? String, "weekly on Tuesday, 6 times")
        XCTAssertEqual(object["exceptions"] as? [String], ["2024-03-19T15:00:00+01:00"])
        let overrides = object["overrides"] as? [[String: Any]] ?? []
        XCTAssertEqual(overrides.count, 1)
        XCTAssertEqual(overrides.first?["recurrenceId"] as? String, "2024-03-26T15:00:00+01:00")
        XCTAssertEqual(overrides.first?["start"] as? String, "2024-03-26T19:00:00+01:00")
        XCTAssertEqual(overrides.first?["title"] as? String, "Design review (icons only)")
        XCTAssertEqual(overrides.first?["changes"] as? [String], ["start", "title", "attendees"])
        XCTAssertEqual(object["location"] as? String, "Room 4, second floor")
        XCTAssertEqual(object["description"] as? String, "Bring the sketches.\nWe look at the new screens first; then the icons.")
        XCTAssertEqual(object["categories"] as? [String], ["Work", "Design"])
        XCTAssertEqual(object["url"] as? String, "https://example.com/reviews/42")
        let organizer = object["organizer"] as? [String: Any]
        XCTAssertEqual(organizer?["address"] as? String, "mailto:anna@example.com")
        XCTAssertEqual(organizer?["name"] as? String, "Levi, Anna")
        let attendees = object["attendees"] as? [[String: Any]] ?? []
        XCTAssertEqual(attendees.map { $0["address"] as? String }, ["mailto:anna@example.com", "mailto:ben@example.com", "mailto:carol@example.com", "mailto:dan@example.com"])
        XCTAssertEqual(attendees.map { $0["name"] as? String }, ["Levi, Anna", "Ben Cohen", nil, nil])
        XCTAssertEqual(attendees.map { $0["reply"] as? String }, ["ACCEPTED", "TENTATIVE", "DECLINED", nil])
        XCTAssertEqual(attendees.map { $0["role"] as? String }, ["CHAIR", nil, "OPT-PARTICIPANT", nil])
        XCTAssertTrue(attendees.allSatisfy { $0.keys.sorted() == ["address", "name", "reply", "role"] })
        let alarms = object["alarms"] as? [[String: Any]] ?? []
        XCTAssertEqual(alarms.map { $0["text"] as? String }, ["15 minutes before start", "1 day before start (an email)"])
        XCTAssertEqual(alarms.map { $0["offset"] as? Int }, [-900, -86_400])
        XCTAssertEqual(object["status"] as? String, "CONFIRMED")
        XCTAssertEqual(object["calendar"] as? String, "Work")
        XCTAssertEqual(object["file"] as? String, "Examples/meeting.ics")
        XCTAssertEqual(object["line"] as? Int, 5)
    }

    /// The override's own fields and times; DT read in --tz, or else as the event's own wall time.
    func testAnOverriddenOccurrence() {
        for at in ["2024-03-26T10:00", "2024-03-26T15:00", "2024-03-26T14:00:00Z"] {
            let result = show(["review@example.com", "--occurrence", at, "--tz", "Europe/Berlin"])
            XCTAssertEqual(result.status, 0, "\(at): \(result.stderr)")
            XCTAssertEqual(Array(result.lines.prefix(6)), [
                "Design review (icons only)",
                "  When:         Tuesday 2024-03-26 19:00-20:00 Europe/Berlin",
                "                Tuesday 2024-03-26 14:00-15:00 America/New_York, the event's zone",
                "  Occurrence:   Tuesday 2024-03-26 15:00 Europe/Berlin (its original start)",
                "                changed: moved to Tuesday 2024-03-26 19:00-20:00 Europe/Berlin; title 'Design review (icons only)'; Ben Cohen <ben@example.com>: accepted",
                "  Repeats:      weekly on Tuesday, 6 times",
            ], at)
            XCTAssertTrue(result.lines.contains("  File:         Examples/meeting.ics:38"))
            XCTAssertTrue(result.lines.contains("                Ben Cohen <ben@example.com>: accepted"))
        }
        let object = object(show(["review@example.com", "--occurrence", "2024-03-26T10:00", "--json", "--tz", "UTC"]))
        XCTAssertEqual(object["title"] as? String, "Design review (icons only)")
        XCTAssertEqual(object["start"] as? String, "2024-03-26T18:00:00Z")
        XCTAssertEqual(object["recurrenceId"] as? String, "2024-03-26T14:00:00Z")
        XCTAssertEqual(object["line"] as? Int, 38)
    }

    /// An occurrence the rule makes: the series' fields at its own times (after the US DST change: 15:00 in Berlin).
    func testAnOccurrenceOfTheRule() {
        let object = object(show(["review@example.com", "--occurrence", "2024-03-12T10:00", "--json", "--tz", "Europe/Berlin"]))
        XCTAssertEqual(object["title"] as? String, "Design review")
        XCTAssertEqual(object["start"] as? String, "2024-03-12T15:00:00+01:00")
        XCTAssertEqual(object["end"] as? String, "2024-03-12T16:00:00+01:00")
        XCTAssertEqual(object["recurrenceId"] as? String, "2024-03-12T15:00:00+01:00")
    }

    func testAnAllDayEventIsShownAsDates() {
        let result = show(["retreat@example.com", "--tz", "Asia/Tokyo"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.lines, [
            "Team retreat",
            "  When:         Thursday 2024-04-11 to Friday 2024-04-12, all day (2 days)",
            "  Calendar:     Work",
            "  File:         Examples/meeting.ics:71",
            "  UID:          retreat@example.com",
        ])
        let object = object(show(["retreat@example.com", "--json"]))
        XCTAssertEqual(object["start"] as? String, "2024-04-11")
        XCTAssertEqual(object["end"] as? String, "2024-04-13")
        XCTAssertEqual(object["allDay"] as? Bool, true)
        XCTAssertTrue(object["zone"] is NSNull)
        XCTAssertTrue(object["rule"] is NSNull)
    }

    func testRefusals() {
        CLI.assertError(show(["nobody@example.com"]), status: 1, contains: "no event with UID 'nobody@example.com'")
        // An EXDATE's occurrence, and a time that is none.
        CLI.assertError(show(["review@example.com", "--occurrence", "2024-03-19T10:00"]), status: 1, contains: "not an occurrence")
        CLI.assertError(show(["review@example.com", "--occurrence", "2024-03-13T10:00"]), status: 1, contains: "not an occurrence")
        CLI.assertError(show(["review@example.com", "--occurrence", "someday"]), status: 1, contains: "--occurrence")
        CLI.assertError(show(["review@example.com", "--tz", "Mars/Olympus"]), status: 1, contains: "--tz")
        CLI.assertError(CLI.run(["event", "show", "review@example.com"]), status: 2, contains: "give FILE, or name the calendars in")
        CLI.assertError(show(["review@example.com", "--title", "x"]), status: 2, contains: "--title")
        CLI.assertError(show(["review@example.com", "--future"]), status: 2, contains: "--future")
        CLI.assertError(CLI.run(["event", "show", "/nonexistent/cal.ics", "a@b"]), status: 1, contains: "/nonexistent/cal.ics")
        CLI.assertError(CLI.run(["event", "add", "/tmp/x.ics", "--title", "T", "--start", "2024-03-05", "--all-day", "--json"]), status: 2, contains: "--json")
    }

    /// What add writes with --description, --categories and --url, show gives back; edit with "" removes one, every other line kept.
    func testAddedTextShowsBackAndAnEmptyEditRemovesIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-show-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cal.ics").path
        let notes = "Agenda: one, two; three\\four\nSecond line, ünïcödé 日本"
        let add = CLI.run(["event", "add", path, "--title", "Talk", "--start", "2024-05-02T10:00", "--duration", "PT1H", "--tz", "Europe/Berlin",
                           "--description", notes, "--categories", "Work, Talks\\, public,,Ideas", "--url", "https://example.com/t?a=1,2;b"])
        XCTAssertEqual(add.status, 0, add.stderr)
        let uid = add.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let written = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "\r\n ", with: "")
        XCTAssertTrue(written.contains("CATEGORIES:Work,Talks\\, public,Ideas\r\n"), written)
        XCTAssertTrue(written.contains("DESCRIPTION:Agenda: one\\, two\\; three\\\\four\\nSecond line\\, ünïcödé 日本\r\n"), written)
        let object = object(CLI.run(["event", "show", path, uid, "--json", "--tz", "UTC"]))
        XCTAssertEqual(object["description"] as? String, notes)
        XCTAssertEqual(object["categories"] as? [String], ["Work", "Talks, public", "Ideas"])
        XCTAssertEqual(object["url"] as? String, "https://example.com/t?a=1,2;b")
        XCTAssertEqual(object["zone"] as? String, "Europe/Berlin")
        for option in ["--description", "--categories", "--url"] {
            let before = try String(contentsOfFile: path, encoding: .utf8)
            let edit = CLI.run(["event", "edit", path, uid, option, ""])
            XCTAssertEqual(edit.status, 0, edit.stderr)
            let after = try String(contentsOfFile: path, encoding: .utf8)
            let property = ["--description": "DESCRIPTION", "--categories": "CATEGORIES", "--url": "URL"][option] ?? ""
            func lines(_ text: String) -> [Substring] {
                text.replacingOccurrences(of: "\r\n ", with: "").split(separator: "\r\n").filter { !$0.hasPrefix(property + ":") && !$0.hasPrefix("SEQUENCE:") && !$0.hasPrefix("DTSTAMP:") }
            }
            XCTAssertEqual(lines(before), lines(after), option)
            XCTAssertFalse(after.contains(property + ":"), option)
        }
        CLI.assertError(CLI.run(["event", "edit", path, uid, "--url", "https://a\nb"]), status: 1, contains: "control character")
    }

    func testOverridesWithoutTheirSeriesAreEachShown() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-show-\(UUID().uuidString).ics")
        defer { try? FileManager.default.removeItem(at: file) }
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:ovonly\r\nDTSTAMP:20240101T000000Z\r\nRECURRENCE-ID:20240311T120000Z\r\nDTSTART:20240311T120000Z\r\nDURATION:PT1H\r\nSUMMARY:First\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:ovonly\r\nDTSTAMP:20240101T000000Z\r\nRECURRENCE-ID:20240318T120000Z\r\nDTSTART:20240318T150000Z\r\nDURATION:PT1H\r\nSUMMARY:Second\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let shown = CLI.run(["event", "show", file.path, "ovonly", "--tz", "UTC"])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertTrue(shown.stdout.contains("""
              Occurrences:  Monday 2024-03-11 12:00 UTC: an occurrence of a series the calendar does not hold
                            Monday 2024-03-18 12:00 UTC: an occurrence of a series the calendar does not hold; moved to Monday 2024-03-18 15:00-16:00 UTC; title 'Second'
            """), shown.stdout)
        let json = CLI.run(["event", "show", file.path, "ovonly", "--tz", "UTC", "--json"])
        XCTAssertTrue(json.stdout.contains(#""overrides":[{"recurrenceId":"2024-03-11T12:00:00Z""#), json.stdout)
        XCTAssertTrue(json.stdout.contains(#"{"recurrenceId":"2024-03-18T12:00:00Z","start":"2024-03-18T15:00:00Z""#), json.stdout)
    }
}
