/// The Republic of China (Minguo) calendar: Gregorian months and days, year 1
/// = 1912; Temporal's arithmetic year runs on through 0 (`broc` 1) and below.
public struct ROCCalendar: PlainMonthCalendar {
    public var id: CalendarID { .roc }
    /// ROC years of ISO -9999 ... 9999.
    public var supportedYears: ClosedRange<Int> { (-9999 - Self.yearOffset)...(9999 - Self.yearOffset) }

    /// Gregorian year minus ROC year.
    static let yearOffset = 1911

    public init() {}

    @inline(__always)
    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let date = GregorianMath.date(dayNumber: day)
        return OrdinalDate(year: date.year &- Self.yearOffset, month: date.month, day: date.day)
    }

    @inline(__always)
    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        GregorianMath.dayNumber(year: year &+ Self.yearOffset, month: month, day: day)
    }

    @inline(__always)
    public func monthsInYear(_ year: Int) -> Int { 12 }

    @inline(__always)
    public func daysInMonth(year: Int, month: Int) -> Int {
        GregorianMath.daysInMonth(year: year &+ Self.yearOffset, month: month)
    }
}
