import Kalends

/// The value types of RFC 5545 section 3.3 the event model needs, read from
/// their text: DATE, DATE-TIME, PERIOD, DURATION and UTC-OFFSET. Errors are
/// `ContentLineError`s naming the property; the caller adds the column.
enum ValueText {
    /// `YYYYMMDD`.
    static func date(_ text: Substring, property: String) throws(ContentLineError) -> ISODate {
        var number = 0, count = 0
        for byte in text.utf8 {
            guard byte >= 48 && byte <= 57, count < 8 else { count = -1; break }
            number = number * 10 + Int(byte - 48)
            count += 1
        }
        guard count == 8 else { throw ContentLineError(.malformedDate(String(text)), property: property) }
        let year = number / 10_000, month = number / 100 % 100, day = number % 100
        do {
            return try ISODate(year: year, month: month, day: day)
        } catch {
            throw ContentLineError(.invalidDate(String(text), detail: "\(error)"), property: property)
        }
    }

    /// `YYYYMMDDTHHMMSS`, with `Z` for UTC, read in `zone` when given (else
    /// floating); a bare `YYYYMMDD` is a date.
    ///
    /// Second 60, RFC 5545's positive leap second (section 3.3.12), is read
    /// as the first second of the next minute: where POSIX time, and so
    /// Kalends' instants, which count no leap seconds, put it. It is not
    /// moved back to :59.
    static func dateTime(_ text: Substring, zone: ZoneRules?, property: String) throws(ContentLineError) -> RecurrenceDate {
        let bytes = text.utf8
        if bytes.count == 8 { return RecurrenceDate(.date(try date(text, property: property))) }
        let last = bytes.last
        let isUTC = last == UInt8(ascii: "Z") || last == UInt8(ascii: "z")
        // Byte views throughout: the value is ASCII when valid, and Character indexing is slow.
        let body = isUTC ? Substring(text.utf8.dropLast()) : text
        // `T` at byte 8 and six digits after it, read without copying.
        var clock = 0, index = 0, shape = true
        for byte in body.utf8 {
            if index == 8 {
                shape = shape && (byte == UInt8(ascii: "T") || byte == UInt8(ascii: "t"))
            } else if index > 8 {
                shape = shape && byte >= 48 && byte <= 57
                clock = clock &* 10 &+ Int(byte &- 48)
            }
            index += 1
            if index > 15 { break }
        }
        guard shape, index == 15 else {
            throw ContentLineError(.malformedDateTime(String(text)), property: property)
        }
        let day = try date(Substring(body.utf8.prefix(8)), property: property)
        let hour = clock / 10_000, minute = clock / 100 % 100, second = clock % 100
        let local: LocalDateTime
        do {
            if second == 60 {
                // A leap second: 00 of the next minute (the next day after 23:59:60).
                let time = try TimeOfDay(hour: hour, minute: minute, second: 59)
                let next = time.nanosecondOfDay / 1_000_000_000 + 1
                let carry = next / 86_400, ofDay = next % 86_400
                local = try LocalDateTime(dayNumber: day.dayNumber + carry,
                                          time: try TimeOfDay(hour: ofDay / 3_600, minute: ofDay % 3_600 / 60, second: 0))
            } else {
                local = try LocalDateTime(day, try TimeOfDay(hour: hour, minute: minute, second: second))
            }
        } catch {
            throw ContentLineError(.invalidTime(String(text), detail: "\(error)"), property: property)
        }
        if isUTC {
            return RecurrenceDate(.utc(Instant(seconds: local.wallSeconds.seconds)))
        }
        if let zone { return RecurrenceDate(.zoned(local, zone)) }
        return RecurrenceDate(.floating(local))
    }

    /// An RFC 5545 duration (`PT2H`, `P1D`, `P1W`, `P1DT12H30M`) in seconds; positive only.
    static func durationSeconds(_ text: Substring, property: String) throws(ContentLineError) -> Int {
        guard let parts = durationParts(text), !parts.negative, parts.seconds > 0 else {
            throw ContentLineError(.malformedDuration(String(text)), property: property)
        }
        return parts.seconds
    }

    /// A DURATION's parts as written, and all of it in seconds (negative for `-P...`).
    struct DurationParts {
        let negative: Bool, weeks: Int, days: Int, hours: Int, minutes: Int, secondsPart: Int, seconds: Int
    }

