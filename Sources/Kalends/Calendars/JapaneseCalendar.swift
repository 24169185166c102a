/// The Japanese imperial calendar: proleptic Gregorian months and days with
/// ICU's era numbers (`JapaneseEraTable`); the arithmetic year is the
/// Gregorian year, as in Temporal.
public struct JapaneseCalendar: GregorianMonthCalendar {
    public var id: CalendarIdentifier { CalendarIdentifier(.japanese) }
    public var supportedYears: ClosedRange<Int> { -9999...9999 }

    public init() {}


    /// ICU's era and year in it; Temporal's code for the five modern eras,
    /// `ce` / `bce` by the Gregorian year before Meiji.
    public func era(ofDay day: Int, year: Int) -> Era {
        let index = JapaneseEraTable.eraIndex(ofDay: day)
        let eraYear = year &- JapaneseEraTable.startYear(ofEra: index) &+ 1
        // Meiji (232) ... Reiwa (236) have Temporal codes, in EraCode's order.
        let modern = index &- Self.firstModernEra
        let code = modern >= 0 ? EraCode.firstJapanese &+ UInt32(truncatingIfNeeded: modern) : (year >= 1 ? EraCode.ce : EraCode.bce)
        return Era(codeIndex: code, value: index, year: eraYear)
    }

    /// ICU's number for Meiji, the first era Temporal names.
    private static let firstModernEra = 232
}

extension JapaneseCalendar: GregorianMonthNames {
    public var name: String { "Japanese imperial" }
    public var monthLengths: ClosedRange<Int> { 28...31 }
    public var yearLengths: ClosedRange<Int> { 365...366 }

    /// ICU's `japanese`, a Gregorian subclass made proleptic.
    public var icuCalendar: ICUCalendarType? { ICUCalendarType("japanese", gregorianChange: .prolepticGregorian) }

    /// Only for callers without a day (eras start mid-year): the Gregorian era.
    public func standardEra(year: Int) -> Era { Era.split(year, after: EraCode.ce, before: EraCode.bce) }

    public var eraCodes: [String] { Self.modernEras.map(\.code).reversed() + ["ce", "bce"] }

    /// A modern era's year counts from the Gregorian year it began in; `ce`
    /// and `bce` count Gregorian years.
    public func arithmeticYear(era code: String, eraYear: Int) throws(ConversionError) -> Int {
        try arithmeticYear(era: code, eraYear: eraYear, canonical: { GregorianMonthNamesTable.ceBCE($0, ce: "japanese", inverse: "japanese-inverse") }) {
            era, year throws(ConversionError) in
            if era == "ce" { return year }
            if era == "bce" { return 1 - year }
            guard let index = Self.modernEras.firstIndex(where: { $0.code == era }) else { return year }
            let first = Self.modernEras[index].firstYear
            let last = index + 1 < Self.modernEras.count ? Self.modernEras[index + 1].firstYear : Int.max
            let (arithmetic, overflow) = first.addingReportingOverflow(year - 1)
            guard !overflow, arithmetic <= last else {
                throw .eraYearOutOfRange(id, era: era, year: year, allowed: 1...(last == Int.max ? Int.max : last - first + 1))
            }
            return arithmetic
        }
    }

    /// `heisei:1-01-01` names 1989-01-01, which is in Showa: a modern era must be the date's own.
    public func isInEra(_ code: String, _ date: CalendarDate) -> Bool {
        let era = GregorianMonthNamesTable.ceBCE(code.lowercased(), ce: "japanese", inverse: "japanese-inverse")
        return era == "ce" || era == "bce" || date.era.code == era
    }

    public func longFormYear(of date: CalendarDate) -> String {
        guard let code = date.era.code, code != "ce", code != "bce" else {
            return "\(date.iso.year >= 1 ? date.iso.year : 1 - date.iso.year) \(date.iso.year >= 1 ? "CE" : "BCE")"
        }
        return "\(code.prefix(1).uppercased() + code.dropFirst()) \(date.era.year)"
    }

    public func titleYear(of date: CalendarDate) -> String {
        guard let code = date.era.code, code != "ce", code != "bce" else { return "\(date.year)" }
        return "\(code.prefix(1).uppercased() + code.dropFirst()) \(date.era.year)"
    }

    public func arithmeticYear(foundationEra era: Int, eraYear: Int) throws(ConversionError) -> Int {
        let count = JapaneseEraTable.startYears.count
        guard (0..<count).contains(era) else { throw .unknownEra(id, era: "\(era)", known: ["0 ... \(count - 1)"]) }
        return JapaneseEraTable.startYear(ofEra: era) + eraYear - 1
    }

    public func foundationEra(year: Int, monthCode: MonthCode, day: Int) -> (era: Int, year: Int) {
        let era = self.era(ofDay: GregorianMath.dayNumber(year: year, month: monthCode.number, day: day), year: year)
        return (era.value, era.year)
    }

    public func era(foundationEra value: Int, eraYear: Int, year: Int, day: Int) -> Era {
        let modern = value - Self.firstModernEra
        let code = (0..<Self.modernEras.count).contains(modern) ? EraCode.firstJapanese + UInt32(modern) : (year >= 1 ? EraCode.ce : EraCode.bce)
        return Era(codeIndex: code, value: value, year: eraYear)
    }

    /// A modern Japanese era: its Temporal code, ICU's era number, first Gregorian year, first day.
    struct ModernEra {
        let code: String
        let value: Int
        let firstYear: Int
        let start: (year: Int, month: Int, day: Int)
    }

    /// The eras Temporal names (ICU's start days; Meiji counts from 1868-09-08 as ICU does).
    static let modernEras: [ModernEra] = [
        ModernEra(code: "meiji", value: 232, firstYear: 1868, start: (1868, 9, 8)),
        ModernEra(code: "taisho", value: 233, firstYear: 1912, start: (1912, 7, 30)),
        ModernEra(code: "showa", value: 234, firstYear: 1926, start: (1926, 12, 25)),
        ModernEra(code: "heisei", value: 235, firstYear: 1989, start: (1989, 1, 8)),
        ModernEra(code: "reiwa", value: 236, firstYear: 2019, start: (2019, 5, 1)),
    ]
}
