import XCTest
@testable import Kalends

final class MonthGridExamples: XCTestCase {
    func testAdarI5784WeeksStartingSunday() throws {
        let hebrew = try Calendars.system(.hebrew)
        let grid = try MonthGrid(calendar: hebrew, year: 5784, monthCode: MonthCode(5, isLeap: true),
                                 rules: WeekRules(firstWeekday: 7))
        XCTAssertEqual(grid.first.iso.description, "2024-02-10")
        XCTAssertEqual(grid.length, 30)
        XCTAssertEqual(grid.weeks.count, 6)
        // 1 Adar I was a Saturday: the last cell of a Sunday-first row.
        XCTAssertEqual(grid.weeks[0].cells.map { $0?.day }, [nil, nil, nil, nil, nil, nil, 1])
        XCTAssertEqual(grid.weeks[5].cells.map { $0?.day }, [30, nil, nil, nil, nil, nil, nil])
    }

    func testPersianWeekStartsSaturday() throws {
        let rules = WeekRules.locale("fa_IR")
        XCTAssertEqual(rules.firstWeekday, 6, "Saturday")
        XCTAssertTrue(rules.weekend.contains(5), "Friday is the weekend in Iran")
        let grid = try MonthGrid(calendar: try Calendars.system(.persian), year: 1403, monthCode: MonthCode(1), rules: rules)
        // 1 Farvardin 1403 = Wednesday 2024-03-20: Sa Su Mo Tu are padding.
        XCTAssertEqual(grid.weeks[0].cells.map { $0?.day }, [nil, nil, nil, nil, 1, 2, 3])
        XCTAssertEqual(grid.weeks[0].cells[6]?.isWeekend, true)
    }

    func testLocaleWeekRules() {
        XCTAssertEqual(WeekRules.locale("en_US").firstWeekday, 7)
        XCTAssertEqual(WeekRules.locale("de_DE").firstWeekday, 1)
        XCTAssertEqual(WeekRules.locale("de_DE").minimumDaysInFirstWeek, 4)
        XCTAssertEqual(WeekRules.locale("he_IL").weekend, [5, 6])
        XCTAssertEqual(WeekRules.locale("en_GB").weekend, [6, 7])
        XCTAssertEqual(WeekRules.environmentLocale(["LANG": "de_DE.UTF-8"]), "de_DE")
        XCTAssertEqual(WeekRules.environmentLocale(["LANG": "C", "LC_TIME": "he_IL.UTF-8"]), "he_IL")
    }

    func testMarchAndSixRowsAndCounts() throws {
        let iso = try Calendars.system(.iso8601)
        let march = try ISODate(year: 2024, month: 3, day: 15).dayNumber
        let grid = try MonthGrid(calendar: iso, year: 2024, month: 3, rules: .iso, counts: [march: 3])
        XCTAssertEqual(grid.weeks.count, 5)
        XCTAssertEqual(grid.weeks[0].cells.map { $0?.day }, [nil, nil, nil, nil, 1, 2, 3])
        XCTAssertEqual(grid.weeks.map { $0.isoWeek?.week }, [9, 10, 11, 12, 13])
        XCTAssertEqual(grid.weeks[2].cells[4]?.count, 3)
        XCTAssertEqual(grid.weeks[2].cells[3]?.count, 0)
        let six = try MonthGrid(calendar: iso, year: 2024, month: 3, rules: .iso, sixRows: true)
        XCTAssertEqual(six.weeks.count, 6)
        XCTAssertTrue(six.weeks[5].cells.allSatisfy { $0 == nil })
    }

    func testChineseLeapMonthIsItsOwnMonth() throws {
        let chinese = try Calendars.system(.chinese)
        let leap = try MonthGrid(calendar: chinese, year: 2023, monthCode: MonthCode(2, isLeap: true), rules: .iso)
        XCTAssertEqual(leap.first.iso.description, "2023-03-22")
        XCTAssertEqual(leap.first.month, 3)
        XCTAssertEqual(leap.length, 29)
    }

    func testISOWeekAroundNewYear() throws {
        // 2021-01-03 belongs to ISO week 53 of 2020; 2024-12-30 to week 1 of 2025.
        XCTAssertEqual(WeekOfYear.iso(try ISODate(year: 2021, month: 1, day: 3).dayNumber), WeekOfYear.isoTesting(2020, 53))
        XCTAssertEqual(WeekOfYear.iso(try ISODate(year: 2024, month: 12, day: 30).dayNumber), WeekOfYear.isoTesting(2025, 1))
    }
}

extension WeekOfYear {
    static func isoTesting(_ year: Int, _ week: Int) -> WeekOfYear? {
        // Build the expected value through the public initializer of a known day.
        guard let iso = try? Calendars.system(.iso8601),
              let start = try? ISODate(year: year, month: 1, day: 4).dayNumber else { return nil }
        let monday = WeekRules.iso.startOfWeek(containing: start) + (week - 1) * 7
        return try? WeekOfYear(day: monday, calendar: iso, rules: .iso)
    }
}
