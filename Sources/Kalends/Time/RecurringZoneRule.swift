/// A zone's yearly repeating rule: standard time, and optionally daylight
/// time between two dates each year. It is what a POSIX `TZ` string says
/// (`EST5EDT,M3.2.0,M11.1.0`; the footer of a TZif file, RFC 8536 section 3.3)
/// and what a VTIMEZONE's yearly STANDARD and DAYLIGHT observances say.
///
///     let us = try RecurringZoneRule(posix: "EST5EDT,M3.2.0,M11.1.0")
///     // us.daylight?.offset == UTCOffset(seconds: -14_400)
public struct RecurringZoneRule: Hashable, Sendable, CustomStringConvertible {
    /// Standard time: its offset east of UTC and its abbreviation (`EST`).
    public let standard: ZoneLocalTimeType
    /// Daylight time and the yearly dates it starts and ends, if the zone has it.
    public let daylight: Daylight?

    /// Daylight time of a `RecurringZoneRule`.
    public struct Daylight: Hashable, Sendable {
        /// Its offset east of UTC and abbreviation (`EDT`).
        public let type: ZoneLocalTimeType
        /// When daylight time starts each year, as a wall time in standard time.
        public let start: ZoneRuleDate
        /// When it ends each year, as a wall time in daylight time.
        public let end: ZoneRuleDate

        /// Daylight time of `type` from `start` (read in standard time) to `end` (read in daylight time).
        public init(type: ZoneLocalTimeType, start: ZoneRuleDate, end: ZoneRuleDate) {
            self.type = type
            self.start = start
            self.end = end
        }
    }

    /// A rule of `standard` time all year, or with `daylight` time part of each year.
    public init(standard: ZoneLocalTimeType, daylight: Daylight? = nil) {
        self.standard = standard
        self.daylight = daylight
    }

    /// The rule a POSIX `TZ` string gives (`JST-9`, `<+0330>-3:30`,
    /// `CET-1CEST,M3.5.0,M10.5.0/3`), with RFC 8536's extensions (hours up
    /// to 167 and negative in rule times). A daylight name without dates
    /// takes the US rule `M3.2.0,M11.1.0`, as glibc does.
    /// - Throws: `TimeError.invalidPOSIXZone` with the position of what is wrong.
    public init(posix text: String) throws(TimeError) {
        var reader = POSIXZoneReader(text)
        self = try reader.rule()
    }

    /// The `TZ` string of this rule (`EST5EDT,M3.2.0,M11.1.0`).
    public var description: String {
        var text = POSIXZoneReader.name(standard.abbreviation) + POSIXZoneReader.offset(-standard.offset.seconds)
        if let daylight {
            text += POSIXZoneReader.name(daylight.type.abbreviation)
            if daylight.type.offset.seconds != standard.offset.seconds + 3600 {
                text += POSIXZoneReader.offset(-daylight.type.offset.seconds)
            }
            text += "," + daylight.start.description + "," + daylight.end.description
        }
        return text
    }

    /// The local time type in force at `seconds` since 1970 UTC.
    func type(at seconds: Int) -> ZoneLocalTimeType {
        guard let daylight else { return standard }
        return isDaylight(at: seconds, daylight) ? daylight.type : standard
    }

    /// Whether daylight time is in force: the latest of the start and end
    /// instants of the year before, the year and the year after that is not
    /// later than `seconds` decides (a start wins a tie, so a rule whose end
    /// meets the next start, daylight all year, stays in daylight time).
    private func isDaylight(at seconds: Int, _ daylight: Daylight) -> Bool {
        let year = Self.year(of: seconds)
        var latest = Int.min
        var inDaylight = false
        for candidate in (year - 1)...(year + 1) {
            let (start, end) = instants(ofYear: candidate, daylight)
            if end <= seconds && end > latest { latest = end; inDaylight = false }
            if start <= seconds && start >= latest { latest = start; inDaylight = true }
        }
        // Before every listed instant: the state at the end of year - 2 (the year's order repeats).
        if latest == Int.min {
            let (start, end) = instants(ofYear: year - 2, daylight)
            return start > end
        }
        return inDaylight
    }

    /// The start and end instants of daylight time in `year`.
    func instants(ofYear year: Int, _ daylight: Daylight) -> (start: Int, end: Int) {
        let start = daylight.start.wallSeconds(inYear: year) &- standard.offset.seconds
        let end = daylight.end.wallSeconds(inYear: year) &- daylight.type.offset.seconds
        return (start, end)
    }

