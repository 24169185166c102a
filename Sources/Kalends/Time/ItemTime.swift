/// A time as calendar items give it (an event's start or end, a reminder's
/// due time, an RDATE or EXDATE): a date, a floating wall-clock time, a
/// wall-clock time in a zone, or a UTC instant. It prints as RFC 3339 text
/// with the zone in brackets (RFC 9557), and reads that text back.
///
///     let meeting = ItemTime.zoned(try LocalDateTime(ISODate(year: 2024, month: 3, day: 13), TimeOfDay(hour: 11, minute: 15)),
///                                  try ZoneRules(identifier: "America/New_York"))
///     print(meeting)                                          // 2024-03-13T11:15:00-04:00[America/New_York]
///     try meeting.instant(viewer: .utc)                       // 2024-03-13T15:15:00Z
///     try ItemTime(iso8601: "2024-03-13") == .date(ISODate(year: 2024, month: 3, day: 13))
public enum ItemTime: Hashable, Sendable, CustomStringConvertible {
    /// A whole day (`VALUE=DATE:20240313`): an all-day item's.
    case date(ISODate)
    /// A wall-clock time of no zone (`20240313T111500`), read by the viewer's clock.
    case floating(LocalDateTime)
    /// A wall-clock time in a zone (`TZID=America/New_York:20240313T111500`).
    case zoned(LocalDateTime, ZoneRules)
    /// An instant (`20240313T151500Z`).
    case utc(Instant)

    /// True for a date (an all-day value).
    public var isDate: Bool {
        if case .date = self { return true }
        return false
    }

    /// The zone of a zoned time; UTC for an instant; nil for a date or a floating time.
    public var zone: ZoneRules? {
        switch self {
        case .zoned(_, let zone): return zone
        case .utc: return .utc
        case .date, .floating: return nil
        }
    }

    /// The instant this time is for a viewer in `viewer`: a date is the start
    /// of its day there, a floating time the viewer's wall clock (a time in a
    /// gap moves forward by the gap, a repeated one is the first), a zoned
    /// time the instant its zone gives (the same rule), an instant itself.
    /// - Throws: `TimeError` for a time outside the supported range.
    public func instant(viewer: ZoneRules) throws(TimeError) -> Instant {
        switch self {
        case .date(let date): return try viewer.startOfDay(date.dayNumber)
        case .floating(let local): return try viewer.resolve(local).instant
        case .zoned(let local, let zone): return try zone.resolve(local).instant
        case .utc(let instant): return instant
        }
    }

    /// The day it falls on for a viewer in `viewer` (a date's or a floating time's own day).
    public func dayNumber(viewer: ZoneRules) -> Int {
        switch self {
        case .date(let date): return date.dayNumber
        case .floating(let local): return local.dayNumber
        case .zoned(let local, _): return local.dayNumber
        case .utc(let instant): return viewer.dayNumber(of: instant)
        }
    }

    /// The form a recurrence starting here expands in: an instant is a zoned time in `ZoneRules.utc`.
    /// - Throws: `TimeError` for an instant outside the supported range.
    public func recurrenceStart() throws(TimeError) -> RecurrenceStart {
        switch self {
        case .date(let date): return .date(date)
        case .floating(let local): return .floating(local)
        case .zoned(let local, let zone): return .zoned(local, zone)
        case .utc(let instant): return .zoned(try ZonedDateTime(instant: instant, zone: .utc).local, .utc)
        }
    }

    /// `2024-03-13`, `2024-03-13T11:15:00` (floating),
    /// `2024-03-13T11:15:00-04:00[America/New_York]` (the offset left out
    /// for a time the zone skips or repeats), `2024-03-13T15:15:00Z`.
    public var description: String {
        switch self {
        case .date(let date): return date.description
        case .floating(let local): return DateTimeText.format(local)
        case .zoned(let local, let zone):
            if case .unique(let offset) = zone.resolution(of: local) {
                return DateTimeText.format(local) + offset.description + "[" + zone.identifier + "]"
            }
            return DateTimeText.format(local) + "[" + zone.identifier + "]"
        case .utc(let instant):
            guard let zoned = try? ZonedDateTime(instant: instant, zone: .utc) else { return "@\(instant.seconds)" }
            return zoned.description
        }
    }

    /// Reads ISO 8601 / RFC 3339 text, and what `description` writes:
    /// `2024-03-13` (a date), `2024-03-13T11:15:00` (floating),
    /// `2024-03-13T15:15:00Z` and `...-04:00` (instants), `...[Europe/Paris]`
    /// (zoned; an offset given with it must be the zone's).
    /// - Throws: `DateTimeTextError` for text of another form or an invalid
    ///   date or time; `TimeError` for an unknown zone name or an offset the zone does not have there.
    public init(iso8601 text: String) throws {
        let parsed = try DateTimeText.parse(text, in: GregorianCalendar(.iso8601))
        guard parsed.time != nil else {
            self = .date(ISODate(dayNumber: parsed.date.dayNumber))
            return
        }
        let local = parsed.local
        func at(_ offset: UTCOffset) -> Instant {
            let wall = local.dayNumber * 86_400 + local.nanosecondOfDay / 1_000_000_000
            return Instant(seconds: wall - offset.seconds, nanosecond: local.nanosecondOfDay % 1_000_000_000)
        }
        switch parsed.zone {
        case nil: self = .floating(local)
        case .utc?: self = .utc(at(.zero))
        case .offset(let offset)?: self = .utc(at(offset))
        case .named(let name, let offset)?:
            let zone = try ZoneRules(identifier: name)
            if let offset, !zone.possibleOffsets(for: local).contains(offset) {
                throw TimeError.offsetMismatch(DateTimeText.format(local), zone: name, offset: offset)
            }
            self = .zoned(local, zone)
        }
    }
}
