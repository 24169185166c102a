/// The era of a date: Foundation's era number and year, and Temporal's era code.
///
/// The code is kept as a small number naming one of the known codes, so
/// that `Era` and `CalendarDate` are plain values: no reference counting
/// when dates are made, copied and dropped by the million.
public struct Era: Hashable, Sendable, Codable {
    /// Temporal / CLDR era code (`ce`, `bce`, `reiwa`, `am`, ...); nil where the
    /// calendar has none in Temporal (Chinese and Dangi count 60-year cycles).
    public var code: String? { EraCode.text(codeIndex) }
    /// `DateComponents.era` as Foundation (ICU) numbers it; the cycle for Chinese.
    public let value: Int
    /// `DateComponents.year`: the year within the era (the cyclic year for Chinese).
    public let year: Int
    /// The code's index in `EraCode`.
    let codeIndex: UInt32

    /// An era from its code (nil for none), Foundation's era number and the
    /// year in it; throws `.unknownEraCode` for a code no calendar of Kalends
    /// has (the codes are `Era.knownCodes`).
    public init(code: String?, value: Int, year: Int) throws(ConversionError) {
        guard let index = EraCode.index(of: code) else { throw .unknownEraCode(code ?? "") }
        self.init(codeIndex: index, value: value, year: year)
    }

    /// Every era code a calendar of Kalends gives (`ce`, `bce`, `am`, `reiwa`, ...).
    public static var knownCodes: [String] { Array(EraCode.known.dropFirst()) }

    @inline(__always)
    init(codeIndex: UInt32, value: Int, year: Int) {
        self.codeIndex = codeIndex
        self.value = value
        self.year = year
    }

    private enum CodingKeys: String, CodingKey {
        case code, value, year
    }

    /// Decodes `{"code": ..., "value": ..., "year": ...}`; refuses an unknown code.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let code = try container.decodeIfPresent(String.self, forKey: .code)
        let value = try container.decode(Int.self, forKey: .value)
        let year = try container.decode(Int.self, forKey: .year)
        do {
            try self.init(code: code, value: value, year: year)
        } catch {
            throw container.corrupted(.code, "\(error)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(code, forKey: .code)
        try container.encode(value, forKey: .value)
        try container.encode(year, forKey: .year)
    }

    /// The era of an arithmetic year in every calendar whose eras follow from
    /// the year alone (all but `japanese`, whose eras start mid-year).
    @inline(__always)
    static func standard(for id: CalendarID, year: Int) -> Era {
        switch id {
        case .gregorian, .iso8601, .julian:
            return year >= 1 ? Era(codeIndex: EraCode.ce, value: 1, year: year) : Era(codeIndex: EraCode.bce, value: 0, year: 1 &- year)
        case .japanese:
            // Only reached by engines without an era table: answer in Gregorian terms.
            return year >= 1 ? Era(codeIndex: EraCode.ce, value: 1, year: year) : Era(codeIndex: EraCode.bce, value: 0, year: 1 &- year)
        case .buddhist:
            return Era(codeIndex: EraCode.be, value: 0, year: year)
        case .roc:
            return year >= 1 ? Era(codeIndex: EraCode.roc, value: 1, year: year) : Era(codeIndex: EraCode.broc, value: 0, year: 1 &- year)
        case .hebrew:
            return Era(codeIndex: EraCode.am, value: 0, year: year)
        case .islamic, .islamicCivil, .islamicTabular, .islamicUmmAlQura, .islamicRGSA:
            return Era(codeIndex: year >= 1 ? EraCode.ah : EraCode.bh, value: 0, year: year)
        case .persian:
            return Era(codeIndex: EraCode.ap, value: 0, year: year)
        case .indian:
            return Era(codeIndex: EraCode.shaka, value: 0, year: year)
        case .coptic:
            return year >= 1 ? Era(codeIndex: EraCode.am, value: 1, year: year) : Era(codeIndex: EraCode.bd, value: 0, year: 1 &- year)
        case .ethiopic:
            return year >= 1 ? Era(codeIndex: EraCode.am, value: 1, year: year) : Era(codeIndex: EraCode.aa, value: 0, year: year &+ 5500)
        case .ethiopicAmeteAlem:
            return Era(codeIndex: EraCode.aa, value: 0, year: year)
        case .chinese, .dangi:
            // ICU (and so Foundation) counts Dangi's cycles from the Chinese epoch too.
            let extended = year + 2637
            let cycle = (extended - 1).floorDivided(by: 60) + 1
            return Era(codeIndex: EraCode.none, value: cycle, year: (extended - 1).floorModulo(60) + 1)
        }
    }
}

/// Era codes accepted in `ERA:YEAR-MONTH-DAY` text, and their arithmetic years.
enum EraCodes {
    /// A modern Japanese era: its code, ICU's era number, first Gregorian year, first day.
    struct JapaneseEra {
        let code: String
        let value: Int
        let firstYear: Int
        let start: (year: Int, month: Int, day: Int)
    }

