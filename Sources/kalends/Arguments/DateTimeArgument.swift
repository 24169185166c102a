import Kalends

/// A date or date-time argument (DATE, START, END, a line of batch input): a
/// plain date, a floating date-time, or a zoned one (an offset or `Z` in the
/// text, or `--tz`). Reading is the library's (`DateTimeText`); this decides
/// which calendar the text is in and which zone applies.
enum DateTimeArgument {
    case date(CalendarDate)
    case floating(LocalDateTime)
    case zoned(ZonedDateTime)

    /// How a command reads its date arguments.
    struct Reading {
        /// The calendar dates are written in: `--from`, else `--calendar`.
        let calendar: any CalendarSystem
        /// `--tz`: floating times are placed in it, zoned ones moved to it.
        let zone: ZoneRules?
        var disambiguation: Disambiguation = .compatible
        var overflow: Overflow = .reject
        /// Where `now`, `today`, `tomorrow`, `yesterday` and `@SECONDS` are
        /// placed when `zone` is nil (`layout`'s zone, `convert --tz`);
        /// nil: the system zone.
        var clockZone: ZoneRules? = nil
    }

    /// What was read, and the calendar its text was in: `reading.calendar`,
    /// except for an instant (a time with an offset or `Z`), which is always
    /// ISO 8601.
    struct Read {
        let value: DateTimeArgument
        let calendar: any CalendarSystem
    }

    static let iso: any CalendarSystem = GregorianCalendar(.iso8601)

    /// Reads `text` that came from `origin` (`DATE`, `line 3`).
    /// (`origin` is built only when reading fails: batch input reads millions.)
    static func read(_ text: String, origin: @autoclosure () -> InputOrigin, _ reading: Reading) throws -> Read {
        do {
            return try read(text, reading)
        } catch {
            throw InputError(origin(), input: text, underlying: error)
        }
    }

    /// Reads `text`; its errors are the library's, for a caller that places them.
    static func read(_ text: String, _ reading: Reading) throws -> Read {
        let calendar = reading.calendar
        if let form = try ClockInput(text) {
            return try read(form, reading)
        }
        // A plain date (no time, no zone) is read in the calendar directly: the batch path.
        if !mayHaveTime(text) {
            return Read(value: .date(try CalendarDateText.parse(text, in: calendar, overflow: reading.overflow)), calendar: calendar)
        }
        let parsed: ParsedDateTime
        var textCalendar = calendar
        if let instant = try? DateTimeText.parse(text, in: iso, overflow: reading.overflow), instant.zone != nil {
            // An instant is ISO 8601 whatever the calendar options say.
            parsed = instant
            textCalendar = iso
        } else {
            parsed = try DateTimeText.parse(text, in: calendar, overflow: reading.overflow)
            if parsed.zone != nil { throw ArgumentProblem.instantNotISO(calendar: calendar.id) }
        }
        // An instant's date is ISO 8601 as written: digits, no month code, era or name.
        if parsed.zone != nil, !text.trimmingSpaces.prefix(while: { $0 != "T" && $0 != "t" && $0 != " " }).allSatisfy({ $0.isNumber && $0.isASCII || $0 == "-" || $0 == "+" }) {
            throw ArgumentProblem.instantNotISO(calendar: nil)
        }
        return Read(value: try place(parsed, reading), calendar: textCalendar)
    }

    /// `today`, `tomorrow`, `yesterday`: that date in the zone (a date in the
    /// reading calendar); `now` and `@SECONDS`: the instant, zoned there (an
    /// instant, so ISO 8601). The zone is `--tz`, else `clockZone`, else the
    /// system's, as GNU `date -d` reads them in `TZ`.
    private static func read(_ form: ClockInput, _ reading: Reading) throws -> Read {
        let zone = reading.zone ?? reading.clockZone ?? ZoneOption.system
        switch form {
        case .day(let offset):
            let day = try CurrentTime.dayNumber(in: zone)
            return Read(value: .date(try reading.calendar.date(dayNumber: day + offset)), calendar: reading.calendar)
        case .now:
            return Read(value: .zoned(try ZonedDateTime(instant: try CurrentTime.instant(), zone: zone)), calendar: iso)
        case .unix(let instant):
            return Read(value: .zoned(try ZonedDateTime(instant: instant, zone: zone)), calendar: iso)
        case .weekday(let weekday, let time):
            // The next such day, today excluded, as khal and gcalcli read `fri`.
            let today = try CurrentTime.dayNumber(in: zone)
            let ahead = (weekday - DayNumber.isoWeekday(today) + 7) % 7
            let day = today + (ahead == 0 ? 7 : ahead)
            guard let time else { return Read(value: .date(try reading.calendar.date(dayNumber: day)), calendar: reading.calendar) }
            let local = try LocalDateTime(dayNumber: day, time: time)
            guard let placed = reading.zone else { return Read(value: .floating(local), calendar: reading.calendar) }
            return Read(value: .zoned(try ZonedDateTime(local: local, zone: placed, disambiguation: reading.disambiguation)), calendar: reading.calendar)
        case .relative(let amount, let unit):
            let today = try CurrentTime.dayNumber(in: zone)
            switch unit {
            case "d": return Read(value: .date(try reading.calendar.date(dayNumber: today.clampedSum(amount))), calendar: reading.calendar)
            case "w": return Read(value: .date(try reading.calendar.date(dayNumber: today.clampedSum(amount.clampedProduct(7)))), calendar: reading.calendar)
            default:
                // Months of the reading calendar, the day constrained to the month's last (31 January + 1m is 29 February).
                let start = try reading.calendar.date(dayNumber: today)
                let moved = try reading.calendar.adding(try DateDuration(months: amount), to: start, overflow: .constrain)
                return Read(value: .date(moved), calendar: reading.calendar)
            }
        }
    }

