/// The Hebrew calendar computed from its own rules (molad and postponements).
///
/// ICU, and so Foundation, start 16 pairs of years between 1 and 3000 CE a day
/// late; this engine follows the rules (Docs/Conformance.md lists the years).
public struct HebrewCalendar: CalendarSystem {
    public let id = CalendarID.hebrew
    public let supportedYears: ClosedRange<Int>

    public init() {
        supportedYears = HebrewMath.year(containing: DayNumber.supported.lowerBound)...HebrewMath.year(containing: DayNumber.supported.upperBound)
    }

    /// True in the 7 leap years (13 months, with Adar I) of each 19-year cycle.
    public func isLeapYear(_ year: Int) -> Bool { HebrewMath.isLeapYear(year) }

    /// Days in `year`: 353, 354, 355, 383, 384 or 385.
    public func daysInYear(_ year: Int) -> Int {
        HebrewMath.newYear(year + 1) - HebrewMath.newYear(year)
    }

    private func lengths(_ year: Int) -> [Int] {
        HebrewMath.monthLengths(yearLength: daysInYear(year), leap: isLeapYear(year))
    }

    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let year = HebrewMath.year(containing: day)
        var remaining = day - HebrewMath.newYear(year)
        var month = 1
        for length in lengths(year) {
            if remaining < length { break }
            remaining -= length
            month += 1
        }
        return OrdinalDate(year: year, month: month, day: remaining + 1)
    }

    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        HebrewMath.newYear(year) + lengths(year).prefix(month - 1).reduce(0, +) + day - 1
    }

    public func monthsInYear(_ year: Int) -> Int { isLeapYear(year) ? 13 : 12 }

    public func daysInMonth(year: Int, month: Int) -> Int {
        let all = lengths(year)
        return all.indices.contains(month - 1) ? all[month - 1] : 0
    }

    public func monthCode(year: Int, month: Int) -> MonthCode {
        HebrewMath.monthCode(month: month, leap: isLeapYear(year))
    }

    public func month(of code: MonthCode, inYear year: Int) -> Int? {
        HebrewMath.month(of: code, leap: isLeapYear(year))
    }
}
