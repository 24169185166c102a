/// The tabular Islamic calendars: `islamic-civil` (epoch Friday 16 July 622
/// Julian) and `islamic-tbla` (epoch Thursday 15 July 622), both with the
/// 30-year leap pattern of `IslamicArithmeticMath`, as ICU computes them.
///
/// The engine holds only its id (everything else follows from it), so it
/// sits inline in an `any CalendarSystem`.
public struct IslamicArithmeticCalendar: PlainMonthCalendar {
    /// `islamic-civil` or `islamic-tbla`.
    public let kind: CalendarID

    /// The engine for `islamic-civil` or `islamic-tbla`; any other id gives `islamic-civil`.
    public init(_ id: CalendarID = .islamicCivil) {
        self.kind = id == .islamicTabular ? .islamicTabular : .islamicCivil
    }

    /// AH -10947 ... 9666 for both epochs (a test checks them against the
    /// first and last supported days).
    public var supportedYears: ClosedRange<Int> { -10_947...9_666 }

    private var epoch: Int {
        kind == .islamicTabular ? IslamicArithmeticMath.thursdayEpoch : IslamicArithmeticMath.civilEpoch
    }

    /// True when Dhu al-Hijjah has 30 days (11 years in 30).
    public func isLeapYear(_ year: Int) -> Bool { IslamicArithmeticMath.isLeapYear(year) }

    @inline(__always)
    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let date = IslamicArithmeticMath.date(dayNumber: day, epoch: epoch)
        return OrdinalDate(year: date.year, month: date.month, day: date.day)
    }

    @inline(__always)
    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        IslamicArithmeticMath.dayNumber(year: year, month: month, day: day, epoch: epoch)
    }

    @inline(__always)
    public func monthsInYear(_ year: Int) -> Int { 12 }

    @inline(__always)
    public func daysInMonth(year: Int, month: Int) -> Int {
        IslamicArithmeticMath.daysInMonth(year: year, month: month)
    }
}

/// What every calendar of the Islamic family knows (tabular, astronomical,
/// Umm al-Qura, sighting): the month names and their spellings, and the eras
/// AH and, before 1 AH, BH (Foundation counts those years 0, -1, ...).
public struct IslamicFacts: MonthNameTable {
    /// `islamic`, `islamic-civil`, `islamic-tbla`, `islamic-umalqura` or `islamic-rgsa`.
    public let kind: CalendarID

    /// The facts of one Islamic calendar.
    public init(_ kind: CalendarID) { self.kind = kind }

    public var id: CalendarIdentifier { CalendarIdentifier(kind) }

    public var name: String { Self.names[kind] ?? "Islamic (astronomical)" }

    private static let names: [CalendarID: String] = [
        .islamicCivil: "Islamic civil (tabular, Friday epoch)", .islamicTabular: "Islamic tabular (Thursday epoch)",
        .islamicUmmAlQura: "Islamic Umm al-Qura", .islamicRGSA: "Islamic (Saudi Arabia sighting)",
    ]

    public var monthNameTable: [String] { Self.monthNames }
    public var monthSpellings: [String: Int] { Self.spellings }

    /// Lunar months of 29 or 30 days.
    public var monthLengths: ClosedRange<Int> { 29...30 }

    /// The tabular calendars add a leap day to a year of 354 days; the
    /// astronomical ones also have years of 353 days (seven months of 29).
    public var yearLengths: ClosedRange<Int> {
        kind == .islamicCivil || kind == .islamicTabular ? 354...355 : 353...355
    }

    /// ICU's type of the same name (`islamic-umalqura`).
    public var icuCalendar: ICUCalendarType? { ICUCalendarType(kind.rawValue) }

    static let monthNames = ["Muharram", "Safar", "Rabiʻ I", "Rabiʻ II", "Jumada I", "Jumada II", "Rajab", "Shaʻban",
                             "Ramadan", "Shawwal", "Dhuʻl-Qiʻdah", "Dhuʻl-Hijjah"]

    static let spellings: [String: Int] = {
        var table: [String: Int] = [:]
        let spellings: [(Int, [String])] = [
            (1, ["muharram", "moharram", "almuharram"]),
            (2, ["safar", "saphar"]),
            (3, ["rabii", "rabi1", "rabialawwal", "rabiulawwal", "rabialawal", "rabiulawal"]),
            (4, ["rabiii", "rabi2", "rabialthani", "rabiulakhir", "rabialakhir", "rabiussani", "rabiuthani"]),
            (5, ["jumadai", "jumada1", "jumadaalawwal", "jumadalula", "jumadaalula", "jumadiulawwal", "jumadaulawwal"]),
            (6, ["jumadaii", "jumada2", "jumadaalthani", "jumadaalakhirah", "jumadalakhirah", "jumadiussani", "jumadaalakhira"]),
            (7, ["rajab"]),
            (8, ["shaban", "shaaban"]),
            (9, ["ramadan", "ramazan", "ramadhan"]),
            (10, ["shawwal", "shawal", "shavval"]),
            (11, ["dhulqidah", "dhualqidah", "dhulqadah", "dhulqaadah", "zulqadah", "zilqad", "dhualqadah"]),
            (12, ["dhulhijjah", "dhualhijjah", "zulhijjah", "dhulhijja", "zilhaj", "dhualhijja"]),
        ]
        for (number, names) in spellings {
            for name in names { table[name] = number }
        }
        return table
    }()

    @inline(__always)
    public func standardEra(year: Int) -> Era {
        Era(codeIndex: year >= 1 ? EraCode.ah : EraCode.bh, value: 0, year: year)
    }

    public var eraCodes: [String] { ["ah", "bh"] }

    public func arithmeticYear(era code: String, eraYear: Int) throws(ConversionError) -> Int {
        try arithmeticYear(era: code, eraYear: eraYear, canonical: { ["islamic": "ah", "islamic-inverse": "bh"][$0] ?? $0 }) { era, year in
            era == "bh" ? 1 - year : year
        }
    }

    /// Years before 1 AH read back from 1 BH.
    public func longFormYear(of date: CalendarDate) -> String {
        date.year >= 1 ? "\(date.year) AH" : "\(1 - date.year) BH"
    }
}

extension IslamicArithmeticCalendar: FactsForwarding {
    public var facts: IslamicFacts { IslamicFacts(kind) }
}