    /// The next instant after `seconds` at which the offset changes, with the types either side.
    func nextChange(after seconds: Int) -> (instant: Int, before: ZoneLocalTimeType, after: ZoneLocalTimeType)? {
        guard let daylight, daylight.type.offset != standard.offset else { return nil }
        var cursor = seconds
        // The nearest start or end after the cursor, in time order (a rule's
        // dates may cross between years); a change that keeps the offset
        // (daylight all year) is passed over, a few years at most.
        for _ in 0..<16 {
            let year = Self.year(of: cursor)
            var nearest = Int.max
            for candidateYear in (year - 1)...(year + 2) {
                let (start, end) = instants(ofYear: candidateYear, daylight)
                if start > cursor && start < nearest { nearest = start }
                if end > cursor && end < nearest { nearest = end }
            }
            guard nearest != Int.max else { return nil }
            let before = type(at: nearest &- 1), after = type(at: nearest)
            if before.offset != after.offset { return (nearest, before, after) }
            cursor = nearest
        }
        return nil
    }

    /// The last instant at or before `seconds` at which the offset changed, with the types either side.
    func previousChange(atOrBefore seconds: Int) -> (instant: Int, before: ZoneLocalTimeType, after: ZoneLocalTimeType)? {
        guard let daylight, daylight.type.offset != standard.offset else { return nil }
        var cursor = seconds
        for _ in 0..<16 {
            let year = Self.year(of: cursor)
            var nearest = Int.min
            for candidateYear in (year - 2)...(year + 1) {
                let (start, end) = instants(ofYear: candidateYear, daylight)
                if start <= cursor && start > nearest { nearest = start }
                if end <= cursor && end > nearest { nearest = end }
            }
            guard nearest != Int.min else { return nil }
            let before = type(at: nearest &- 1), after = type(at: nearest)
            if before.offset != after.offset { return (nearest, before, after) }
            cursor = nearest &- 1
        }
        return nil
    }

    /// The proleptic Gregorian year of `seconds` since 1970 UTC.
    static func year(of seconds: Int) -> Int {
        GregorianMath.date(dayNumber: seconds.floorDivided(by: 86_400)).year
    }
}

/// An offset from UTC with its abbreviation and whether it is daylight time:
/// one of a zone's local time types (RFC 8536's `ttinfo`).
public struct ZoneLocalTimeType: Hashable, Sendable {
    /// The offset east of UTC.
    public let offset: UTCOffset
    /// True for daylight (summer) time.
    public let isDaylightSaving: Bool
    /// The abbreviation (`EST`, `CEST`, `+0530`); may be empty.
    public let abbreviation: String

    /// A local time type.
    public init(offset: UTCOffset, isDaylightSaving: Bool, abbreviation: String) {
        self.offset = offset
        self.isDaylightSaving = isDaylightSaving
        self.abbreviation = abbreviation
    }
}

/// A yearly date and wall time of a `RecurringZoneRule` (`M3.2.0/2`, `J60`, `59`).
public struct ZoneRuleDate: Hashable, Sendable, CustomStringConvertible {
    /// Which day of the year.
    public enum Day: Hashable, Sendable {
        /// `Jn`: day 1 ... 365, February 29 never counted.
        case julianSkippingLeapDay(Int)
        /// `n`: day 0 ... 365, February 29 counted.
        case zeroBasedDayOfYear(Int)
        /// `Mm.w.d`: weekday `weekday` (0 = Sunday) of week `week` (1 ... 4, 5 = last) of `month`.
        case monthWeekday(month: Int, week: Int, weekday: Int)
    }

    /// The day.
    public let day: Day
    /// Seconds after that day's midnight (-167 ... 167 hours; 2:00 by default).
    public let secondsOfDay: Int

    /// A rule date. `secondsOfDay` outside ±167 hours is clamped.
    public init(day: Day, secondsOfDay: Int = 7_200) {
        self.day = day
        self.secondsOfDay = Swift.min(Swift.max(secondsOfDay, -POSIXZoneReader.maximumRuleSeconds), POSIXZoneReader.maximumRuleSeconds)
    }

