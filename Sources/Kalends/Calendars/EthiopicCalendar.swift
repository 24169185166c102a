/// The Ethiopic calendar, Coptic months from 27 August 8 (Julian), in its two
/// year counts: `ethiopic` (Amete Mihret, with years before 1 in the Amete
/// Alem era as ICU numbers them) and `ethiopic-amete-alem` (years + 5500).
public struct EthiopicCalendar: PlainMonthCalendar {
    public let id: CalendarID
    public let supportedYears: ClosedRange<Int>
    /// Arithmetic year minus Amete Mihret year: 0, or 5500 for Amete Alem.
    private let yearOffset: Int

    /// The engine for `ethiopic` or `ethiopic-amete-alem`; any other id gives `ethiopic`.
    public init(_ id: CalendarID = .ethiopic) {
        self.id = id == .ethiopicAmeteAlem ? .ethiopicAmeteAlem : .ethiopic
        yearOffset = self.id == .ethiopicAmeteAlem ? CopticMath.ameteAlemOffset : 0
        supportedYears = (CopticMath.date(dayNumber: DayNumber.supported.lowerBound, epoch: CopticMath.ethiopicEpoch).year + yearOffset)
            ... (CopticMath.date(dayNumber: DayNumber.supported.upperBound, epoch: CopticMath.ethiopicEpoch).year + yearOffset)
    }

    /// True when Pagume has 6 days.
    public func isLeapYear(_ year: Int) -> Bool { CopticMath.isLeapYear(year &- yearOffset) }

    @inline(__always)
    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let date = CopticMath.date(dayNumber: day, epoch: CopticMath.ethiopicEpoch)
        return OrdinalDate(year: date.year &+ yearOffset, month: date.month, day: date.day)
    }

    @inline(__always)
    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        CopticMath.dayNumber(year: year &- yearOffset, month: month, day: day, epoch: CopticMath.ethiopicEpoch)
    }

    @inline(__always)
    public func monthsInYear(_ year: Int) -> Int { 13 }

    @inline(__always)
    public func daysInMonth(year: Int, month: Int) -> Int {
        CopticMath.daysInMonth(year: year &- yearOffset, month: month)
    }
}
