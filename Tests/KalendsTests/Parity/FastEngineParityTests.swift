import KalendsCheck
import XCTest
@testable import Kalends

/// Every fast engine equals its reference (ICU, or Foundation's newer ICU) on
/// random days across the whole supported range, in both directions and in
/// every field: year, month, month code, day, era (value, year, code),
/// weekday (through the day number), months in the year, days in the month.
/// Days are drawn uniformly, next to year starts, next to month starts and
/// next to leap months, where engines go wrong.
///
/// The only differences allowed are the documented ICU defects, and only
/// where `ICUDefectModels` reproduces the reference exactly (Hebrew year
/// starts, Indian fields to day before Julian Day 0); `KnownICUDefectsTests`
/// pins down where those are.
///
/// Reference calls cost 5-250 µs, so the runs are modest; scale them with
/// `KALENDS_PROPERTY_RUNS` (1000 = the counts below).
final class FastEngineParityTests: XCTestCase {
    /// Every calendar of `CalendarID.allCases`, so a calendar added later is
    /// compared without a line here. A table engine asks its reference for
    /// years outside the baked tables, so it gets fewer cases.
    func testEveryFastEngineEqualsItsReference() {
        for id in CalendarID.allCases {
            do {
                let engine = try Calendars.system(id)
                try checkParity(id, runs: engine is MonthTableCalendar ? 150 : 400)
            } catch {
                XCTFail("\(id): \(error)")
            }
        }
    }

    /// Each fast engine is the kind the issue asks for, not the reference.
    func testStandardEnginesAreTheFastOnes() throws {
        for id in CalendarID.allCases {
            let engine = try Calendars.system(id)
            XCTAssertFalse(engine is any ReferenceDates, "\(id): the standard engine is the reference")
            let tableCalendars: Set<CalendarID> = [.chinese, .dangi, .islamic, .islamicUmmAlQura, .islamicRGSA]
            XCTAssertEqual(engine is MonthTableCalendar, tableCalendars.contains(id), "\(id)")
        }
    }

    // MARK: The property

    private func checkParity(_ id: CalendarID, runs: Int, file: StaticString = #filePath, line: UInt = #line,
                             function: StaticString = #function) throws {
        let comparison = try EngineComparison(id)
        let defects = KnownReferenceDefects(comparison)
        XCTAssertEqual(comparison.fast.supportedYears, comparison.reference.supportedYears, "\(id) supported years", file: file, line: line)
        // One test runs every calendar, so each failure says which; KALENDS_SEED
        // replays the failing case first in every calendar's property.
        let replay = "KalendsTests.*\(String(describing: function).prefix { $0 != "(" })"

        // Day -> fields and those fields -> day, on days where engines go wrong.
        let dayResult = Property.check(ParityGenerators.days(for: comparison.fast), config: .fromEnvironment(runs: runs)) { day in
            try Self.unexplainedDifferences(onDay: day, comparison, defects).isEmpty
        }
        if dayResult.failed {
            var message = "\(id), day -> fields -> day: " + dayResult.report(testFilter: replay)
            if let day = dayResult.counterexample {
                message += "\n  Differences: " + (try Self.unexplainedDifferences(onDay: day, comparison, defects)).joined(separator: "; ")
            }
            XCTFail(message, file: file, line: line)
        }

        // Fields -> day from arbitrary fields, valid or not, both overflow modes:
        // the same date, or the same error.
        let fieldResult = Property.check(ParityGenerators.fields(for: comparison.fast), config: .fromEnvironment(runs: runs / 2)) { fields in
            Self.fieldDifference(fields, comparison) == nil
        }
        if fieldResult.failed {
            var message = "\(id), fields -> day: " + fieldResult.report(testFilter: replay)
            if let fields = fieldResult.counterexample, let difference = Self.fieldDifference(fields, comparison) {
                message += "\n  Difference: \(difference)"
            }
            XCTFail(message, file: file, line: line)
        }
    }

    /// The differences on `day` (fields both ways, the year's months) that no documented defect explains.
    static func unexplainedDifferences(onDay day: Int, _ comparison: EngineComparison, _ defects: KnownReferenceDefects) throws -> [String] {
        var found: [String] = []
        let differences = try comparison.differences(onDay: day)
        if try !differences.isEmpty && !defects.explains(day: day) { found += differences }
        let year = comparison.fast.ordinalDate(ofDay: day).year
        let yearDifferences = comparison.yearDifferences(year)
        if !yearDifferences.isEmpty && !defects.explains(year: year) { found += yearDifferences }
        return found
    }

    /// How the engines' answers to `fields` differ, or nil when they agree
    /// (or the reference's answer is its documented defect's).
    static func fieldDifference(_ fields: ParityFields, _ comparison: EngineComparison) -> String? {
        func answer(_ calendar: any CalendarSystem) -> Result<CalendarDate, ConversionError> {
            Result { () throws(ConversionError) in
                try calendar.date(year: fields.year, monthCode: fields.monthCode, day: fields.day, overflow: fields.overflow)
            }
        }
        let ours = answer(comparison.fast)
        let theirs = answer(comparison.reference)
        if ours == theirs { return nil }
        // A month whose start a published table moves, or the month before it.
        // When both refuse the fields there is no day to place: the errors may
        // still differ by the month length they state (Umm al-Qura 1368-M01-0:
        // 30 days in the published table, 29 in ICU's), so a correction in
        // that year (or the next, for its last month) explains them.
        let days = [ours, theirs].compactMap { try? $0.get().dayNumber }
        let bothRefuse = days.isEmpty
        if PublishedTables.corrections(comparison.id).contains(where: { correction in
            (bothRefuse || days.contains { abs($0 - correction.day) <= 31 }) && (correction.year == fields.year || correction.year == fields.year + 1)
        }) {
            return nil
        }
        if let model = ICUDefectModels.model(for: comparison.id), answer(model).map(\.dayNumber) == theirs.map(\.dayNumber) {
            return nil
        }
        return "\(comparison.id) \(fields): ours \(ours), reference \(theirs)"
    }
}

/// Fields for the fields -> day property.
struct ParityFields: Sendable, CustomStringConvertible {
    let year: Int
    let monthCode: MonthCode
    let day: Int
    let overflow: Overflow

