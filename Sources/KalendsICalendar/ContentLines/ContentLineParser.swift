import Kalends

/// Why a logical line does not read as a content line.
enum ContentLineFault: Error {
    /// Its syntax (`NAME;PARAM=VALUE:VALUE`): the library's `ContentLineError`, with its column.
    case syntax(ContentLineError)
    /// Bytes that are not UTF-8, at this 1-based column (in Unicode scalars of the unfolded line).
    case invalidUTF8(column: Int)
}

/// Reads one unfolded content line's bytes (RFC 5545 section 3.1):
/// `NAME *(";" PARAM) ":" VALUE`, names upper-cased, parameter values
/// unquoted and split at commas outside quotes, RFC 6868's escapes decoded.
package enum ContentLineParser {
    /// The 1-based column (in Unicode scalars) of byte `offset`.
    static func column(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Int {
        if isASCII { return offset + 1 }
        var count = 0
        for index in 0..<Swift.min(offset, bytes.count) where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count + 1
    }

    /// Nil when `bytes` are UTF-8, else the byte offset of the first that is not.
    /// Overlong forms, surrogates and values past U+10FFFF are refused, as Swift's String does.
    package static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int
            var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            let second = bytes[index + 1]
            guard second >= lower && second <= upper else { return index }
            for next in (index + 2)..<(index + length) where bytes[next] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }

    /// Whether the bytes are all ASCII (the fast path for columns).
    @inline(__always)
    package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var combined: UInt8 = 0
        for byte in bytes { combined |= byte }
        return combined < 0x80
    }

    @inline(__always)
    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
    }

    /// A name's bytes upper-cased (ASCII letters only: names are ASCII).
    @inline(__always)
    private static func upperName(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var lower = false
        for byte in bytes where byte >= 0x61 && byte <= 0x7A { lower = true; break }
        if !lower { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (index, byte) in bytes.enumerated() {
                buffer[index] = byte >= 0x61 && byte <= 0x7A ? byte - 32 : byte
            }
            return bytes.count
        }
    }

    /// The property of one unfolded line; `line` and `byteRange` are its
    /// place in the source; `syntax`: what the format adds (groups, bare parameters).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, byteRange: Range<Int>,
                      syntax: ContentLineSyntax = .iCalendar) throws(ContentLineFault) -> ICalendarProperty {
        let ascii = isASCII(bytes)
        // Not UTF-8: an error, unless the format reads a CHARSET parameter and the bytes are in the value (see below).
        var notUTF8: Int?
        if !ascii, let bad = firstInvalidUTF8(bytes) {
            guard syntax.charsetParameter else { throw .invalidUTF8(column: column(of: bad, in: bytes, isASCII: false)) }
            notUTF8 = bad
        }
        func text() -> String { String(decoding: bytes, as: UTF8.self) }
        func columnAt(_ offset: Int) -> Int { column(of: offset, in: bytes, isASCII: ascii) }
        let count = bytes.count
        var index = 0
        while index < count, bytes[index] != UInt8(ascii: ";") && bytes[index] != UInt8(ascii: ":") { index += 1 }
        var nameStart = 0
        var group: String?
        if syntax.groups, let dot = UnsafeBufferPointer(rebasing: bytes[0..<index]).firstIndex(of: UInt8(ascii: ".")) {
            let groupBytes = UnsafeBufferPointer(rebasing: bytes[0..<dot])
            guard dot > 0, groupBytes.allSatisfy(isNameByte) else {
                throw .syntax(ContentLineError(.notAContentLine(text: text()), property: nil, column: columnAt(dot)))
            }
            group = String(decoding: groupBytes, as: UTF8.self)
            nameStart = dot + 1
        }
        let nameBytes = UnsafeBufferPointer(rebasing: bytes[nameStart..<index])
        guard index > nameStart, nameBytes.allSatisfy(isNameByte) else {
            throw .syntax(ContentLineError(.notAContentLine(text: text()), property: nil, column: columnAt(index)))
        }
        let name = upperName(nameBytes)
        var parameters: [ICalendarParameter] = []
        while index < count && bytes[index] == UInt8(ascii: ";") {
            index += 1
            let nameStart = index
            while index < count, bytes[index] != UInt8(ascii: "=") && bytes[index] != UInt8(ascii: ":") && bytes[index] != UInt8(ascii: ";") {
                index += 1
            }
            let parameterBytes = UnsafeBufferPointer(rebasing: bytes[nameStart..<index])
            guard index < count, bytes[index] == UInt8(ascii: "=") else {
                // vCard 2.1: `TEL;HOME;VOICE:`, `NOTE;QUOTED-PRINTABLE:`.
                if syntax.bareParameters, index < count, !parameterBytes.isEmpty, parameterBytes.allSatisfy(isNameByte) {
                    let bare = upperName(parameterBytes)
                    let parameter = ContentLineSyntax.bareEncodings.contains(bare) ? "ENCODING" : "TYPE"
                    parameters.append(ICalendarParameter(uppercasedName: parameter, values: [bare]))
                    continue
                }
                throw .syntax(ContentLineError(.parameterWithoutValue(parameter: String(decoding: parameterBytes, as: UTF8.self)),
                                               property: RuleError.shown(name), column: columnAt(nameStart)))
            }
            let parameter = upperName(parameterBytes)
            index += 1
            var values: [String] = []
            while true {
                if index < count && bytes[index] == UInt8(ascii: "\"") {
                    index += 1
                    let valueStart = index
                    while index < count && bytes[index] != UInt8(ascii: "\"") { index += 1 }
                    guard index < count else {
                        throw .syntax(ContentLineError(.unclosedQuote(parameter: parameter), property: RuleError.shown(name), column: columnAt(nameStart)))
                    }
                    values.append(ICalendarText.decodeCarets(UnsafeBufferPointer(rebasing: bytes[valueStart..<index])))
                    index += 1
                } else {
                    let valueStart = index
                    while index < count, bytes[index] != UInt8(ascii: ";") && bytes[index] != UInt8(ascii: ":") && bytes[index] != UInt8(ascii: ",") {
                        index += 1
                    }
                    values.append(ICalendarText.decodeCarets(UnsafeBufferPointer(rebasing: bytes[valueStart..<index])))
                }
                guard index < count, bytes[index] == UInt8(ascii: ",") else { break }
                index += 1
            }
            parameters.append(ICalendarParameter(uppercasedName: parameter, values: values))
        }
        guard index < count, bytes[index] == UInt8(ascii: ":") else {
            throw .syntax(ContentLineError(.missingColon(text: text()), property: RuleError.shown(name), column: columnAt(index)))
        }
        let valueBytes = UnsafeBufferPointer(rebasing: bytes[(index + 1)...])
        let value: String
        if let bad = notUTF8 {
            // Before the value (a name or a parameter), or a value without a charset that reads it: not text.
            guard bad > index, let charset = parameters.first(where: { $0.name == "CHARSET" })?.values.first,
                  let decoded = TextCharsets.decode(valueBytes, charset: charset) else {
                throw .invalidUTF8(column: column(of: bad, in: bytes, isASCII: false))
            }
            value = decoded
        } else {
            value = String(decoding: valueBytes, as: UTF8.self)
        }
        return ICalendarProperty(name: name, group: group, parameters: parameters, value: value, line: line, valueColumn: columnAt(index + 1),
                                 byteRange: byteRange, uppercased: ())
    }
}

extension ICalendarParameter {
    /// A parameter whose name is already upper-case.
    init(uppercasedName name: String, values: [String]) {
        self.name = name
        self.values = values
    }
}

extension ICalendarProperty {
    /// A property read from a source, its name already upper-case.
    init(name: String, group: String? = nil, parameters: [ICalendarParameter], value: String, line: Int, valueColumn: Int,
         byteRange: Range<Int>, uppercased: Void) {
        self.name = name
        self.group = group
        self.parameters = parameters
        self.value = value
        self.line = line
        self.column = 1
        self.valueColumn = valueColumn
        self.byteRange = byteRange
    }
}
