import Kalends
import KalendsLayout

/// `kalends layout --json` written straight into the output's bytes: the
/// same text as `LayoutCommand.json(...)` (its `encoded`), byte for byte,
/// without a `JSONObject` and a `String` per event.
enum LayoutJSONWriter {
    /// Writes the layout's JSON into `bytes`; `flush` is called whenever
    /// 64 KiB have collected, to pass them on and empty `bytes`, so a large
    /// day is not held in memory whole (by default they stay in `bytes`).
    static func write(_ layout: DayLayout, day: Int, clock: DayClock, zone: ZoneRules, into bytes: inout [UInt8],
                      flush: (inout [UInt8]) -> Void = { _ in }) {
        bytes.append(contentsOf: #"{"day":"#.utf8)
        quoted(ISODate(dayNumber: day).description, into: &bytes)
        bytes.append(contentsOf: #","seconds":"#.utf8)
        decimal(clock.length, into: &bytes)
        bytes.append(contentsOf: #","zone":"#.utf8)
        quoted(zone.identifier, into: &bytes)
        bytes.append(contentsOf: #","mode":"#.utf8)
        quoted(layout.mode.rawValue, into: &bytes)
        bytes.append(contentsOf: #","allDay":["#.utf8)
        for (index, item) in layout.allDay.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: #"{"id":"#.utf8)
            quoted(item.id, into: &bytes)
            bytes.append(contentsOf: #","lane":"#.utf8)
            decimal(item.lane, into: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(contentsOf: #"],"events":["#.utf8)
        for (index, placement) in layout.events.enumerated() {
            if !appendEvent(placement, comma: index > 0, clock: clock, zone: zone, into: &bytes) {
                appendEventSlowly(placement, comma: index > 0, clock: clock, zone: zone, into: &bytes)
            }
            if bytes.count >= 1 << 16 { flush(&bytes) }
        }
        bytes.append(contentsOf: #"],"dropped":["#.utf8)
        for (index, id) in layout.dropped.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            quoted(id, into: &bytes)
        }
        bytes.append(contentsOf: "]}".utf8)
    }

    /// One event's object, member by member: the way for any event.
    private static func appendEventSlowly(_ placement: EventPlacement, comma: Bool, clock: DayClock, zone: ZoneRules, into bytes: inout [UInt8]) {
        if comma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(contentsOf: #"{"id":"#.utf8)
        quoted(placement.id, into: &bytes)
        bytes.append(contentsOf: #","column":"#.utf8)
        decimal(placement.column, into: &bytes)
        bytes.append(contentsOf: #","columns":"#.utf8)
        decimal(placement.columns, into: &bytes)
        bytes.append(contentsOf: #","x":"#.utf8)
        number(placement.x, into: &bytes)
        bytes.append(contentsOf: #","width":"#.utf8)
        number(placement.width, into: &bytes)
        bytes.append(contentsOf: #","top":"#.utf8)
        number(placement.top, into: &bytes)
        bytes.append(contentsOf: #","height":"#.utf8)
        number(placement.height, into: &bytes)
        bytes.append(contentsOf: #","start":"#.utf8)
        dateTime(clock.start.seconds + Int(placement.start.rounded()), zone: zone, into: &bytes)
        bytes.append(contentsOf: #","end":"#.utf8)
        dateTime(clock.start.seconds + Int(placement.end.rounded()), zone: zone, into: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// One event's object written on the stack and copied once: the common
    /// event (an id of 1 ... 511 bytes that needs no escapes, times in years
    /// 0 ... 9999 on whole seconds). False, with nothing written, for any other.
    private static func appendEvent(_ placement: EventPlacement, comma: Bool, clock: DayClock, zone: ZoneRules, into bytes: inout [UInt8]) -> Bool {
        var id = placement.id
        return id.withUTF8 { idBytes -> Bool in
            guard let idStart = idBytes.baseAddress, idBytes.count < 512,
                  !idBytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            // The id, four numbers of at most 24 bytes, two times of 27 and
            // two integers of 20, with 120 bytes of names: under 1,024.
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1_024) { buffer -> Bool in
                guard let base = buffer.baseAddress else { return false }
                var cursor = ByteCursor(base)
                if comma { cursor.byte(UInt8(ascii: ",")) }
                cursor.write(#"{"id":""#)
                cursor.copy(idStart, count: idBytes.count)
                cursor.write(#"","column":"#)
                cursor.decimal(placement.column)
                cursor.write(#","columns":"#)
                cursor.decimal(placement.columns)
                cursor.write(#","x":"#)
                number(placement.x, into: &cursor)
                cursor.write(#","width":"#)
                number(placement.width, into: &cursor)
                cursor.write(#","top":"#)
                number(placement.top, into: &cursor)
                cursor.write(#","height":"#)
                number(placement.height, into: &cursor)
                cursor.write(#","start":"#)
                guard dateTime(clock.start.seconds + Int(placement.start.rounded()), zone: zone, into: &cursor) else { return false }
                cursor.write(#","end":"#)
                guard dateTime(clock.start.seconds + Int(placement.end.rounded()), zone: zone, into: &cursor) else { return false }
                cursor.byte(UInt8(ascii: "}"))
                bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: cursor.pointer - base))
                return true
            }
        }
    }

    /// `number(_:into:)` at a cursor (at most 24 bytes).
    private static func number(_ value: Double, into cursor: inout ByteCursor) {
        guard value.isFinite else { return cursor.write("null") }
        var stream = CursorStream(cursor: cursor)
        value.write(to: &stream)
        cursor = stream.cursor
    }

    /// `dateTime(_:zone:into:)` at a cursor (27 bytes at most), for a time in
    /// years 0 ... 9999 on a whole second; false, with nothing written, for another.
    private static func dateTime(_ seconds: Int, zone: ZoneRules, into cursor: inout ByteCursor) -> Bool {
        guard let zoned = try? ZonedDateTime(instant: Instant(seconds: seconds), zone: zone) else { return false }
        let local = zoned.local
        let date = ISODate(dayNumber: local.dayNumber)
        guard (0...9999).contains(date.year), local.nanosecondOfDay % 1_000_000_000 == 0 else { return false }
        let offset = DateTimeText.offsetText(zoned)
        guard offset.utf8.count <= 6 else { return false }
        let time = local.time
        cursor.byte(UInt8(ascii: "\""))
        cursor.padded(date.year, width: 4)
        cursor.byte(UInt8(ascii: "-"))
        cursor.padded(date.month, width: 2)
        cursor.byte(UInt8(ascii: "-"))
        cursor.padded(date.day, width: 2)
        cursor.byte(UInt8(ascii: "T"))
        cursor.padded(time.hour, width: 2)
        cursor.byte(UInt8(ascii: ":"))
        cursor.padded(time.minute, width: 2)
        cursor.byte(UInt8(ascii: ":"))
        cursor.padded(time.second, width: 2)
        cursor.write(offset)
        cursor.byte(UInt8(ascii: "\""))
        return true
    }

    /// A cursor as a `TextOutputStream`, for `Double.write(to:)` (see `ByteStream`).
    private struct CursorStream: TextOutputStream {
        var cursor: ByteCursor

        mutating func write(_ string: String) {
            cursor.write(string)
        }

        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
            guard let start = buffer.baseAddress else { return }
            cursor.copy(start, count: buffer.count)
        }
    }

    /// Swift's shortest round-trip text, as `JSONObject.add(_:_: Double)`
    /// writes it (`description`'s characters); `null` when not finite.
    static func number(_ value: Double, into bytes: inout [UInt8]) {
        if value.isFinite {
            var stream = ByteStream(bytes: bytes)
            bytes = []
            value.write(to: &stream)
            bytes = stream.bytes
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
    }

    /// Bytes as a `TextOutputStream`: `Double.write(to:)` hands its digits
    /// to `_writeASCII` as bytes, so no `String` is made for a number (were
    /// it to call `write(_:)` instead, the bytes would be the same).
    struct ByteStream: TextOutputStream {
        var bytes: [UInt8]

        mutating func write(_ string: String) {
            bytes.append(contentsOf: string.utf8)
        }

        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
            bytes.append(contentsOf: buffer)
        }
    }

    /// An RFC 3339 time as `DateTimeText.format(ZonedDateTime)` writes it
    /// (`null` when the instant cannot be zoned).
    static func dateTime(_ seconds: Int, zone: ZoneRules, into bytes: inout [UInt8]) {
        guard let zoned = try? ZonedDateTime(instant: Instant(seconds: seconds), zone: zone) else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        let local = zoned.local
        let date = ISODate(dayNumber: local.dayNumber)
        guard (0...9999).contains(date.year), local.nanosecondOfDay % 1_000_000_000 == 0 else {
            quoted(DateTimeText.format(zoned), into: &bytes)
            return
        }
        let time = local.time
        bytes.append(UInt8(ascii: "\""))
        digits(date.year, 4, into: &bytes)
        bytes.append(UInt8(ascii: "-"))
        digits(date.month, 2, into: &bytes)
        bytes.append(UInt8(ascii: "-"))
        digits(date.day, 2, into: &bytes)
        bytes.append(UInt8(ascii: "T"))
        digits(time.hour, 2, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        digits(time.minute, 2, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        digits(time.second, 2, into: &bytes)
        var offset = DateTimeText.offsetText(zoned)
        offset.withUTF8 { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `value` (0 ..< 10^count) in exactly `count` digits.
    private static func digits(_ value: Int, _ count: Int, into bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<count { divisor &*= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    static func decimal(_ value: Int, into bytes: inout [UInt8]) {
        var text = String(value)
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// A JSON string literal, as `JSONObject` writes it.
    static func quoted(_ value: String, into bytes: inout [UInt8]) {
        var value = value
        let plain = value.withUTF8 { utf8 -> Bool in
            for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if !plain { bytes.append(contentsOf: JSONObject.quoted(value).utf8) }
    }
}
