import Kalends

/// The fast path of `kalends layout`'s JSON reading: one pass over the bytes
/// for the common, well-formed input. It returns nil for anything it does
/// not read exactly as `JSONDocument` plus `LayoutInput`'s general checks would (a
/// syntax error, a duplicate key, a number id with a fraction, a non-string
/// title, an unusual escape ...); the caller then takes the general path,
/// which gives the same result or the error with its position. So the fast
/// path never decides an error itself.
package struct LayoutJSONReader {
    /// One event's members as the layout reads them, its times not yet placed.
    package struct Event: Equatable, Sendable {
        package let id: String
        package let title: String
        package let start: LayoutInput.TimeText
        package let end: LayoutInput.TimeText?
        package let allDay: Bool

        package init(id: String, title: String, start: LayoutInput.TimeText, end: LayoutInput.TimeText?, allDay: Bool) {
            self.id = id
            self.title = title
            self.start = start
            self.end = end
            self.allDay = allDay
        }
    }

    /// The events of `bytes`, or nil: read them the general way.
    package static func events(_ bytes: UnsafeRawBufferPointer) -> [Event]? {
        var reader = LayoutJSONReader(bytes: bytes)
        return reader.document()
    }

    private let bytes: UnsafeRawBufferPointer
    private var index = 0
    /// The keys of the event being read (one buffer for all events).
    private var eventKeys: [Range<Int>] = []

    private init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

    /// A value of an event member the layout looks at.
    private enum Member {
        case string(String)
        /// A `start` or `end` in the common form, read straight from its bytes.
        case time(LayoutInput.TimeText)
        case null
        case bool(Bool)
        case integer(String)   // a whole-number id, as LayoutInput writes it
        case other             // any other valid JSON value
    }

    private mutating func document() -> [Event]? {
        skipSpace()
        guard peek() == UInt8(ascii: "{") else { return nil }
        index &+= 1
        var events: [Event]? = nil
        var keys: [Range<Int>] = []
        skipSpace()
        if peek() == UInt8(ascii: "}") {
            index &+= 1
        } else {
            while true {
                guard let key = memberKey(&keys) else { return nil }
                if self.key(key, is: "events") {
                    guard peek() == UInt8(ascii: "[") else { return nil }
                    guard let list = eventList() else { return nil }
                    events = list
                } else {
                    guard skipValue(depth: 1) else { return nil }
                }
                skipSpace()
                if consume(UInt8(ascii: ",")) { continue }
                guard consume(UInt8(ascii: "}")) else { return nil }
                break
            }
        }
        skipSpace()
        guard index == bytes.count, let events, events.count <= LayoutInput.maximumEvents else { return nil }
        return events
    }

    private mutating func eventList() -> [Event]? {
        index &+= 1  // [
        var events: [Event] = []
        // An event takes at least 20 bytes (`{"id":1,"start":""}`): room for
        // all of them at once, so the list is not copied as it grows (the
        // pages of the room not used are never touched).
        events.reserveCapacity(Swift.min((bytes.count &- index) / 20, LayoutInput.maximumEvents &+ 1))
        skipSpace()
        if consume(UInt8(ascii: "]")) { return events }
        while true {
            skipSpace()
            guard let event = event() else { return nil }
            events.append(event)
            skipSpace()
            if consume(UInt8(ascii: ",")) { continue }
            guard consume(UInt8(ascii: "]")) else { return nil }
            return events
        }
    }

    private mutating func event() -> Event? {
        guard consume(UInt8(ascii: "{")) else { return nil }
        var id: Member?, title: Member?, summary: Member?, start: Member?, end: Member?, allDay: Member?
        var keys = eventKeys
        keys.removeAll(keepingCapacity: true)
        eventKeys = []
        defer { eventKeys = keys }
        skipSpace()
        if !consume(UInt8(ascii: "}")) {
            while true {
                guard let key = memberKey(&keys) else { return nil }
                guard let value = member(time: self.key(key, is: "start") || self.key(key, is: "end")) else { return nil }
                if self.key(key, is: "id") { id = value }
                else if self.key(key, is: "title") { title = value }
                else if self.key(key, is: "summary") { summary = value }
                else if self.key(key, is: "start") { start = value }
                else if self.key(key, is: "end") { end = value }
                else if self.key(key, is: "allDay") { allDay = value }
                skipSpace()
                if consume(UInt8(ascii: ",")) { continue }
                guard consume(UInt8(ascii: "}")) else { return nil }
                break
            }
        }
        // The same decisions as LayoutInput's, or nil where it would throw.
        let idText: String
        switch id {
        case .string(let text)?: guard !text.isEmpty else { return nil }; idText = text
        case .integer(let text)?: idText = text
        default: return nil
        }
        func text(_ member: Member?) -> String?? {
            switch member {
            case nil, .null?: return .some(nil)
            case .string(let text)?: return .some(text)
            default: return nil
            }
        }
        func time(_ member: Member?) -> LayoutInput.TimeText?? {
            switch member {
            case .time(let time)?: return .some(time)
            case .string(let text)?: return .some(.text(text))
            case nil, .null?: return .some(nil)
            default: return nil
            }
        }
        guard let titleText = text(title) else { return nil }
        var resolvedTitle = titleText
        if resolvedTitle == nil {
            guard let summaryText = text(summary) else { return nil }
            resolvedTitle = summaryText
        }
        guard let startTime = time(start), let startTime, let endTime = time(end) else { return nil }
        var isAllDay = false
        switch allDay {
        case nil, .null?: break
        case .bool(let flag)?: isAllDay = flag
        default: return nil
        }
        return Event(id: idText, title: resolvedTitle ?? idText, start: startTime, end: endTime, allDay: isAllDay)
    }

    /// Whether the key's bytes are `name`.
    private func key(_ range: Range<Int>, is name: StaticString) -> Bool {
        guard range.count == name.utf8CodeUnitCount else { return false }
        let expected = name.utf8Start
        for offset in 0..<range.count where bytes[range.lowerBound &+ offset] != expected[offset] { return false }
        return true
    }

    /// Whether a key equal to `range`'s is in `keys` (a duplicate).
    /// The next member's key, up to and past its colon and the space after;
    /// nil when it is not a plain ASCII key or repeats one of `keys` (which it joins).
    private mutating func memberKey(_ keys: inout [Range<Int>]) -> Range<Int>? {
        skipSpace()
        guard let key = asciiKey(), !contains(keys, key) else { return nil }
        keys.append(key)
        skipSpace()
        guard consume(UInt8(ascii: ":")) else { return nil }
        skipSpace()
        return key
    }

    private func contains(_ keys: [Range<Int>], _ range: Range<Int>) -> Bool {
        for other in keys where other.count == range.count {
            var same = true
            for offset in 0..<range.count where bytes[other.lowerBound &+ offset] != bytes[range.lowerBound &+ offset] {
                same = false
                break
            }
            if same { return true }
        }
        return false
    }

    /// The next value; `time`: it is a `start` or `end`, which in the
    /// common form (`2024-03-15T09:30:00`, with or without `Z`) is read as
    /// a time without making a String.
    private mutating func member(time: Bool = false) -> Member? {
        switch peek() {
        case Self.quote?:
            if time, let parsed = timeString() { return .time(parsed) }
            return string().map(Member.string)
        case UInt8(ascii: "t")?: return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f")?: return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n")?: return literal("null") ? .null : nil
        case UInt8(ascii: "-")?, .some(UInt8(ascii: "0")...UInt8(ascii: "9")):
            // A plain integer (|n| < 1e15) can be an id; other numbers cannot.
            let begin = index
            guard skipValue(depth: 2) else { return nil }
            let negative = bytes[begin] == UInt8(ascii: "-")
            let digitsBegin = negative ? begin &+ 1 : begin
            var value = 0
            for position in digitsBegin..<index {
                let byte = bytes[position]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return .other }
                value = value &* 10 &+ Int(byte &- UInt8(ascii: "0"))
            }
            return .integer(String(negative ? -value : value))
        default:
            return skipValue(depth: 2) ? .other : nil
        }
    }

    /// Skips any JSON value (checked as strictly as `JSONDocument`), or nil.
    private mutating func skipValue(depth: Int) -> Bool {
        guard depth < 64 else { return false }
        switch peek() {
        case Self.quote?: return string() != nil
        case UInt8(ascii: "t")?: return literal("true")
        case UInt8(ascii: "f")?: return literal("false")
        case UInt8(ascii: "n")?: return literal("null")
        case UInt8(ascii: "[")?:
            index &+= 1
            skipSpace()
            if consume(UInt8(ascii: "]")) { return true }
            while true {
                skipSpace()
                guard skipValue(depth: depth &+ 1) else { return false }
                skipSpace()
                if consume(UInt8(ascii: ",")) { continue }
                return consume(UInt8(ascii: "]"))
            }
        case UInt8(ascii: "{")?:
            index &+= 1
            var keys: [String] = []
            skipSpace()
            if consume(UInt8(ascii: "}")) { return true }
            while true {
                skipSpace()
                guard peek() == Self.quote, let key = string(), !keys.contains(key) else { return false }
                keys.append(key)
                skipSpace()
                guard consume(UInt8(ascii: ":")) else { return false }
                skipSpace()
                guard skipValue(depth: depth &+ 1) else { return false }
                skipSpace()
                if consume(UInt8(ascii: ",")) { continue }
                return consume(UInt8(ascii: "}"))
            }
        case UInt8(ascii: "-")?, .some(UInt8(ascii: "0")...UInt8(ascii: "9")):
            // RFC 8259 number syntax, short enough to be an ordinary Double.
            _ = consume(UInt8(ascii: "-"))
            let integer = index
            guard digits(), index &- integer <= 15 else { return false }
            if bytes[integer] == UInt8(ascii: "0") && index &- integer > 1 { return false }
            if consume(UInt8(ascii: ".")) {
                let fraction = index
                guard digits(), index &- fraction <= 15 else { return false }
            }
            if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
                if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
                let exponent = index
                guard digits(), index &- exponent <= 2 else { return false }
            }
            return true
        default:
            return false
        }
    }

    private mutating func digits() -> Bool {
        let begin = index
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index &+= 1 }
        return index > begin
    }

    /// A key of plain ASCII without escapes (others: the general path),
    /// as the range of its bytes.
    private mutating func asciiKey() -> Range<Int>? {
        guard consume(Self.quote) else { return nil }
        let begin = index
        while let byte = peek(), byte != Self.quote {
            guard byte >= 0x20, byte < 0x80, byte != Self.backslash else { return nil }
            index &+= 1
        }
        guard consume(Self.quote) else { return nil }
        return begin..<(index &- 1)
    }

    /// A string value: valid UTF-8, no control characters; the escapes
    /// `\" \\ \/ \b \f \n \r \t` and `\u` outside the surrogates.
    /// A string of 19 or 20 bytes in `LayoutInput.floatingDateTime`'s or
    /// `utcDateTime`'s form, read as its time (and the index moved past
    /// it); nil, with the index unmoved, for anything else.
    private mutating func timeString() -> LayoutInput.TimeText? {
        let begin = index &+ 1
        for length in [19, 20] where begin &+ length < bytes.count && bytes[begin &+ length] == Self.quote {
            let content = UnsafeBufferPointer(rebasing: bytes.bindMemory(to: UInt8.self)[begin..<(begin &+ length)])
            guard let time = LayoutInput.TimeText(bytes: content) else { return nil }
            index = begin &+ length &+ 1
            return time
        }
        return nil
    }

    private mutating func string() -> String? {
        guard consume(Self.quote) else { return nil }
        let begin = index
        var plain = true
        var ascii = true
        while let byte = peek(), byte != Self.quote {
            guard byte >= 0x20 else { return nil }
            if byte >= 0x80 { ascii = false }
            if byte == Self.backslash {
                plain = false
                index &+= 1
                guard index < bytes.count else { return nil }
            }
            index &+= 1
        }
        guard index < bytes.count else { return nil }
        let content = UnsafeRawBufferPointer(rebasing: bytes[begin..<index])
        index &+= 1
        if plain {
            // ASCII is valid UTF-8 as it is.
            return ascii ? String(decoding: content, as: UTF8.self) : String(validating: content, as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(content.count)
        var position = 0
        while position < content.count {
            let byte = content[position]
            position &+= 1
            guard byte == Self.backslash else { decoded.append(byte); continue }
            let escape = content[position]
            position &+= 1
            switch escape {
            case Self.quote, Self.backslash, UInt8(ascii: "/"): decoded.append(escape)
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                guard position &+ 4 <= content.count else { return nil }
                var code: UInt32 = 0
                for _ in 0..<4 {
                    guard let nibble = JSONDocument.hexDigit(content[position]) else { return nil }
                    position &+= 1
                    code = code &* 16 &+ nibble
                }
                // Surrogates (pairs or lone ones): the general path.
                guard code != 0, let scalar = Unicode.Scalar(code) else { return nil }
                decoded.append(contentsOf: String(Character(scalar)).utf8)
            default:
                return nil
            }
        }
        return String(validating: decoded, as: UTF8.self)
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count &- index >= count else { return false }
        let expected = UnsafeRawBufferPointer(start: word.utf8Start, count: count)
        for offset in 0..<count where bytes[index &+ offset] != expected[offset] { return false }
        index &+= count
        return true
    }

    @inline(__always)
    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    @inline(__always)
    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index &+= 1
        return true
    }

    @inline(__always)
    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index &+= 1
            default: return
            }
        }
    }
}
