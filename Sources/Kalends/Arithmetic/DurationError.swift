/// Why a duration could not be read or built.
///
/// Messages name the offending text and where in it the problem is, so
/// `kalends add 2024-03-15 P1X` can say "at character 3".
public enum DurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not an ISO 8601 duration; `position` is the 0-based
    /// character offset of the first character that could not be read.
    case malformed(text: String, position: Int, expected: String)
    /// A field does not fit (more than 18 digits, or a total beyond what
    /// the arithmetic can hold); `field` names it (`years`, `hours`, ...).
    case tooLarge(text: String, field: String)
    /// Fields of one duration must share a sign (`P1M` with `-1D` is not a duration).
    case mixedSigns(fields: String)

    public var description: String {
        switch self {
        case .malformed(let text, let position, let expected):
            let shown = text.count > 60 ? String(text.prefix(60)) + "..." : text
            return "cannot read duration '\(shown)' at character \(position + 1): expected \(expected) (e.g. P1Y2M10DT2H30M, -P3W, PT0.5S)"
        case .tooLarge(let text, let field):
            let shown = text.count > 60 ? String(text.prefix(60)) + "..." : text
            return "duration '\(shown)' is too large: its \(field) do not fit"
        case .mixedSigns(let fields):
            return "duration fields must all have the same sign, got \(fields)"
        }
    }
}
