import Foundation
import XCTest

/// `kalends search`: one row per series, case and accents ignored, in a window or any time.
final class SearchCLITests: XCTestCase {
    let home = CLI.repositoryRoot.appendingPathComponent("Examples/home/.calendars").path

    func testSearchFindsSeriesAsPeopleWriteThem() throws {
        // Accents and case ignored; the description, the location and the categories searched.
        let jose = CLI.run(["search", "JOSE", home, "--tz", "America/New_York"])
        XCTAssertEqual(jose.stdout, "2024-03-13  all day, 2 days  Offsite (Café Central, Vienna)  [Work]\n", jose.stderr)
        XCTAssertEqual(CLI.run(["search", "cafe", home, "--tz", "America/New_York"]).stdout, jose.stdout)
        XCTAssertEqual(CLI.run(["search", "travel", home, "--tz", "America/New_York"]).stdout, jose.stdout)
        // One row per series, its rule in words; a window gives its first occurrence there.
        let standup = CLI.run(["search", "standup", home, "--from", "2024-04-01", "--tz", "America/New_York"])
        XCTAssertEqual(standup.stdout, "2024-04-01  09:30-09:45  Standup (Room 4)  [Work]  weekly on Monday, Wednesday and Friday\n", standup.stderr)
        // Reminders, with their due time.
        let groceries = CLI.run(["search", "grocer", home, "--tz", "Europe/Berlin"])
        XCTAssertEqual(groceries.stdout, "2024-03-16  due 12:00    [ ] Groceries  [Personal]\n", groceries.stderr)
        // JSON: the agenda's fields, kind and rule.
        let json = CLI.run(["search", "standup", home, "--tz", "America/New_York", "--json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["kind"] as? String, "event")
        XCTAssertEqual(object["rule"] as? String, "weekly on Monday, Wednesday and Friday")
        XCTAssertEqual(object["start"] as? String, "2024-03-11T09:30:00-04:00")
        XCTAssertEqual(object["calendar"] as? String, "Work")
        let reminder = CLI.run(["search", "groceries", home, "--tz", "Europe/Berlin", "--json"])
        XCTAssertTrue(reminder.stdout.contains(#""kind":"reminder""#), reminder.stdout)
        // Nothing found: no output, exit 0, as grep -q would not.
        let none = CLI.run(["search", "zebra", home])
        XCTAssertEqual(none.status, 0)
        XCTAssertEqual(none.stdout, "")
    }

    func testRefusals() {
        CLI.assertError(CLI.run(["search", " ", home]), status: 1, contains: "TEXT: ' ' cannot be searched for: give some text")
        // Nothing but what the search ignores would find everything.
        for ignorable in ["\u{301}", "\u{200B}", "\u{AD}", "\u{FE0F}"] {
            CLI.assertError(CLI.run(["search", ignorable, home]), status: 1, contains: "cannot be searched for: give some text")
        }
        CLI.assertError(CLI.run(["search"]), status: 2, contains: "'search' is missing an argument")
        CLI.assertError(CLI.run(["search", "x", home, "--from", "2024-05-01", "--to", "2024-04-01"]), status: 1, contains: "--to '2024-04-01': the end is before the start")
        CLI.assertError(CLI.run(["search", "x"]), status: 2, contains: "give FILE, or name the calendars in")
    }
}
