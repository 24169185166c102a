/// The package's one JSON reader: strict RFC 8259 (no trailing commas,
/// comments, leading zeros, lone surrogates or unescaped control
/// characters; a repeated key in an object is an error), every error with
/// its line and column (`JSONSyntaxError`), and a bounded depth, so no input
/// can exhaust the stack.
///
///     let value = try bytes.withUnsafeBytes { try JSONDocument.parse($0) }
///     value["events"]   // .array([...])
package struct JSONDocument {
    /// Arrays and objects nest at most this deep (the outermost one is
    /// level 1); a deeper document is `JSONSyntaxError.nestedTooDeep`. Far
    /// beyond any document Kalends reads, and shallow enough that the
    /// recursive reader stays well inside a thread's stack.
    package static let maximumDepth = 512

    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    private init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The value of the whole of `bytes` (white space around it allowed).
    package static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONDocument(bytes)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == bytes.count else { throw .textAfterValue(at: reader.position()) }
        return value
    }

    /// The line and column of byte `offset` (default: the current one).
    private func position(_ offset: Int? = nil) -> JSONTextPosition {
        let end = Swift.min(offset ?? index, bytes.count)
        var line = 1, lineStart = 0
        for position in 0..<end where bytes[position] == 10 {
            line += 1
            lineStart = position + 1
        }
        return JSONTextPosition(line: line, column: end - lineStart + 1)
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let byte = peek(), byte == 32 || byte == 9 || byte == 10 || byte == 13 { index += 1 }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard let byte = peek() else { throw .textEnds(.value, at: position()) }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw .expectedValue(at: position())
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        for offset in 0..<word.utf8CodeUnitCount {
            guard start + offset < bytes.count, bytes[start + offset] == word.utf8Start[offset] else {
                throw .expectedLiteral("\(word)", at: position(start))
            }
        }
        index += word.utf8CodeUnitCount
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw .nestedTooDeep(limit: Self.maximumDepth, at: position()) }
        index += 1  // {
        var members: [(key: String, value: JSONValue)] = []
        var keys: Set<String> = []
        skipSpace()
        if peek() == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipSpace()
            guard peek() == UInt8(ascii: "\"") else {
                throw peek() == UInt8(ascii: "}") ? .trailingComma(inObject: true, at: position()) : .expectedMemberName(at: position())
            }
            let keyStart = index
            let key = try string()
            guard keys.insert(key).inserted else { throw .duplicateKey(key, at: position(keyStart)) }
            skipSpace()
            guard peek() == UInt8(ascii: ":") else { throw .expectedColon(at: position()) }
            index += 1
            skipSpace()
            members.append((key, try value(depth: depth)))
            skipSpace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            case nil: throw .textEnds(.object, at: position())
            default: throw .expectedCommaOrClose(inObject: true, at: position())
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw .nestedTooDeep(limit: Self.maximumDepth, at: position()) }
        index += 1  // [
        var elements: [JSONValue] = []
        skipSpace()
        if peek() == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipSpace()
            if peek() == UInt8(ascii: "]") { throw .trailingComma(inObject: false, at: position()) }
            elements.append(try value(depth: depth))
            skipSpace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            case nil: throw .textEnds(.array, at: position())
            default: throw .expectedCommaOrClose(inObject: false, at: position())
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
            if let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { throw .leadingZero(at: position()) }
        } else if digits() == 0 {
            throw .expectedDigit(.integer, at: position())
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw .expectedDigit(.fraction, at: position()) }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw .expectedDigit(.exponent, at: position()) }
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1  // "
        var decoded: [UInt8] = []
        while true {
            guard let byte = peek() else { throw .textEnds(.string, at: position()) }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: decoded, as: UTF8.self) else { throw .invalidUTF8(at: position()) }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard let escape = peek() else { throw .textEnds(.string, at: position()) }
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
                case UInt8(ascii: "b"): decoded.append(8)
                case UInt8(ascii: "f"): decoded.append(12)
                case UInt8(ascii: "n"): decoded.append(10)
                case UInt8(ascii: "r"): decoded.append(13)
                case UInt8(ascii: "t"): decoded.append(9)
                case UInt8(ascii: "u"): decoded.append(contentsOf: try unicodeEscape())
                default: throw .invalidEscape(escape, at: position(index - 2))
                }
            case 0..<0x20:
                throw .unescapedControlCharacter(byte, at: position())
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
                throw .loneSurrogate(first, at: position(start))
            }
            index += 2
            let second = try hex4()
            guard (0xDC00...0xDFFF).contains(second) else {
                throw .loneSurrogate(first, at: position(start))
            }
            value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(first) {
            throw .loneSurrogate(first, at: position(start))
        }
        guard let scalar = Unicode.Scalar(value) else { throw .loneSurrogate(first, at: position(start)) }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Self.hexDigit(byte) else { throw .expectedHexDigits(at: position()) }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// The value of a hex digit (`0-9`, `a-f`, `A-F`), or nil for another byte.
    package static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
