import Kalends

/// A JSON document read strictly by RFC 8259, for `kalends layout`'s input
/// when the one-pass fast reader declines it (anything unusual, and every
/// error): each error names its line and column (counted in bytes from 1)
/// and what was wrong there. Numbers keep their text; objects keep their
/// members in order, and a repeated key is an error.
indirect enum JSONValue: Equatable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)): return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let x), .array(let y)): return x == y
        case (.string(let x), .string(let y)), (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }

    /// The member `key` of an object (nil for another value or a missing key).
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}

/// Where a JSON document stops being JSON, and why.
struct JSONSyntaxError: Error, CustomStringConvertible {
    let line: Int
    let column: Int
    let reason: String

    var description: String { "syntax error at line \(line), column \(column): \(reason)" }
}

/// The reader of `JSONValue`s.
struct JSONDocument {
    /// Arrays and objects nest at most this deep.
    static let maximumDepth = 512

    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    private init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The value of the whole of `bytes` (white space around it allowed).
    static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONDocument(bytes)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == bytes.count else { throw reader.failure("text after the JSON value") }
        return value
    }

    private func failure(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        let end = Swift.min(offset ?? index, bytes.count)
        var line = 1, lineStart = 0
        for position in 0..<end where bytes[position] == 10 {
            line += 1
            lineStart = position + 1
        }
        return JSONSyntaxError(line: line, column: end - lineStart + 1, reason: reason)
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let byte = peek(), byte == 32 || byte == 9 || byte == 10 || byte == 13 { index += 1 }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard let byte = peek() else { throw failure("the text ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("expected a value (an object, array, string, number, true, false or null)")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        for offset in 0..<word.utf8CodeUnitCount {
            guard start + offset < bytes.count, bytes[start + offset] == word.utf8Start[offset] else {
                throw failure("expected \(word)", at: start)
            }
        }
        index += word.utf8CodeUnitCount
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) levels deep") }
        index += 1  // {
        var members: [(key: String, value: JSONValue)] = []
        var keys: Set<String> = []
        skipSpace()
        if peek() == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipSpace()
            guard peek() == UInt8(ascii: "\"") else {
                throw failure(peek() == UInt8(ascii: "}") ? "a comma before '}' (no member follows it)" : "expected a member name in quotes")
            }
            let keyStart = index
            let key = try string()
            guard keys.insert(key).inserted else { throw failure("the key \(JSONObject.quoted(Echo.cut(key))) appears twice in one object", at: keyStart) }
            skipSpace()
            guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after a member name") }
            index += 1
            skipSpace()
            members.append((key, try value(depth: depth)))
            skipSpace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            case nil: throw failure("the text ends inside an object")
            default: throw failure("expected ',' or '}' after a member")
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) levels deep") }
        index += 1  // [
        var elements: [JSONValue] = []
        skipSpace()
        if peek() == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipSpace()
            if peek() == UInt8(ascii: "]") { throw failure("a comma before ']' (no value follows it)") }
            elements.append(try value(depth: depth))
            skipSpace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            case nil: throw failure("the text ends inside an array")
            default: throw failure("expected ',' or ']' after a value")
            }
        }
    }

    /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, as its text.
    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = index
        func digits() -> Int {
            let first = index
            while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - first
        }
        if peek() == UInt8(ascii: "-") { index += 1 }
        if peek() == UInt8(ascii: "0") {
            index += 1
            if let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { throw failure("a number may not start with 0") }
        } else if digits() == 0 {
            throw failure("expected a digit")
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("expected a digit after '.'") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("expected a digit in the exponent") }
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1  // "
        var decoded: [UInt8] = []
        while true {
            guard let byte = peek() else { throw failure("the text ends inside a string") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: decoded, as: UTF8.self) else { throw failure("a string is not valid UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard let escape = peek() else { throw failure("the text ends inside a string") }
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
                case UInt8(ascii: "b"): decoded.append(8)
                case UInt8(ascii: "f"): decoded.append(12)
                case UInt8(ascii: "n"): decoded.append(10)
                case UInt8(ascii: "r"): decoded.append(13)
                case UInt8(ascii: "t"): decoded.append(9)
                case UInt8(ascii: "u"): decoded.append(contentsOf: try unicodeEscape())
                default: throw failure("'\\\(Character(Unicode.Scalar(escape)))' is not a JSON escape", at: index - 2)
                }
            case 0..<0x20:
                throw failure("a control character (U+\(String(byte, radix: 16, uppercase: true))) in a string must be escaped")
            default:
                decoded.append(byte)
                index += 1
            }
        }
    }

    /// The UTF-8 of `\uXXXX` (after the `u`), or of a surrogate pair of two.
    private mutating func unicodeEscape() throws(JSONSyntaxError) -> [UInt8] {
        let start = index - 2
        let first = try hex4()
        var value = first
        if (0xD800...0xDBFF).contains(first) {
            guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure("\\u\(String(first, radix: 16, uppercase: true)) is half of a surrogate pair without the other half", at: start)
            }
            index += 2
            let second = try hex4()
            guard (0xDC00...0xDFFF).contains(second) else {
                throw failure("\\u\(String(first, radix: 16, uppercase: true)) is half of a surrogate pair without the other half", at: start)
            }
            value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(first) {
            throw failure("\\u\(String(first, radix: 16, uppercase: true)) is half of a surrogate pair without the other half", at: start)
        }
        guard let scalar = Unicode.Scalar(value) else { throw failure("not a Unicode scalar", at: start) }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Self.hexDigit(byte) else { throw failure("expected four hex digits after \\u") }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
