import Kalends
import XCTest

/// Date arithmetic examples: Temporal's documented results and Hebrew leap months.
final class ArithmeticExamples: XCTestCase {
    let iso = try! Calendars.system(.iso8601)
    let hebrew = try! Calendars.system(.hebrew)

    func d(_ text: String, _ calendar: (any CalendarSystem)? = nil) throws -> CalendarDate {
        try CalendarDateText.parse(text, in: calendar ?? iso)
    }

    func testEndOfMonthConstrainsOrRejects() throws {
        let jan31 = try d("2024-01-31")
        XCTAssertEqual(try iso.adding(.months(1), to: jan31).iso.description, "2024-02-29")
        XCTAssertEqual(try iso.adding(.months(1), to: try d("2023-01-31")).iso.description, "2023-02-28")
        XCTAssertThrowsError(try iso.adding(.months(1), to: jan31, overflow: .reject)) { error in
            guard case ArithmeticError.dayNotInMonth(_, 2024, MonthCode(2), 31, 29) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue("\(error)".contains("has no day 31"), "\(error)")
        }
        // 29 February plus a year.
        XCTAssertEqual(try iso.adding(.years(1), to: try d("2024-02-29")).iso.description, "2025-02-28")
        XCTAssertEqual(try iso.adding(.years(4), to: try d("2024-02-29"), overflow: .reject).iso.description, "2028-02-29")
        XCTAssertEqual(try iso.adding(try DateDuration(years: 1, months: 2, weeks: 1, days: 3), to: try d("2024-12-31")).iso.description,
                       "2026-03-10")
        XCTAssertEqual(try iso.adding(.months(-1), to: try d("2024-03-31")).iso.description, "2024-02-29")
        XCTAssertEqual(try iso.adding(.days(-1), to: try d("2024-03-01")).iso.description, "2024-02-29")
    }

    func testUntilDoesNotPassTheEnd() throws {
        let jan31 = try d("2024-01-31"), feb29 = try d("2024-02-29")
        XCTAssertEqual(try iso.until(jan31, feb29, largestUnit: .months).description, "P29D")
        XCTAssertEqual(try iso.until(jan31, feb29, largestUnit: .days).description, "P29D")
        XCTAssertEqual(try iso.until(try d("2024-01-15"), try d("2025-03-20"), largestUnit: .years).description, "P1Y2M5D")
        XCTAssertEqual(try iso.until(try d("2024-01-15"), try d("2025-03-20"), largestUnit: .months).description, "P14M5D")
        XCTAssertEqual(try iso.until(try d("2024-01-15"), try d("2024-03-20"), largestUnit: .weeks).description, "P9W2D")
        XCTAssertEqual(try iso.until(try d("2025-03-20"), try d("2024-01-15"), largestUnit: .years).description, "-P1Y2M5D")
        // Negative direction counts from the start: March 31 back to February 29 is one month.
        XCTAssertEqual(try iso.until(try d("2024-03-31"), feb29, largestUnit: .months).description, "-P1M")
        XCTAssertEqual(try iso.until(feb29, try d("2024-03-31"), largestUnit: .months).description, "P1M2D")
        XCTAssertEqual(try iso.until(jan31, jan31, largestUnit: .years).description, "P0D")
        // since is until negated, counted from the receiver.
        XCTAssertEqual(try feb29.since(jan31, largestUnit: .months).description, "P29D")
        XCTAssertEqual(try jan31.since(feb29, largestUnit: .months).description, "-P29D")
    }

    func testHebrewLeapMonthsFollowTemporal() throws {
        // 30 Adar I 5784 (leap year) + 1 year: 5785 has no Adar I; M05L becomes M06
        // (Adar), which has 29 days, so the day clamps under .constrain.
        let adarI30 = try d("5784-M05L-30", hebrew)
        let next = try hebrew.adding(.years(1), to: adarI30)
        XCTAssertEqual(CalendarDateText.format(next), "5785-M06-29")
        XCTAssertThrowsError(try hebrew.adding(.years(1), to: adarI30, overflow: .reject)) { error in
            guard case ArithmeticError.monthCodeNotInYear(.hebrew, 5785, MonthCode(5, isLeap: true), _) = error else {
                return XCTFail("\(error)")
            }
        }
        // Three years on, 5787 is a leap year again: Adar I is there.
        XCTAssertEqual(CalendarDateText.format(try hebrew.adding(.years(3), to: adarI30, overflow: .reject)), "5787-M05L-30")
        // Months count by position, leap months included: Shevat 5784 + 1 month is Adar I, + 2 is Adar II.
        let shevat = try d("5784-M05-10", hebrew)
        XCTAssertEqual(CalendarDateText.format(try hebrew.adding(.months(1), to: shevat)), "5784-M05L-10")
        XCTAssertEqual(CalendarDateText.format(try hebrew.adding(.months(2), to: shevat)), "5784-M06-10")
        // In a common year Shevat + 1 month is Adar.
        XCTAssertEqual(CalendarDateText.format(try hebrew.adding(.months(1), to: try d("5785-M05-10", hebrew))), "5785-M06-10")
        // A year's months: 13 months after 1 Tishri 5784 is 1 Tishri 5785.
        XCTAssertEqual(CalendarDateText.format(try hebrew.adding(.months(13), to: try d("5784-M01-01", hebrew))), "5785-M01-01")
        // Adar II 5784 + 1 year is Adar 5785 (M06 exists in both).
        XCTAssertEqual(CalendarDateText.format(try hebrew.adding(.years(1), to: try d("5784-M06-15", hebrew), overflow: .reject)), "5785-M06-15")
        // until: from Adar I 15 5784 to Adar 20 5785 is a year and 5 days (M05L constrained to M06).
        XCTAssertEqual(try hebrew.until(try d("5784-M05L-15", hebrew), try d("5785-M06-20", hebrew), largestUnit: .years).description, "P1Y5D")
        // ... but to Adar 10 5785 it is not yet a year.
        let short = try hebrew.until(try d("5784-M05L-15", hebrew), try d("5785-M06-10", hebrew), largestUnit: .years)
        XCTAssertEqual(short.years, 0)
        XCTAssertEqual(short.months, 12)
        XCTAssertEqual(try hebrew.adding(short, to: try d("5784-M05L-15", hebrew)), try d("5785-M06-10", hebrew))
    }

