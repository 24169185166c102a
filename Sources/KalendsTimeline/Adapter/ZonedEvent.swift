import Kalends

/// A timed event on the real time line: `[start, end)` between two
/// instants (equal instants: an event of no length, drawn as a short box).
public struct ZonedEvent: Sendable, Hashable {
    /// The id the layout reports the event's placement under.
    public var id: String
    /// The first instant.
    public var start: Instant
    /// The instant after the last (exclusive).
    public var end: Instant

    /// An event between two instants (an end before the start is
    /// `LayoutError.endBeforeStart` when the day is laid out).
    public init(id: String, start: Instant, end: Instant) {
        self.id = id
        self.start = start
        self.end = end
    }

    /// An event from times as an app or a file gives them, placed in
    /// `zone` (floating times by its clock); no `end`: an event of no length.
    ///
    /// - Throws: `TimeError` when the zone cannot place a time.
    public init(id: String, start: ItemTime, end: ItemTime?, zone: ZoneRules) throws(TimeError) {
        let startInstant = try start.instant(viewer: zone)
        self.init(id: id, start: startInstant, end: try end?.instant(viewer: zone) ?? startInstant)
    }
}

/// An all-day event over whole local days `[firstDay, endDay)` (day
/// numbers; `endDay` exclusive, as iCalendar's DTEND of a date).
public struct AllDayEvent: Sendable, Hashable {
    /// The id the layout reports the event's lane under.
    public var id: String
    /// The first day.
    public var firstDay: Int
    /// The day after the last.
    public var endDay: Int

    /// An event over `[firstDay, endDay)`.
    public init(id: String, firstDay: Int, endDay: Int) {
        self.id = id
        self.firstDay = firstDay
        self.endDay = endDay
    }

    /// An event from `first` up to, not including, `end`, dates of any
    /// calendar (`end` nil: the one day `first`).
    public init(id: String, first: CalendarDate, end: CalendarDate? = nil) {
        self.init(id: id, firstDay: first.dayNumber, endDay: end?.dayNumber ?? first.dayNumber + 1)
    }
}
