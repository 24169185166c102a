import Kalends

extension ICalendarValue {
    /// TEXT (section 3.3.11): `\n` and `\N` a line break, `\,` `\;` `\\` the character.
    public enum Text {
        /// The text: escapes decoded; a backslash before anything else is kept, as most readers do.
        public static func read(_ value: Substring) -> String { ICalendarText.unescape(value) }

        /// The value of `text`: `\` `,` `;` escaped, a line break (LF, CR LF or CR) as `\n`.
        public static func write(_ text: String) -> String { ICalendarText.escape(text) }

        /// The items of a TEXT list (CATEGORIES, RESOURCES): split at unescaped commas, each read.
        public static func readList(_ value: String) -> [String] { ICalendarText.split(value).map(ICalendarText.unescape) }

        /// A TEXT list's value: each item escaped, joined by commas.
        public static func writeList(_ items: [String]) -> String { items.map(write).joined(separator: ",") }
    }

    /// INTEGER (section 3.3.8): `[+-]digits`, -2147483648 ... 2147483647.
    public enum Integer {
        /// The number.
        /// - Throws: `ContentLineError` (`.malformedValue`).
        public static func read(_ text: Substring, property: String) throws(ContentLineError) -> Int {
            let fail = ContentLineError(.malformedValue(type: "INTEGER", text: String(text)), property: property)
            var bytes = text.utf8[...]
            var negative = false
            if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
                negative = first == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            guard !bytes.isEmpty, bytes.count <= 10 else { throw fail }
            var value = 0
            for byte in bytes {
                guard byte >= 48 && byte <= 57 else { throw fail }
                value = value * 10 + Int(byte - 48)
            }
            let signed = negative ? -value : value
            guard signed >= Int(Int32.min) && signed <= Int(Int32.max) else { throw fail }
            return signed
        }

        /// The number in decimal.
        public static func write(_ value: Int) -> String { String(value) }
    }

    /// FLOAT (section 3.3.7): `[+-]digits[.digits]`.
    public enum Float {
        /// Whether `text` is a FLOAT.
        static func isFloat(_ text: Substring) -> Bool {
            var bytes = text.utf8[...]
            if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
            guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return false }
            return parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy { $0 >= 48 && $0 <= 57 })
        }

        /// The number.
        /// - Throws: `ContentLineError` (`.malformedValue`).
        public static func read(_ text: Substring, property: String) throws(ContentLineError) -> Double {
            guard isFloat(text), let value = Double(String(text)) else {
                throw ContentLineError(.malformedValue(type: "FLOAT", text: String(text)), property: property)
            }
            return value
        }

        /// The number in decimal (no exponent).
        public static func write(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        }
    }

    /// BOOLEAN (section 3.3.2): `TRUE` or `FALSE`, in any case.
    public enum Boolean {
        /// The truth value.
        /// - Throws: `ContentLineError` (`.malformedValue`).
        public static func read(_ text: Substring, property: String) throws(ContentLineError) -> Bool {
            switch ASCIICase.upper(text) {
            case "TRUE": return true
            case "FALSE": return false
            default: throw ContentLineError(.malformedValue(type: "BOOLEAN", text: String(text)), property: property)
            }
        }

        /// `TRUE` or `FALSE`.
        public static func write(_ value: Bool) -> String { value ? "TRUE" : "FALSE" }
    }

    /// URI (section 3.3.13) and CAL-ADDRESS (section 3.3.3, a URI such as
    /// `mailto:`): a scheme (a letter, then letters, digits, `+`, `-`, `.`), a colon and the rest.
    public enum URI {
        /// The URI as written.
        /// - Throws: `ContentLineError` (`.malformedValue`) when it has no scheme.
        public static func read(_ text: Substring, property: String, type: String = "URI") throws(ContentLineError) -> String {
            var sawScheme = false
            for (index, byte) in text.utf8.enumerated() {
                if byte == UInt8(ascii: ":") { sawScheme = index > 0; break }
                let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                let other = (byte >= 48 && byte <= 57) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                guard letter || (index > 0 && other) else { break }
            }
            guard sawScheme else { throw ContentLineError(.malformedValue(type: type, text: String(text)), property: property) }
            return String(text)
        }

        /// The URI as it is.
        public static func write(_ uri: String) -> String { uri }
    }

    /// BINARY (section 3.3.1): base64 (RFC 4648), `=` padded.
    public enum Binary {
        /// The bytes.
        /// - Throws: `ContentLineError` (`.malformedValue`) for text that is not base64.
        public static func read(_ text: Substring, property: String) throws(ContentLineError) -> [UInt8] {
            let fail = ContentLineError(.malformedValue(type: "BINARY (base64)", text: String(text.prefix(40))), property: property)
            var bytes: [UInt8] = []
            var buffer = 0, bits = 0, padding = 0
            for byte in text.utf8 {
                let value: Int
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = Int(byte - UInt8(ascii: "A"))
                case UInt8(ascii: "a")...UInt8(ascii: "z"): value = Int(byte - UInt8(ascii: "a")) + 26
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int(byte - UInt8(ascii: "0")) + 52
                case UInt8(ascii: "+"): value = 62
                case UInt8(ascii: "/"): value = 63
                case UInt8(ascii: "="): padding += 1; continue
                default: throw fail
                }
                guard padding == 0 else { throw fail }
                buffer = (buffer << 6) | value
                bits += 6
                if bits >= 8 {
                    bits -= 8
                    bytes.append(UInt8(truncatingIfNeeded: buffer >> bits))
                    buffer &= (1 << bits) - 1
                }
            }
            guard padding <= 2, (text.utf8.count % 4 == 0) || padding == 0 else { throw fail }
            return bytes
        }

        /// Base64 of `bytes`, `=` padded.
        public static func write(_ bytes: [UInt8]) -> String {
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
            var result: [UInt8] = []
            result.reserveCapacity((bytes.count + 2) / 3 * 4)
            var index = 0
            while index < bytes.count {
                let chunk = bytes[index..<Swift.min(index + 3, bytes.count)]
                var value = 0
                for byte in chunk { value = (value << 8) | Int(byte) }
                value <<= 8 * (3 - chunk.count)
                for position in 0..<4 {
                    result.append(position <= chunk.count ? alphabet[(value >> (18 - 6 * position)) & 63] : UInt8(ascii: "="))
                }
                index += 3
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// RECUR (section 3.3.10): an RRULE's value.
    public enum Recur {
        /// The rule.
        /// - Throws: `RuleError` with the part at fault and its offset.
        public static func read(_ text: Substring) throws(RuleError) -> RecurrenceRule {
            try RecurrenceRule(parsing: String(text))
        }

        /// The rule's canonical text.
        public static func write(_ rule: RecurrenceRule) -> String { rule.description }
    }
}
