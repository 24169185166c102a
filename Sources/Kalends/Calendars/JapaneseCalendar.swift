/// The Japanese imperial calendar: proleptic Gregorian months and days with
/// ICU's era numbers (`JapaneseEraTable`); the arithmetic year is the
/// Gregorian year, as in Temporal.
public struct JapaneseCalendar: GregorianMonthCalendar {
    public var id: CalendarID { .japanese }
    public var supportedYears: ClosedRange<Int> { -9999...9999 }

    public init() {}


    /// ICU's era and year in it; Temporal's code for the five modern eras,
    /// `ce` / `bce` by the Gregorian year before Meiji.
    public func era(ofDay day: Int, year: Int) -> Era {
        let index = JapaneseEraTable.eraIndex(ofDay: day)
        let eraYear = year &- JapaneseEraTable.startYear(ofEra: index) &+ 1
        // Meiji (232) ... Reiwa (236) have Temporal codes, in EraCode's order.
        let modern = index &- Self.firstModernEra
        let code = modern >= 0 ? EraCode.firstJapanese &+ UInt32(truncatingIfNeeded: modern) : (year >= 1 ? EraCode.ce : EraCode.bce)
        return Era(codeIndex: code, value: index, year: eraYear)
    }

    /// ICU's number for Meiji, the first era Temporal names.
    private static let firstModernEra = 232
}
