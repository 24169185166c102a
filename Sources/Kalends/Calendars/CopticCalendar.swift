/// The Coptic calendar: twelve 30-day months and a 13th of 5 or 6 days, from
/// 29 August 284 (Julian); eras `am` (1) and `bd` (0, year 1 - y) as ICU numbers them.
public struct CopticCalendar: PlainMonthCalendar {
    public var id: CalendarIdentifier { CalendarIdentifier(.coptic) }
    public let supportedYears: ClosedRange<Int>

    public init() {
        supportedYears = CopticMath.date(dayNumber: DayNumber.supported.lowerBound, epoch: CopticMath.copticEpoch).year
            ... CopticMath.date(dayNumber: DayNumber.supported.upperBound, epoch: CopticMath.copticEpoch).year
    }

    /// True when the 13th month has 6 days (`year mod 4 == 3`).
    public func isLeapYear(_ year: Int) -> Bool { CopticMath.isLeapYear(year) }

    @inline(__always)
    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let date = CopticMath.date(dayNumber: day, epoch: CopticMath.copticEpoch)
        return OrdinalDate(year: date.year, month: date.month, day: date.day)
    }

    @inline(__always)
    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        CopticMath.dayNumber(year: year, month: month, day: day, epoch: CopticMath.copticEpoch)
    }

    @inline(__always)
    public func monthsInYear(_ year: Int) -> Int { 13 }

    @inline(__always)
    public func daysInMonth(year: Int, month: Int) -> Int {
        CopticMath.daysInMonth(year: year, month: month)
    }
}

/// The thirteen months of the Coptic and Ethiopic calendars.
protocol ThirteenMonthFacts: CalendarFacts {}

extension ThirteenMonthFacts {
    @inline(__always)
    public func hasMonthCode(_ code: MonthCode) -> Bool { (1...13).contains(code.number) && !code.isLeap }

    public var monthCodesDescription: String { "M01 ... M13" }

    public var maxFoundationMonth: Int { 13 }
}

extension CopticCalendar: ThirteenMonthFacts, MonthNameTable {
    public var name: String { "Coptic" }

    /// Twelve months of 30 days and the epagomenal Nasie of 5 or 6.
    public var monthLengths: ClosedRange<Int> { 5...30 }
    public var yearLengths: ClosedRange<Int> { 365...366 }

    public var icuCalendar: ICUCalendarType? { ICUCalendarType("coptic") }

    public var monthNameTable: [String] { Self.monthNames }
    public var monthSpellings: [String: Int] { Self.spellings }

    private static let monthNames = ["Tout", "Baba", "Hator", "Kiahk", "Toba", "Amshir", "Baramhat", "Baramouda", "Bashans",
                                     "Paona", "Epep", "Mesra", "Nasie"]
    private static let spellings = ["thout": 1, "paopi": 2, "hathor": 3, "koiak": 4, "tobi": 5, "meshir": 6, "paremhat": 7,
                                    "parmouti": 8, "pashons": 9, "paoni": 10, "epip": 11, "mesori": 12, "pinisi": 13, "nesi": 13]

    @inline(__always)
    public func standardEra(year: Int) -> Era { Era.split(year, after: EraCode.am, before: EraCode.bd) }

    public var eraCodes: [String] { ["am", "bd"] }

    public func arithmeticYear(era code: String, eraYear: Int) throws(ConversionError) -> Int {
        try arithmeticYear(era: code, eraYear: eraYear, canonical: { ["coptic": "am", "coptic-inverse": "bd"][$0] ?? $0 }) { era, year in
            era == "bd" ? 1 - year : year
        }
    }

    public func arithmeticYear(foundationEra era: Int, eraYear: Int) -> Int { era == 0 ? 1 - eraYear : eraYear }
}
