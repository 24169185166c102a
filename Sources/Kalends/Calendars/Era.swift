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

    /// An era without a Temporal code: Foundation's era number and the year
    /// in it (what a calendar defined outside Kalends gives, or Chinese cycles).
    public init(value: Int, year: Int) {
        self.init(codeIndex: EraCode.none, value: value, year: year)
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

    /// Two eras split at year 1: `after` (value 1) for years from 1, `before`
    /// (value 0, counting back from 1) below, as ICU numbers CE/BCE, ROC/BROC, AM/BD.
    @inline(__always)
    static func split(_ year: Int, after: UInt32, before: UInt32) -> Era {
        year >= 1 ? Era(codeIndex: after, value: 1, year: year) : Era(codeIndex: before, value: 0, year: 1 &- year)
    }

    /// One era (value 0) holding every year as it is.
    @inline(__always)
    static func single(_ year: Int, _ code: UInt32) -> Era { Era(codeIndex: code, value: 0, year: year) }
}
