/// Writes components and properties as RFC 5545 content lines (section
/// 3.1): `NAME;PARAM=VALUE:VALUE`, parameter values quoted where needed
/// with RFC 6868's caret escapes, lines folded at 75 octets (never inside a
/// UTF-8 sequence) with a space, each ended by CRLF (or LF, to match a file
/// that uses it). Every property, parameter and component is written as
/// given, unknown and `X-` ones included.
///
///     let writer = ICalendarWriter()
///     let bytes = writer.component(ICalendarComponent(name: "VEVENT", properties: [
///         ICalendarProperty(name: "SUMMARY", value: ICalendarText.escape("Lunch, then a walk")),
///     ]))
///     // BEGIN:VEVENT\r\nSUMMARY:Lunch\, then a walk\r\nEND:VEVENT\r\n
public struct ICalendarWriter: Hashable, Sendable {
    /// The line end written.
    public enum LineEnd: Hashable, Sendable {
        /// CR LF, as RFC 5545 says.
        case crlf
        /// LF alone, for a file written that way.
        case lf

        var bytes: [UInt8] { self == .crlf ? [13, 10] : [10] }
    }

    /// The longest physical line, in octets without its line end (RFC 5545 section 3.1).
    public static let maximumLineOctets = 75

    /// The line end written.
    public var lineEnd: LineEnd

    /// A writer that ends lines with `lineEnd`.
    public init(lineEnd: LineEnd = .crlf) {
        self.lineEnd = lineEnd
    }

    /// The line end `bytes` use: LF when their first line ends with a bare
    /// LF, else CRLF (also for bytes without a line end).
    public static func lineEnd(of bytes: [UInt8]) -> LineEnd {
        guard let newline = bytes.firstIndex(of: 10) else { return .crlf }
        return newline > 0 && bytes[newline - 1] == 13 ? .crlf : .lf
    }

    /// One property (after its group and a dot, when it has one: vCard's
    /// `item1.TEL`), folded, with its line end. A line break left in the
    /// value (which a value never holds once escaped) is written as `\n`, so
    /// no value can start a line of its own.
    public func line(_ property: ICalendarProperty) -> [UInt8] {
        var text = property.group.map { Array($0.utf8) + [UInt8(ascii: ".")] } ?? []
        text += Array(property.name.utf8)
        for parameter in property.parameters {
            text.append(UInt8(ascii: ";"))
            text += Array(parameter.description.utf8)
        }
        text.append(UInt8(ascii: ":"))
        var afterCR = false
        for byte in property.value.utf8 {
            if byte == 10 && afterCR { afterCR = false; continue }
            afterCR = byte == 13
            if byte == 10 || byte == 13 {
                text += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            } else {
                text.append(byte)
            }
        }
        return fold(text)
    }

    /// A component, its properties and then its children, BEGIN to END.
    public func component(_ component: ICalendarComponent) -> [UInt8] {
        var bytes = fold(Array("BEGIN:\(component.name)".utf8))
        for property in component.properties { bytes += line(property) }
        for child in component.components { bytes += self.component(child) }
        return bytes + fold(Array("END:\(component.name)".utf8))
    }

    /// An unfolded line's bytes folded: at most 75 octets a physical line,
    /// continuations starting with a space, no UTF-8 sequence split; each
    /// physical line ended by the line end.
    public func fold(_ text: [UInt8]) -> [UInt8] {
        let end = lineEnd.bytes
        var result: [UInt8] = []
        result.reserveCapacity(text.count + text.count / 64 * 3 + 2)
        var start = 0
        var room = Self.maximumLineOctets
        while text.count - start > room {
            var cut = start + room
            // Back to the first byte of a UTF-8 sequence.
            while cut > start + 1 && text[cut] & 0xC0 == 0x80 { cut -= 1 }
            result += text[start..<cut]
            result += end
            result.append(32)
            start = cut
            room = Self.maximumLineOctets - 1
        }
        result += text[start...]
        return result + end
    }
}
