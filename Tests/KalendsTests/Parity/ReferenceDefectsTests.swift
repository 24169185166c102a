import Foundation
import XCTest
@testable import Kalends

/// Where Foundation on Linux (Swift 6.3.1) or the system ICU break a calendar's
/// rules, Kalends follows the rules. Each test shows one difference and fails
/// if the reference is ever fixed (then Docs/Conformance.md must change too).
final class ReferenceDefectsTests: XCTestCase {
    private func foundationCalendar(_ identifier: Calendar.Identifier) throws -> Calendar {
        var calendar = Calendar(identifier: identifier)
        calendar.timeZone = try XCTUnwrap(TimeZone(identifier: "UTC"))
        return calendar
    }

    private func date(_ day: Int) -> Date { Date(timeIntervalSince1970: Double(day) * 86_400) }

    func testFoundationEthiopicAmeteAlemReturnsGregorianFields() throws {
        let day = try ISODate(year: 2024, month: 3, day: 15).dayNumber
        let parts = try foundationCalendar(.ethiopicAmeteAlem).dateComponents([.year, .month, .day], from: date(day))
        XCTAssertEqual([parts.year, parts.month, parts.day], [2024, 3, 15], "Foundation's defect is gone: update Conformance.md")
        let ours = try Calendars.system(.ethiopicAmeteAlem).date(dayNumber: day)
        XCTAssertEqual([ours.year, ours.monthCode.number, ours.day], [7516, 7, 6])
    }

    func testFoundationGregorianSwitchesToJulianBefore1582() throws {
        // Proleptic Gregorian 1582-10-14 is the day Rome called Julian 1582-10-04.
        let day = try ISODate(year: 1582, month: 10, day: 14).dayNumber
        for identifier in [Calendar.Identifier.gregorian, .iso8601, .buddhist, .japanese, .republicOfChina] {
            let parts = try foundationCalendar(identifier).dateComponents([.month, .day], from: date(day))
            XCTAssertEqual([parts.month, parts.day], [10, 4], "\(identifier)")
            let id = try XCTUnwrap(CalendarID(identifier))
            XCTAssertEqual(try Calendars.system(id).date(dayNumber: day).day, 14, "\(id) is proleptic")
        }
    }

    /// True when this ICU still has ICU-23069 (fixed in ICU 77): it starts AM
    /// 5807 on 2046-10-02, a day late. Probed per ICU, since the system ICU
    /// and Foundation's bundled one are upgraded separately.
    static func systemICUHasHebrewDefect() throws -> Bool {
        let icu = try Calendars.system(.hebrew, engine: .icu)
        return try icu.date(year: 5807, monthCode: MonthCode(1), day: 1).iso.description == "2046-10-02"
    }

    /// The same probe on Foundation's bundled ICU.
    static func foundationICUHasHebrewDefect() throws -> Bool {
        var calendar = Calendar(identifier: .hebrew)
        calendar.timeZone = try XCTUnwrap(TimeZone(identifier: "UTC"))
        let start = try XCTUnwrap(calendar.date(from: DateComponents(year: 5807, month: 1, day: 1)))
        return Int((start.timeIntervalSince1970 / 86_400).rounded(.down)) == (try ISODate(year: 2046, month: 10, day: 2).dayNumber)
    }

    /// An ICU with ICU-23069 (system 72 and Foundation's, before ICU 77) starts
    /// these years of AM 1 ... 13760 a day late: the year before is a leap year that ICU makes 385 days long
    /// where the rules make it 384. Measured over every year; 15 of them start
    /// between 1 and 3000 CE (AM 3953 ... 6646).
    static let hebrewYearsICUStartsLate = [
        96, 194, 441, 688, 1033, 1111, 1280, 1358, 1527, 1605, 1950, 2197, 2444, 2542, 2789, 3036, 3134, 3381,
        3459, 3628, 3706, 3953, 4051, 4298, 4545, 4643, 4890, 4968, 5137, 5215, 5462, 5560, 5807, 6054, 6399,
        6646, 6893, 6991, 7238, 7316, 7485, 7563, 7810, 7908, 8155, 8402, 8500, 8747, 8825, 8994, 9072, 9319,
        9417, 9664, 9911, 10256, 10503, 10848, 10926, 11095, 11173, 11342, 11420, 11765, 12012, 12259, 12357,
        12604, 12682, 12851, 12929, 13176, 13274, 13521,
    ]

