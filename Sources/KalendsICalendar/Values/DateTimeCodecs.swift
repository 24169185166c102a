import Kalends

/// The value codecs of RFC 5545 section 3.3: for each value type, a `read`
/// of its text and the `write` that gives that text back. Errors are
/// `ContentLineError`s naming the property, without a column (the property
/// reader adds where the value is). Property-level reading (`VALUE=`,
/// `TZID=`, lists) is `ICalendarProperty`'s; which type a property has is
/// `PropertyKindTable`'s.
///
///     try ICalendarValue.Date.read("20240315", property: "DTSTART")   // 2024-03-15
///     ICalendarValue.Date.write(ISODate(year: 2024, month: 3, day: 15)) // "20240315"
///     try ICalendarValue.Duration.read("-PT15M", property: "TRIGGER")  // 15 minutes before
public enum ICalendarValue {
    /// DATE (section 3.3.4): `YYYYMMDD`.
    public enum Date {
        /// The date of `YYYYMMDD`.
        /// - Throws: `ContentLineError` (`.malformedDate`, `.invalidDate`).
        public static func read(_ text: Substring, property: String) throws(ContentLineError) -> ISODate {
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

        /// `YYYYMMDD` (years 0 ... 9999; a DATE has four digits of year).
        public static func write(_ date: ISODate) -> String {
            digits(date.year, 4) + digits(date.month, 2) + digits(date.day, 2)
        }
    }

    /// DATE-TIME (section 3.3.5): `YYYYMMDDTHHMMSS`, with `Z` for UTC.
    public enum DateTime {
        /// A floating time, or (`Z`) an instant; a bare `YYYYMMDD` is a date
        /// unless `dateIsMidnight` (the value said `VALUE=DATE-TIME`: then midnight).
        ///
        /// Second 60, RFC 5545's positive leap second, is read as the first
        /// second of the next minute: where POSIX time, and so Kalends'
        /// instants, which count no leap seconds, put it.
        /// - Throws: `ContentLineError` (`.malformedDateTime`, `.invalidTime`, a date's errors).
        public static func read(_ text: Substring, property: String, dateIsMidnight: Bool = false) throws(ContentLineError) -> ItemTime {
            let bytes = text.utf8
            if bytes.count == 8 {
                let day = try Date.read(text, property: property)
                guard dateIsMidnight else { return .date(day) }
                do {
                    return .floating(try LocalDateTime(day))
                } catch {
                    throw ContentLineError(.invalidTime(String(text), detail: "\(error)"), property: property)
                }
            }
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
            let day = try Date.read(Substring(body.utf8.prefix(8)), property: property)
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
            return isUTC ? .utc(Instant(seconds: local.wallSeconds.seconds)) : .floating(local)
        }

        /// `YYYYMMDDTHHMMSS` (whole seconds) of a wall-clock time.
        public static func write(_ local: LocalDateTime) -> String {
            write(day: local.dayNumber, second: local.nanosecondOfDay / 1_000_000_000)
        }

        /// `YYYYMMDDTHHMMSSZ` of an instant (whole seconds).
        public static func write(_ instant: Instant) -> String {
            write(day: instant.seconds.floorDivided(by: 86_400), second: instant.seconds.floorModulo(86_400)) + "Z"
        }

        /// The value text of a time: `YYYYMMDD` for a date, `YYYYMMDDTHHMMSS`
        /// for a floating or zoned time (the zone goes in `TZID=`), `...Z` for an instant.
        public static func write(_ time: ItemTime) -> String {
            switch time {
            case .date(let date): return Date.write(date)
            case .floating(let local), .zoned(let local, _): return write(local)
            case .utc(let instant): return write(instant)
            }
        }

        static func write(day: Int, second: Int) -> String {
            Date.write(ISODate(dayNumber: day)) + "T" + digits(second / 3_600, 2) + digits(second / 60 % 60, 2) + digits(second % 60, 2)
        }
    }