    /// Whether `text` is `now`, `today`, `tomorrow`, `yesterday` or `@...`
    /// (which may still be malformed): the forms that name no calendar's date.
    static func isClockInput(_ text: String) -> Bool {
        (try? ClockInput(text)) != nil || text.trimmingSpaces.hasPrefix("@")
    }

    /// Whether the text may hold a time or a zone (a `T`, `:` or a space
    /// between digits); a plain date cannot.
    private static func mayHaveTime(_ text: String) -> Bool {
        func marks(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "T") || byte == UInt8(ascii: "t") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "[")
        }
        return text.utf8.withContiguousStorageIfAvailable { bytes in bytes.contains(where: marks) } ?? text.utf8.contains(where: marks)
    }

    private static func place(_ parsed: ParsedDateTime, _ reading: Reading) throws -> DateTimeArgument {
        guard parsed.time != nil else { return .date(parsed.date) }
        let local = parsed.local
        let zone = reading.zone
        switch parsed.zone {
        case nil:
            guard let zone else { return .floating(local) }
            return .zoned(try ZonedDateTime(local: local, zone: zone, disambiguation: reading.disambiguation))
        case .utc?:
            return .zoned(try instant(local, .zero, in: zone ?? .utc))
        case .offset(let offset)?:
            return .zoned(try instant(local, offset, in: zone ?? .fixed(offset)))
        case .named(let name, let offset)?:
            let named = try ZoneRules(identifier: name)
            let zoned = try offset.map { o throws in try instant(local, o, in: named) }
                ?? ZonedDateTime(local: local, zone: named, disambiguation: reading.disambiguation)
            return .zoned(try zone.map { z throws in try zoned.inZone(z) } ?? zoned)
        }
    }

    private static func instant(_ local: LocalDateTime, _ offset: UTCOffset, in zone: ZoneRules) throws -> ZonedDateTime {
        let wall = local.dayNumber * 86_400 + local.nanosecondOfDay / 1_000_000_000
        return try ZonedDateTime(instant: Instant(seconds: wall - offset.seconds, nanosecond: local.nanosecondOfDay % 1_000_000_000), zone: zone)
    }

    /// The wall-clock date-time (midnight for a plain date).
    func local() throws -> LocalDateTime {
        switch self {
        case .date(let date): try LocalDateTime(dayNumber: date.dayNumber)
        case .floating(let local): local
        case .zoned(let zoned): zoned.local
        }
    }

    /// The day of the wall clock: for an instant, the date its own offset (or
    /// `--tz`) puts it on.
    var dayNumber: Int {
        switch self {
        case .date(let date): date.dayNumber
        case .floating(let local): local.dayNumber
        case .zoned(let zoned): zoned.local.dayNumber
        }
    }

    var hasTime: Bool {
        if case .date = self { return false }
        return true
    }

    /// The text form: a calendar date in the calendar's form; a floating
    /// date-time with its date part in the calendar's form; a zoned one as
    /// RFC 3339, always ISO 8601, since a time with an offset is an instant
    /// and reads back only as ISO.
    static func text(_ value: DateTimeArgument, calendar: any CalendarSystem) throws -> String {
        switch value {
        case .date(let date):
            return CalendarDateText.format(try calendar.date(dayNumber: date.dayNumber))
        case .floating(let local):
            return DateTimeText.format(try calendar.date(dayNumber: local.dayNumber), local.time)
        case .zoned(let zoned):
            return DateTimeText.format(zoned)
        }
    }

    /// The wall-clock seconds since midnight (0 for a plain date), for `--format`'s time fields.
    var secondsOfDay: Int {
        switch self {
        case .date: 0
        case .floating(let local): local.nanosecondOfDay / 1_000_000_000
        case .zoned(let zoned): zoned.local.nanosecondOfDay / 1_000_000_000
        }
    }

    /// The ISO date-time (RFC 3339) for JSON's `dateTime`, or nil for a plain date.
    var dateTimeText: String? {
        switch self {
        case .date: nil
        case .floating(let local): DateTimeText.format(local)
        case .zoned(let zoned): DateTimeText.format(zoned)
        }
    }
}

