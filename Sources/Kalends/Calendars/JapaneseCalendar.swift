/// The Japanese imperial calendar: proleptic Gregorian months and days with
/// ICU's era numbers (`JapaneseEraTable`); the arithmetic year is the
/// Gregorian year, as in Temporal.
public struct JapaneseCalendar: PlainMonthCalendar {
    public let id = CalendarID.japanese
    public let supportedYears: ClosedRange<Int> = -9999...9999

    public init() {}

    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let date = GregorianMath.date(dayNumber: day)
        return OrdinalDate(year: date.year, month: date.month, day: date.day)
    }

    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        GregorianMath.dayNumber(year: year, month: month, day: day)
    }

    public func monthsInYear(_ year: Int) -> Int { 12 }

    public func daysInMonth(year: Int, month: Int) -> Int {
        GregorianMath.daysInMonth(year: year, month: month)
    }

    /// ICU's era and year in it; Temporal's code for the five modern eras,
    /// `ce` / `bce` by the Gregorian year before Meiji.
    public func era(ofDay day: Int, year: Int) -> Era {
        let index = JapaneseEraTable.eraIndex(ofDay: day)
        let eraYear = year &- Int(JapaneseEraTable.startYears[index]) &+ 1
        let modern = index &- Self.firstModernEra
        let code = modern >= 0 && modern < EraCodes.japanese.count ? EraCodes.japanese[modern].code : (year >= 1 ? "ce" : "bce")
        return Era(code: code, value: index, year: eraYear)
    }

    /// ICU's number for Meiji, the first era Temporal names.
    private static let firstModernEra = 232
}
