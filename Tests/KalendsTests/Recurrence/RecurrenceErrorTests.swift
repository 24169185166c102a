import XCTest
@testable import Kalends
import KalendsICalendar

/// `RecurrenceError` and `ContentLineError` say what is wrong and where: the
/// line, the rule part and its offset, the column of a content line's fault;
/// their messages are the ones the CLI prints.
final class RecurrenceErrorTests: XCTestCase {
    private func error(_ text: String) -> RecurrenceError? {
        do {
            _ = try RecurrenceSet(parsing: text)
            return nil
        } catch {
            return error
        }
    }

    func testARuleErrorCarriesItsLinePartAndOffset() throws {
        let found = try XCTUnwrap(error("DTSTART:20240101\nRRULE:FREQ=DAILY;BYMONTH=13"))
        XCTAssertEqual(found.line, 2)
        XCTAssertEqual(found.part, "BYMONTH")
        XCTAssertEqual(found.offset, 11)
        guard case .rule(let rule) = found.kind, case .outOfRange(let value, _) = rule.reason else {
            return XCTFail("\(found.kind)")
        }
        XCTAssertEqual(value, "13")
        XCTAssertEqual(found.description, "line 2: recurrence rule part BYMONTH 'BYMONTH=13' (character 12) has 13, outside 1 ... 12")
    }

    func testAContentLineErrorCarriesItsColumn() throws {
        let date = try XCTUnwrap(error("DTSTART;VALUE=DATE:20240101\nRDATE;VALUE=DATE:20240105,20241340"))
        XCTAssertEqual(date.line, 2)
        XCTAssertEqual(date.column, 27)
        guard case .contentLine(let line) = date.kind, case .invalidDate(let text, _) = line.kind else { return XCTFail("\(date.kind)") }
        XCTAssertEqual(text, "20241340")
        XCTAssertEqual(line.property, "RDATE")
        XCTAssertTrue(date.description.hasPrefix("line 2: RDATE: '20241340' is not a date: "), date.description)

        let parameter = try XCTUnwrap(error("DTSTART;TZID:20240101T090000"))
        XCTAssertEqual(parameter.column, 9)
        XCTAssertEqual(parameter.description, "line 1: DTSTART: parameter 'TZID' has no value (NAME=VALUE)")

        let start = try XCTUnwrap(error("DTSTART:20240101,20240102"))
        XCTAssertEqual(start.kind, .contentLine(ContentLineError(.startNotOneValue, property: "DTSTART", column: 9)))
        XCTAssertEqual(start.description, "line 1: DTSTART takes one date or date-time")
    }

    func testOtherKindsKeepTheirMessages() throws {
        XCTAssertEqual(try XCTUnwrap(error("RRULE:FREQ=DAILY")).kind, .missingStart)
        XCTAssertEqual(error("RRULE:FREQ=DAILY")?.description, "no DTSTART line (e.g. DTSTART:19970902T090000)")
        XCTAssertEqual(error("DTSTART:20240101\nDTSTART:20240102")?.kind, .repeatedStart)
        XCTAssertEqual(error("DTSTART:20240101\nEXRULE:FREQ=DAILY")?.description, "line 2: EXRULE was removed from iCalendar by RFC 5545; use EXDATE")
        let until = try XCTUnwrap(error("DTSTART;VALUE=DATE:20240101\nRRULE:FREQ=DAILY;UNTIL=20240105T000000Z"))
        XCTAssertEqual(until.line, 2)
        XCTAssertEqual(until.description, "line 2: RRULE FREQ=DAILY;UNTIL=20240105T000000Z: UNTIL must be a date (YYYYMMDD) like DTSTART 2024-01-01")
    }
}
