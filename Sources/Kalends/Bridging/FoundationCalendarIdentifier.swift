import FoundationEssentials
import FoundationInternationalization

extension CalendarID {
    /// Foundation's identifier for this calendar, or nil where Foundation has
    /// none (`julian`, `islamic-rgsa`). Note that Foundation on Linux gives
    /// wrong fields for some of these; see Docs/Conformance.md.
    public var foundationIdentifier: Calendar.Identifier? {
        switch self {
        case .gregorian: .gregorian
        case .iso8601: .iso8601
        case .julian: nil
        case .buddhist: .buddhist
        case .japanese: .japanese
        case .roc: .republicOfChina
        case .hebrew: .hebrew
        case .islamic: .islamic
        case .islamicCivil: .islamicCivil
        case .islamicTabular: .islamicTabular
        case .islamicUmmAlQura: .islamicUmmAlQura
        case .islamicRGSA: nil
        case .persian: .persian
        case .indian: .indian
        case .coptic: .coptic
        case .ethiopic: .ethiopicAmeteMihret
        case .ethiopicAmeteAlem: .ethiopicAmeteAlem
        case .chinese: .chinese
        case .dangi: .dangi
        }
    }

    /// The calendar for a Foundation identifier, or nil for identifiers Kalends lacks.
    public init?(_ identifier: Calendar.Identifier) {
        guard let match = CalendarID.allCases.first(where: { $0.foundationIdentifier == identifier }) else { return nil }
        self = match
    }
}
