/// The Ethiopic calendar, Coptic months from 27 August 8 (Julian), in its two
/// year counts: `ethiopic` (Amete Mihret, with years before 1 in the Amete
/// Alem era as ICU numbers them) and `ethiopic-amete-alem` (years + 5500).
///
/// The engine holds only its id (everything else follows from it), so it
/// sits inline in an `any CalendarSystem`.
public struct EthiopicCalendar: PlainMonthCalendar {
    public let id: CalendarID

    /// The engine for `ethiopic` or `ethiopic-amete-alem`; any other id gives `ethiopic`.
    public init(_ id: CalendarID = .ethiopic) {
        self.id = id == .ethiopicAmeteAlem ? .ethiopicAmeteAlem : .ethiopic
    }

    /// Amete Mihret -10007 ... 9992, Amete Alem -4507 ... 15492 (a test
    /// checks them against the first and last supported days).
    public var supportedYears: ClosedRange<Int> {
        id == .ethiopicAmeteAlem ? -4_507...15_492 : -10_007...9_992
    }

    /// Arithmetic year minus Amete Mihret year: 0, or 5500 for Amete Alem.
    private var yearOffset: Int { id == .ethiopicAmeteAlem ? CopticMath.ameteAlemOffset : 0 }

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
