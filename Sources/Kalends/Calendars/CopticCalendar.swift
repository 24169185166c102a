/// The Coptic calendar: twelve 30-day months and a 13th of 5 or 6 days, from
/// 29 August 284 (Julian); eras `am` (1) and `bd` (0, year 1 - y) as ICU numbers them.
public struct CopticCalendar: PlainMonthCalendar {
    public var id: CalendarID { .coptic }
    public let supportedYears: ClosedRange<Int>

    public init() {
        supportedYears = CopticMath.date(dayNumber: DayNumber.supported.lowerBound, epoch: CopticMath.copticEpoch).year
            ... CopticMath.date(dayNumber: DayNumber.supported.upperBound, epoch: CopticMath.copticEpoch).year
    }

    /// True when the 13th month has 6 days (`year mod 4 == 3`).
    public func isLeapYear(_ year: Int) -> Bool { CopticMath.isLeapYear(year) }

    @inline(__always)
    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let date = CopticMath.date(dayNumber: day, epoch: CopticMath.copticEpoch)
        return OrdinalDate(year: date.year, month: date.month, day: date.day)
    }

    @inline(__always)
    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        CopticMath.dayNumber(year: year, month: month, day: day, epoch: CopticMath.copticEpoch)
    }

    @inline(__always)
    public func monthsInYear(_ year: Int) -> Int { 13 }

    @inline(__always)
    public func daysInMonth(year: Int, month: Int) -> Int {
        CopticMath.daysInMonth(year: year, month: month)
    }
}