    /// TIME (section 3.3.12): `HHMMSS`, with `Z` for UTC.
    public enum Time {
        /// The time of day, and whether it is UTC.
        /// - Throws: `ContentLineError` (`.malformedValue`).
        public static func read(_ text: Substring, property: String) throws(ContentLineError) -> (time: TimeOfDay, isUTC: Bool) {
            var bytes = Array(text.utf8)
            let isUTC = bytes.last == UInt8(ascii: "Z")
            if isUTC { bytes.removeLast() }
            let fail = ContentLineError(.malformedValue(type: "TIME", text: String(text)), property: property)
            guard bytes.count == 6, bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { throw fail }
            func two(_ at: Int) -> Int { Int(bytes[at] - 48) * 10 + Int(bytes[at + 1] - 48) }
            do {
                return (try TimeOfDay(hour: two(0), minute: two(2), second: Swift.min(two(4), 59)), isUTC)
            } catch {
                throw fail
            }
        }

        /// `HHMMSS`, with `Z` when `isUTC`.
        public static func write(_ time: TimeOfDay, isUTC: Bool = false) -> String {
            digits(time.hour, 2) + digits(time.minute, 2) + digits(time.second, 2) + (isUTC ? "Z" : "")
        }
    }

    /// DURATION (section 3.3.6): `[+-]P[nW]` or `[+-]P[nD][T[nH][nM][nS]]`, each unit once and largest first.
    public enum Duration {
        /// Weeks and days in the calendar part (nominal: a day over a DST
        /// change is 23 or 25 hours), hours, minutes and seconds in the exact part.
        /// - Throws: `ContentLineError` (`.malformedSignedDuration`).
        public static func read(_ text: Substring, property: String) throws(ContentLineError) -> CalendarDuration {
            let fail = ContentLineError(.malformedSignedDuration(String(text)), property: property)
            guard let parts = parts(text) else { throw fail }
            let sign = parts.negative ? -1 : 1
            do {
                return try CalendarDuration(date: try DateDuration(weeks: sign * parts.weeks, days: sign * parts.days),
                                            time: try TimeDuration(hours: sign * parts.hours, minutes: sign * parts.minutes,
                                                                   seconds: sign * parts.secondsPart))
            } catch {
                throw fail
            }
        }

        /// The text of a duration of `days` nominal days and `seconds` exact
        /// seconds (`PT1H30M`, `P2D`, `-PT15M`; `PT0S` for none). Both carry the same sign.
        public static func write(days: Int, seconds: Int) -> String {
            let negative = days < 0 || (days == 0 && seconds < 0)
            let days = days.magnitude, seconds = seconds.magnitude
            var text = negative ? "-P" : "P"
            if days > 0 { text += "\(days)D" }
            if seconds > 0 || days == 0 {
                text += "T"
                let hours = seconds / 3_600, minutes = seconds / 60 % 60, rest = seconds % 60
                if hours > 0 { text += "\(hours)H" }
                if minutes > 0 { text += "\(minutes)M" }
                if rest > 0 || (hours == 0 && minutes == 0) { text += "\(rest)S" }
            }
            return text
        }

        /// The text of a duration (its weeks and days nominal, its time exact; years and months, which a DURATION cannot say, are refused).
        /// - Throws: `ContentLineError` (`.malformedSignedDuration`) for years, months or a fraction of a second.
        public static func write(_ duration: CalendarDuration) throws(ContentLineError) -> String {
            guard duration.date.years == 0, duration.date.months == 0, duration.time.nanoseconds == 0 else {
                throw ContentLineError(.malformedSignedDuration("\(duration)"), property: "DURATION")
            }
            let days = duration.date.weeks.clampedMultiply(7).clampedAdd(duration.date.days)
            let time = duration.time
            let seconds = time.hours.clampedMultiply(3_600).clampedAdd(time.minutes.clampedMultiply(60)).clampedAdd(time.seconds)
            return write(days: days, seconds: seconds)
        }

        /// A DURATION's parts as written, and all of it in seconds (negative for `-P...`).
        struct Parts {
            let negative: Bool, weeks: Int, days: Int, hours: Int, minutes: Int, secondsPart: Int, seconds: Int
        }

        /// The parts of `[+-]P...`; nil when it is not a duration.
        static func parts(_ text: Substring) -> Parts? {
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
            return Parts(negative: negative, weeks: values[0], days: values[1], hours: values[2], minutes: values[3],
                         secondsPart: values[4], seconds: negative ? -total : total)
        }
    }

