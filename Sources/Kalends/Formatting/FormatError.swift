/// Why a date could not be written in a locale or with a pattern
/// (`LocalizedDateFormat`).
public enum FormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The locale is not a BCP 47 tag or ICU id ICU can read (`he-u-`,
    /// `he@@@`, the empty string, over 100 bytes).
    case malformedLocale(String)
    /// ICU has no data for the locale's language (`xx`, `qq-QQ`).
    case unknownLocale(String)
    /// A calendar ICU has no formats for (a calendar registered at run time).
    case unsupportedCalendar(String)
    /// A pattern ICU cannot use (`J`), or a zone field (`z`, `Z`, `O`, `v`,
    /// `V`, `X`, `x`): Kalends' dates and wall-clock times carry no zone.
    case invalidPattern(String, detail: String)
    /// ICU failed where it should not have; `status` is ICU's error name.
    case icuFailure(operation: String, status: String)

    public var description: String {
        switch self {
        case .malformedLocale(let locale):
            "malformed locale '\(locale)': \(LocaleIdentifierSyntax.expectation)"
        case .unknownLocale(let locale):
            "unknown locale '\(locale)': ICU has no data for its language (expected e.g. en, he, ar, fa, ja, zh-Hant)"
        case .unsupportedCalendar(let calendar):
            "calendar '\(calendar)' has no ICU date formats (only the built-in calendars are formatted)"
        case .invalidPattern(let pattern, let detail):
            "invalid date pattern \(QuotedText.quoted(pattern)): \(detail)"
        case .icuFailure(let operation, let status):
            "ICU failed to \(operation): \(status)"
        }
    }
}
