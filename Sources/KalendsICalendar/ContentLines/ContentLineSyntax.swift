/// The content-line syntax a format adds to RFC 5545's (section 3.1), read
/// by the one scanner and parser every format shares. iCalendar adds
/// nothing; vCard (RFC 6350 section 3.3, RFC 2426, vCard 2.1) adds groups,
/// 2.1's bare parameters and its quoted-printable soft line breaks.
public struct ContentLineSyntax: Hashable, Sendable {
    /// A name may have a group before it: `item1.TEL` (vCard), kept as the property's `group`.
    public var groups: Bool
    /// A parameter without `=` is a type or an encoding (vCard 2.1:
    /// `TEL;HOME;VOICE:` is `TYPE=HOME,VOICE`, `QUOTED-PRINTABLE` is
    /// `ENCODING=QUOTED-PRINTABLE`), not a defect.
    public var bareParameters: Bool
    /// A line of a quoted-printable value (vCard 2.1) that ends in `=`
    /// goes on in the next physical line, which has no leading space: the
    /// `=` is a soft line break and is dropped.
    public var quotedPrintableSoftBreaks: Bool
    /// A value whose bytes are not UTF-8 is read in the charset its
    /// `CHARSET` parameter names (vCard 2.1: `N;CHARSET=windows-1252:M\xFCller`);
    /// without one it stays a defect.
    public var charsetParameter: Bool

    /// A syntax with these additions.
    public init(groups: Bool = false, bareParameters: Bool = false, quotedPrintableSoftBreaks: Bool = false, charsetParameter: Bool = false) {
        self.groups = groups
        self.bareParameters = bareParameters
        self.quotedPrintableSoftBreaks = quotedPrintableSoftBreaks
        self.charsetParameter = charsetParameter
    }

    /// RFC 5545's own.
    public static let iCalendar = ContentLineSyntax()
    /// vCard's, every version: groups, bare parameters, soft line breaks, charsets.
    public static let vCard = ContentLineSyntax(groups: true, bareParameters: true, quotedPrintableSoftBreaks: true, charsetParameter: true)

    /// The encodings a bare parameter names (vCard 2.1); any other bare parameter is a type.
    static let bareEncodings: Set<String> = ["QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT", "B"]
}
