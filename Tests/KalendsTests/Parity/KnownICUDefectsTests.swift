import XCTest
@testable import Kalends

/// Where the reference (the system ICU 72) departs from the calendars' rules,
/// pinned down exactly, so that the parity tests can allow those differences
/// and nothing else. Docs/Conformance.md describes the same defects.
final class KnownICUDefectsTests: XCTestCase {
    /// ICU's Hebrew new year equals the `ICUDefectModels` description of its
    /// computation for every year the supported days touch.
    func testHebrewModelReproducesICUYearStarts() throws {
        let icu = try ICUFieldBackend(.hebrew)
        let calendar = HebrewCalendar()
        var mismatches: [Int] = []
        // ICU-23069 was fixed in ICU 77: a system ICU with the fix follows the
        // rules from AM 1 on (its years before AM 1 are not pinned here).
        let defective = try ReferenceDefectsTests.systemICUHasHebrewDefect()
        for year in calendar.supportedYears where defective || year >= 1 {
            let expected = defective ? ICUDefectModels.icuNewYear(year) : HebrewMath.newYear(year)
            if try icu.dayNumber(year: year, monthCode: MonthCode(1), day: 1) != expected {
                mismatches.append(year)
            }
        }
        XCTAssertEqual(mismatches, [], "years where the model of ICU's startOfYear is not ICU's")
    }

    /// From AM 1 on, ICU starts exactly the listed years a day late (each one
    /// a Sunday molad postponed to Monday, then again to Tuesday); these
    /// include the 17 years of AM 3706 ... 6893 usually cited. Before AM 1
    /// its C integer arithmetic misplaces most years.
    func testHebrewYearsICUStartsLate() throws {
        let calendar = HebrewCalendar()
        var late: [Int] = []
        var otherwise: [Int] = []
        var beforeAM1 = 0
        for year in calendar.supportedYears {
            let difference = ICUDefectModels.icuNewYear(year) - HebrewMath.newYear(year)
            if year < 1 {
                if difference != 0 { beforeAM1 += 1 }
            } else if difference == 1 {
                late.append(year)
            } else if difference != 0 {
                otherwise.append(year)
            }
        }
        XCTAssertEqual(late, ICUDefectModels.hebrewLateYears)
        XCTAssertEqual(otherwise, [])
        XCTAssertTrue(Set(ICUDefectModels.hebrewLateYearsNamedInIssue).isSubset(of: late))
        XCTAssertEqual(late.filter { (3706...6893).contains($0) }, ICUDefectModels.hebrewLateYearsNamedInIssue)
        // 3,533 of the 6,240 supported years before AM 1 (AM -6239 ... 0).
        XCTAssertEqual(calendar.supportedYears.lowerBound, -6239)
        XCTAssertEqual(beforeAM1, 3_533)
        // The cli-contract's example: ICU puts Rosh Hashanah 5807 on 2046-10-02, the rules on 2046-10-01.
        XCTAssertEqual(ISODate(dayNumber: HebrewMath.newYear(5807)).description, "2046-10-01")
        XCTAssertEqual(ISODate(dayNumber: ICUDefectModels.icuNewYear(5807)).description, "2046-10-02")
    }

    /// In a late year and the year before it, the reference is exactly our
    /// rules run on ICU's year starts; the fast engine keeps the rules.
    func testHebrewDifferencesAreConfinedToTheLateYears() throws {
        let comparison = try EngineComparison(.hebrew)
        let model = ICUDefectModels.hebrew
        for year in ICUDefectModels.hebrewLateYearsNamedInIssue {
            let start = HebrewMath.newYear(year - 1) - 3
            let end = HebrewMath.newYear(year + 1) + 3
            var differing = 0
            for day in start...end {
                let reference = try comparison.referenceDate(ofDay: day)
                XCTAssertEqual(reference, try model.date(dayNumber: day), "day \(day)")
                if try comparison.fast.date(dayNumber: day) != reference { differing += 1 }
            }
            XCTAssertGreaterThan(differing, 0, "AM \(year)")
            // Outside the two years the engines agree.
            for day in [start, start + 1, start + 2, end - 2, end - 1, end] {
                XCTAssertEqual(try comparison.fast.date(dayNumber: day), try comparison.referenceDate(ofDay: day))
            }
        }
    }

