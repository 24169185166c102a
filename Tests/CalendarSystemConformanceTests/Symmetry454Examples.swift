import Kalends
import XCTest

/// Symmetry454 dates against published correspondences and the calendar's
/// own structure. Every test goes through the public `CalendarSystem` API.
final class Symmetry454Examples: XCTestCase {
    let calendar = Symmetry454Calendar()

    func iso(_ year: Int, _ month: Int, _ day: Int) throws -> Int {
        try ISODate(year: year, month: month, day: day).dayNumber
    }

    /// Published Symmetry454 = Gregorian correspondences.
    ///
    /// - 0001-01-01 = 0001-01-01, a Monday: the epoch as Bromberg defines it.
    /// - 2001-01-01 = 2001-01-01: the calibration date of "Library of Time"
    ///   (docs.libraryoftime.xyz, ProposedCalendars/Symmetry454), checked there
    ///   with Bromberg's Kalendis program.
    /// - 2019-01-07 = Gregorian 2019-01-06: the version line of Bromberg's
    ///   "FAQs about the Symmetry454 and Symmetry010 calendars", version 12.08(327).
    /// - 2019-08-24 = Gregorian 2019-08-21: the version line of Bromberg's
    ///   "Basic Symmetry454 and Symmetry010 Calendar Arithmetic", version 12.08(328).
    func testPublishedCorrespondences() throws {
        let published: [((Int, Int, Int), (Int, Int, Int))] = [
            ((1, 1, 1), (1, 1, 1)),
            ((2001, 1, 1), (2001, 1, 1)),
            ((2019, 1, 7), (2019, 1, 6)),
            ((2019, 8, 24), (2019, 8, 21)),
        ]
        for (sym, gregorian) in published {
            let expected = try iso(gregorian.0, gregorian.1, gregorian.2)
            let date = try calendar.date(year: sym.0, month: sym.1, day: sym.2)
            XCTAssertEqual(date.dayNumber, expected, "Symmetry454 \(sym) should be Gregorian \(gregorian)")
            XCTAssertEqual(date.iso, try ISODate(year: gregorian.0, month: gregorian.1, day: gregorian.2))
            let back = try calendar.date(dayNumber: expected)
            XCTAssertEqual([back.year, back.month, back.day], [sym.0, sym.1, sym.2])
            XCTAssertEqual(back.monthCode, MonthCode(sym.1))
        }
        XCTAssertEqual(Symmetry454Calendar.epoch, try iso(1, 1, 1))
        XCTAssertEqual(Weekday(dayNumber: Symmetry454Calendar.epoch), .monday)
    }

    /// Leap years by the 52/293 rule around now. Derived from the rule
    /// (`(52 y + 146) mod 293 < 52`); note 2021, not 2020: 52 * 2020 + 146 =
    /// 105,186 = 358 * 293 + 292, while 2021 leaves 51.
    func testLeapYearsOfTheRule() {
        let leap = (1995...2040).filter(calendar.isLeapYear)
        XCTAssertEqual(leap, [1998, 2004, 2009, 2015, 2021, 2026, 2032, 2037])
        // 52 leap years in every 293, 5 or 6 years apart.
        for start in [-9999, -293, 1, 1700, 9000] {
            XCTAssertEqual((start..<(start + 293)).filter(calendar.isLeapYear).count, 52, "cycle from \(start)")
        }
        let gaps = Set(zip(leap, leap.dropFirst()).map { $1 - $0 })
        XCTAssertEqual(gaps, [5, 6])
    }

    func testMonthsAreFourFiveFourWeeksAndStartOnMonday() throws {
        for year in [-9999, -1, 0, 1, 2020, 2021, 9999] {
            let lengths = try (1...12).map { try calendar.checkedDaysInMonth(year: year, month: $0) }
            let december = calendar.isLeapYear(year) ? 35 : 28
            XCTAssertEqual(lengths, [28, 35, 28, 28, 35, 28, 28, 35, 28, 28, 35, december], "\(year)")
            for month in 1...12 {
                let first = try calendar.date(year: year, month: month, day: 1)
                XCTAssertEqual(first.weekday, 1, "\(year)-\(month)-01 is not a Monday")
            }
            let length = try calendar.firstDay(ofYear: year + 1 > 9999 ? year : year + 1) - calendar.firstDay(ofYear: year)
            if year < 9999 { XCTAssertEqual(length, calendar.isLeapYear(year) ? 371 : 364, "\(year)") }
        }
        // Day 13 of every month is a Saturday (weekday 6): no Friday the 13th.
        XCTAssertEqual(try calendar.date(year: 2026, month: 11, day: 13).weekday, 6)
    }

