import Foundation
import KalendsCheck
import XCTest
@testable import Kalends

final class MonthGridProperties: XCTestCase {
    func testEveryDayOnceInItsWeekdayColumn() throws {
        for id in CalendarID.allCases {
            let calendar = try Calendars.system(id)
            let input = Gen<(Int, Int, Int, Bool)>.zip(Gen.int(in: (calendar.supportedYears.lowerBound + 1)...(calendar.supportedYears.upperBound - 1)),
                                                       Gen.int(in: 1...13), Gen.int(in: 1...7), Gen.bool)
            forAll(input, runs: [.chinese, .dangi, .islamic].contains(id) ? 60 : 200) { year, monthSeed, firstWeekday, sixRows in
                let month = min(monthSeed, calendar.monthsInYear(year))
                let rules = WeekRules(firstWeekday: firstWeekday, minimumDaysInFirstWeek: 1 + monthSeed % 7)
                let grid = try MonthGrid(calendar: calendar, year: year, month: month, rules: rules, sixRows: sixRows)
                let days = grid.weeks.flatMap { $0.cells.compactMap { $0?.day } }
                let columnsRight = grid.weeks.allSatisfy { week in
                    week.cells.count == 7 && week.cells.enumerated().allSatisfy { column, cell in
                        cell.map { $0.weekday == (firstWeekday - 1 + column) % 7 + 1 } ?? true
                    }
                }
                let rowsRight = sixRows ? grid.weeks.count == 6
                    : grid.weeks.allSatisfy { $0.cells.contains { $0 != nil } } && (1...6).contains(grid.weeks.count)
                let numbers = zip(grid.weeks, grid.weeks.dropFirst()).allSatisfy { a, b in
                    b.weekOfYear.week == a.weekOfYear.week + 1 || b.weekOfYear.week == 1 || a.weekOfYear == b.weekOfYear
                }
                guard days == Array(1...grid.length), columnsRight, rowsRight, numbers else {
                    throw TestFailure("\(id) \(year)-\(month) first weekday \(firstWeekday): \(grid.weeks.map { $0.cells.map { $0?.day } })")
                }
                return true
            }
        }
    }

    func testISOWeeksAgreeWithFoundation() throws {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = try XCTUnwrap(TimeZone(identifier: "UTC"))
        let after1583 = try ISODate(year: 1583, month: 1, day: 1).dayNumber
        forAll(Gen.int(in: after1583...DayNumber.supported.upperBound - 7)) { day in
            let ours = try XCTUnwrap(WeekOfYear.iso(day))
            let date = Date(timeIntervalSince1970: Double(day) * 86_400)
            let theirs = calendar.dateComponents([.weekOfYear, .yearForWeekOfYear], from: date)
            return theirs.weekOfYear == ours.week && theirs.yearForWeekOfYear == ours.year
        }
    }

    func testLocaleWeekOfYearAgreesWithFoundationGregorian() throws {
        for locale in ["en_US", "de_DE", "fa_IR"] {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try XCTUnwrap(TimeZone(identifier: "UTC"))
            calendar.locale = Locale(identifier: locale)
            let rules = WeekRules.locale(locale)
            XCTAssertEqual(calendar.firstWeekday, rules.firstWeekday % 7 + 1, locale)
            XCTAssertEqual(calendar.minimumDaysInFirstWeek, rules.minimumDaysInFirstWeek, locale)
            let gregorian = try Calendars.system(.gregorian)
            let after1583 = try ISODate(year: 1583, month: 1, day: 1).dayNumber
            forAll(Gen.int(in: after1583...DayNumber.supported.upperBound - 7), runs: 300) { day in
                let ours = try WeekOfYear(day: day, calendar: gregorian, rules: rules)
                let theirs = calendar.dateComponents([.weekOfYear, .yearForWeekOfYear], from: Date(timeIntervalSince1970: Double(day) * 86_400))
                return theirs.weekOfYear == ours.week && theirs.yearForWeekOfYear == ours.year
            }
        }
    }
}