    func testLargeCountsUseTheMonthLine() throws {
        let chinese = try Calendars.system(.chinese)
        let start = try chinese.date(dayNumber: try d("2024-03-15").dayNumber)
        // 100 years of Chinese months and back.
        let far = try chinese.adding(.months(1237), to: start)
        XCTAssertEqual(try chinese.until(start, far, largestUnit: .months).months, 1237)
        XCTAssertEqual(try chinese.adding(.months(-1237), to: far).dayNumber, start.dayNumber)
        let farHebrew = try hebrew.adding(.months(-12_000), to: try d("5784-M05L-30", hebrew))
        XCTAssertEqual(try hebrew.until(farHebrew, try d("5784-M05L-30", hebrew), largestUnit: .months).months, 12_000)
        XCTAssertEqual(try iso.adding(.months(119_976), to: try d("0001-01-31")).iso.description, "9999-01-31")
    }

    func testOutOfRangeAndHugeCountsThrow() throws {
        let date = try d("2024-01-31")
        for duration in [DateDuration.years(8000), .months(Int.max), .days(Int.min), .weeks(Int.max / 3), .years(Int.max)] {
            XCTAssertThrowsError(try iso.adding(duration, to: date)) { error in
                guard case ArithmeticError.outOfRange = error else { return XCTFail("\(duration): \(error)") }
            }
        }
        XCTAssertThrowsError(try hebrew.adding(.months(Int.min + 1), to: try d("5784-M01-01", hebrew)))
        XCTAssertThrowsError(try DateDuration(years: 1, days: -1)) { error in
            guard case DurationError.mixedSigns = error else { return XCTFail("\(error)") }
        }
    }

    func testDurationText() throws {
        for (text, canonical) in [("P1Y2M10DT2H30M", "P1Y2M10DT2H30M"), ("-P3W", "-P3W"), ("PT0.5S", "PT0.5S"), ("P0D", "P0D"),
                                  ("PT0S", "P0D"), ("p1y", "P1Y"), ("+P1D", "P1D"), ("PT1.5H", "PT1H30M"), ("PT0,25M", "PT15S"),
                                  ("PT36H", "PT36H"), ("P1DT0.000000001S", "P1DT0.000000001S"), ("-PT1M30.5S", "-PT1M30.5S")] {
            XCTAssertEqual(try CalendarDuration(parsing: text).description, canonical, text)
        }
        let d = try CalendarDuration(parsing: "P1Y2M10DT2H30M")
        XCTAssertEqual([d.date.years, d.date.months, d.date.weeks, d.date.days, d.time.hours, d.time.minutes], [1, 2, 0, 10, 2, 30])
        XCTAssertEqual(try CalendarDuration(parsing: "PT0.5S").time.nanoseconds, 500_000_000)
        let bad: [(String, Int)] = [("", 0), ("P", 1), ("1D", 0), ("PT", 2), ("P1", 2), ("P1X", 2), ("P1D1Y", 4), ("P1.5D", 2),
                                    ("PT1.5H2M", 6), ("P1DT", 4), ("PT1H2", 5), ("P-1D", 1), ("--P1D", 1), ("PT1.S", 4), ("P1DX", 3)]
        for (text, position) in bad {
            XCTAssertThrowsError(try CalendarDuration(parsing: text), text) { error in
                guard case DurationError.malformed(_, let at, _) = error else { return XCTFail("\(text): \(error)") }
                XCTAssertEqual(at, position, "\(text): \(error)")
            }
        }
        XCTAssertThrowsError(try CalendarDuration(parsing: "P9999999999999999999D")) { error in
            guard case DurationError.tooLarge = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try CalendarDuration(parsing: "PT999999999999999999H")) { error in
            guard case DurationError.tooLarge = error else { return XCTFail("\(error)") }
        }
        // Codable as text.
        let data = try JSONEncoder().encode([d])
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "[\"P1Y2M10DT2H30M\"]")
        XCTAssertEqual(try JSONDecoder().decode([CalendarDuration].self, from: data), [d])
    }
}