/// The inputs that name a moment relative to the clock or the epoch:
/// `now`, `today`, `tomorrow`, `yesterday` (any case, spaces around allowed)
/// and `@SECONDS` (Unix time).
enum ClockInput: Equatable {
    case now
    /// Today (0), tomorrow (1), yesterday (-1).
    case day(offset: Int)
    case unix(Instant)
    /// `fri`, `friday`, `fri 10:00`: the next such ISO weekday (1 = Monday), today excluded, maybe at a time.
    case weekday(Int, time: TimeOfDay?)
    /// `+3d`, `-1w`, `+2m`: days, weeks or months from today.
    case relative(Int, unit: String)

    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// Nil when `text` is none of these; throws when it starts with `@` but
    /// is not Unix time. (A cheap first-byte test: batch input reads millions of dates.)
    init?(_ text: String) throws(UnixTimeError) {
        guard let first = text.utf8.first else { return nil }
        if first == UInt8(ascii: "+") || first == UInt8(ascii: "-"), let relative = Self.relative(text) {
            self = relative
            return
        }
        guard first >= UInt8(ascii: "@") || first == 32 || first == 9 else { return nil }
        let trimmed = first == 32 || first == 9 || text.utf8.last == 32 || text.utf8.last == 9 ? text.trimmingSpaces : text
        if trimmed.utf8.first == UInt8(ascii: "@") {
            self = .unix(try UnixTimeText.parse(trimmed))
            return
        }
        guard trimmed.utf8.count <= 20 else { return nil }
        let lower = trimmed.lowercased()
        switch lower {
        case "now": self = .now
        case "today": self = .day(offset: 0)
        case "tomorrow": self = .day(offset: 1)
        case "yesterday": self = .day(offset: -1)
        default:
            // A weekday's name or its first three letters, then maybe a time (`fri 10:00`).
            let parts = lower.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            guard let name = parts.first, name.count >= 3,
                  let index = Self.weekdays.firstIndex(where: { $0 == name || $0.prefix(3) == name }) else { return nil }
            var time: TimeOfDay?
            if parts.count == 2 {
                guard let read = Self.time(parts[1]) else { return nil }
                time = read
            }
            self = .weekday(index + 1, time: time)
        }
    }

    /// `HH:MM` or `HH:MM:SS`.
    static func time(_ text: Substring) -> TimeOfDay? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count), fields.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(fields[0]), let minute = Int(fields[1]) else { return nil }
        let second = fields.count == 3 ? Int(fields[2]) ?? 0 : 0
        return try? TimeOfDay(hour: hour, minute: minute, second: second)
    }

    /// `+3d`, `-1w`, `+2m` (at most six digits); nil for anything else (a negative year is not this).
    static func relative(_ text: String) -> ClockInput? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 3, bytes.count <= 8, let unit = bytes.last, unit == UInt8(ascii: "d") || unit == UInt8(ascii: "w") || unit == UInt8(ascii: "m"),
              bytes.dropFirst().dropLast().allSatisfy({ $0 >= 48 && $0 <= 57 }), let amount = Int(String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self)) else {
            return nil
        }
        return .relative(bytes[0] == UInt8(ascii: "-") ? -amount : amount, unit: String(UnicodeScalar(unit)))
    }
}

extension String {
    /// Without spaces and tabs at either end.
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}

/// Calendar options (`--from`, `--to`, `--calendar`).
enum CalendarOption {
    /// The calendar `name` given to `option`.
    static func read(_ name: String, option: String, engine: CalendarEngine = .standard) throws -> any CalendarSystem {
        do {
            return try Calendars.system(try CalendarID(parsing: name), engine: engine)
        } catch {
            throw InputError(.option(option), input: name, underlying: error)
        }
    }

    /// `--calendar` (default iso8601) and the calendar dates are read in:
    /// `--from`, else `--calendar`.
    static func arithmeticAndInput(_ arguments: ParsedArguments) throws -> (calendar: any CalendarSystem, input: any CalendarSystem) {
        let calendar = try read(arguments.value("--calendar") ?? "iso8601", option: "--calendar")
        let input = try arguments.value("--from").map { name throws in try read(name, option: "--from") } ?? calendar
        return (calendar, input)
    }
}
