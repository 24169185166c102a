/// String building for SVG without Foundation: XML escaping and compact
/// number formatting.
public enum SVGText {
    /// `text` safe inside XML character data and double- or single-quoted
    /// attributes: the five special characters become entities and the
    /// characters XML 1.0 forbids (most C0 controls, U+FFFE, U+FFFF) become
    /// U+FFFD, so any title yields well-formed XML.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `value` with at most two decimals and no exponent: `12`, `12.5`,
    /// `-0.25`. Non-finite values print as `0` (SVG has no NaN).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = WholeNumbers.nearest(Swift.min(Swift.max(value, -1e12), 1e12) * 100)
        let negative = hundredths < 0
        let magnitude = Int64(negative ? -hundredths : hundredths)
        let whole = magnitude / 100
        let fraction = magnitude % 100
        var text = negative && magnitude != 0 ? "-" : ""
        text += String(whole)
        if fraction != 0 {
            text += "."
            text += fraction < 10 ? "0" + String(fraction) : String(fraction % 10 == 0 ? fraction / 10 : fraction)
        }
        return text
    }
}