    /// Wall-clock seconds since 1970-01-01T00:00 of this date in `year`.
    func wallSeconds(inYear year: Int) -> Int {
        let dayNumber: Int
        switch day {
        case .julianSkippingLeapDay(let n):
            let march = GregorianMath.dayNumber(year: year, month: 3, day: 1)
            let first = GregorianMath.dayNumber(year: year, month: 1, day: 1)
            // Days 1 ... 59 are January 1 ... February 28; from 60 on, March 1 on.
            dayNumber = n <= 59 ? first + n - 1 : march + n - 60
        case .zeroBasedDayOfYear(let n):
            dayNumber = GregorianMath.dayNumber(year: year, month: 1, day: 1) + n
        case .monthWeekday(let month, let week, let weekday):
            let first = GregorianMath.dayNumber(year: year, month: month, day: 1)
            // 1970-01-01 was a Thursday (weekday 4).
            let firstWeekday = (first + 4).floorModulo(7)
            var date = first + (weekday - firstWeekday).floorModulo(7) + (week - 1) * 7
            let length = GregorianMath.daysInMonth(year: year, month: month)
            while date >= first + length { date -= 7 }
            dayNumber = date
        }
        return dayNumber &* 86_400 &+ secondsOfDay
    }

    /// The POSIX spelling (`M3.2.0`, `J60/3`, `0/-1`); the time only when not 2:00.
    public var description: String {
        let text: String
        switch day {
        case .julianSkippingLeapDay(let n): text = "J\(n)"
        case .zeroBasedDayOfYear(let n): text = "\(n)"
        case .monthWeekday(let month, let week, let weekday): text = "M\(month).\(week).\(weekday)"
        }
        return secondsOfDay == 7_200 ? text : text + "/" + POSIXZoneReader.time(secondsOfDay)
    }
}

/// Reads a POSIX `TZ` string (POSIX.1-2017 section 8.3, RFC 8536 section 3.3).
struct POSIXZoneReader {
    static let maximumRuleSeconds = 167 * 3600
    private let bytes: [UInt8]
    private let text: String
    private var index = 0

