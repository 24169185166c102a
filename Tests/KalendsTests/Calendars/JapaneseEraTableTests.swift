import XCTest
@testable import Kalends

/// The shipped Japanese era table against the system ICU's: every era's
/// first day and the day before it, era number and year in era.
final class JapaneseEraTableTests: XCTestCase {
    func testEveryEraStartMatchesICU() throws {
        let icu = try ICUFieldBackend(.japanese)
        let calendar = JapaneseCalendar()
        XCTAssertEqual(JapaneseEraTable.packedStarts.count, 237)
        for index in 1..<JapaneseEraTable.startDays.count {
            let start = Int(JapaneseEraTable.startDays[index])
            XCTAssertGreaterThan(start, Int(JapaneseEraTable.startDays[index - 1]))
            for day in [start - 1, start, start + 1] {
                let ours = try calendar.date(dayNumber: day).era
                let theirs = try icu.fields(ofDay: day).era
                XCTAssertEqual(ours, theirs, "day \(day) (\(ISODate(dayNumber: day))), era \(index)")
            }
            XCTAssertEqual(try calendar.date(dayNumber: start).era.year, 1)
            XCTAssertEqual(try calendar.date(dayNumber: start).era.value, index)
        }
        // ICU has no era after Reiwa (236) on this system.
        XCTAssertEqual(try icu.fields(ofDay: DayNumber.supported.upperBound).era.value, 236)
    }

    func testModernEraConstantsMatchTheTable() {
        XCTAssertEqual([JapaneseEraTable.meijiStart, JapaneseEraTable.taishoStart, JapaneseEraTable.showaStart,
                        JapaneseEraTable.heiseiStart, JapaneseEraTable.reiwaStart],
                       JapaneseEraTable.startDays[232...].map(Int.init))
        XCTAssertEqual(JapaneseCalendar.modernEras.map(\.value), Array(232...236))
        XCTAssertEqual((0...236).map(JapaneseEraTable.startYear(ofEra:)), JapaneseEraTable.startYears.map(Int.init))
        XCTAssertEqual(JapaneseCalendar.modernEras.map(\.code), Array(EraCode.known[Int(EraCode.firstJapanese)...]))
        for day in stride(from: -500_000, through: 30_000, by: 7) {
            let expected = (JapaneseEraTable.startDays.lastIndex { Int($0) <= day }) ?? 0
            XCTAssertEqual(JapaneseEraTable.eraIndex(ofDay: day), expected, "day \(day)")
        }
    }

    func testModernErasAndEarlyYears() throws {
        let calendar = JapaneseCalendar()
        func era(_ year: Int, _ month: Int, _ day: Int) throws -> Era {
            try calendar.date(dayNumber: ISODate(year: year, month: month, day: day).dayNumber).era
        }
        XCTAssertEqual(try era(2019, 4, 30), try Era(code: "heisei", value: 235, year: 31))
        XCTAssertEqual(try era(2019, 5, 1), try Era(code: "reiwa", value: 236, year: 1))
        XCTAssertEqual(try era(1989, 1, 7), try Era(code: "showa", value: 234, year: 64))
        XCTAssertEqual(try era(1989, 1, 8), try Era(code: "heisei", value: 235, year: 1))
        XCTAssertEqual(try era(1868, 9, 7), try Era(code: "ce", value: 231, year: 4))
        XCTAssertEqual(try era(1868, 9, 8), try Era(code: "meiji", value: 232, year: 1))
        // Before Hakuchi (650) ICU stays in era 0 (Taika, from 645), counting down.
        XCTAssertEqual(try era(645, 1, 1), try Era(code: "ce", value: 0, year: 1))
        XCTAssertEqual(try era(1, 1, 1), try Era(code: "ce", value: 0, year: -643))
        XCTAssertEqual(try era(0, 6, 1), try Era(code: "bce", value: 0, year: -644))
    }
}