    /// The years whose months ICU gets wrong: each late year and the one before it.
    static let hebrewYearsICUGetsWrong = Set(hebrewYearsICUStartsLate.flatMap { [$0 - 1, $0] })

    /// The years the system ICU gets wrong: none once it has the ICU-23069 fix.
    static func hebrewYearsSystemICUGetsWrong() throws -> Set<Int> {
        try systemICUHasHebrewDefect() ? hebrewYearsICUGetsWrong : []
    }

    /// The years Foundation's ICU gets wrong: none once it has the ICU-23069 fix.
    static func hebrewYearsFoundationGetsWrong() throws -> Set<Int> {
        try foundationICUHasHebrewDefect() ? hebrewYearsICUGetsWrong : []
    }

    func testHebrewYearStartsDifferOnlyInTheDocumentedYears() throws {
        let rules = try Calendars.system(.hebrew)
        let icu = try Calendars.system(.hebrew, engine: .icu)
        let defective = try Self.systemICUHasHebrewDefect()
        var differing: [Int] = []
        for year in 1...rules.supportedYears.upperBound where try rules.firstDay(ofYear: year) != icu.firstDay(ofYear: year) {
            differing.append(year)
            XCTAssertEqual(try icu.firstDay(ofYear: year) - rules.firstDay(ofYear: year), 1, "ICU is one day late in \(year)")
            let previous = year - 1
            XCTAssertTrue(HebrewMath.isLeapYear(previous), "\(previous) is a leap year")
            XCTAssertEqual(try icu.firstDay(ofYear: year) - icu.firstDay(ofYear: previous), 385)
            XCTAssertEqual(try rules.firstDay(ofYear: year) - rules.firstDay(ofYear: previous), 384)
        }
        // ICU-23069: fixed in ICU 77, so a newer system ICU differs nowhere.
        XCTAssertEqual(differing, defective ? Self.hebrewYearsICUStartsLate : [], "system ICU \(ICUCalendarHandle.version)")
        if defective {
            let commonEra = try differing.filter { year in
                let start = try rules.date(year: year, monthCode: MonthCode(1), day: 1).iso.year
                return (1...3000).contains(start)
            }
            XCTAssertEqual(commonEra.count, 15)
        }
        // The contract's example: Rosh Hashanah 5807 is Monday 2046-10-01.
        let roshHashanah = try rules.date(year: 5807, monthCode: MonthCode(1), day: 1)
        XCTAssertEqual(roshHashanah.iso.description, "2046-10-01")
        XCTAssertEqual(roshHashanah.weekday, 1)
        XCTAssertEqual(try icu.date(year: 5807, monthCode: MonthCode(1), day: 1).iso.description, defective ? "2046-10-02" : "2046-10-01")
    }

    func testFoundationHebrewYearStartsDifferOnlyInTheDocumentedYears() throws {
        // Foundation's bundled ICU is probed on its own: it may have ICU-23069 or not.
        let rules = try Calendars.system(.hebrew)
        let foundation = try foundationCalendar(.hebrew)
        let defective = try Self.foundationICUHasHebrewDefect()
        for year in Self.hebrewYearsICUStartsLate + [5806, 5808, 5785] {
            let start = try XCTUnwrap(foundation.date(from: DateComponents(year: year, month: 1, day: 1)))
            let day = Int((start.timeIntervalSince1970 / 86_400).rounded(.down))
            let late = defective && Self.hebrewYearsICUStartsLate.contains(year) ? 1 : 0
            XCTAssertEqual(day, try rules.firstDay(ofYear: year) + late, "AM \(year), Foundation's ICU late: \(defective)")
        }
    }

