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

    /// The extremes of every field's storage round-trip.
    func testFieldsReadBackAsBuilt() throws {
        let eras = [Era(codeIndex: 300, value: Int(Int32.max), year: Int(Int32.min)),
                    Era(codeIndex: 0, value: Int(Int32.min), year: Int(Int32.max)),
                    try Era(code: "reiwa", value: 236, year: 9_999), try Era(code: nil, value: -122, year: 60)]
        let fields: [(Int, Int, MonthCode, Int)] = [
            (Int(Int32.min), Int(Int8.min), MonthCode(127, isLeap: true), Int(Int16.min)),
            (Int(Int32.max), Int(Int8.max), MonthCode(0), Int(Int16.max)),
            (-10_947, 0, MonthCode(5, isLeap: true), 0), (13_760, 13, MonthCode(12, isLeap: true), 60),
        ]
        for era in eras {
            for (year, month, code, day) in fields {
                for dayNumber in [Int.min, -4_371_587, 0, Int.max] {
                    let date = CalendarDate(calendar: .ethiopicAmeteAlem, dayNumber: dayNumber, year: year, month: month,
                                            monthCode: code, day: day, era: era)
                    XCTAssertEqual([date.year, date.month, date.day, date.dayNumber], [year, month, day, dayNumber])
                    XCTAssertEqual(date.monthCode, code)
                    XCTAssertEqual(date.era, era)
                    XCTAssertEqual(date.calendar, .ethiopicAmeteAlem)
                }
            }
        }
    }

    /// The description shows every field, so that messages (and tests that
    /// compare printed outcomes) tell dates apart.
    func testDescriptionShowsEveryField() throws {
        let date = try Calendars.system(.hebrew).date(year: 5784, monthCode: MonthCode(5, isLeap: true), day: 30)
        XCTAssertEqual("\(date)", "hebrew 5784-M05L-30 (day number 19792, month 6, era am 0/5784)")
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

    /// A date whose fields do not match its day number is refused, whichever
    /// field differs, with both readings in the message.
    func testDecodingRejectsInconsistentFields() throws {
        let good = #"{"calendar":"hebrew","dayNumber":19792,"year":5784,"month":6,"monthCode":{"number":5,"isLeap":true},"day":30,"era":{"code":"am","value":0,"year":5784}}"#
        let date = try JSONDecoder().decode(CalendarDate.self, from: Data(good.utf8))
        XCTAssertEqual(date, try Calendars.system(.hebrew).date(year: 5784, monthCode: MonthCode(5, isLeap: true), day: 30))
        let changes = [
            (#""year":5784,"month""#, #""year":5785,"month""#), (#""month":6"#, #""month":7"#),
            (#""isLeap":true"#, #""isLeap":false"#), (#""day":30"#, #""day":29"#), (#""code":"am""#, #""code":"ce""#),
            (#""code":"am","#, ""), (#""value":0"#, #""value":1"#), (#""value":0,"year":5784"#, #""value":0,"year":5783"#),
            (#""dayNumber":19792"#, #""dayNumber":19791"#), (#""dayNumber":19792"#, #""dayNumber":99999999999"#),
            (#""calendar":"hebrew""#, #""calendar":"gregorian""#), (#""calendar":"hebrew""#, #""calendar":"mayan""#),
        ]
        for (from, to) in changes {
            let json = good.replacingOccurrences(of: from, with: to)
            XCTAssertNotEqual(json, good, "the change \(to) must apply")
            XCTAssertThrowsError(try JSONDecoder().decode(CalendarDate.self, from: Data(json.utf8)), "\(to)")
        }
        let wrongDay = good.replacingOccurrences(of: #""day":30"#, with: #""day":29"#)
        XCTAssertThrowsError(try JSONDecoder().decode(CalendarDate.self, from: Data(wrongDay.utf8))) { error in
            XCTAssertTrue("\(error)".contains("day 19792 is hebrew 5784-M05L-30"), "\(error)")
        }
    }

    /// A date from the ICU engine decodes where ICU agrees with the standard
    /// engine, and is refused on a day it gets wrong: ICU starts AM 3953 a day
    /// late (Docs/Conformance.md).
    func testDecodingDatesOfTheICUEngine() throws {
        let icu = try Calendars.system(.hebrew, engine: .icu)
        let standard = try Calendars.system(.hebrew)
        let newYear = HebrewMath.newYear(3953)
        let wrong = try icu.date(dayNumber: newYear)
        XCTAssertNotEqual(wrong.year, try standard.date(dayNumber: newYear).year, "ICU now starts AM 3953 on time")
        XCTAssertThrowsError(try JSONDecoder().decode(CalendarDate.self, from: JSONEncoder().encode(wrong)))
        let ordinary = try icu.date(dayNumber: newYear + 100)
        XCTAssertEqual(try JSONDecoder().decode(CalendarDate.self, from: JSONEncoder().encode(ordinary)), ordinary)
    }
}
