/// A property parameter (RFC 5545 section 3.2): its name, upper-cased, and
/// its values in order, unquoted and with RFC 6868's caret escapes
/// (`^n`, `^'`, `^^`) decoded.
///
///     // ATTENDEE;MEMBER="mailto:a@example.com","mailto:b@example.com":...
///     parameter.name    // "MEMBER"
///     parameter.values  // ["mailto:a@example.com", "mailto:b@example.com"]
public struct ICalendarParameter: Hashable, Sendable, CustomStringConvertible {
    /// The name, upper-cased (`TZID`, `X-FOO`).
    public var name: String
    /// The comma-separated values, each unquoted and decoded; at least one (maybe empty).
    public var values: [String]

    /// A parameter named `name` (upper-cased here) with `values`.
    public init(name: String, values: [String]) {
        self.name = ASCIICase.upper(name)
        self.values = values
    }

    /// The values joined by commas: the value of a one-value parameter.
    public var value: String { values.count == 1 ? values[0] : values.joined(separator: ",") }

    /// `NAME=VALUE,...` as written back: each value quoted where it holds
    /// `,`, `;` or `:`, with RFC 6868's escapes.
    public var description: String {
        name + "=" + values.map(ICalendarText.parameterValue).joined(separator: ",")
    }
}
