import Kalends

/// A DATE, START or END argument as read by `add` and `diff`: a plain date, a
/// floating date-time, or a zoned one (an offset or `Z` in the text, or
/// `--tz`). Reading is the library's (`DateTimeText`); this only decides
/// which zone applies.
enum DateTimeArgument {
    case date(CalendarDate)
    case floating(LocalDateTime)
    case zoned(ZonedDateTime)

    /// Reads `text` in `calendar`; a floating time is placed in `zone` when
    /// given, a zoned one is moved to it.
    static func read(_ text: String, place: String, calendar: any CalendarSystem, zone: ZoneRules?,
                     disambiguation: Disambiguation) throws -> DateTimeArgument {
        do {
            if text.trimmingCharacters(in: .whitespaces).lowercased() == "today" {
                return .date(try calendar.date(dayNumber: ISODate.today().dayNumber))
            }
            let parsed = try DateTimeText.parse(text, in: calendar)
            guard parsed.time != nil else { return .date(parsed.date) }
            let local = parsed.local
            switch parsed.zone {
            case nil:
                guard let zone else { return .floating(local) }
                return .zoned(try ZonedDateTime(local: local, zone: zone, disambiguation: disambiguation))
            case .utc?:
                return .zoned(try instant(local, .zero, in: zone ?? .utc))
            case .offset(let offset)?:
                return .zoned(try instant(local, offset, in: zone ?? .fixed(offset)))
            case .named(let name, let offset)?:
                let named = try ZoneRules(identifier: name)
                let zoned = try offset.map { o throws in try instant(local, o, in: named) }
                    ?? ZonedDateTime(local: local, zone: named, disambiguation: disambiguation)
                return .zoned(try zone.map { z throws in try zoned.inZone(z) } ?? zoned)
            }
        } catch {
            throw InputError(place: "\(place) '\(text)'", underlying: error)
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

    var hasTime: Bool {
        if case .date = self { return false }
        return true
    }

    /// The text form: a calendar date in the calendar's form, a date-time as
    /// RFC 3339 (the date part in the calendar's form outside ISO).
    static func text(_ value: DateTimeArgument, calendar: any CalendarSystem) throws -> String {
        switch value {
        case .date(let date):
            return CalendarDateText.format(try calendar.date(dayNumber: date.dayNumber))
        case .floating(let local):
            return DateTimeText.format(try calendar.date(dayNumber: local.dayNumber), local.time)
        case .zoned(let zoned):
            return DateTimeText.format(try calendar.date(dayNumber: zoned.local.dayNumber), zoned.local.time) + DateTimeText.offsetText(zoned)
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