    /// The claim "Symmetry454 year Y starts on the Monday nearest Gregorian
    /// 1 January of Y" does not hold under the 52/293 rule. It fails, for
    /// example, in 1903 (Gregorian 1 January 1903 was a Thursday; Symmetry454
    /// 1903 starts on Monday 5 January, 4 days later, not on Monday 29
    /// December 1902, 3 days earlier) and in 2021 (1 January 2021 was a Friday;
    /// Symmetry454 2021 starts on Monday 28 December 2020, 4 days earlier).
    /// What holds: in Gregorian years 1 ... 3000 the Symmetry454 year starts
    /// within 4 days of 1 January (so on one of the two Mondays nearest it);
    /// the 52/293 mean year (365.24232 days) is shorter than the Gregorian
    /// (365.2425), so over -9999 ... 9999 the offset spreads to -5 ... +6 days.
    func testNewYearStaysNearGregorianJanuaryFirst() throws {
        XCTAssertEqual(try calendar.firstDay(ofYear: 1903), try iso(1903, 1, 5))
        XCTAssertEqual(try calendar.firstDay(ofYear: 2021), try iso(2020, 12, 28))
        XCTAssertEqual(try calendar.firstDay(ofYear: 2022), try iso(2022, 1, 3))
        var offsets: [Int: Int] = [:]
        for year in 1...3000 {
            let offset = try calendar.firstDay(ofYear: year) - iso(year, 1, 1)
            offsets[offset, default: 0] += 1
        }
        XCTAssertEqual(offsets.keys.sorted(), Array(-4...4))
        let nearestFails = try (1...3000).filter { year in
            abs(try calendar.firstDay(ofYear: year) - iso(year, 1, 1)) > 3
        }
        XCTAssertTrue(nearestFails.contains(1903) && nearestFails.contains(2021))
        let wide = try calendar.supportedYears.map { try calendar.firstDay(ofYear: $0) - iso($0, 1, 1) }
        XCTAssertEqual(wide.min(), -5)
        XCTAssertEqual(wide.max(), 6)
    }

    /// Year starts built step by step from the rule alone (364 days, plus a
    /// leap week when `(52 y + 146) mod 293 < 52`), from the epoch both ways,
    /// against the engine's closed formula: every supported year.
    func testEveryYearStartFollowsTheRuleStepByStep() throws {
        func ruleSaysLeap(_ year: Int) -> Bool { ((52 * year + 146) % 293 + 293) % 293 < 52 }
        var start = Symmetry454Calendar.epoch
        for year in 1...9999 {
            XCTAssertEqual(try calendar.firstDay(ofYear: year), start, "\(year)")
            XCTAssertEqual(calendar.isLeapYear(year), ruleSaysLeap(year), "\(year)")
            start += ruleSaysLeap(year) ? 371 : 364
        }
        start = Symmetry454Calendar.epoch
        for year in stride(from: 0, through: -9999, by: -1) {
            start -= ruleSaysLeap(year) ? 371 : 364
            XCTAssertEqual(try calendar.firstDay(ofYear: year), start, "\(year)")
            XCTAssertEqual(calendar.isLeapYear(year), ruleSaysLeap(year), "\(year)")
        }
    }

    /// The supported years are exactly those meeting ISO -9999-01-01 ... 9999-12-31.
    func testSupportedYearsMatchTheSupportedDays() throws {
        XCTAssertEqual(calendar.supportedYears, -9999...9999)
        XCTAssertEqual(try calendar.firstDay(ofYear: -9999), DayNumber.supported.lowerBound)
        let last = try calendar.date(dayNumber: DayNumber.supported.upperBound)
        XCTAssertEqual(last.year, 9999)
        XCTAssertThrowsError(try calendar.date(dayNumber: DayNumber.supported.upperBound + 1)) { error in
            guard case ConversionError.dayNumberOutOfRange = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try calendar.date(dayNumber: DayNumber.supported.lowerBound - 1)) { error in
            guard case ConversionError.dayNumberOutOfRange = error else { return XCTFail("\(error)") }
        }
        // The last days of Symmetry454 9999 lie past ISO 9999-12-31: building them fails.
        let lastDecember = try calendar.checkedDaysInMonth(year: 9999, month: 12)
        XCTAssertThrowsError(try calendar.date(year: 9999, month: 12, day: lastDecember)) { error in
            guard case ConversionError.dayNumberOutOfRange = error else { return XCTFail("\(error)") }
        }
    }

