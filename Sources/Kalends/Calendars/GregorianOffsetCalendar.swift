/// Gregorian months and days with years counted from another epoch: the
/// Thai Buddhist calendar (`BuddhistCalendar`: BE = Gregorian year + 543, one
/// era numbered 0 as ICU does) and the Republic of China (Minguo) calendar
/// (`ROCCalendar`: year 1 = 1912; Temporal's arithmetic year runs on through
/// 0, `broc` 1, and below).
///
/// One engine, written once in this extension; each calendar is a small
/// type that names its offset and eras, so its conversions compile with the
/// offset as a constant (as `PlainMonthCalendar` does for every plain
/// calendar).
public protocol GregorianOffsetCalendar: PlainMonthCalendar, GregorianMonthNames {
    /// Gregorian year minus this calendar's year: -543 (Buddhist) or 1911 (ROC).
    static var gregorianYearOffset: Int { get }
}

extension GregorianOffsetCalendar {
    /// The years of ISO -9999 ... 9999.
    @inline(__always)
    public var supportedYears: ClosedRange<Int> { (-9999 - Self.gregorianYearOffset)...(9999 - Self.gregorianYearOffset) }

    /// The direct fields -> day path, on the Gregorian year: every date of
    /// ISO -9999 ... 9999 is a supported day number.
    @inline(__always)
    public func dayNumberIfValid(year: Int, monthCode: MonthCode, day: Int) -> Int? {
        let month = monthCode.number
        // A year so large that adding the offset wraps lands far outside -9999 ... 9999.
        let gregorianYear = year &+ Self.gregorianYearOffset
        guard !monthCode.isLeap, UInt(bitPattern: month &- 1) < 12, UInt(bitPattern: gregorianYear &+ 9999) <= 19_998,
              UInt(bitPattern: day &- 1) < UInt(bitPattern: GregorianMath.daysInMonth(year: gregorianYear, month: month))
        else { return nil }
        return GregorianMath.dayNumber(year: gregorianYear, month: month, day: day)
    }

    @inline(__always)
    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let date = GregorianMath.date(dayNumber: day)
        return OrdinalDate(year: date.year &- Self.gregorianYearOffset, month: date.month, day: date.day)
    }

    @inline(__always)
    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        GregorianMath.dayNumber(year: year &+ Self.gregorianYearOffset, month: month, day: day)
    }

    @inline(__always)
    public func monthsInYear(_ year: Int) -> Int { 12 }

    @inline(__always)
    public func daysInYear(_ year: Int) -> Int { GregorianMath.isLeapYear(year &+ Self.gregorianYearOffset) ? 366 : 365 }

    @inline(__always)
    public func daysInMonth(year: Int, month: Int) -> Int {
        GregorianMath.daysInMonth(year: year &+ Self.gregorianYearOffset, month: month)
    }

    /// ICU keeps the Gregorian year in EXTENDED_YEAR.
    public var icuYear: ICUYearField { .extended(offset: Self.gregorianYearOffset) }

    public var monthLengths: ClosedRange<Int> { 28...31 }
    public var yearLengths: ClosedRange<Int> { 365...366 }

    /// ICU's `buddhist` or `roc`, a Gregorian subclass made proleptic.
    public var icuCalendar: ICUCalendarType? { ICUCalendarType(id.key, gregorianChange: .prolepticGregorian) }
}

/// The Thai Buddhist calendar: BE = Gregorian year + 543, one era (`be`,
/// numbered 0 as ICU does) holding every year, 0 and below included.
public struct BuddhistCalendar: GregorianOffsetCalendar {
    public static var gregorianYearOffset: Int { -543 }

    /// The Buddhist calendar.
    public init() {}

    public var id: CalendarIdentifier { CalendarIdentifier(.buddhist) }
    public var name: String { "Thai Buddhist" }

    @inline(__always)
    public func standardEra(year: Int) -> Era { Era.single(year, EraCode.be) }

    public var eraCodes: [String] { ["be"] }

    public func arithmeticYear(era code: String, eraYear: Int) throws(ConversionError) -> Int {
        try arithmeticYear(era: code, eraYear: eraYear, canonical: { $0 == "buddhist" ? "be" : $0 }, allowsYearsBelowOne: true) { _, year in
            year
        }
    }

    public func arithmeticYear(foundationEra era: Int, eraYear: Int) -> Int { eraYear }
}

/// The Republic of China (Minguo) calendar: year 1 = 1912 (`roc`, Foundation
/// era 1), years before it counted back in `broc` (era 0).
public struct ROCCalendar: GregorianOffsetCalendar {
    public static var gregorianYearOffset: Int { 1911 }

    /// The Republic of China calendar.
    public init() {}

    public var id: CalendarIdentifier { CalendarIdentifier(.roc) }
    public var name: String { "Republic of China (Minguo)" }

    @inline(__always)
    public func standardEra(year: Int) -> Era { Era.split(year, after: EraCode.roc, before: EraCode.broc) }

    public var eraCodes: [String] { ["roc", "broc"] }

    public func arithmeticYear(era code: String, eraYear: Int) throws(ConversionError) -> Int {
        let spellings = ["minguo": "roc", "minguo-qian": "broc", "roc-inverse": "broc"]
        return try arithmeticYear(era: code, eraYear: eraYear, canonical: { spellings[$0] ?? $0 }) { era, year in
            era == "broc" ? 1 - year : year
        }
    }

    public func arithmeticYear(foundationEra era: Int, eraYear: Int) -> Int {
        era == 0 ? 1 - eraYear : eraYear
    }
}
