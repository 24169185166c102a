import Kalends

/// When an event starts or ends, as a calendar app or a file gives it: an
/// instant, a wall-clock time of no zone (placed in the timeline's zone), or
/// a plain date (an all-day event's).
///
///     let standup = try EventTime(iso8601: "2024-03-15T09:00:00")   // .floating
///     try standup.instant(in: ZoneRules(identifier: "Europe/London"))
public enum EventTime: Sendable, Hashable {
    /// A moment (a time with `Z` or an offset, or from a store).
    case instant(Instant)
    /// A wall-clock time, read by the clock of the zone it is placed in.
    case floating(LocalDateTime)
    /// A whole day, as its day number (days since 1970-01-01).
    case date(Int)

    /// The instant in `zone`: an instant as it is; a floating time by the
    /// zone's clock (`.compatible`: a time in a gap moves forward by the gap,
    /// a repeated time is its earlier instant); a date, its first instant.
    ///
    /// - Throws: `TimeError` when the zone cannot place the time (outside
    ///   the supported instants).
    public func instant(in zone: ZoneRules) throws(TimeError) -> Instant {
        switch self {
        case .instant(let instant): return instant
        case .floating(let local): return try ZonedDateTime(local: local, zone: zone).instant
        case .date(let day): return try zone.startOfDay(day)
        }
    }

    /// The local day in `zone` (a floating time's or a date's own day).
    public func dayNumber(in zone: ZoneRules) -> Int {
        switch self {
        case .instant(let instant): return zone.dayNumber(of: instant)
        case .floating(let local): return local.dayNumber
        case .date(let day): return day
        }
    }

    /// Reads ISO 8601 / RFC 3339 text: `2024-03-15` (a date),
    /// `2024-03-15T09:00:00` (floating), `2024-03-15T09:00:00Z`,
    /// `...+05:30` or `...[Europe/Paris]` (instants).
    ///
    /// - Throws: `DateTimeTextError` for text of another form or an invalid
    ///   date or time; `TimeError` for an unknown zone name.
    public init(iso8601 text: String) throws {
        let parsed = try DateTimeText.parse(text, in: GregorianCalendar(.iso8601))
        guard parsed.time != nil else {
            self = .date(parsed.date.dayNumber)
            return
        }
        let local = parsed.local
        // The instant of a wall time at a known offset.
        func at(_ offset: UTCOffset) -> Instant {
            let wall = local.dayNumber * 86_400 + local.nanosecondOfDay / 1_000_000_000
            return Instant(seconds: wall - offset.seconds, nanosecond: local.nanosecondOfDay % 1_000_000_000)
        }
        switch parsed.zone {
        case nil: self = .floating(local)
        case .utc?: self = .instant(at(.zero))
        case .offset(let offset)?: self = .instant(at(offset))
        case .named(_, let offset?)?: self = .instant(at(offset))
        case .named(let name, nil)?: self = .instant(try ZonedDateTime(local: local, zone: ZoneRules(identifier: name)).instant)
        }
    }
}