    init(_ text: String) {
        // What an error echoes: enough for its cut (TimeError.shown).
        self.text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(61)))
        bytes = Array(text.utf8.prefix(256 + 1))
    }

    mutating func rule() throws(TimeError) -> RecurringZoneRule {
        guard bytes.count <= 256 else { throw failure("longer than 256 bytes") }
        let standardName = try name()
        let standardOffset = try offset(required: true, what: "the offset of \(standardName.isEmpty ? "standard time" : standardName)")
        let standard = ZoneLocalTimeType(offset: UTCOffset(seconds: -standardOffset), isDaylightSaving: false, abbreviation: standardName)
        guard index < bytes.count else { return RecurringZoneRule(standard: standard) }
        let daylightName = try name()
        var daylightOffset = standardOffset - 3600
        if index < bytes.count, bytes[index] != UInt8(ascii: ",") {
            daylightOffset = try offset(required: true, what: "the offset of \(daylightName)")
        }
        let start: ZoneRuleDate, end: ZoneRuleDate
        if index < bytes.count {
            try expect(",", "a ',' before the date daylight time starts")
            start = try date()
            try expect(",", "a ',' before the date daylight time ends")
            end = try date()
            guard index == bytes.count else { throw failure("unexpected text after the rule") }
        } else {
            // glibc's default for a daylight name without dates: the US rule since 2007.
            start = ZoneRuleDate(day: .monthWeekday(month: 3, week: 2, weekday: 0))
            end = ZoneRuleDate(day: .monthWeekday(month: 11, week: 1, weekday: 0))
        }
        let daylight = ZoneLocalTimeType(offset: UTCOffset(seconds: -daylightOffset), isDaylightSaving: true, abbreviation: daylightName)
        return RecurringZoneRule(standard: standard, daylight: .init(type: daylight, start: start, end: end))
    }

    private func failure(_ reason: String, at position: Int? = nil) -> TimeError {
        .invalidPOSIXZone(text, position: Swift.min(position ?? index, bytes.count) + 1, reason: reason)
    }

    private mutating func expect(_ character: Unicode.Scalar, _ what: String) throws(TimeError) {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { throw failure("expected \(what)") }
        index += 1
    }

    /// `EST` (three or more letters) or `<+0330>` (three or more letters, digits, `+`, `-`).
    private mutating func name() throws(TimeError) -> String {
        if index < bytes.count, bytes[index] == UInt8(ascii: "<") {
            let start = index + 1
            index = start
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                let byte = bytes[index]
                guard Self.isLetter(byte) || Self.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") else {
                    throw failure("a quoted zone name holds only letters, digits, '+' and '-'")
                }
                index += 1
            }
            guard index < bytes.count else { throw failure("a '<' is not closed by '>'") }
            let name = String(decoding: bytes[start..<index], as: UTF8.self)
            guard name.utf8.count >= 3 else { throw failure("a zone name has at least three characters") }
            index += 1
            return name
        }
        let start = index
        while index < bytes.count, Self.isLetter(bytes[index]) { index += 1 }
        guard index - start >= 3 else { throw failure("expected a zone name of at least three letters (EST) or <+05>") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// `[+|-]hh[:mm[:ss]]` in seconds, west of UTC positive (POSIX's sign); hours 0 ... 24.
    private mutating func offset(required: Bool, what: String) throws(TimeError) -> Int {
        guard let value = try signedTime(maximumHours: 24) else { throw failure("expected \(what), such as 5 or -5:30") }
        return value
    }

    /// `[+|-]hh[:mm[:ss]]` with hours up to `maximumHours`, or nil when no digit starts here.
    private mutating func signedTime(maximumHours: Int) throws(TimeError) -> Int? {
        var sign = 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
        }
        let start = index
        guard let hours = number(maximumDigits: 3) else { return nil }
        guard hours <= maximumHours else { throw failure("hours \(hours) are more than \(maximumHours)", at: start) }
        var seconds = hours * 3600
        for unit in [60, 1] {
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { break }
            index += 1
            let start = index
            guard let value = number(maximumDigits: 2), value <= 59 else { throw failure("expected minutes or seconds 00 ... 59 after ':'", at: start) }
            seconds += value * unit
        }
        return sign * seconds
    }

    /// `Jn`, `n` or `Mm.w.d`, then an optional `/time`.
    private mutating func date() throws(TimeError) -> ZoneRuleDate {
        let day: ZoneRuleDate.Day
        if index < bytes.count, bytes[index] == UInt8(ascii: "J") {
            index += 1
            let start = index
            guard let n = number(maximumDigits: 3), (1...365).contains(n) else { throw failure("expected a day 1 ... 365 after 'J'", at: start) }
            day = .julianSkippingLeapDay(n)
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "M") {
            index += 1
            var start = index
            guard let month = number(maximumDigits: 2), (1...12).contains(month) else { throw failure("expected a month 1 ... 12 after 'M'", at: start) }
            try expect(".", "'.' and a week 1 ... 5")
            start = index
            guard let week = number(maximumDigits: 1), (1...5).contains(week) else { throw failure("expected a week 1 ... 5", at: start) }
            try expect(".", "'.' and a weekday 0 ... 6")
            start = index
            guard let weekday = number(maximumDigits: 1), (0...6).contains(weekday) else { throw failure("expected a weekday 0 (Sunday) ... 6", at: start) }
            day = .monthWeekday(month: month, week: week, weekday: weekday)
        } else {
            let start = index
            guard let n = number(maximumDigits: 3), (0...365).contains(n) else {
                throw failure("expected a date: Mm.w.d, Jn (1 ... 365) or n (0 ... 365)", at: start)
            }
            day = .zeroBasedDayOfYear(n)
        }
        var seconds = 7_200
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
            index += 1
            guard let time = try signedTime(maximumHours: 167) else { throw failure("expected a time after '/', such as 2 or 25:30") }
            seconds = time
        }
        return ZoneRuleDate(day: day, secondsOfDay: seconds)
    }

    private mutating func number(maximumDigits: Int) -> Int? {
        var value = 0, digits = 0
        while index < bytes.count, Self.isDigit(bytes[index]), digits < maximumDigits {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        return digits == 0 ? nil : value
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// `EST` as is, anything else quoted (`<+0530>`).
    static func name(_ abbreviation: String) -> String {
        abbreviation.utf8.count >= 3 && abbreviation.utf8.allSatisfy(isLetter) ? abbreviation : "<\(abbreviation)>"
    }

    /// POSIX seconds (west positive) as `5`, `-5:30`.
    static func offset(_ seconds: Int) -> String { time(seconds) }

    /// `h[:mm[:ss]]` with a sign when negative.
    static func time(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : ""
        let magnitude = seconds.magnitude
        let hours = magnitude / 3600, minutes = magnitude / 60 % 60, rest = magnitude % 60
        func two(_ value: UInt) -> String { value < 10 ? "0\(value)" : "\(value)" }
        if rest != 0 { return "\(sign)\(hours):\(two(minutes)):\(two(rest))" }
        if minutes != 0 { return "\(sign)\(hours):\(two(minutes))" }
        return "\(sign)\(hours)"
    }
}
