/// Reading and writing date-times: RFC 3339 / ISO 8601 extended
/// (`2024-03-15T09:30:00`, with `Z` or an offset, or floating), iCalendar
/// basic form (`20240315T093000Z`), or a plain date; the date part may be in
/// any calendar's text form (`5784-M05L-30T09:00`).
///
/// Errors give the character position where reading stopped.
public enum DateTimeText {
    /// Parses `text`; the date part is read by `CalendarDateText.parse` in
    /// `calendar`, the time and zone parts here.
    ///
    ///     let p = try DateTimeText.parse("2024-03-10T02:30:00-05:00", in: iso)
    ///     p.time?.hour   // 2
    ///     p.zone         // .offset(-05:00)
    public static func parse(_ text: String, in calendar: any CalendarSystem, overflow: Overflow = .reject) throws(DateTimeTextError) -> ParsedDateTime {
        let chars = Array(text)
        guard chars.count <= 120 else { throw .malformed(text: text, position: 120, expected: "a shorter date-time") }
        let split = timeSeparator(chars)
        let dateText = String(chars[0..<(split ?? chars.count)])
        let date: CalendarDate
        do {
            date = try CalendarDateText.parse(dateText, in: calendar, overflow: overflow)
        } catch {
            throw .date(text: text, error)
        }
        guard let split else { return ParsedDateTime(date: date, time: nil, zone: nil) }
        var index = split + 1
        let time = try parseTime(chars, &index, text: text)
        var zone: ZoneDesignator?
        if index < chars.count {
            zone = try parseZone(chars, &index, text: text)
        }
        if index < chars.count, chars[index] == "[" {
            guard let close = chars[index...].firstIndex(of: "]") else {
                throw .malformed(text: text, position: chars.count, expected: "']' closing the zone name")
            }
            let name = String(chars[(index + 1)..<close])
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "/_-+".contains($0) }) else {
                throw .malformed(text: text, position: index + 1, expected: "an IANA zone name such as America/New_York")
            }
            var written: UTCOffset?
            if case .offset(let offset) = zone { written = offset }
            if case .utc = zone { written = .zero }
            zone = .named(name, offset: written)
            index = close + 1
        }
        guard index == chars.count else {
            throw .malformed(text: text, position: index, expected: "the end, 'Z', an offset (+05:30) or a zone name in brackets")
        }
        return ParsedDateTime(date: date, time: time, zone: zone)
    }

    /// Where the time starts: a `T` (or a space) between a digit and a digit.
    private static func timeSeparator(_ chars: [Character]) -> Int? {
        var index = 1
        while index + 1 < chars.count {
            let c = chars[index]
            if (c == "T" || c == "t"), chars[index - 1].isASCIIDigit, chars[index + 1].isASCIIDigit { return index }
            // RFC 3339 also lets a space separate date and time ("2024-03-15 09:30:00Z").
            if c == " ", chars[index - 1].isASCIIDigit, index + 3 < chars.count, chars[index + 1].isASCIIDigit,
               chars[index + 2].isASCIIDigit, chars[index + 3] == ":" {
                return index
            }
            index += 1
        }
        return nil
    }

    private static func twoDigits(_ chars: [Character], _ index: inout Int, text: String, field: String) throws(DateTimeTextError) -> Int {
        guard index + 1 < chars.count, let a = chars[index].asciiDigitValue, let b = chars[index + 1].asciiDigitValue else {
            throw .malformed(text: text, position: index, expected: "two digits for the \(field)")
        }
        index += 2
        return a * 10 + b
    }

    /// `HH[:MM[:SS[.f]]]` or `HHMM[SS[.f]]`.
    private static func parseTime(_ chars: [Character], _ index: inout Int, text: String) throws(DateTimeTextError) -> TimeOfDay {
        let hourStart = index
        let hour = try twoDigits(chars, &index, text: text, field: "hour")
        guard hour <= 23 else { throw .malformed(text: text, position: hourStart, expected: "an hour 00 ... 23") }
        var minute = 0, second = 0, nanosecond = 0
        let extended = index < chars.count && chars[index] == ":"
        func separator(_ index: inout Int) -> Bool {
            if extended {
                guard index < chars.count, chars[index] == ":" else { return false }
                index += 1
                return true
            }
            return index < chars.count && chars[index].isASCIIDigit
        }
        if separator(&index) {
            let start = index
            minute = try twoDigits(chars, &index, text: text, field: "minute")
            guard minute <= 59 else { throw .malformed(text: text, position: start, expected: "a minute 00 ... 59") }
            if separator(&index) {
                let start = index
                second = try twoDigits(chars, &index, text: text, field: "second")
                // A leap second reads as :59, as Temporal does.
                guard second <= 60 else { throw .malformed(text: text, position: start, expected: "a second 00 ... 59") }
                second = Swift.min(second, 59)
                if index < chars.count, chars[index] == "." || chars[index] == "," {
                    index += 1
                    var count = 0
                    while index < chars.count, let digit = chars[index].asciiDigitValue {
                        guard count < 9 else { throw .malformed(text: text, position: index, expected: "at most 9 fraction digits") }
                        nanosecond = nanosecond * 10 + digit
                        count += 1
                        index += 1
                    }
                    guard count > 0 else { throw .malformed(text: text, position: index, expected: "a digit after the decimal point") }
                    for _ in count..<9 { nanosecond *= 10 }
                }
            }
        }
        return TimeOfDay(nanosecondOfDay: ((hour * 60 + minute) * 60 + second) * 1_000_000_000 + nanosecond)
    }

    /// `Z` or `±HH[:MM[:SS]]` / `±HHMM`.
    private static func parseZone(_ chars: [Character], _ index: inout Int, text: String) throws(DateTimeTextError) -> ZoneDesignator? {
        let c = chars[index]
        if c == "Z" || c == "z" {
            index += 1
            return .utc
        }
        guard c == "+" || c == "-" || c == "\u{2212}" else { return nil }
        index += 1
        let sign = c == "+" ? 1 : -1
        let start = index
        let hours = try twoDigits(chars, &index, text: text, field: "offset hours")
        var minutes = 0, seconds = 0
        if index < chars.count, chars[index] == ":" || chars[index].isASCIIDigit {
            if chars[index] == ":" { index += 1 }
            minutes = try twoDigits(chars, &index, text: text, field: "offset minutes")
            if index < chars.count, chars[index] == ":" {
                index += 1
                seconds = try twoDigits(chars, &index, text: text, field: "offset seconds")
            }
        }
        guard hours <= 23, minutes <= 59, seconds <= 59 else {
            throw .malformed(text: text, position: start, expected: "an offset -23:59 ... +23:59")
        }
        return .offset(UTCOffset(seconds: sign * (hours * 3600 + minutes * 60 + seconds)))
    }

    /// `2024-03-15T09:30:00`, with `.5` style fractions when there are any.
    public static func format(_ local: LocalDateTime) -> String {
        guard let (date, second) = usual(local) else {
            return ISODate(dayNumber: local.dayNumber).description + "T" + format(local.time)
        }
        return String(unsafeUninitializedCapacity: 19) { buffer in
            write(date, second, into: buffer)
            return 19
        }
    }

    /// The date and second of the day of `local` in the usual case (years 0 ... 9999, whole seconds), written in one buffer.
    private static func usual(_ local: LocalDateTime) -> (ISODate, Int)? {
        let nanoseconds = local.nanosecondOfDay
        guard nanoseconds % 1_000_000_000 == 0 else { return nil }
        let date = ISODate(dayNumber: local.dayNumber)
        guard (0...9_999).contains(date.year) else { return nil }
        return (date, nanoseconds / 1_000_000_000)
    }

    /// `YYYY-MM-DDTHH:MM:SS` of a usual date-time into the first 19 bytes of `buffer`.
    private static func write(_ date: ISODate, _ second: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        ASCIIDigits.write(date.year, width: 4, into: buffer, at: 0)
        buffer[4] = UInt8(ascii: "-")
        ASCIIDigits.write(date.month, width: 2, into: buffer, at: 5)
        buffer[7] = UInt8(ascii: "-")
        ASCIIDigits.write(date.day, width: 2, into: buffer, at: 8)
        buffer[10] = UInt8(ascii: "T")
        ASCIIDigits.write(second / 3_600, width: 2, into: buffer, at: 11)
        buffer[13] = UInt8(ascii: ":")
        ASCIIDigits.write(second / 60 % 60, width: 2, into: buffer, at: 14)
        buffer[16] = UInt8(ascii: ":")
        ASCIIDigits.write(second % 60, width: 2, into: buffer, at: 17)
    }

    /// The date in `date`'s calendar text form, then `T` and the time.
    public static func format(_ date: CalendarDate, _ time: TimeOfDay) -> String {
        CalendarDateText.format(date) + "T" + format(time)
    }

    /// RFC 3339 with the zone's offset, or `Z` in UTC.
    public static func format(_ zoned: ZonedDateTime) -> String {
        let local = zoned.local, offset = zoned.offset.seconds
        // The usual case (an offset of whole minutes, not UTC's `Z`) written in one buffer.
        guard offset % 60 == 0, let (date, second) = usual(local), !zoned.zone.isUTC else { return format(local) + offsetText(zoned) }
        return String(unsafeUninitializedCapacity: 25) { buffer in
            write(date, second, into: buffer)
            let minutes = offset.magnitude / 60
            buffer[19] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
            ASCIIDigits.write(Int(minutes / 60), width: 2, into: buffer, at: 20)
            buffer[22] = UInt8(ascii: ":")
            ASCIIDigits.write(Int(minutes % 60), width: 2, into: buffer, at: 23)
            return 25
        }
    }

    /// `Z` in UTC, else the offset (`-04:00`).
    public static func offsetText(_ zoned: ZonedDateTime) -> String {
        zoned.zone.isUTC ? "Z" : zoned.offset.description
    }

    /// `09:30:00` or `09:30:00.5`.
    public static func format(_ time: TimeOfDay) -> String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        var text = two(time.hour) + ":" + two(time.minute) + ":" + two(time.second)
        if time.nanosecond != 0 {
            var digits = String(time.nanosecond)
            digits = String(repeating: "0", count: 9 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }
}

