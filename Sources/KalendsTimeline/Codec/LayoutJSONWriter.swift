import Kalends
import KalendsLayout

/// The layout JSON (`kalends layout --json`) written straight into the
/// output's bytes: the same text as `object(_:day:)`'s `encoded`, byte for
/// byte, without a `JSONObject` and a `String` per event.
package enum LayoutJSONWriter {
    /// Writes the layout's JSON into `bytes`; `flush` is called whenever
    /// 64 KiB have collected, to pass them on and empty `bytes`, so a large
    /// day is not held in memory whole (by default they stay in `bytes`).
    package static func write(_ layout: DayLayout, day: TimelineDay, into bytes: inout [UInt8],
                              flush: (inout [UInt8]) -> Void = { _ in }) {
        bytes.append(contentsOf: #"{"day":"#.utf8)
        JSONString.append(ISODate(dayNumber: day.dayNumber).description, to: &bytes)
        bytes.append(contentsOf: #","seconds":"#.utf8)
        decimal(day.length, into: &bytes)
        bytes.append(contentsOf: #","zone":"#.utf8)
        JSONString.append(day.zone.identifier, to: &bytes)
        bytes.append(contentsOf: #","mode":"#.utf8)
        JSONString.append(layout.mode.rawValue, to: &bytes)
        bytes.append(contentsOf: #","allDay":["#.utf8)
        for (index, item) in layout.allDay.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: #"{"id":"#.utf8)
            JSONString.append(item.id, to: &bytes)
            bytes.append(contentsOf: #","lane":"#.utf8)
            decimal(item.lane, into: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(contentsOf: #"],"events":["#.utf8)
        for (index, placement) in layout.events.enumerated() {
            appendEvent(placement, comma: index > 0, day: day, into: &bytes)
            if bytes.count >= 1 << 16 { flush(&bytes) }
        }
        bytes.append(contentsOf: #"],"dropped":["#.utf8)
        for (index, id) in layout.dropped.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONString.append(id, to: &bytes)
        }
        bytes.append(contentsOf: "]}".utf8)
    }

    /// One event's object, put together on the stack and appended in one
    /// copy. A time the common form cannot write (a year past 9999, a
    /// fraction of a second, an instant the zone cannot place) is written as
    /// `DateTimeText` text, in a second pass that knows its length.
    private static func appendEvent(_ placement: EventPlacement, comma: Bool, day: TimelineDay, into bytes: inout [UInt8]) {
        let start = day.start(of: placement).seconds, end = day.end(of: placement).seconds
        if appendEvent(placement, comma: comma, times: (start, end), texts: nil, zone: day.zone, into: &bytes) { return }
        let texts = (timeText(start, zone: day.zone), timeText(end, zone: day.zone))
        _ = appendEvent(placement, comma: comma, times: (start, end), texts: texts, zone: day.zone, into: &bytes)
    }

    /// The event written with its times in the common form (`texts` nil:
    /// false, with nothing written, when one is not) or as the `texts` given.
    private static func appendEvent(_ placement: EventPlacement, comma: Bool, times: (Int, Int), texts: (String, String)?,
                                    zone: ZoneRules, into bytes: inout [UInt8]) -> Bool {
        let id = placement.id
        let plain = JSONString.isPlain(id)
        var idText = plain ? id : JSONString.quoted(id)
        return idText.withUTF8 { idBytes -> Bool in
            // Four numbers of at most 24 bytes, two integers of 20, two times
            // (27 bytes in the common form) and 120 bytes of names and marks:
            // on the stack (under 1,024 bytes) for an id under 512.
            let capacity = idBytes.count + 512 + (texts.map { $0.0.utf8.count + $0.1.utf8.count } ?? 0)
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer -> Bool in
                guard let base = buffer.baseAddress, let idStart = idBytes.baseAddress ?? UnsafePointer(base) else { return false }
                var cursor = ByteCursor(base)
                if comma { cursor.byte(UInt8(ascii: ",")) }
                cursor.write(#"{"id":"#)
                if plain { cursor.byte(UInt8(ascii: "\"")) }
                cursor.copy(idStart, count: idBytes.count)
                if plain { cursor.byte(UInt8(ascii: "\"")) }
                cursor.write(#","column":"#)
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
                if let texts { cursor.write(texts.0) } else if !dateTime(times.0, zone: zone, into: &cursor) { return false }
                cursor.write(#","end":"#)
                if let texts { cursor.write(texts.1) } else if !dateTime(times.1, zone: zone, into: &cursor) { return false }
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

    /// An RFC 3339 time as `DateTimeText.format(ZonedDateTime)` writes it, at
    /// a cursor (27 bytes at most), for a time in years 0 ... 9999 on a whole
    /// second; false, with nothing written, for another.
    private static func dateTime(_ seconds: Int, zone: ZoneRules, into cursor: inout ByteCursor) -> Bool {
        guard let zoned = try? ZonedDateTime(instant: Instant(seconds: seconds), zone: zone) else { return false }
        let local = zoned.local
        let date = ISODate(dayNumber: local.dayNumber)
        guard (0...9999).contains(date.year), local.nanosecondOfDay % 1_000_000_000 == 0 else { return false }
        let offset = DateTimeText.offsetText(zoned)
        guard offset.utf8.count <= 6 else { return false }
        let time = local.time
        cursor.byte(UInt8(ascii: "\""))
        cursor.date(year: date.year, month: date.month, day: date.day, monthCode: nil)
        func field(_ separator: Unicode.Scalar, _ value: Int) {
            cursor.byte(UInt8(ascii: separator))
            cursor.padded(value, width: 2)
        }
        field("T", time.hour)
        field(":", time.minute)
        field(":", time.second)
        cursor.write(offset)
        cursor.byte(UInt8(ascii: "\""))
        return true
    }

    /// Any time as JSON: `DateTimeText`'s text, quoted, or `null` when the
    /// instant cannot be zoned.
    static func timeText(_ seconds: Int, zone: ZoneRules) -> String {
        guard let zoned = try? ZonedDateTime(instant: Instant(seconds: seconds), zone: zone) else { return "null" }
        return JSONString.quoted(DateTimeText.format(zoned))
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
    package static func number(_ value: Double, into bytes: inout [UInt8]) {
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

    static func decimal(_ value: Int, into bytes: inout [UInt8]) {
        var text = String(value)
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// The same JSON as a `JSONObject`, member by member: the writer's
    /// reference (the parity tests hold `write` to its bytes).
    package static func object(_ layout: DayLayout, day: TimelineDay) -> JSONObject {
        var object = JSONObject()
        object.add("day", ISODate(dayNumber: day.dayNumber).description)
        object.add("seconds", day.length)
        object.add("zone", day.zone.identifier)
        object.add("mode", layout.mode.rawValue)
        let lanes = layout.allDay.map { item in
            var lane = JSONObject()
            lane.add("id", item.id)
            lane.add("lane", item.lane)
            return lane.encoded
        }
        object.add("allDay", raw: "[" + lanes.joined(separator: ",") + "]")
        let events = layout.events.map { placement in
            var event = JSONObject()
            event.add("id", placement.id)
            event.add("column", placement.column)
            event.add("columns", placement.columns)
            event.add("x", placement.x)
            event.add("width", placement.width)
            event.add("top", placement.top)
            event.add("height", placement.height)
            event.add("start", (try? ZonedDateTime(instant: day.start(of: placement), zone: day.zone)).map(DateTimeText.format))
            event.add("end", (try? ZonedDateTime(instant: day.end(of: placement), zone: day.zone)).map(DateTimeText.format))
            return event.encoded
        }
        object.add("events", raw: "[" + events.joined(separator: ",") + "]")
        object.add("dropped", raw: "[" + layout.dropped.map(JSONObject.quoted).joined(separator: ",") + "]")
        return object
    }
}
