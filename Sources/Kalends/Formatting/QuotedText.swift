/// Text a message shows back to its reader (a pattern, a date, a name, as
/// typed): quoted so that it can be told from the words around it, with
/// nothing a terminal would act on, and cut when it is long.
///
///     QuotedText.quoted("d MMM")          // 'd MMM'
///     QuotedText.quoted("'")              // "'"   (not '\'')
///     QuotedText.quoted("a\u{1B}[31m")    // 'a\u{1B}[31m'
///
/// The quote is `'` unless the text holds a `'` and no `"`: then it is `"`,
/// so the text is shown as typed, with no escape in it. Only text holding
/// both gets `\'` for its single quotes. Control and format characters are
/// written as escapes (`\n`, `\t`, `\u{1B}`), so every message is one line.
public enum QuotedText {
    /// `text` in quotes, cut after `limit` Unicode scalars with `...`.
    public static func quoted(_ text: String, limit: Int = .max) -> String {
        var hasSingle = false, hasDouble = false
        for scalar in text.unicodeScalars.prefix(limit) {
            if scalar == "'" { hasSingle = true } else if scalar == "\"" { hasDouble = true }
        }
        let quote: Unicode.Scalar = hasSingle && !hasDouble ? "\"" : "'"
        var result = String(quote)
        result += escaped(text, limit: limit, escaping: hasSingle && hasDouble ? "'" : nil)
        result.unicodeScalars.append(quote)
        return result
    }

    /// `text` with control and format characters as escapes (`\n`, `\r`,
    /// `\t`, `\u{1B}`) and `escaping` (a quote) as `\'`; cut after `limit`
    /// scalars with `...`.
    public static func escaped(_ text: String, limit: Int = .max, escaping quote: Unicode.Scalar? = nil) -> String {
        // Printable ASCII within the limit, without the quote, is its own escape (a list of 10,000 names is mostly that).
        let quoteByte = quote.flatMap { $0.isASCII ? UInt8($0.value) : nil }
        if text.utf8.count <= limit, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != quoteByte }) { return text }
        return escapedByScalars(text, limit: limit, escaping: quote)
    }

    /// `escaped`, scalar by scalar: the reference its fast path is tested against.
    static func escapedByScalars(_ text: String, limit: Int = .max, escaping quote: Unicode.Scalar? = nil) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            guard count < limit else { return result + "..." }
            count += 1
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if let quote, scalar == quote {
                    result += "\\" + String(scalar)
                } else if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || scalar.properties.generalCategory == .format
                    || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
