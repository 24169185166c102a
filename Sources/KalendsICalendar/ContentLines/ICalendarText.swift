/// The escapes of iCalendar text: TEXT values (RFC 5545 section 3.3.11) and
/// parameter values (section 3.2, with RFC 6868's caret escapes).
///
///     ICalendarText.escape("a, b; c")              // "a\\, b\\; c"
///     ICalendarText.unescape("a\\, b\\nc")         // "a, b\nc"
///     ICalendarText.parameterValue("Lunch: \"A\"") // "\"Lunch: ^'A^'\""
public enum ICalendarText {
    /// A TEXT value unescaped: `\n` and `\N` a line feed; `\,` `\;` `\\` the
    /// character; a backslash before anything else is kept, as most readers do.
    public static func unescape(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return String(text) }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        var escaped = false
        for byte in text.utf8 {
            if escaped {
                switch byte {
                case UInt8(ascii: "n"), UInt8(ascii: "N"): result.append(10)
                case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\\"): result.append(byte)
                default: result.append(UInt8(ascii: "\\")); result.append(byte)
                }
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                result.append(byte)
            }
        }
        if escaped { result.append(UInt8(ascii: "\\")) }
        return String(decoding: result, as: UTF8.self)
    }

    /// Text as a TEXT value: `\` `,` `;` escaped, a line break (LF, CR LF or CR) as `\n`.
    public static func escape(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        var afterCR = false
        for byte in text.utf8 {
            if byte == 10 && afterCR { afterCR = false; continue }
            afterCR = byte == 13
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: ","), UInt8(ascii: ";"): result.append(UInt8(ascii: "\\")); result.append(byte)
            case 10, 13: result.append(UInt8(ascii: "\\")); result.append(UInt8(ascii: "n"))
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// A TEXT list's items: the value split at commas no backslash escapes (not unescaped).
    public static func split(_ value: String) -> [Substring] {
        var items: [Substring] = []
        var start = value.utf8.startIndex, escaped = false
        var index = start
        while index < value.utf8.endIndex {
            let byte = value.utf8[index]
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: ",") {
                items.append(value[start..<index])
                start = value.utf8.index(after: index)
            }
            index = value.utf8.index(after: index)
        }
        items.append(value[start..<value.utf8.endIndex])
        return items
    }

    /// A parameter value as written: RFC 6868's `^^`, `^n` (a line break) and
    /// `^'` (a double quote), in double quotes when it holds `,` `;` `:`
    /// or was escaped with `^'`.
    public static func parameterValue(_ value: String) -> String {
        var result: [UInt8] = []
        var needsQuotes = false
        var afterCR = false
        for byte in value.utf8 {
            if byte == 10 && afterCR { afterCR = false; continue }
            afterCR = byte == 13
            switch byte {
            case UInt8(ascii: "^"): result += [UInt8(ascii: "^"), UInt8(ascii: "^")]
            case 10, 13: result += [UInt8(ascii: "^"), UInt8(ascii: "n")]
            case UInt8(ascii: "\""): result += [UInt8(ascii: "^"), UInt8(ascii: "'")]
            case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"): needsQuotes = true; result.append(byte)
            default: result.append(byte)
            }
        }
        let text = String(decoding: result, as: UTF8.self)
        return needsQuotes ? "\"" + text + "\"" : text
    }

    /// RFC 6868's caret escapes decoded: `^n` a line feed, `^'` a double
    /// quote, `^^` a caret; a caret before anything else is kept.
    static func decodeCarets(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "^")) else { return String(decoding: bytes, as: UTF8.self) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "^"), index + 1 < bytes.count {
                switch bytes[index + 1] {
                case UInt8(ascii: "n"), UInt8(ascii: "N"): result.append(10); index += 2; continue
                case UInt8(ascii: "'"): result.append(UInt8(ascii: "\"")); index += 2; continue
                case UInt8(ascii: "^"): result.append(UInt8(ascii: "^")); index += 2; continue
                default: break
                }
            }
            result.append(byte)
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}
