/// The Thai Buddhist calendar: Gregorian months and days, years counted in
/// the Buddhist Era (BE = Gregorian year + 543), one era numbered 0 as ICU does.
public struct BuddhistCalendar: PlainMonthCalendar {
    public var id: CalendarID { .buddhist }
    /// BE years of ISO -9999 ... 9999.
    public var supportedYears: ClosedRange<Int> { (-9999 + Self.yearOffset)...(9999 + Self.yearOffset) }

    /// BE year minus Gregorian year.
    static let yearOffset = 543

    public init() {}

    @inline(__always)
    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let date = GregorianMath.date(dayNumber: day)
        return OrdinalDate(year: date.year &+ Self.yearOffset, month: date.month, day: date.day)
    }

    @inline(__always)
    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        GregorianMath.dayNumber(year: year &- Self.yearOffset, month: month, day: day)
    }

    @inline(__always)
    public func monthsInYear(_ year: Int) -> Int { 12 }

    @inline(__always)
    public func daysInMonth(year: Int, month: Int) -> Int {
        GregorianMath.daysInMonth(year: year &- Self.yearOffset, month: month)
    }
}
