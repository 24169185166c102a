import Kalends
import KalendsCheck
import XCTest

/// `MonthGrid` over Symmetry454: a month is 4 or 5 whole weeks starting on
/// Monday, so with weeks from Monday every row is full.
final class Symmetry454MonthGridProperties: XCTestCase {
    let calendar = Symmetry454Calendar()

    var years: Gen<Int> { Gen.int(in: (calendar.supportedYears.lowerBound + 1)...(calendar.supportedYears.upperBound - 1)) }

    func testWeeksFromMondayAreFourOrFiveFullRows() {
        let input = Gen.zip(years, Gen.int(in: 1...12), Gen.int(in: 1...7), Gen.bool)
        forAll(input, runs: 1000) { year, month, minimumDays, sixRows in
            let rules = WeekRules(firstWeekday: 1, minimumDaysInFirstWeek: minimumDays)
            let grid = try MonthGrid(calendar: calendar, year: year, month: month, rules: rules, sixRows: sixRows)
            let length = calendar.daysInMonth(year: year, month: month)
            classify(length == 35, "five weeks")
            cover(minPercent: 0.5, month == 12 && length == 35, "leap December")
            let full = grid.weeks.prefix(length / 7)
            let padding = grid.weeks.dropFirst(length / 7)
            // The first row's week of the year: the weeks before the month (4 a month, plus one per 5-week month passed) + 1,
            // whatever the minimum days of the first week, since the year starts on Monday.
            let firstWeek = 4 * (month - 1) + month / 3 + 1
            let rowsRight = grid.weeks.count == (sixRows ? 6 : length / 7)
                && full.allSatisfy { week in
                    DayNumber.isoWeekday(week.startDayNumber) == 1
                        && week.cells.enumerated().allSatisfy { column, cell in cell?.weekday == column + 1 }
                }
                && padding.allSatisfy { $0.cells.allSatisfy { $0 == nil } }
            let days = grid.weeks.flatMap { $0.cells.compactMap { $0?.day } }
            let numbers = full.enumerated().allSatisfy { row, week in week.weekOfYear.year == year && week.weekOfYear.week == firstWeek + row }
            guard rowsRight, days == Array(1...length), grid.length == length, grid.first.day == 1, grid.first.weekday == 1, numbers else {
                throw TestFailure("\(year)-\(month) from Monday, six rows \(sixRows): \(grid.weeks.map { ($0.weekOfYear.week, $0.cells.map { $0?.day }) })")
            }
            return true
        }
    }

    /// With weeks from another weekday the month straddles one more row; each
    /// day still appears once, in its weekday's column.
    func testOtherFirstWeekdaysStraddleOneMoreRow() {
        let input = Gen.zip(years, Gen.int(in: 1...12), Gen.int(in: 2...7))
        forAll(input, runs: 500) { year, month, firstWeekday in
            let rules = WeekRules(firstWeekday: firstWeekday)
            let grid = try MonthGrid(calendar: calendar, year: year, month: month, rules: rules)
            let length = calendar.daysInMonth(year: year, month: month)
            let days = grid.weeks.flatMap { $0.cells.compactMap { $0?.day } }
            let columnsRight = grid.weeks.allSatisfy { week in
                week.cells.count == 7 && week.cells.enumerated().allSatisfy { column, cell in
                    cell.map { $0.weekday == (firstWeekday - 1 + column) % 7 + 1 } ?? true
                }
            }
            return days == Array(1...length) && columnsRight && grid.weeks.count == length / 7 + 1
                && grid.weeks.first?.cells.prefix(8 - firstWeekday).allSatisfy { $0 == nil } == true
        }
    }

    /// By month code the same grid; a code the calendar lacks is a typed error.
    func testMonthCodes() throws {
        let byCode = try MonthGrid(calendar: calendar, year: 2021, monthCode: MonthCode(12), rules: .iso)
        let byOrdinal = try MonthGrid(calendar: calendar, year: 2021, month: 12, rules: .iso)
        XCTAssertEqual(byCode, byOrdinal)
        XCTAssertEqual(byCode.weeks.count, 5)
        XCTAssertEqual(byCode.weeks.last?.weekOfYear.week, 53)
        XCTAssertThrowsError(try MonthGrid(calendar: calendar, year: 2021, monthCode: MonthCode(12, isLeap: true), rules: .iso))
        XCTAssertThrowsError(try MonthGrid(calendar: calendar, year: 2021, month: 13, rules: .iso))
        XCTAssertThrowsError(try MonthGrid(calendar: calendar, year: 10_000, month: 1, rules: .iso))
    }
}
