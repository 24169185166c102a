/// The proleptic Gregorian calendar (`gregorian` and `iso8601`, which differ
/// only in name and week rules): Neri-Schneider arithmetic in `GregorianMath`.
public struct GregorianCalendar: GregorianMonthCalendar {
    public let id: CalendarID
    public let supportedYears: ClosedRange<Int> = -9999...9999

    /// The engine for `gregorian` or `iso8601`; any other id gives `gregorian`.
    public init(_ id: CalendarID = .gregorian) {
        self.id = id == .iso8601 ? .iso8601 : .gregorian
    }

    /// `ce` (1) from year 1, `bce` (0, counting back from 1 BCE) before.
    @inline(__always)
    public func era(ofDay day: Int, year: Int) -> Era {
        year >= 1 ? Era(codeIndex: EraCode.ce, value: 1, year: year) : Era(codeIndex: EraCode.bce, value: 0, year: 1 &- year)
    }
}
