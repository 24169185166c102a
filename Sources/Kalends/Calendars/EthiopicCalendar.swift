/// The Ethiopic calendar, Coptic months from 27 August 8 (Julian), in its two
/// year counts: `ethiopic` (Amete Mihret, with years before 1 in the Amete
/// Alem era as ICU numbers them) and `ethiopic-amete-alem` (years + 5500).
///
/// The engine holds only its id (everything else follows from it), so it
/// sits inline in an `any CalendarSystem`.
public struct EthiopicCalendar: PlainMonthCalendar {
    /// `ethiopic` or `ethiopic-amete-alem`.
    public let kind: CalendarID
    public var id: CalendarIdentifier { CalendarIdentifier(kind) }

    /// The engine for `ethiopic` or `ethiopic-amete-alem`; any other id gives `ethiopic`.
    public init(_ id: CalendarID = .ethiopic) {
        self.kind = id == .ethiopicAmeteAlem ? .ethiopicAmeteAlem : .ethiopic
    }

    /// Amete Mihret -10007 ... 9992, Amete Alem -4507 ... 15492 (a test
    /// checks them against the first and last supported days).
    public var supportedYears: ClosedRange<Int> {
        kind == .ethiopicAmeteAlem ? -4_507...15_492 : -10_007...9_992
    }

    /// Arithmetic year minus Amete Mihret year: 0, or 5500 for Amete Alem.
    private var yearOffset: Int { kind == .ethiopicAmeteAlem ? CopticMath.ameteAlemOffset : 0 }

    /// True when Pagume has 6 days.
    public func isLeapYear(_ year: Int) -> Bool { CopticMath.isLeapYear(year &- yearOffset) }

    @inline(__always)
    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let date = CopticMath.date(dayNumber: day, epoch: CopticMath.ethiopicEpoch)
        return OrdinalDate(year: date.year &+ yearOffset, month: date.month, day: date.day)
    }

    @inline(__always)
    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        CopticMath.dayNumber(year: year &- yearOffset, month: month, day: day, epoch: CopticMath.ethiopicEpoch)
    }

    @inline(__always)
    public func monthsInYear(_ year: Int) -> Int { 13 }

    @inline(__always)
    public func daysInMonth(year: Int, month: Int) -> Int {
        CopticMath.daysInMonth(year: year &- yearOffset, month: month)
    }
}

extension EthiopicCalendar: ThirteenMonthFacts, MonthNameTable {
    public var name: String { kind == .ethiopicAmeteAlem ? "Ethiopic (Amete Alem)" : "Ethiopic (Amete Mihret)" }

    /// Twelve months of 30 days and the epagomenal Pagumen of 5 or 6.
    public var monthLengths: ClosedRange<Int> { 5...30 }
    public var yearLengths: ClosedRange<Int> { 365...366 }

    /// ICU's `ethiopic` or `ethiopic-amete-alem`.
    public var icuCalendar: ICUCalendarType? { ICUCalendarType(kind.rawValue) }

    public var monthNameTable: [String] { Self.monthNames }
    public var monthSpellings: [String: Int] { Self.spellings }

    private static let monthNames = ["Meskerem", "Tekemt", "Hedar", "Tahsas", "Ter", "Yekatit", "Megabit", "Miazia", "Genbot",
                                     "Sene", "Hamle", "Nehasse", "Pagumen"]
    private static let spellings = ["pagume": 13, "pagumay": 13, "tikimt": 2, "tir": 5, "megabit": 7, "miyazya": 8,
                                    "ginbot": 9, "hidar": 3, "nehase": 12, "meskerem": 1]

    /// Amete Mihret counts from the Incarnation (`am`, 1), years before it in
    /// Amete Alem (`aa`, 0, year + 5500); Amete Alem has that one era.
    @inline(__always)
    public func standardEra(year: Int) -> Era {
        if kind == .ethiopicAmeteAlem { return Era.single(year, EraCode.aa) }
        return year >= 1 ? Era(codeIndex: EraCode.am, value: 1, year: year) : Era(codeIndex: EraCode.aa, value: 0, year: year &+ 5500)
    }

    public var eraCodes: [String] { kind == .ethiopicAmeteAlem ? ["aa"] : ["am", "aa"] }

    public func arithmeticYear(era code: String, eraYear: Int) throws(ConversionError) -> Int {
        // Amete Alem counts every year, 0 and below included (in both calendars).
        let ameteAlem = kind == .ethiopicAmeteAlem
        let spellings = ["incar": "am", "ethiopic": "am", "mundi": "aa", "ethioaa": "aa"]
        let era = spellings[code.lowercased()] ?? code.lowercased()
        return try arithmeticYear(era: code, eraYear: eraYear, canonical: { spellings[$0] ?? $0 },
                                  allowsYearsBelowOne: era == "aa") { era, year in
            era == "aa" && !ameteAlem ? year - 5500 : year
        }
    }

    public func arithmeticYear(foundationEra era: Int, eraYear: Int) -> Int {
        kind == .ethiopic && era == 0 ? eraYear - 5500 : eraYear
    }

    /// ICU's Amete Alem calendar keeps the year in YEAR of era 0.
    public var icuYear: ICUYearField { kind == .ethiopicAmeteAlem ? .eraYear(era: 0) : .extended(offset: 0) }
}
