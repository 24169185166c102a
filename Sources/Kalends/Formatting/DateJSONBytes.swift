/// `DateJSON.object(_:in:)` written straight into a byte buffer: the batch
/// path of `kalends convert - --json` prints millions of these, and building
/// each member with its own appends cost ten times the conversion. The bytes
/// are the object's exactly (`DateJSONBytesTests` proves it on every
/// calendar); a string that would need escapes takes the object's path.
extension DateJSON {
    /// Appends `object(date, in: calendar).encodedBytes` to `bytes`.
    public static func append(_ date: CalendarDate, in calendar: any CalendarSystem, to bytes: inout [UInt8]) {
        let key = date.calendar.key, eraCode = date.era.code, monthCode = date.monthCode
        let name = monthName(date, in: calendar)
        // Every number is at most 21 bytes; the fixed text is under 300.
        let stringBytes = key.utf8.count + (eraCode?.utf8.count ?? 0) + name.utf8.count
        guard (1...99).contains(monthCode.number), plain(key), eraCode.map(plain) ?? true, plain(name), stringBytes < 700 else {
            bytes.append(contentsOf: object(date, in: calendar).encodedBytes)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1_024) { buffer in
            guard let base = buffer.baseAddress else { return }
            var cursor = ByteCursor(base)
            cursor.write("{\"calendar\":\"")
            cursor.write(key)
            cursor.write("\",\"era\":")
            cursor.decimal(date.era.value)
            if let eraCode {
                cursor.write(",\"eraCode\":\"")
                cursor.write(eraCode)
                cursor.write("\",\"year\":")
            } else {
                cursor.write(",\"eraCode\":null,\"year\":")
            }
            cursor.decimal(date.era.year)
            cursor.write(",\"month\":")
            cursor.decimal(calendar.foundationMonth(date.monthCode))
            cursor.write(",\"monthCode\":\"")
            cursor.monthCode(monthCode)
            cursor.write(calendar.foundationIsLeapMonth(date.monthCode) ? "\",\"isLeapMonth\":true,\"day\":" : "\",\"isLeapMonth\":false,\"day\":")
            cursor.decimal(date.day)
            cursor.write(",\"monthName\":\"")
            cursor.write(name)
            cursor.write("\",\"weekday\":")
            cursor.decimal(date.weekday)
            cursor.write(",\"iso\":\"")
            let iso = date.iso
            cursor.date(year: iso.year, month: iso.month, day: iso.day, monthCode: nil)
            cursor.write("\",\"julianDay\":")
            cursor.decimal(date.julianDay)
            if calendar.hasRelatedGregorianYear {
                cursor.write(",\"relatedGregorianYear\":")
                cursor.decimal(date.year)
            }
            cursor.write(",\"arithmeticYear\":")
            cursor.decimal(date.year)
            cursor.write(",\"ordinalMonth\":")
            cursor.decimal(date.month)
            cursor.write(",\"dayOfYear\":")
            cursor.decimal(date.dayNumber - calendar.dayNumber(year: date.year, month: 1, day: 1) + 1)
            cursor.write(",\"text\":\"")
            cursor.date(year: date.year, month: monthCode.number, day: date.day, monthCode: calendar.hasLeapMonths ? monthCode : nil)
            cursor.write("\"}")
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: cursor.pointer - base))
        }
    }

    /// True when `text` needs no JSON escape.
    @inline(__always)
    static func plain(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in !utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C } }
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
