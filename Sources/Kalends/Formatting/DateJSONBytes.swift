/// `DateJSON.object(_:in:)` written straight into a byte buffer, one date
/// at a time (`DateJSONWriter` keeps months for many). The bytes are the
/// object's exactly (`DateJSONBytesTests` proves it on every calendar); a
/// string that would need escapes takes the object's path.
extension DateJSON {
    /// Appends `object(date, in: calendar).encodedBytes` to `bytes`.
    public static func append(_ date: CalendarDate, in calendar: any CalendarSystem, to bytes: inout [UInt8]) {
        var writer = DateJSONWriter(single: true)
        writer.append(date, in: calendar, to: &bytes)
    }

    /// True when `text` needs no JSON escape.
    @inline(__always)
    static func plain(_ text: String) -> Bool {
        JSONString.isPlain(text)
    }
}

/// Writes into memory the caller has sized (no checks: `DateJSON.append`
/// bounds what it writes).
package struct ByteCursor {
    package var pointer: UnsafeMutablePointer<UInt8>

    package init(_ pointer: UnsafeMutablePointer<UInt8>) { self.pointer = pointer }

    @inline(__always)
    package mutating func write(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        pointer.update(from: text.utf8Start, count: count)
        pointer += count
    }

    @inline(__always)
    package mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            guard let source = utf8.baseAddress else { return }
            pointer.update(from: source, count: utf8.count)
            pointer += utf8.count
        }
    }

    @inline(__always)
    package mutating func byte(_ value: UInt8) {
        pointer.pointee = value
        pointer += 1
    }

    @inline(__always)
    package mutating func decimal(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var probe = magnitude / 10
        while probe > 0 { digits += 1; probe /= 10 }
        var index = digits
        repeat {
            index -= 1
            pointer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while index > 0
        pointer += digits
    }

    /// Two digits of `value` (0 ... 99).
    @inline(__always)
    package mutating func twoDigits(_ value: Int) {
        let tens = value / 10
        pointer[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens)
        pointer[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value &- tens &* 10)
        pointer += 2
    }

    @inline(__always)
    package mutating func padded(_ value: Int, width: Int) {
        // The common widths of dates, in straight-line code.
        if width == 2, (0...99).contains(value) { return twoDigits(value) }
        if width == 4, (0...9_999).contains(value) {
            twoDigits(value / 100)
            return twoDigits(value % 100)
        }
        var digits = 1
        var probe = value / 10
        while probe > 0 { digits += 1; probe /= 10 }
        for _ in digits..<Swift.max(digits, width) { byte(UInt8(ascii: "0")) }
        decimal(value)
    }

    /// `M05L` as `MonthCode.description` writes it (numbers 1 ... 99).
    @inline(__always)
    package mutating func monthCode(_ code: MonthCode) {
        byte(UInt8(ascii: "M"))
        padded(code.number, width: 2)
        if code.isLeap { byte(UInt8(ascii: "L")) }
    }

    /// `YEAR-MM-DD` as `JSONObject.addDate` writes it, or `YEAR-Mxx[L]-DD` with a month code.
    @inline(__always)
    package mutating func date(year: Int, month: Int, day: Int, monthCode: MonthCode?) {
        if year < 0 { byte(UInt8(ascii: "-")) }
        padded(Int(year.magnitude), width: 4)
        byte(UInt8(ascii: "-"))
        if let monthCode { self.monthCode(monthCode) } else { padded(month, width: 2) }
        byte(UInt8(ascii: "-"))
        padded(day, width: 2)
    }
}
