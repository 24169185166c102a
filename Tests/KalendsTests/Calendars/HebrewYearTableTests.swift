import XCTest
@testable import Kalends

/// The Hebrew year-start table against the molad computed year by year.
final class HebrewYearTableTests: XCTestCase {
    func testTablesHoldTheRulesNewYears() {
        for table in [HebrewYearTable.shared, HebrewYearTable.wide] {
            for index in 0..<table.count {
                let year = table.firstYear + index
                XCTAssertEqual(table.newYear(year), HebrewMath.newYear(year), "AM \(year)")
                XCTAssertEqual(table.start(ofYear: year).length, HebrewMath.newYear(year + 1) - HebrewMath.newYear(year), "AM \(year)")
            }
            // Outside a table the wide table or the molad answers.
            for year in [table.firstYear - 5, table.firstYear + table.count + 5] {
                XCTAssertEqual(table.newYear(year), HebrewMath.newYear(year), "AM \(year)")
                XCTAssertEqual(table.start(ofYear: year).length, HebrewMath.newYear(year + 1) - HebrewMath.newYear(year), "AM \(year)")
            }
        }
        let wide = HebrewYearTable.wide
        XCTAssertLessThanOrEqual(wide.newYear(wide.firstYear + 1), DayNumber.supported.lowerBound)
        XCTAssertGreaterThan(wide.newYear(wide.firstYear + wide.count - 1), DayNumber.supported.upperBound)
        // The near table covers the years people convert (1239 ... 2840 CE).
        let shared = HebrewYearTable.shared
        XCTAssertTrue(shared.fallsBackToWide && !wide.fallsBackToWide)
        XCTAssertLessThanOrEqual(shared.firstYear, 5000)
        XCTAssertGreaterThanOrEqual(shared.firstYear + shared.count - 1, 6600)
    }

    /// The mean-year estimate is never more than one year off, which is what
    /// lets `year(containing:)` correct it with one comparison.
    func testEstimateIsWithinOneYearOnEveryYearBoundary() {
        let table = HebrewYearTable.shared
        let calendar = HebrewCalendar()
        for year in calendar.supportedYears {
            for day in [table.newYear(year), table.newYear(year + 1) - 1] where DayNumber.supported.contains(day) {
                let estimate = ((day - HebrewMath.epoch) * 98_496).floorDivided(by: 35_975_351) + 1
                XCTAssertLessThanOrEqual(abs(estimate - year), 1, "AM \(year), day \(day)")
                let found = table.year(containing: day)
                XCTAssertEqual(found.year, year)
                XCTAssertEqual(found.year, HebrewMath.year(containing: day))
            }
        }
    }

    /// Year lengths and month lengths as the rules give them, for every year.
    func testMonthStartsFollowTheYearKinds() {
        let calendar = HebrewCalendar()
        for year in calendar.supportedYears {
            let length = calendar.daysInYear(year)
            let expected = HebrewMath.monthLengths(yearLength: length, leap: calendar.isLeapYear(year))
            XCTAssertEqual((1...calendar.monthsInYear(year)).map { calendar.daysInMonth(year: year, month: $0) }, expected, "AM \(year)")
        }
        XCTAssertEqual(calendar.daysInMonth(year: 5784, month: 14), 0)
    }
}
