import Kalends
import KalendsICalendar

/// The text of a vCard value: quoted-printable decoded (vCard 2.1's
/// `ENCODING=QUOTED-PRINTABLE`, which exporters also put in 3.0 cards), its
/// bytes read in the CHARSET it names (through ICU's converters: UTF-8,
/// ISO-8859-1, windows-1252, Shift_JIS, ...), then the escapes `\n \, \; \\`
/// decoded; a compound value (N, ADR, ORG) split at unescaped `;` first.
public enum VCardText {
    /// Whether `property`'s value is quoted-printable.
    static func isQuotedPrintable(_ property: ICalendarProperty) -> Bool {
        property.parameters.contains { $0.name == "ENCODING" && $0.values.contains { $0.uppercased() == "QUOTED-PRINTABLE" } }
    }

    /// The value's characters: quoted-printable and the charset decoded
    /// (its line breaks, `=0D=0A` or `=0D`, as `\n`, as in the other versions), escapes not.
    /// - Throws: `ContentLineError` for a charset nobody knows.
    public static func raw(_ property: ICalendarProperty) throws(ContentLineError) -> String {
        guard isQuotedPrintable(property) else { return property.value }
        var bytes = QuotedPrintable.decode(Array(property.value.utf8))
        if bytes.contains(13) {
            var lines: [UInt8] = []
            lines.reserveCapacity(bytes.count)
            for (index, byte) in bytes.enumerated() where !(byte == 13 && index + 1 < bytes.count && bytes[index + 1] == 10) {
                lines.append(byte == 13 ? 10 : byte)
            }
            bytes = lines
        }
        return try decode(bytes, charset: property.parameter("CHARSET"), property: property.name)
    }

    /// The value as one text: escapes decoded (vCard 2.1 has none outside compound values).
    public static func text(_ property: ICalendarProperty, version: String = "4.0") throws(ContentLineError) -> String {
        let raw = try raw(property)
        return version == "2.1" ? raw : unescaped(raw)
    }

    /// The value's components (N, ADR, ORG: split at unescaped `;`), each
    /// unescaped (in vCard 2.1 only `\;` is an escape).
    public static func components(_ property: ICalendarProperty, version: String = "4.0") throws(ContentLineError) -> [String] {
        split(try raw(property), at: UInt8(ascii: ";")).map { part in
            version == "2.1" ? unescapingSemicolons(part) : unescaped(part)
        }
    }

    /// A list value (NICKNAME, CATEGORIES: split at unescaped `,`), each unescaped, empty items dropped.
    public static func list(_ property: ICalendarProperty, version: String = "4.0") throws(ContentLineError) -> [String] {
        split(try raw(property), at: UInt8(ascii: ",")).map { version == "2.1" ? $0 : unescaped($0) }
            .filter { !$0.isEmpty }
    }

    /// vCard 2.1's one escape, `\;`, decoded.
    static func unescapingSemicolons(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        var bytes: [UInt8] = []
        var previousBackslash = false
        for byte in text.utf8 {
            if previousBackslash && byte == UInt8(ascii: ";") { bytes.removeLast() }
            previousBackslash = byte == UInt8(ascii: "\\") && !previousBackslash
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` split at each `separator` that no backslash escapes (the parts keep their escapes).
    static func split(_ text: String, at separator: UInt8) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var parts: [String] = []
            var start = 0, index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == separator {
                    parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                    start = index + 1
                }
                index += 1
            }
            parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[Swift.min(start, bytes.count)..<bytes.count]), as: UTF8.self))
            return parts
        }
    }

    /// Text with its escapes decoded (the text itself when it has none).
    static func unescaped(_ text: String) -> String {
        text.utf8.contains(UInt8(ascii: "\\")) ? ICalendarValue.Text.read(Substring(text)) : text
    }

    /// `bytes` read in `charset` (nil: as UTF-8, a byte that is not replaced by U+FFFD).
    /// - Throws: `ContentLineError` when ICU knows no such charset.
    static func decode(_ bytes: [UInt8], charset: String?, property: String) throws(ContentLineError) -> String {
        guard let charset else { return String(decoding: bytes, as: UTF8.self) }
        guard let text = TextCharsets.decode(bytes, charset: charset) else {
            throw ContentLineError(.malformedValue(type: "CHARSET", text: charset), property: property)
        }
        return text
    }
}

/// Quoted-printable (RFC 2045 section 6.7), as vCard 2.1 uses it: `=XX` a
/// byte in hexadecimal (either case), other bytes as they are; soft line
/// breaks are already joined by the reader. A `=` not followed by two
/// hexadecimal digits is kept as it is, as mail readers do.
public enum QuotedPrintable {
    /// The bytes `text` stands for.
    public static func decode(_ text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "="), index + 2 < text.count,
               let high = hex(text[index + 1]), let low = hex(text[index + 2]) {
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(byte)
                index += 1
            }
        }
        return result
    }

    /// `bytes` written as quoted-printable: printable ASCII but `=` as it
    /// is, everything else (and `=`) as `=XX`.
    public static func encode(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var result: [UInt8] = []
        for byte in bytes {
            if (byte >= 33 && byte <= 126 && byte != UInt8(ascii: "=")) || byte == 32 {
                result.append(byte)
            } else {
                result += [UInt8(ascii: "="), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: return byte - 48
        case 65...70: return byte - 55
        case 97...102: return byte - 87
        default: return nil
        }
    }
}
