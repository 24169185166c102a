/// The tabular Islamic calendars: `islamic-civil` (epoch Friday 16 July 622
/// Julian) and `islamic-tbla` (epoch Thursday 15 July 622), both with the
/// 30-year leap pattern of `IslamicArithmeticMath`, as ICU computes them.
///
/// The engine holds only its id (everything else follows from it), so it
/// sits inline in an `any CalendarSystem`.
public struct IslamicArithmeticCalendar: PlainMonthCalendar {
    public let id: CalendarID

    /// The engine for `islamic-civil` or `islamic-tbla`; any other id gives `islamic-civil`.
    public init(_ id: CalendarID = .islamicCivil) {
        self.id = id == .islamicTabular ? .islamicTabular : .islamicCivil
    }

    /// AH -10947 ... 9666 for both epochs (a test checks them against the
    /// first and last supported days).
    public var supportedYears: ClosedRange<Int> { -10_947...9_666 }

    private var epoch: Int {
        id == .islamicTabular ? IslamicArithmeticMath.thursdayEpoch : IslamicArithmeticMath.civilEpoch
    }

    /// True when Dhu al-Hijjah has 30 days (11 years in 30).
    public func isLeapYear(_ year: Int) -> Bool { IslamicArithmeticMath.isLeapYear(year) }

    @inline(__always)
    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let date = IslamicArithmeticMath.date(dayNumber: day, epoch: epoch)
        return OrdinalDate(year: date.year, month: date.month, day: date.day)
    }

    @inline(__always)
    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        IslamicArithmeticMath.dayNumber(year: year, month: month, day: day, epoch: epoch)
    }

    @inline(__always)
    public func monthsInYear(_ year: Int) -> Int { 12 }

    @inline(__always)
    public func daysInMonth(year: Int, month: Int) -> Int {
        IslamicArithmeticMath.daysInMonth(year: year, month: month)
    }
}
