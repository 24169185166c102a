/// The Persian (Solar Hijri) calendar with ICU's arithmetic 33-year rule
/// (`PersianMath`), which matches the astronomical calendar for 1178-1634 AP.
public struct PersianCalendar: PlainMonthCalendar {
    public var id: CalendarIdentifier { CalendarIdentifier(.persian) }
    public let supportedYears: ClosedRange<Int>

    public init() {
        supportedYears = PersianMath.date(dayNumber: DayNumber.supported.lowerBound).year...PersianMath.date(dayNumber: DayNumber.supported.upperBound).year
    }

    /// True when Esfand has 30 days (8 years in 33).
    public func isLeapYear(_ year: Int) -> Bool { PersianMath.isLeapYear(year) }

    @inline(__always)
    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let date = PersianMath.date(dayNumber: day)
        return OrdinalDate(year: date.year, month: date.month, day: date.day)
    }

    @inline(__always)
    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        PersianMath.dayNumber(year: year, month: month, day: day)
    }

    @inline(__always)
    public func monthsInYear(_ year: Int) -> Int { 12 }

    @inline(__always)
    public func daysInMonth(year: Int, month: Int) -> Int {
        PersianMath.daysInMonth(year: year, month: month)
    }
}

extension PersianCalendar: MonthNameTable {
    public var name: String { "Persian (Solar Hijri)" }

    /// Six months of 31 days, five of 30, and Esfand of 29 or 30.
    public var monthLengths: ClosedRange<Int> { 29...31 }
    public var yearLengths: ClosedRange<Int> { 365...366 }

    public var icuCalendar: ICUCalendarType? { ICUCalendarType("persian") }

    public var monthNameTable: [String] { Self.monthNames }
    public var monthSpellings: [String: Int] { Self.spellings }

    private static let monthNames = ["Farvardin", "Ordibehesht", "Khordad", "Tir", "Mordad", "Shahrivar", "Mehr", "Aban",
                                     "Azar", "Dey", "Bahman", "Esfand"]
    private static let spellings = ["esfahand": 12, "amordad": 5]

    @inline(__always)
    public func standardEra(year: Int) -> Era { Era.single(year, EraCode.ap) }

    public var eraCodes: [String] { ["ap"] }

    public func arithmeticYear(era code: String, eraYear: Int) throws(ConversionError) -> Int {
        // AP is one era holding every year, 0 and below included.
        try arithmeticYear(era: code, eraYear: eraYear, canonical: { $0 == "persian" ? "ap" : $0 }, allowsYearsBelowOne: true) { _, year in year }
    }
}