    /// The parts of `[+-]P...`: weeks, days, hours, minutes, seconds, and all
    /// of it in seconds; nil when it is not a duration.
    static func durationParts(_ text: Substring) -> DurationParts? {
        var characters = text.utf8[...]
        var negative = false
        if characters.first == UInt8(ascii: "+") || characters.first == UInt8(ascii: "-") {
            negative = characters.first == UInt8(ascii: "-")
            characters = characters.dropFirst()
        }
        guard characters.first == UInt8(ascii: "P") else { return nil }
        characters = characters.dropFirst()
        var values = [0, 0, 0, 0, 0]
        var total = 0, number: Int?, inTime = false, any = false, lastSlot = -1
        for byte in characters {
            if byte >= 48 && byte <= 57 {
                let (times, overflow1) = (number ?? 0).multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(Int(byte - 48))
                guard !overflow1, !overflow2, sum < 10_000_000_000 else { return nil }
                number = sum
                continue
            }
            if byte == UInt8(ascii: "T") { guard !inTime, number == nil else { return nil }; inTime = true; continue }
            guard let value = number else { return nil }
            let unit: Int, slot: Int
            switch (byte, inTime) {
            case (UInt8(ascii: "W"), false): unit = 604_800; slot = 0
            case (UInt8(ascii: "D"), false): unit = 86_400; slot = 1
            case (UInt8(ascii: "H"), true): unit = 3_600; slot = 2
            case (UInt8(ascii: "M"), true): unit = 60; slot = 3
            case (UInt8(ascii: "S"), true): unit = 1; slot = 4
            default: return nil
            }
            // Each unit once, largest first (RFC 5545 section 3.3.6), so the
            // total stays far inside Int: at most 5 terms below 10^10 * 604,800.
            guard slot > lastSlot else { return nil }
            lastSlot = slot
            values[slot] = value
            total += value * unit
            number = nil
            any = true
        }
        guard any, number == nil else { return nil }
        return DurationParts(negative: negative, weeks: values[0], days: values[1], hours: values[2], minutes: values[3],
                             secondsPart: values[4], seconds: negative ? -total : total)
    }

    /// `+HHMM` or `-HHMMSS` (RFC 5545 section 3.3.14; `-0000` refused).
    static func utcOffset(_ text: Substring, property: String) throws(ContentLineError) -> UTCOffset {
        let bytes = Array(text.utf8)
        func fail() -> ContentLineError { ContentLineError(.malformedUTCOffset(String(text)), property: property) }
        guard bytes.count == 5 || bytes.count == 7, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
              bytes[1...].allSatisfy({ $0 >= 48 && $0 <= 57 }) else { throw fail() }
        func two(_ index: Int) -> Int { Int(bytes[index] - 48) * 10 + Int(bytes[index + 1] - 48) }
        let hours = two(1), minutes = two(3), seconds = bytes.count == 7 ? two(5) : 0
        guard hours < 24, minutes < 60, seconds < 60 else { throw fail() }
        let magnitude = hours * 3_600 + minutes * 60 + seconds
        if bytes[0] == UInt8(ascii: "-") && magnitude == 0 { throw fail() }
        return UTCOffset(seconds: bytes[0] == UInt8(ascii: "-") ? -magnitude : magnitude)
    }

    /// Seconds for ordering a PERIOD's two ends (same form and zone).
    static func absoluteSeconds(_ date: RecurrenceDate) -> Int? {
        switch date.value {
        case .date(let day): return day.dayNumber * 86_400
        case .floating(let local): return local.wallSeconds.seconds
        case .zoned(let local, let zone): return try? zone.resolve(local).instant.seconds
        case .utc(let instant): return instant.seconds
        }
    }

    /// The comma-separated values of a DTSTART, DTEND, RDATE, EXDATE (any
    /// date property), in the form VALUE= says, times in `zone` when given.
    /// Errors carry the column of the value at fault.
    static func dates(_ property: ICalendarProperty, zone: ZoneRules?) throws(ContentLineError) -> [RecurrenceDate] {
        let name = property.name
        let kind = property.parameter("VALUE").map(ASCIICase.upper) ?? "DATE-TIME"
        guard kind == "DATE" || kind == "DATE-TIME" || kind == "PERIOD" else {
            throw ContentLineError(.unknownValueType(kind), property: name)
        }
        if kind == "PERIOD" && name != "RDATE" { throw ContentLineError(.periodNotAllowed, property: name) }
        var result: [RecurrenceDate] = []
        let value = property.value
        var itemStart = value.utf8.startIndex
        while true {
            let itemEnd = value.utf8[itemStart...].firstIndex(of: UInt8(ascii: ",")) ?? value.utf8.endIndex
            let item = value[itemStart..<itemEnd]
            defer { itemStart = itemEnd < value.utf8.endIndex ? value.utf8.index(after: itemEnd) : itemEnd }
            do throws(ContentLineError) {
                if kind == "PERIOD" {
                    let parts = item.split(separator: "/", omittingEmptySubsequences: false)
                    guard parts.count == 2 else { throw ContentLineError(.malformedPeriod(String(item)), property: name) }
                    let start = try dateTime(parts[0], zone: zone, property: name)
                    let seconds: Int
                    if parts[1].hasPrefix("P") || parts[1].hasPrefix("+P") {
                        seconds = try durationSeconds(parts[1], property: name)
                    } else {
                        let end = try dateTime(parts[1], zone: zone, property: name)
                        guard let startKey = absoluteSeconds(start), let endKey = absoluteSeconds(end), endKey > startKey else {
                            throw ContentLineError(.periodNotAfterStart(String(item)), property: name)
                        }
                        seconds = endKey - startKey
                    }
                    result.append(RecurrenceDate(start.value, periodSeconds: seconds))
                } else if kind == "DATE" {
                    result.append(RecurrenceDate(.date(try date(item, property: name))))
                } else {
                    result.append(try dateTime(item, zone: zone, property: name))
                }
            } catch {
                // The value at fault: where this item starts in the line (counted only now).
                let column = property.valueColumn + value[..<itemStart].unicodeScalars.count
                throw ContentLineError(error.kind, property: error.property, column: error.column ?? column)
            }
            if itemEnd == value.utf8.endIndex { break }
        }
        return result
    }
}