    /// The eras Temporal names (ICU's start days; Meiji counts from 1868-09-08 as ICU does).
    static let japanese: [JapaneseEra] = [
        JapaneseEra(code: "meiji", value: 232, firstYear: 1868, start: (1868, 9, 8)),
        JapaneseEra(code: "taisho", value: 233, firstYear: 1912, start: (1912, 7, 30)),
        JapaneseEra(code: "showa", value: 234, firstYear: 1926, start: (1926, 12, 25)),
        JapaneseEra(code: "heisei", value: 235, firstYear: 1989, start: (1989, 1, 8)),
        JapaneseEra(code: "reiwa", value: 236, firstYear: 2019, start: (2019, 5, 1)),
    ]

    /// The codes of a calendar, for messages.
    static func codes(for id: CalendarID) -> [String] {
        switch id {
        case .gregorian, .iso8601, .julian: ["ce", "bce"]
        case .japanese: japanese.map(\.code).reversed() + ["ce", "bce"]
        case .buddhist: ["be"]
        case .roc: ["roc", "broc"]
        case .hebrew: ["am"]
        case .islamic, .islamicCivil, .islamicTabular, .islamicUmmAlQura, .islamicRGSA: ["ah", "bh"]
        case .persian: ["ap"]
        case .indian: ["shaka"]
        case .coptic: ["am", "bd"]
        case .ethiopic: ["am", "aa"]
        case .ethiopicAmeteAlem: ["aa"]
        case .chinese, .dangi: []
        }
    }

    /// Other spellings of era codes: Temporal's newer identifiers
    /// (`gregory`, `gregory-inverse`, `incar`, `mundi`, ...) and CLDR's English
    /// abbreviations (`ad`, `bc`).
    static func canonical(_ era: String, in id: CalendarID) -> String {
        switch (id, era) {
        case (.gregorian, "gregory"), (.iso8601, "gregory"), (.julian, "julian"), (_, "ad"), (.japanese, "japanese"):
            return "ce"
        case (.gregorian, "gregory-inverse"), (.iso8601, "gregory-inverse"), (.julian, "julian-inverse"), (_, "bc"),
             (.japanese, "japanese-inverse"):
            return "bce"
        case (.roc, "minguo"): return "roc"
        case (.roc, "minguo-qian"), (.roc, "roc-inverse"): return "broc"
        case (.buddhist, "buddhist"): return "be"
        case (.hebrew, "hebrew"): return "am"
        case (.islamic, "islamic"), (.islamicCivil, "islamic"), (.islamicTabular, "islamic"),
             (.islamicUmmAlQura, "islamic"), (.islamicRGSA, "islamic"):
            return "ah"
        case (_, "islamic-inverse"): return "bh"
        case (.persian, "persian"): return "ap"
        case (.indian, "saka"), (.indian, "indian"): return "shaka"
        case (.coptic, "coptic"): return "am"
        case (.coptic, "coptic-inverse"): return "bd"
        case (.ethiopic, "incar"), (.ethiopic, "ethiopic"): return "am"
        case (.ethiopic, "mundi"), (.ethiopicAmeteAlem, "mundi"), (.ethiopicAmeteAlem, "ethioaa"): return "aa"
        default: return era
        }
    }

    /// The arithmetic year of `eraYear` in era `code`.
    static func arithmeticYear(era code: String, eraYear: Int, in id: CalendarID) throws(ConversionError) -> Int {
        let era = canonical(code.lowercased(), in: id)
        let known = codes(for: id)
        guard known.contains(era) else { throw .unknownEra(id, era: code, known: known) }
        // Far beyond any supported year; checked first so no arithmetic below can overflow.
        guard (-1_000_000...1_000_000).contains(eraYear) else {
            throw .eraYearOutOfRange(id, era: era, year: eraYear, allowed: 1...1_000_000)
        }
        guard eraYear >= 1 || id == .hebrew || era == "aa" && id == .ethiopicAmeteAlem else {
            throw .eraYearOutOfRange(id, era: era, year: eraYear, allowed: 1...Int.max)
        }
        switch (id, era) {
        case (_, "bce"), (_, "broc"), (_, "bh"), (_, "bd"):
            return 1 - eraYear
        case (.ethiopic, "aa"):
            return eraYear - 5500
        case (.japanese, "ce"):
            return eraYear
        case (.japanese, _):
            guard let index = japanese.firstIndex(where: { $0.code == era }) else { return eraYear }
            let first = japanese[index].firstYear
            let last = index + 1 < japanese.count ? japanese[index + 1].firstYear : Int.max
            let (year, overflow) = first.addingReportingOverflow(eraYear - 1)
            guard !overflow, year <= last else {
                throw .eraYearOutOfRange(id, era: era, year: eraYear, allowed: 1...(last == Int.max ? Int.max : last - first + 1))
            }
            return year
        default:
            return eraYear
        }
    }
}