    func testHebrewMonthsAgreeWithICUInEveryOtherYearFromAM1() throws {
        let rules = try Calendars.system(.hebrew)
        let icu = try Calendars.system(.hebrew, engine: .icu)
        let wrong = try Self.hebrewYearsSystemICUGetsWrong()
        for year in 1...rules.supportedYears.upperBound where !wrong.contains(year) {
            XCTAssertEqual(try rules.monthCodes(inYear: year), try icu.monthCodes(inYear: year), "\(year)")
            for month in 1...rules.monthsInYear(year) {
                XCTAssertEqual(rules.daysInMonth(year: year, month: month), icu.daysInMonth(year: year, month: month), "\(year)-\(month)")
            }
        }
    }

    func testICUHebrewYearsBeforeAM1BreakTheRules() throws {
        // ICU divides with truncation, so before AM 1 (3761 BCE) most of its
        // years differ from the rules; the rules' own invariants (year lengths,
        // 7 leap years in 19) hold there too (ConversionProperties).
        let rules = try Calendars.system(.hebrew)
        let icu = try Calendars.system(.hebrew, engine: .icu)
        let differing = try (rules.supportedYears.lowerBound...0).filter { year in
            try rules.firstDay(ofYear: year) != icu.firstDay(ofYear: year)
                || (1...rules.monthsInYear(year)).map { rules.daysInMonth(year: year, month: $0) }
                != (1...icu.monthsInYear(year)).map { icu.daysInMonth(year: year, month: $0) }
        }
        XCTAssertGreaterThan(differing.count, 5000, "ICU's negative Hebrew years changed: update Conformance.md")
    }

    func testFoundationClampsInstantsBeforeJulianDayZero() throws {
        // Every day before JD 0 comes back as the same Chinese date; Kalends
        // answers those days from the system ICU instead.
        let calendar = try foundationCalendar(.chinese)
        let early = try ISODate(year: -9000, month: 1, day: 1).dayNumber
        let a = calendar.dateComponents([.era, .year, .month, .day], from: date(early))
        let b = calendar.dateComponents([.era, .year, .month, .day], from: date(early + 400))
        XCTAssertEqual(a, b, "Foundation no longer clamps: revisit SplitFieldBackend")
        let chinese = try Calendars.system(.chinese)
        XCTAssertNotEqual(try chinese.date(dayNumber: early).year, try chinese.date(dayNumber: early + 400).year)
    }

    func testSystemICUAndFoundationDisagreeOnSomeChineseMonths() throws {
        // ICU 72 (system) and Foundation's newer ICU place some new moons on
        // different days; Kalends follows the newer data (Conformance.md)
        // except where the Hong Kong Observatory's table decides, as here.
        let system = try Calendars.system(.chinese, engine: .icu)
        let foundation = try Calendars.system(.chinese, engine: .foundation)
        let day = try ISODate(year: 1914, month: 11, day: 17).dayNumber
        XCTAssertNotEqual(try system.date(dayNumber: day).day, try foundation.date(dayNumber: day).day)
        XCTAssertEqual(try Calendars.system(.chinese).date(dayNumber: day), try system.date(dayNumber: day))
        XCTAssertEqual(try Calendars.system(.chinese).date(dayNumber: day + 40), try foundation.date(dayNumber: day + 40))
    }

    func testFoundationHebrewNumbersAdarIAsSixWithoutLeapFlag() throws {
        let calendar = try foundationCalendar(.hebrew)
        let adarI = try Calendars.system(.hebrew).date(year: 5784, monthCode: MonthCode(5, isLeap: true), day: 1)
        let parts = calendar.dateComponents([.month, .isLeapMonth], from: date(adarI.dayNumber))
        XCTAssertEqual(parts.month, adarI.foundationMonth)
        XCTAssertEqual(parts.isLeapMonth, adarI.isLeapMonth)
        // Foundation silently accepts Adar I in a common year.
        let accepted = calendar.date(from: DateComponents(year: 5785, month: 6, day: 1))
        XCTAssertNotNil(accepted)
        XCTAssertThrowsError(try Calendars.system(.hebrew).date(year: 5785, foundationMonth: 6, day: 1))
    }
}