    /// ICU's Indian calendar converts fields to a day one day late exactly
    /// when the month starts on or before Julian Day 0; day to fields is right.
    func testIndianFieldsToDayLateBeforeJulianDayZero() throws {
        let icu = try ICUFieldBackend(.indian)
        let calendar = IndianCalendar()
        let julianDayZero = -DayNumber.julianDayOfEpoch
        let boundary = calendar.ordinalDate(ofDay: julianDayZero)
        for year in (boundary.year - 2)...(boundary.year + 2) {
            for month in 1...12 {
                let first = calendar.dayNumber(year: year, month: month, day: 1)
                let late = first <= julianDayZero ? 1 : 0
                for day in [1, 15, calendar.daysInMonth(year: year, month: month)] {
                    let ours = calendar.dayNumber(year: year, month: month, day: day)
                    XCTAssertEqual(try icu.dayNumber(year: year, monthCode: MonthCode(month), day: day), ours + late, "\(year)-\(month)-\(day)")
                    let fields = try icu.fields(ofDay: ours)
                    XCTAssertEqual(OrdinalDate(year: fields.year, month: fields.monthCode.number, day: fields.day),
                                   OrdinalDate(year: year, month: month, day: day))
                }
            }
        }
    }

    /// The reference follows its backend's dates where the backend's month
    /// length query says otherwise (ICU 72's tabular Islamic Dhu al-Hijjah
    /// before -1 AH; Foundation's Chinese 2057-M08).
    func testReferenceMonthLengthsFollowItsDates() throws {
        let civil = try Calendars.system(.islamicCivil, engine: .reference)
        let icu = try ICUFieldBackend(.islamicCivil)
        let lastMonth = civil.dayNumber(year: -5, month: 12, day: 1)
        XCTAssertEqual(try icu.monthLength(atDay: lastMonth), 30, "ICU's query")
        XCTAssertEqual(civil.daysInMonth(year: -5, month: 12), 29)
        XCTAssertEqual(civil.dayNumber(year: -4, month: 1, day: 1) - lastMonth, 29)

        let chinese = try Calendars.system(.chinese, engine: .reference)
        XCTAssertEqual(try chinese.monthCodes(inYear: 2057), (1...12).map { MonthCode($0) })
        XCTAssertEqual(chinese.daysInMonth(year: 2057, month: 8), 30)
    }
}

extension KnownICUDefectsTests {
    /// ICU's Chinese calendar (Foundation's newer one too) names impossible
    /// dates for a few days: day 0 of a month, day 60 of a 30-day month. The
    /// table engine answers the day between the neighbours ICU agrees on,
    /// except where the Hong Kong Observatory's published table starts the
    /// month on that day (2057-09-28, 2097-08-07: `PublishedTables`).
    func testChineseImpossibleDates() throws {
        let comparison = try EngineComparison(.chinese)
        let defects = KnownReferenceDefects(comparison)
        let expected = [("2057-09-28", "2057-M09-01", true), ("2097-08-07", "2097-M07-01", true), ("4743-11-21", "4743-M09-30", false)]
        for (iso, chinese, published) in expected {
            let day = try CalendarDateText.parse(iso, in: GregorianCalendar(.iso8601)).dayNumber
            let reference = try comparison.referenceDate(ofDay: day)
            XCTAssertTrue(reference.day == 0 || reference.day == 60, "\(iso): the reference now says \(reference)")
            XCTAssertEqual(CalendarDateText.format(try comparison.fast.date(dayNumber: day)), chinese)
            XCTAssertEqual(try defects.referenceAnswersImpossibleDate(onDay: day), !published, iso)
            XCTAssertTrue(try defects.explains(day: day), iso)
        }
        // An ordinary day is not explained away.
        let ordinary = try CalendarDateText.parse("2057-09-20", in: GregorianCalendar(.iso8601)).dayNumber
        XCTAssertFalse(try defects.referenceAnswersImpossibleDate(onDay: ordinary))
        XCTAssertFalse(try defects.explains(day: ordinary - 90))
    }
}
