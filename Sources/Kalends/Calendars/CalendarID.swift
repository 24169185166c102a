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
        let key = text.lowercased().replacingOccurrences(of: "_", with: "-")
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

    /// The English name shown by `kalends calendars`.
    public var name: String {
        switch self {
        case .gregorian: "Gregorian (proleptic)"
        case .iso8601: "ISO 8601"
        case .julian: "Julian (proleptic)"
        case .buddhist: "Thai Buddhist"
        case .japanese: "Japanese imperial"
        case .roc: "Republic of China (Minguo)"
        case .hebrew: "Hebrew"
        case .islamic: "Islamic (astronomical)"
        case .islamicCivil: "Islamic civil (tabular, Friday epoch)"
        case .islamicTabular: "Islamic tabular (Thursday epoch)"
        case .islamicUmmAlQura: "Islamic Umm al-Qura"
        case .islamicRGSA: "Islamic (Saudi Arabia sighting)"
        case .persian: "Persian (Solar Hijri)"
        case .indian: "Indian national (Saka)"
        case .coptic: "Coptic"
        case .ethiopic: "Ethiopic (Amete Mihret)"
        case .ethiopicAmeteAlem: "Ethiopic (Amete Alem)"
        case .chinese: "Chinese"
        case .dangi: "Dangi (Korean)"
        }
    }

    /// True for the lunisolar calendars whose leap months have codes like `M04L`.
    public var hasLeapMonthCodes: Bool {
        switch self {
        case .hebrew, .chinese, .dangi: true
        default: false
        }
    }
}
