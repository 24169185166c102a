/// The Indian national calendar (Saka era) with ICU's rules (`IndianMath`):
/// the year starts on March 22 (21 in Gregorian leap years).
///
/// ICU converts fields to a day one day late before Julian Day 0 (4714 BCE);
/// this engine keeps both directions consistent (Docs/Conformance.md).
public struct IndianCalendar: PlainMonthCalendar {
    public var id: CalendarIdentifier { CalendarIdentifier(.indian) }
    public let supportedYears: ClosedRange<Int>

    public init() {
        supportedYears = IndianMath.date(dayNumber: DayNumber.supported.lowerBound).year...IndianMath.date(dayNumber: DayNumber.supported.upperBound).year
    }

    /// True when Chaitra has 31 days (the Gregorian year it starts in is leap).
    public func isLeapYear(_ year: Int) -> Bool { IndianMath.isLeapYear(year) }

    @inline(__always)
    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let date = IndianMath.date(dayNumber: day)
        return OrdinalDate(year: date.year, month: date.month, day: date.day)
    }

    @inline(__always)
    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        IndianMath.dayNumber(year: year, month: month, day: day)
    }

    @inline(__always)
    public func monthsInYear(_ year: Int) -> Int { 12 }

    @inline(__always)
    public func daysInMonth(year: Int, month: Int) -> Int {
        IndianMath.daysInMonth(year: year, month: month)
    }
}

extension IndianCalendar: MonthNameTable {
    public var name: String { "Indian national (Saka)" }

    /// Months of 30 and 31 days (Chaitra 30, or 31 in a leap year).
    public var monthLengths: ClosedRange<Int> { 30...31 }
    public var yearLengths: ClosedRange<Int> { 365...366 }

    public var icuCalendar: ICUCalendarType? { ICUCalendarType("indian") }

    public var monthNameTable: [String] { Self.monthNames }

    private static let monthNames = ["Chaitra", "Vaisakha", "Jyaistha", "Asadha", "Sravana", "Bhadra", "Asvina", "Kartika",
                                     "Agrahayana", "Pausa", "Magha", "Phalguna"]

    @inline(__always)
    public func standardEra(year: Int) -> Era { Era.single(year, EraCode.shaka) }

    public var eraCodes: [String] { ["shaka"] }

    public func arithmeticYear(era code: String, eraYear: Int) throws(ConversionError) -> Int {
        // Shaka is one era holding every year, 0 and below included.
        try arithmeticYear(era: code, eraYear: eraYear, canonical: { $0 == "saka" || $0 == "indian" ? "shaka" : $0 },
                           allowsYearsBelowOne: true) { _, year in year }
    }
}
