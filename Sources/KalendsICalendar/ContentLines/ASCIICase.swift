/// Names (of components, properties, parameters) in capitals, as RFC 5545
/// compares them: case-insensitively.
enum ASCIICase {
    /// `text` in capitals; no work beyond a scan when it has no small letter (the usual case).
    static func upper<S: StringProtocol>(_ text: S) -> String {
        text.utf8.contains(where: { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) ? text.uppercased() : String(text)
    }
}
