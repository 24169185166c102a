import KalendsCheck
import XCTest
@testable import Kalends

/// The direct fields -> day path of the Buddhist and ROC engines
/// (`GregorianOffsetCalendar.dayNumberIfValid`, `BuddhistCalendar` and `ROCCalendar`) equals the Gregorian
/// engine's on the Gregorian year: on every day of ISO -9999 ... 9999 (the
/// fields of each day, 7.3 million, both calendars) and on fields that name
/// no date (months, days and years out of range, leap month codes, years
/// whose offset wraps).
final class GregorianOffsetFastPathTests: XCTestCase {
    let gregorian = GregorianCalendar()

    func reference<C: GregorianOffsetCalendar>(_ calendar: C, year: Int, code: MonthCode, day: Int) -> Int? {
        guard calendar.supportedYears.contains(year) else { return nil }
        return gregorian.dayNumberIfValid(year: year + C.gregorianYearOffset, monthCode: code, day: day)
    }

    func testEverySupportedDay() {
        checkEverySupportedDay(BuddhistCalendar())
        checkEverySupportedDay(ROCCalendar())
    }

    func checkEverySupportedDay<C: GregorianOffsetCalendar>(_ calendar: C) {
        do {
            var mismatches = 0
            for day in DayNumber.supported {
                let date = calendar.ordinalDate(ofDay: day)
                let code = MonthCode(date.month)
                if calendar.dayNumberIfValid(year: date.year, monthCode: code, day: date.day) != day
                    || reference(calendar, year: date.year, code: code, day: date.day) != day {
                    mismatches += 1
                }
            }
            XCTAssertEqual(mismatches, 0, "\(calendar.id)")
        }
    }

    func testFieldsThatNameNoDate() {
        let years = Gen.oneOf([Gen.int(in: -12_000...12_000), Gen.int(in: Int.min...Int.min + 3_000), Gen.int(in: Int.max - 3_000...Int.max)])
        let codes = Gen.zip(Gen.int(in: -1...14), Gen.bool).map { MonthCode($0.0, isLeap: $0.1) }
        let fields = Gen.zip(years, codes, Gen.int(in: -2...33))
        check(fields, BuddhistCalendar())
        check(fields, ROCCalendar())
    }

    func check<C: GregorianOffsetCalendar>(_ fields: Gen<(Int, MonthCode, Int)>, _ calendar: C) {
        forAll(fields, runs: 20_000) { year, code, day in
            calendar.dayNumberIfValid(year: year, monthCode: code, day: day) == reference(calendar, year: year, code: code, day: day)
        }
    }
}
