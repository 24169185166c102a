import XCTest
@testable import Kalends

/// The table engine's packed years and its cache.
final class MonthTableCalendarTests: XCTestCase {
    func testYearLayoutPacksAndAnswers() throws {
        let codes = [1, 2, 3, 4].map { MonthCode($0) } + [MonthCode(4, isLeap: true)] + (5...12).map { MonthCode($0) }
        let lengths = [29, 30, 29, 30, 29, 30, 30, 29, 30, 29, 30, 29, 30]
        let layout = try XCTUnwrap(YearLayout(firstDay: 1000, codes: codes, lengths: lengths))
        XCTAssertEqual(Int(layout.monthCount), 13)
        XCTAssertEqual(Int(layout.leapMonth), 5)
        XCTAssertEqual(Int(layout.dayCount), lengths.reduce(0, +))
        XCTAssertEqual((1...13).map(layout.length(ofMonth:)), lengths)
        XCTAssertEqual((1...13).map(layout.code(ofMonth:)), codes)
        for (index, code) in codes.enumerated() {
            XCTAssertEqual(layout.month(of: code), index + 1)
        }
        XCTAssertNil(layout.month(of: MonthCode(3, isLeap: true)))
        XCTAssertNil(layout.month(of: MonthCode(13)))
        var start = 0
        for month in 1...13 {
            XCTAssertEqual(layout.daysBefore(month: month), start)
            XCTAssertTrue(layout.monthAndDay(dayOfYear: start) == (month, 1))
            XCTAssertTrue(layout.monthAndDay(dayOfYear: start + lengths[month - 1] - 1) == (month, lengths[month - 1]))
            start += lengths[month - 1]
        }
        // Forms the table cannot hold.
        XCTAssertNil(YearLayout(firstDay: 0, codes: [MonthCode(1), MonthCode(1)], lengths: [30, 30]))
        XCTAssertNil(YearLayout(firstDay: 0, codes: [MonthCode(1, isLeap: true)], lengths: [30]))
        XCTAssertNil(YearLayout(firstDay: 0, codes: [MonthCode(1)], lengths: [60]))
        XCTAssertNil(YearLayout(firstDay: Int(Int32.max) + 1, codes: [MonthCode(1)], lengths: [30]))
    }

    /// Years outside 1900-2100 stay within the cache's capacity.
    func testCacheStaysBounded() throws {
        let reference = try Calendars.system(.islamicCivil, engine: .reference)
        let table = MonthTableCalendar(.islamicCivil, reference: reference, cacheCapacity: 64)
        for year in 1...300 {
            _ = table.monthsInYear(year)
        }
        XCTAssertLessThanOrEqual(table.cacheCount, 64)
        XCTAssertGreaterThan(table.cacheCount, 0)
        // Results stay right after evictions.
        for year in [1, 150, 300] {
            XCTAssertEqual(YearShape(table, year: year), YearShape(reference, year: year))
        }
    }

    /// Many threads filling and reading one table get the reference's answers.
    func testConcurrentUse() throws {
        let reference = try Calendars.system(.islamicUmmAlQura, engine: .reference)
        let table = MonthTableCalendar(.islamicUmmAlQura, reference: reference, cacheCapacity: 32)
        let days = Array(stride(from: -200_000, to: 200_000, by: 997))
        let expected = days.map { reference.ordinalDate(ofDay: $0) }
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for (index, day) in days.enumerated() where (index + worker) % 2 == 0 {
                if table.ordinalDate(ofDay: day) != expected[index] {
                    mismatches.withLock { $0 += 1 }
                }
            }
        }
        XCTAssertEqual(mismatches.withLock { $0 }, 0)
    }
}

import Synchronization
