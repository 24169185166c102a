import Foundation
import KalendsCheck
import XCTest
@testable import Kalends

/// `CalendarDate` keeps its fields in 32 bytes; nothing a caller sees changes:
/// the fields read back as built, and Codable writes the same keys as before
/// and checks what it reads.
final class CalendarDateStorageTests: XCTestCase {
    func testFitsInFourWords() {
        // Four words: returned in registers, four dates to a cache line.
        XCTAssertLessThanOrEqual(MemoryLayout<CalendarDate>.size, 32)
    }

    /// The extremes of every field round-trip through the packed storage.
    func testFieldsReadBackAsBuilt() {
        let eras = [Era(code: "reiwa", value: 236, year: 9_999), Era(code: nil, value: 211, year: 60), Era(code: "bce", value: 0, year: 10_000)]
        for era in eras {
            for (year, month, code, day) in [(-10_947, 1, MonthCode(1), 1), (13_760, 13, MonthCode(12, isLeap: true), 31), (0, 6, MonthCode(5, isLeap: true), 30)] {
                let date = CalendarDate(calendar: .chinese, dayNumber: -4_000_000, year: year, month: month, monthCode: code, day: day, era: era)
                XCTAssertEqual([date.year, date.month, date.day, date.dayNumber], [year, month, day, -4_000_000])
                XCTAssertEqual(date.monthCode, code)
                XCTAssertEqual(date.era, era)
                XCTAssertEqual(date.calendar, .chinese)
            }
        }
    }

    func testCodableRoundTripsInEveryCalendar() throws {
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        forAll(Gen.element(of: CalendarID.allCases), Gen.dayNumber, runs: 500) { id, day in
            let date = try Calendars.system(id).date(dayNumber: day)
            let decoded = try decoder.decode(CalendarDate.self, from: encoder.encode(date))
            return decoded == date && decoded.era == date.era && decoded.monthCode == date.monthCode
        }
    }

    func testCodableKeepsItsKeys() throws {
        let date = try Calendars.system(.hebrew).date(year: 5784, monthCode: MonthCode(5, isLeap: true), day: 30)
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(date)) as? [String: Any]
        XCTAssertEqual(Set(object?.keys.map { $0 } ?? []), ["calendar", "dayNumber", "year", "month", "monthCode", "day", "era"])
        XCTAssertEqual(object?["month"] as? Int, 6)
    }

    /// A date whose fields do not match its day number is refused, with both in the message.
    func testDecodingRejectsInconsistentFields() throws {
        let json = #"{"calendar":"gregorian","dayNumber":19783,"year":2024,"month":3,"monthCode":{"number":3,"isLeap":false},"day":18,"era":{"code":"ce","value":1,"year":2024}}"#
        XCTAssertThrowsError(try JSONDecoder().decode(CalendarDate.self, from: Data(json.utf8))) { error in
            XCTAssertTrue("\(error)".contains("day 19783 is 2024 M03 1 in gregorian, not 2024 M03 18"), "\(error)")
        }
        let outOfRange = #"{"calendar":"gregorian","dayNumber":99999999999,"year":2024,"month":3,"monthCode":{"number":3,"isLeap":false},"day":18,"era":{"code":"ce","value":1,"year":2024}}"#
        XCTAssertThrowsError(try JSONDecoder().decode(CalendarDate.self, from: Data(outOfRange.utf8)))
    }
}
