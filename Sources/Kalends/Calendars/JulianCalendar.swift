/// The proleptic Julian calendar (a leap year every fourth year, no switch
/// to Gregorian), with ICU's eras: `ce` (1) and `bce` (0, year 1 - y).
public struct JulianCalendar: PlainMonthCalendar {
    public var id: CalendarIdentifier { CalendarIdentifier(.julian) }
    public let supportedYears: ClosedRange<Int>

    public init() {
        supportedYears = JulianMath.date(dayNumber: DayNumber.supported.lowerBound).year...JulianMath.date(dayNumber: DayNumber.supported.upperBound).year
    }

    @inline(__always)
    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let date = JulianMath.date(dayNumber: day)
        return OrdinalDate(year: date.year, month: date.month, day: date.day)
    }

    @inline(__always)
    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        JulianMath.dayNumber(year: year, month: month, day: day)
    }

    @inline(__always)
    public func monthsInYear(_ year: Int) -> Int { 12 }

    @inline(__always)
    public func daysInMonth(year: Int, month: Int) -> Int {
        JulianMath.daysInMonth(year: year, month: month)
    }
}

extension JulianCalendar: GregorianMonthNames, CommonEraFacts {
    public var name: String { "Julian (proleptic)" }
    public var commonEraSpelling: String { "julian" }
    public var monthLengths: ClosedRange<Int> { 28...31 }
    public var yearLengths: ClosedRange<Int> { 365...366 }

    /// ICU has no Julian type: its Gregorian calendar, never switching to Gregorian rules.
    public var icuCalendar: ICUCalendarType? { ICUCalendarType("gregorian", gregorianChange: .prolepticJulian) }
}
