import Foundation
import XCTest

/// Calendar files whose rules produce enormous numbers of occurrences: a
/// query answers within its bound or says the window is too large, and an
/// alarm that reaches far back looks only at the occurrences it can fire for.
final class CalendarBoundsCLITests: XCTestCase {
    static let secondly = """
        BEGIN:VCALENDAR\r
        BEGIN:VEVENT\r
        UID:s\r
        DTSTART:20240101T000000Z\r
        RRULE:FREQ=SECONDLY\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        TRIGGER:-P9999W\r
        END:VALARM\r
        END:VEVENT\r
        END:VCALENDAR\r\n
        """

    func testAWindowHoldingTooManyOccurrencesIsAnError() {
        let result = CLI.run(["agenda", "-", "--from", "2024-01-01", "--days", "36600"], stdin: Self.secondly, timeout: 120)
        CLI.assertError(result, status: 1, contains: "the window holds more than 1000000 occurrences (the event with UID s of standard input")
    }

    /// A trigger 9,999 weeks before a SECONDLY event's occurrences: one day's
    /// firings are the 86,400 occurrences 9,999 weeks later, found without
    /// walking the weeks between.
    func testAFarReachingAlarmFindsOnlyItsOccurrences() throws {
        let result = CLI.run(["alarms", "-", "--from", "2030-01-01", "--days", "1", "--tz", "UTC", "--json"], stdin: Self.secondly, timeout: 120)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 86_400)
        let first = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        XCTAssertEqual(first["trigger"] as? String, "2030-01-01T00:00:00Z")
        // 9,999 weeks later.
        XCTAssertEqual(first["occurrence"] as? String, "2221-08-21T00:00:00Z")
    }
}
