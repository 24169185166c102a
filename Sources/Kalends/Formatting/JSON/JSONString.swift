/// JSON string literals as RFC 8259 requires them: the one place that
/// knows which bytes need an escape and how each is written. `JSONObject`,
/// `DateJSON`'s byte writers and the layout writer all quote through it.
package enum JSONString {
    /// Whether `byte` (of UTF-8) cannot stand as it is inside a JSON string:
    /// a control character, `"` or `\`.
    @inline(__always)
    package static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Whether `utf8` can be written between quotes as it is.
    @inline(__always)
    package static func isPlain(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in utf8 where needsEscape(byte) { return false }
        return true
    }

    /// Whether `text` can be written between quotes as it is.
    @inline(__always)
    package static func isPlain(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isPlain($0) }
    }

    /// `value` as a JSON string literal, quotes included.
    package static func quoted(_ value: String) -> String {
        // Most values (names, codes, dates) need no escape: copy them whole.
        if isPlain(value) { return "\"" + value + "\"" }
        var result = "\""
        for scalar in value.unicodeScalars {
            if let escape = escape(scalar) { result += escape } else { result.unicodeScalars.append(scalar) }
        }
        return result + "\""
    }

    /// The escape `scalar` is written as, or nil for one written as it is:
    /// the short forms RFC 8259 has, `\u00XX` for the other controls.
    private static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x22: return "\\\""
        case 0x5C: return "\\\\"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0..<0x20:
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: return nil
        }
    }

    /// Appends `quoted(value)`'s UTF-8 to `bytes`, copying a plain value whole.
    @inline(__always)
    package static func append(_ value: String, to bytes: inout [UInt8]) {
        var value = value
        let copied = value.withUTF8 { utf8 -> Bool in
            guard isPlain(utf8) else { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if !copied { bytes.append(contentsOf: quoted(value).utf8) }
    }
}
