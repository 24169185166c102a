/// The proleptic Gregorian calendar (`gregorian` and `iso8601`, which differ
/// only in name and week rules): Neri-Schneider arithmetic in `GregorianMath`.
public struct GregorianCalendar: GregorianMonthCalendar {
    /// `gregorian` or `iso8601`.
    public let kind: CalendarID
    public var id: CalendarIdentifier { CalendarIdentifier(kind) }
    public var supportedYears: ClosedRange<Int> { -9999...9999 }

    /// The engine for `gregorian` or `iso8601`; any other id gives `gregorian`.
    public init(_ id: CalendarID = .gregorian) {
        self.kind = id == .iso8601 ? .iso8601 : .gregorian
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

/// The twelve Gregorian months and their English names and spellings, shared
/// by every calendar that counts Gregorian (or Julian) months.
public protocol GregorianMonthNames: MonthNameTable {}

extension GregorianMonthNames {
    public var monthNameTable: [String] { GregorianMonthNamesTable.names }
    public var monthSpellings: [String: Int] { GregorianMonthNamesTable.spellings }
}

/// Calendars counting years CE and, before year 1, BCE (ICU's eras 1 and 0),
/// with Temporal's newer spellings of the two (`gregory`, `julian-inverse`).
public protocol CommonEraFacts: CalendarFacts {
    /// Temporal's identifier of the CE era in this calendar (`gregory`, `julian`, `japanese`).
    var commonEraSpelling: String { get }
}

extension CommonEraFacts {
    @inline(__always)
    public func standardEra(year: Int) -> Era { Era.split(year, after: EraCode.ce, before: EraCode.bce) }

    public var eraCodes: [String] { ["ce", "bce"] }

    /// `ce`, `bce`, `ad`, `bc`, and Temporal's `gregory` / `gregory-inverse` (or this calendar's).
    func canonicalCommonEra(_ era: String) -> String {
        GregorianMonthNamesTable.ceBCE(era, ce: commonEraSpelling, inverse: commonEraSpelling + "-inverse")
    }

    public func arithmeticYear(era code: String, eraYear: Int) throws(ConversionError) -> Int {
        try arithmeticYear(era: code, eraYear: eraYear, canonical: canonicalCommonEra) { era, year in era == "bce" ? 1 - year : year }
    }

    public func arithmeticYear(foundationEra era: Int, eraYear: Int) throws(ConversionError) -> Int { era == 0 ? 1 - eraYear : eraYear }
}

enum GregorianMonthNamesTable {
    static let names = ["January", "February", "March", "April", "May", "June", "July", "August",
                        "September", "October", "November", "December"]
    /// Full names and three-letter abbreviations (and "sept").
    static let spellings: [String: Int] = {
        var table: [String: Int] = ["sept": 9]
        for (index, name) in names.enumerated() {
            table[MonthNames.normalized(name)] = index + 1
            table[String(MonthNames.normalized(name).prefix(3))] = index + 1
        }
        return table
    }()

    /// CE and BCE in the spellings Temporal and CLDR give (`gregory`, `ad`, ...).
    static func ceBCE(_ era: String, ce: String, inverse: String) -> String {
        switch era {
        case ce, "ad": "ce"
        case inverse, "bc": "bce"
        default: era
        }
    }
}

extension GregorianCalendar: GregorianMonthNames, CommonEraFacts {
    public var name: String { kind == .iso8601 ? "ISO 8601" : "Gregorian (proleptic)" }
    public var commonEraSpelling: String { "gregory" }
    public var monthLengths: ClosedRange<Int> { 28...31 }
    public var yearLengths: ClosedRange<Int> { 365...366 }

    /// ICU's proleptic `gregorian` or `iso8601`; ISO 8601 dates are written
    /// as Gregorian ones, since CLDR's `iso8601` formats are numeric.
    public var icuCalendar: ICUCalendarType? {
        ICUCalendarType(kind.rawValue, gregorianChange: .prolepticGregorian, formatType: "gregorian")
    }
}
