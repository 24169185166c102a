/// The proleptic Gregorian calendar (`gregorian` and `iso8601`, which differ
/// only in name and week rules): Neri-Schneider arithmetic in `GregorianMath`.
public struct GregorianCalendar: PlainMonthCalendar {
    public let id: CalendarID
    public let supportedYears: ClosedRange<Int> = -9999...9999

    /// The engine for `gregorian` or `iso8601`; any other id gives `gregorian`.
    public init(_ id: CalendarID = .gregorian) {
        self.id = id == .iso8601 ? .iso8601 : .gregorian
    }

    @inline(__always)
    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let date = GregorianMath.date(dayNumber: day)
        return OrdinalDate(year: date.year, month: date.month, day: date.day)
    }

    @inline(__always)
    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        GregorianMath.dayNumber(year: year, month: month, day: day)
    }

    @inline(__always)
    public func monthsInYear(_ year: Int) -> Int { 12 }

    /// `ce` (1) from year 1, `bce` (0, counting back from 1 BCE) before.
    @inline(__always)
    public func era(ofDay day: Int, year: Int) -> Era {
        year >= 1 ? Era(codeIndex: EraCode.ce, value: 1, year: year) : Era(codeIndex: EraCode.bce, value: 0, year: 1 &- year)
    }

    @inline(__always)
    public func daysInMonth(year: Int, month: Int) -> Int {
        GregorianMath.daysInMonth(year: year, month: month)
    }
}
