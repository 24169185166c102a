/// The Persian (Solar Hijri) calendar with ICU's arithmetic 33-year rule
/// (`PersianMath`), which matches the astronomical calendar for 1178-1634 AP.
public struct PersianCalendar: PlainMonthCalendar {
    public var id: CalendarID { .persian }
    public let supportedYears: ClosedRange<Int>

    public init() {
        supportedYears = PersianMath.date(dayNumber: DayNumber.supported.lowerBound).year...PersianMath.date(dayNumber: DayNumber.supported.upperBound).year
    }

    /// True when Esfand has 30 days (8 years in 33).
    public func isLeapYear(_ year: Int) -> Bool { PersianMath.isLeapYear(year) }

    @inline(__always)
    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let date = PersianMath.date(dayNumber: day)
        return OrdinalDate(year: date.year, month: date.month, day: date.day)
    }

    @inline(__always)
    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        PersianMath.dayNumber(year: year, month: month, day: day)
    }

    @inline(__always)
    public func monthsInYear(_ year: Int) -> Int { 12 }

    @inline(__always)
    public func daysInMonth(year: Int, month: Int) -> Int {
        PersianMath.daysInMonth(year: year, month: month)
    }
}
