/// One content line of a component (RFC 5545 section 3.1), unfolded: its
/// name, its parameters in order (a repeated parameter kept twice), its raw
/// value text, and where it was read.
///
///     // SUMMARY;LANGUAGE=en:Lunch\, then a walk
///     property.name                    // "SUMMARY"
///     property.parameter("LANGUAGE")   // "en"
///     property.text                    // "Lunch, then a walk"
public struct ICalendarProperty: Hashable, Sendable {
    /// The name, upper-cased (`DTSTART`, `X-WR-CALNAME`).
    public var name: String
    /// The group written before the name (vCard's `item1` of `item1.TEL`),
    /// as written; nil without one (always in iCalendar).
    public var group: String?
    /// The parameters in the order written.
    public var parameters: [ICalendarParameter]
    /// The value as written after the first unquoted `:`, not unescaped.
    public var value: String
    /// The 1-based number of the line it starts on (its first physical line).
    public var line: Int
    /// The 1-based column where it starts (1).
    public var column: Int
    /// The 1-based column of the value's first character in the unfolded
    /// line, counted in Unicode scalars.
    public var valueColumn: Int
    /// The bytes of the source it spans, folds and its line end included
    /// (empty for a property made in code).
    public var byteRange: Range<Int>

    /// A property made in code (no place in a source).
    public init(name: String, group: String? = nil, parameters: [ICalendarParameter] = [], value: String,
                line: Int = 0, column: Int = 1, valueColumn: Int = 0, byteRange: Range<Int> = 0..<0) {
        self.name = ASCIICase.upper(name)
        self.group = group
        self.parameters = parameters
        self.value = value
        self.line = line
        self.column = column
        self.valueColumn = valueColumn
        self.byteRange = byteRange
    }

    /// The first parameter named `name` (any case), its values joined by commas; nil when absent.
    public func parameter(_ name: String) -> String? {
        if let found = parameters.first(where: { $0.name == name }) { return found.value }
        // A name in capitals (every caller's) was looked for already: no copy, no second search.
        var hasLower = false
        for byte in name.utf8 where byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") {
            hasLower = true
            break
        }
        guard hasLower else { return nil }
        let upper = ASCIICase.upper(name)
        return parameters.first { $0.name == upper }?.value
    }

    /// The value as TEXT (RFC 5545 section 3.3.11): `\n` or `\N` a line
    /// break, `\,` `\;` `\\` the character itself.
    public var text: String { ICalendarText.unescape(Substring(value)) }

    /// The value as a comma-separated TEXT list (CATEGORIES, RESOURCES):
    /// split at unescaped commas, each item unescaped.
    public var texts: [String] { ICalendarText.split(value).map(ICalendarText.unescape) }
}
