@testable import Kalends

/// Tells documented ICU defects from real differences. A disagreement is
/// explained only when
/// - the calendar's defect model (`ICUDefectModels`) reproduces the reference
///   there (Hebrew year starts, Indian fields to day before Julian Day 0), or
/// - on a day, the reference answers a date that cannot exist (day 0 of a
///   month, day 60 of a 30-day month: ICU's and Foundation's Chinese calendar
///   on 2057-09-28, 2097-08-07 and 4743-11-21), agrees with the fast engine
///   on the days before and after, and the fast engine's answer round-trips, or
/// - the day's month (or, for a year, one of its months) starts where a
///   published table says, not where the reference does (`PublishedTables`;
///   `BakedYearTableTests` proves the baked years are exactly those).
struct KnownReferenceDefects {
    let comparison: EngineComparison
    /// The model compared with the reference in the fast engine's place.
    let modelComparison: EngineComparison?

    init(_ comparison: EngineComparison) {
        self.comparison = comparison
        modelComparison = ICUDefectModels.model(for: comparison.id).map {
            EngineComparison(id: comparison.id, fast: $0, reference: comparison.reference)
        }
    }

    /// True when every difference on `day` is a documented defect.
    func explains(day: Int) throws -> Bool {
        if PublishedTables.corrections(comparison.id).contains(where: { $0.changedDays.contains(day) }) { return true }
        if let modelComparison, try modelComparison.differences(onDay: day, roundTrip: false).isEmpty { return true }
        return try referenceAnswersImpossibleDate(onDay: day)
    }

    /// True when the reference's fields of `day` name no real date, its
    /// neighbours agree with the fast engine, and the fast engine's own
    /// answer for `day` maps back to it.
    func referenceAnswersImpossibleDate(onDay day: Int) throws -> Bool {
        let reference = comparison.reference
        let theirs = try comparison.referenceDate(ofDay: day)
        let impossible = theirs.month < 1 || theirs.day < 1
            || theirs.day > reference.daysInMonth(year: theirs.year, month: theirs.month)
        guard impossible else { return false }
        let ours = try comparison.fast.date(dayNumber: day)
        guard comparison.fast.dayNumber(year: ours.year, month: ours.month, day: ours.day) == day else { return false }
        for neighbour in [day - 1, day + 1] {
            guard try comparison.fast.date(dayNumber: neighbour) == comparison.referenceDate(ofDay: neighbour) else { return false }
        }
        return true
    }

    /// True when the months of `year` are the defect model's.
    func explains(year: Int) -> Bool {
        if PublishedTables.corrections(comparison.id).contains(where: { $0.year == year || ($0.year == year + 1 && $0.code == MonthCode(1)) }) {
            return true
        }
        guard let modelComparison else { return false }
        return modelComparison.yearDifferences(year).isEmpty
    }
}
