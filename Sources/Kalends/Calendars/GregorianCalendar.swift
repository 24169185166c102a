/// The proleptic Gregorian calendar (`gregorian` and `iso8601`, which differ
/// only in name and week rules): Neri-Schneider arithmetic in `GregorianMath`.
public struct GregorianCalendar: GregorianMonthCalendar {
    public let id: CalendarID
    public var supportedYears: ClosedRange<Int> { -9999...9999 }

    /// The engine for `gregorian` or `iso8601`; any other id gives `gregorian`.
    public init(_ id: CalendarID = .gregorian) {
        self.id = id == .iso8601 ? .iso8601 : .gregorian
    }

    /// The direct path from fields to a day number, `@inlinable` so that a
    /// caller holding a `GregorianCalendar` (rather than `any CalendarSystem`)
    /// compiles it into its own loop. Every valid date of years -9999 ... 9999
    /// lies in `DayNumber.supported`, which is exactly that span.
    ///
    /// The day is checked against the month's length in a common year first;
    /// only a day past it (29 February, or an invalid day) pays for the
    /// leap-year test.
    @inlinable
    public func dayNumberIfValid(year: Int, monthCode: MonthCode, day: Int) -> Int? {
        let month = monthCode.number
        guard !monthCode.isLeap, UInt(bitPattern: month &- 1) < 12, UInt(bitPattern: year &+ 9_999) <= 19_998
        else { return nil }
        if UInt(bitPattern: day &- 1) >= UInt(bitPattern: GregorianMath.commonYearDaysInMonth(month)) {
            guard month == 2, day == 29, GregorianMath.isLeapYear(year) else { return nil }
        }
        return GregorianMath.dayNumber(year: year, month: month, day: day)
    }

    /// `ce` (1) from year 1, `bce` (0, counting back from 1 BCE) before.
    @inline(__always)
    public func era(ofDay day: Int, year: Int) -> Era {
        year >= 1 ? Era(codeIndex: EraCode.ce, value: 1, year: year) : Era(codeIndex: EraCode.bce, value: 0, year: 1 &- year)
    }
}