    var description: String { "\(year)-\(monthCode)-\(day) \(overflow)" }
}

/// The generators of the parity properties, built on the fast engine (cheap)
/// so that drawing a case costs no reference calls.
enum ParityGenerators {
    static let anyDay = Gen.int(in: DayNumber.supported)

    static func clamped(_ day: Int) -> Int {
        Swift.min(Swift.max(day, DayNumber.supported.lowerBound), DayNumber.supported.upperBound)
    }

    /// Uniform days, modern days, and days within two of a year start, a
    /// month start, or a leap month's start.
    static func days(for calendar: any CalendarSystem) -> Gen<Int> {
        let years = Gen.int(in: calendar.supportedYears)
        let offsets = Gen.int(in: -2...2)
        let modern = Gen.int(in: (ISODate(dayNumber: 0).dayNumber - 70 * 366)...(130 * 366))
        let nearYearStart = Gen.zip(years, offsets).map { year, offset in
            clamped(calendar.dayNumber(year: year, month: 1, day: 1) + offset)
        }
        let nearMonthStart = Gen.zip(years, Gen.int(in: 1...13), offsets).map { year, month, offset in
            clamped(calendar.dayNumber(year: year, month: Swift.min(month, calendar.monthsInYear(year)), day: 1) + offset)
        }
        var generators = [anyDay, modern, nearYearStart, nearMonthStart]
        if calendar.hasLeapMonths {
            generators.append(Gen.zip(years, offsets).map { year, offset in
                clamped(leapMonthStart(atOrAfter: year, in: calendar) + offset)
            })
        }
        return Gen.oneOf(generators)
    }

    /// The first day of the first leap month in `year` or the years after it
    /// (every Hebrew and Chinese leap year comes within three years).
    static func leapMonthStart(atOrAfter year: Int, in calendar: any CalendarSystem) -> Int {
        for candidate in year...(year + 3) where calendar.supportedYears.contains(candidate) {
            for month in 1...calendar.monthsInYear(candidate) where calendar.monthCode(year: candidate, month: month).isLeap {
                return calendar.dayNumber(year: candidate, month: month, day: 1)
            }
        }
        return calendar.dayNumber(year: year, month: 1, day: 1)
    }

    /// Any month code of the calendar, days 0 ... 32, both overflow modes.
    static func fields(for calendar: any CalendarSystem) -> Gen<ParityFields> {
        let codes = (1...13).flatMap { [MonthCode($0), MonthCode($0, isLeap: true)] }
            .filter { calendar.hasMonthCode($0) }
        return Gen.zip(Gen.int(in: calendar.supportedYears), Gen.element(of: codes), Gen.int(in: 0...32),
                       Gen.element(of: [Overflow.reject, .constrain]))
            .map { ParityFields(year: $0, monthCode: $1, day: $2, overflow: $3) }
    }
}