    /// Invalid fields are typed errors, never traps, whatever the value.
    func testInvalidFieldsAreTypedErrors() {
        for year in [Int.min, -10_000, 10_000, Int.max] {
            XCTAssertThrowsError(try calendar.date(year: year, month: 1, day: 1)) { error in
                guard case ConversionError.yearOutOfRange(_, let bad, let allowed) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(bad, year)
                XCTAssertEqual(allowed, -9999...9999)
            }
            XCTAssertThrowsError(try calendar.checkedMonthsInYear(year))
            XCTAssertThrowsError(try calendar.checkedDayNumber(year: year, month: Int.max, day: Int.min))
        }
        for month in [Int.min, 0, 13, Int.max] {
            XCTAssertThrowsError(try calendar.date(year: 2024, month: month, day: 1)) { error in
                guard case ConversionError.monthOutOfRange(_, _, let bad, let allowed) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(bad, month)
                XCTAssertEqual(allowed, 1...12)
            }
        }
        for day in [Int.min, 0, 29, Int.max] {
            XCTAssertThrowsError(try calendar.date(year: 2024, month: 1, day: day)) { error in
                guard case ConversionError.dayOutOfRange(_, _, _, let bad, let allowed) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(bad, day)
                XCTAssertEqual(allowed, 1...28)
            }
        }
        // December 29 ... 35 exist only in a leap year; constrain clamps to the 28th.
        XCTAssertNoThrow(try calendar.date(year: 2021, month: 12, day: 35))
        XCTAssertThrowsError(try calendar.date(year: 2022, month: 12, day: 35))
        XCTAssertEqual(try calendar.date(year: 2022, month: 12, day: 35, overflow: .constrain).day, 28)
        XCTAssertThrowsError(try calendar.date(year: 2022, monthCode: MonthCode(5, isLeap: true), day: 1, overflow: .constrain))
        XCTAssertThrowsError(try calendar.date(year: 2022, monthCode: MonthCode(13), day: 1, overflow: .constrain))
        XCTAssertEqual(try calendar.date(year: 2022, monthCode: MonthCode(2), day: 35).dayNumber,
                       try calendar.date(year: 2022, month: 3, day: 1).dayNumber - 1)
    }
}

/// The calendar's identity and facts are its own: nothing under Sources/
/// names it, and shared code asks it, not a built-in calendar.
final class Symmetry454IdentityExamples: XCTestCase {
    func testItIsItsOwnCalendar() throws {
        let calendar = Symmetry454Calendar()
        XCTAssertEqual(calendar.id.key, "symmetry454")
        XCTAssertNil(calendar.id.builtIn)
        XCTAssertEqual(try CalendarIdentifier(key: "symmetry454"), calendar.id)
        let date = try calendar.date(year: 2021, monthCode: MonthCode(12), day: 35)
        XCTAssertEqual(date.calendar, calendar.id)
        XCTAssertEqual(CalendarDateText.format(date), "2021-12-35")
        XCTAssertEqual(DateJSON.longForm(date, in: calendar), "35 December 2021")
        // Its errors name it, and its month codes are its own.
        XCTAssertThrowsError(try calendar.date(year: 2020, monthCode: MonthCode(12), day: 35)) { error in
            XCTAssertEqual("\(error)", "symmetry454 2020-12 has no day 35: days are 1 ... 28")
        }
        XCTAssertThrowsError(try calendar.date(year: 2021, monthCode: MonthCode(5, isLeap: true), day: 1)) { error in
            XCTAssertTrue("\(error)".hasPrefix("symmetry454 has no month M05L"), "\(error)")
        }
        // A date of a registered calendar cannot reopen a built-in engine by mistake.
        XCTAssertThrowsError(try date.adding(.days(1))) { error in
            XCTAssertTrue("\(error)".contains("unknown calendar 'symmetry454'"), "\(error)")
        }
        XCTAssertEqual(try calendar.adding(.days(1), to: date).iso.description, "2022-01-03")
    }

    func testNothingUnderSourcesNamesIt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        XCTAssertGreaterThan(files.count, 50)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            XCTAssertFalse(text.lowercased().contains("symmetry"), file.path)
        }
    }
}