    /// PERIOD (section 3.3.9): `START/END` or `START/DURATION`.
    public enum Period {
        /// The period's start (read in `zone` when floating and a zone is
        /// given) and its length in seconds, which must be positive.
        /// - Throws: `ContentLineError` (`.malformedPeriod`, `.periodNotAfterStart`, the start's and end's errors).
        public static func read(_ text: Substring, zone: ZoneRules?, property: String) throws(ContentLineError) -> RecurrenceDate {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw ContentLineError(.malformedPeriod(String(text)), property: property) }
            let start = placed(try DateTime.read(parts[0], property: property), zone: zone)
            let seconds: Int
            if parts[1].hasPrefix("P") || parts[1].hasPrefix("+P") {
                guard let duration = Duration.parts(parts[1]), !duration.negative, duration.seconds > 0 else {
                    throw ContentLineError(.malformedDuration(String(parts[1])), property: property)
                }
                seconds = duration.seconds
            } else {
                let end = placed(try DateTime.read(parts[1], property: property), zone: zone)
                guard start.isDate == end.isDate, let from = orderingSeconds(start), let to = orderingSeconds(end), to > from else {
                    throw ContentLineError(.periodNotAfterStart(String(text)), property: property)
                }
                seconds = to - from
            }
            return RecurrenceDate(start, periodSeconds: seconds)
        }

        /// `START/DURATION` of a period given by its start and length in seconds.
        public static func write(start: ItemTime, seconds: Int) -> String {
            DateTime.write(start) + "/" + Duration.write(days: 0, seconds: seconds)
        }

        static func placed(_ time: ItemTime, zone: ZoneRules?) -> ItemTime {
            guard let zone, case .floating(let local) = time else { return time }
            return .zoned(local, zone)
        }

        /// Seconds for ordering a period's two ends (both of one form and zone); nil where the zone cannot place one.
        static func orderingSeconds(_ time: ItemTime) -> Int? {
            switch time {
            case .date(let day): return day.dayNumber * 86_400
            case .floating(let local): return local.wallSeconds.seconds
            case .zoned(let local, let zone): return try? zone.resolve(local).instant.seconds
            case .utc(let instant): return instant.seconds
            }
        }
    }

    /// UTC-OFFSET (section 3.3.14): `+HHMM` or `-HHMMSS` (`-0000` refused).
    public enum UTCOffsetText {
        /// The offset.
        /// - Throws: `ContentLineError` (`.malformedUTCOffset`).
        public static func read(_ text: Substring, property: String) throws(ContentLineError) -> UTCOffset {
            let bytes = Array(text.utf8)
            let fail = ContentLineError(.malformedUTCOffset(String(text)), property: property)
            guard bytes.count == 5 || bytes.count == 7, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
                  bytes[1...].allSatisfy({ $0 >= 48 && $0 <= 57 }) else { throw fail }
            func two(_ index: Int) -> Int { Int(bytes[index] - 48) * 10 + Int(bytes[index + 1] - 48) }
            let hours = two(1), minutes = two(3), seconds = bytes.count == 7 ? two(5) : 0
            guard hours < 24, minutes < 60, seconds < 60 else { throw fail }
            let magnitude = hours * 3_600 + minutes * 60 + seconds
            if bytes[0] == UInt8(ascii: "-") && magnitude == 0 { throw fail }
            return UTCOffset(seconds: bytes[0] == UInt8(ascii: "-") ? -magnitude : magnitude)
        }

        /// `+0530`, `-0400`, with seconds only when there are any (`+003412`).
        public static func write(_ offset: UTCOffset) -> String {
            let magnitude = Int(offset.seconds.magnitude)
            var text = (offset.seconds < 0 ? "-" : "+") + digits(magnitude / 3_600, 2) + digits(magnitude / 60 % 60, 2)
            if magnitude % 60 != 0 { text += digits(magnitude % 60, 2) }
            return text
        }
    }

    /// `value` in decimal, zero-padded to `width` digits (a minus sign before them).
    static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value.magnitude)
        return (value < 0 ? "-" : "") + String(repeating: "0", count: Swift.max(0, width - text.count)) + text
    }
}

extension Int {
    /// `self * factor`, held at the bounds of `Int` instead of trapping.
    func clampedMultiply(_ factor: Int) -> Int {
        let (value, overflow) = multipliedReportingOverflow(by: factor)
        guard overflow else { return value }
        return (self < 0) != (factor < 0) ? Int.min : Int.max
    }

    /// `self + other`, held at the bounds of `Int` instead of trapping.
    func clampedAdd(_ other: Int) -> Int {
        let (value, overflow) = addingReportingOverflow(other)
        guard overflow else { return value }
        return other < 0 ? Int.min : Int.max
    }
}
