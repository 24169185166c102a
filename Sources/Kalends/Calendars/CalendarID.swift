/// The calendars Kalends knows, named by their ICU/CLDR calendar keys.
///
/// `CalendarID(parsing:)` also accepts common aliases (`gregory`, `ethioaa`, ...).
public enum CalendarID: String, CaseIterable, Sendable, Codable, Hashable, CustomStringConvertible {
    case gregorian
    case iso8601
    case julian
    case buddhist
    case japanese
    case roc
    case hebrew
    case islamic
    case islamicCivil = "islamic-civil"
    case islamicTabular = "islamic-tbla"
    case islamicUmmAlQura = "islamic-umalqura"
    case islamicRGSA = "islamic-rgsa"
    case persian
    case indian
    case coptic
    case ethiopic
    case ethiopicAmeteAlem = "ethiopic-amete-alem"
    case chinese
    case dangi

    /// The CLDR key, e.g. `islamic-umalqura`.
    public var description: String { rawValue }

    /// Parses a calendar key or a common alias, case-insensitively.
    public init(parsing text: String) throws(ConversionError) {
        // Plain String work, not Foundation's: a one-date process then never starts CoreFoundation.
        let key = String(text.lowercased().map { $0 == "_" ? "-" : $0 })
        if let id = CalendarID(rawValue: key) {
            self = id
        } else if let id = CalendarID.aliases[key] {
            self = id
        } else {
            throw .unknownCalendar(text)
        }
    }

    private static let aliases: [String: CalendarID] = [
        "gregory": .gregorian, "iso": .iso8601, "iso-8601": .iso8601, "proleptic-gregorian": .gregorian,
        "buddhist-era": .buddhist, "thai": .buddhist, "minguo": .roc, "republic-of-china": .roc,
        "republicofchina": .roc, "jewish": .hebrew, "hijri": .islamic, "islamiccivil": .islamicCivil,
        "islamic-tabular": .islamicTabular, "islamictabular": .islamicTabular, "islamic-tbla-civil": .islamicTabular,
        "umalqura": .islamicUmmAlQura, "umm-al-qura": .islamicUmmAlQura, "islamicummalqura": .islamicUmmAlQura,
        "islamic-umm-al-qura": .islamicUmmAlQura, "rgsa": .islamicRGSA, "solar-hijri": .persian,
        "jalali": .persian, "saka": .indian, "indian-national": .indian, "ethioaa": .ethiopicAmeteAlem,
        "ethiopic-aa": .ethiopicAmeteAlem, "ethiopicametealem": .ethiopicAmeteAlem,
        "ethiopic-amete-mihret": .ethiopic, "ethiopicametemihret": .ethiopic, "ethiopian": .ethiopic,
        "korean": .dangi, "old-julian": .julian,
    ]

    /// The position in `allCases`: the index of its `CalendarIdentifier`.
    ///
    /// Not numbered by hand: an enum without payloads is stored as its case's
    /// index in declaration order (the Swift ABI's enum layout), which is the
    /// order of `allCases`; `CalendarIDTests` holds the two equal.
    @inlinable
    public var ordinal: UInt16 {
        UInt16(unsafeBitCast(self, to: UInt8.self))
    }

    /// The English name shown by `kalends calendars` (the calendar's own fact).
    public var name: String { BuiltInFacts(self).name }

    /// True for the lunisolar calendars whose leap months have codes like `M04L`.
    public var hasLeapMonthCodes: Bool { BuiltInFacts(self).hasLeapMonths }
}