/// What `DateTimeText.parse` read.
public struct ParsedDateTime: Hashable, Sendable {
    /// The date in the calendar it was read in.
    public let date: CalendarDate
    /// The time of day; nil for a plain date.
    public let time: TimeOfDay?
    /// The zone written after the time; nil for a floating time or a plain date.
    public let zone: ZoneDesignator?

    /// The wall-clock date-time (midnight for a plain date).
    public var local: LocalDateTime { LocalDateTime(unchecked: date.dayNumber, time?.nanosecondOfDay ?? 0) }
}

/// A zone as written in date-time text.
public enum ZoneDesignator: Hashable, Sendable {
    /// `Z`.
    case utc
    /// `+05:30`, `-0400`.
    case offset(UTCOffset)
    /// `[America/New_York]` (RFC 9557), with the offset written before it, if any.
    case named(String, offset: UTCOffset?)
}

/// Why date-time text could not be read.
public enum DateTimeTextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `position` is the 0-based character offset where reading stopped.
    case malformed(text: String, position: Int, expected: String)
    /// The date part is not a date of the calendar.
    case date(text: String, ConversionError)

    public var description: String {
        switch self {
        case .malformed(let text, let position, let expected):
            return "cannot read date-time '\(text)' at character \(position + 1): expected \(expected)"
        case .date(_, let error):
            return error.description
        }
    }
}

extension Character {
    var asciiDigitValue: Int? { isASCIIDigit ? wholeNumberValue : nil }
}

/// Non-negative numbers written as ASCII digits, zero-padded: the fast
/// paths of the date and time formats.
enum ASCIIDigits {
    /// `value` (0 ..< 10^width) in `width` digits at `index` of `buffer`.
    @inline(__always)
    static func write(_ value: Int, width: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: Int) {
        var rest = value
        for offset in stride(from: width - 1, through: 0, by: -1) {
            buffer[index + offset] = UInt8(truncatingIfNeeded: 48 + rest % 10)
            rest /= 10
        }
    }
}
