import Kalends
import XCTest

/// Temporal's add and until over Symmetry454, on dates worked out by hand.
final class Symmetry454ArithmeticExamples: XCTestCase {
    let calendar = Symmetry454Calendar()

    func date(_ year: Int, _ month: Int, _ day: Int) throws -> CalendarDate {
        try calendar.date(year: year, month: month, day: day)
    }

    func duration(years: Int = 0, months: Int = 0, weeks: Int = 0, days: Int = 0) throws -> DateDuration {
        try DateDuration(years: years, months: months, weeks: weeks, days: days)
    }

    /// Asserts that `body` throws `.dayNotInMonth` for `day` in a month of `length` days.
    func assertDayNotInMonth(_ body: @autoclosure () throws -> CalendarDate, year: Int, month: Int, day: Int, length: Int,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            guard case ArithmeticError.dayNotInMonth(_, let y, let code, let d, let n) = error else {
                return XCTFail("expected dayNotInMonth, got \(error)", file: file, line: line)
            }
            XCTAssertEqual([y, code.number, d, n], [year, month, day, length], file: file, line: line)
            XCTAssertFalse(code.isLeap, file: file, line: line)
        }
    }

    /// February 35 has no counterpart in 28-day March: constrain clamps, reject throws.
    func testAddingAMonthToTheLastDayOfAFiveWeekMonth() throws {
        let start = try date(2022, 2, 35)
        XCTAssertEqual(try calendar.adding(.months(1), to: start).fields, "2022-3-28")
        XCTAssertEqual(try calendar.adding(.months(1), to: start, overflow: .constrain).fields, "2022-3-28")
        assertDayNotInMonth(try calendar.adding(.months(1), to: start, overflow: .reject), year: 2022, month: 3, day: 35, length: 28)
        // Into the leap week: November 35 has a December 35 only in a leap year.
        XCTAssertEqual(try calendar.adding(.months(1), to: date(2021, 11, 35), overflow: .reject).fields, "2021-12-35")
        XCTAssertEqual(try calendar.adding(.months(1), to: date(2022, 11, 35)).fields, "2022-12-28")
        assertDayNotInMonth(try calendar.adding(.months(1), to: date(2022, 11, 35), overflow: .reject),
                            year: 2022, month: 12, day: 35, length: 28)
        // Backwards the same: March 29 does not exist.
        XCTAssertEqual(try calendar.adding(.months(-2), to: date(2022, 5, 30)).fields, "2022-3-28")
    }

    /// The leap week's days move to December 28 of a common year.
    func testAddingAYearToTheLeapWeek() throws {
        let leapWeek = try date(2021, 12, 31)
        XCTAssertEqual(try calendar.adding(.years(1), to: leapWeek).fields, "2022-12-28")
        assertDayNotInMonth(try calendar.adding(.years(1), to: leapWeek, overflow: .reject), year: 2022, month: 12, day: 31, length: 28)
        // Five years on, 2026 is leap again: no clamping.
        XCTAssertEqual(try calendar.adding(.years(5), to: leapWeek, overflow: .reject).fields, "2026-12-31")
        // A week after the leap week's first day is New Year.
        XCTAssertEqual(try calendar.adding(.weeks(1), to: date(2021, 12, 29)).fields, "2022-1-1")
        XCTAssertEqual(try calendar.adding(.days(-1), to: date(2022, 1, 1)).fields, "2021-12-35")
    }

    /// Months and years keep the weekday when nothing is clamped: every month starts on Monday.
    func testMonthsKeepTheWeekday() throws {
        let saturday = try date(2024, 3, 13)
        XCTAssertEqual(saturday.weekday, 6)
        for months in [-25, -1, 1, 7, 12, 100] {
            XCTAssertEqual(try calendar.adding(.months(months), to: saturday, overflow: .reject).weekday, 6, "\(months) months")
        }
    }

    /// Until counts the start's day unclamped (Temporal's NonISODateSurpasses).
    func testUntil() throws {
        // One month from February 35 would be "March 35", past March 28: no whole month.
        XCTAssertEqual(try calendar.until(date(2022, 2, 35), date(2022, 3, 28), largestUnit: .months), try duration(days: 28))
        XCTAssertEqual(try calendar.until(date(2022, 1, 28), date(2022, 2, 28), largestUnit: .months), try duration(months: 1))
        // From the leap week: December 35 to the next December 28 is 11 months (to November 35) and 28 days.
        XCTAssertEqual(try calendar.until(date(2021, 12, 35), date(2022, 12, 28), largestUnit: .years), try duration(months: 11, days: 28))
        XCTAssertEqual(try calendar.adding(duration(months: 11, days: 28), to: date(2021, 12, 35)).fields, "2022-12-28")
        // A common year is exactly 52 weeks, a leap year 53.
        XCTAssertEqual(try calendar.until(date(2022, 1, 1), date(2023, 1, 1), largestUnit: .weeks), try duration(weeks: 52))
        XCTAssertEqual(try calendar.until(date(2021, 1, 1), date(2022, 1, 1), largestUnit: .weeks), try duration(weeks: 53))
        XCTAssertEqual(try calendar.until(date(2021, 1, 1), date(2022, 1, 1), largestUnit: .years), try duration(years: 1))
        XCTAssertEqual(try calendar.since(date(2021, 1, 1), date(2022, 1, 1), largestUnit: .years), try duration(years: -1))
    }

    func testOutOfRange() throws {
        XCTAssertThrowsError(try calendar.adding(.years(1), to: date(9999, 1, 1))) { error in
            guard case ArithmeticError.outOfRange = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try calendar.adding(.days(-1), to: date(-9999, 1, 1))) { error in
            guard case ArithmeticError.outOfRange = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try calendar.adding(.years(Int.max), to: date(2024, 1, 1)))
        XCTAssertThrowsError(try calendar.adding(.months(Int.min), to: date(2024, 1, 1)))
        XCTAssertThrowsError(try calendar.adding(.weeks(Int.max), to: date(2024, 1, 1)))
    }
}
