import Kalends

/// An event placed on the real time line, for a day's layout: an id and
/// either a span between two instants (`[start, end)`; equal instants: an
/// event of no length, drawn as a short box) or whole local days (all day).
/// `TimelineDay` turns it into the layout engine's numbers and back.
///
///     let standup = try TimelineEvent(id: "standup", start: .floating(nine), end: .floating(quarterPast), zone: berlin)
///     let offsite = TimelineEvent(id: "offsite", firstDay: monday, endDay: wednesday)
public struct TimelineEvent: Sendable, Hashable {
    /// When an event is.
    public enum Time: Sendable, Hashable {
        /// Between two instants, `start` included, `end` not (an end before the
        /// start is `LayoutError.endBeforeStart` when the day is laid out).
        case timed(start: Instant, end: Instant)
        /// Whole local days `[firstDay, endDay)` (day numbers; `endDay`
        /// exclusive, as iCalendar's DTEND of a date).
        case allDay(firstDay: Int, endDay: Int)
    }

    /// The id the layout reports the event's placement or lane under.
    public var id: String
    /// When it is.
    public var time: Time

    /// An event of `time`.
    public init(id: String, time: Time) {
        self.id = id
        self.time = time
    }

    /// A timed event between two instants.
    public init(id: String, start: Instant, end: Instant) {
        self.init(id: id, time: .timed(start: start, end: end))
    }

    /// A timed event from times as an app or a file gives them, placed in
    /// `zone` (floating times by its clock, dates at their first instant);
    /// no `end`: an event of no length.
    /// - Throws: `TimeError` when the zone cannot place a time.
    public init(id: String, start: ItemTime, end: ItemTime?, zone: ZoneRules) throws(TimeError) {
        let startInstant = try start.instant(viewer: zone)
        self.init(id: id, start: startInstant, end: try end?.instant(viewer: zone) ?? startInstant)
    }

    /// An all-day event over `[firstDay, endDay)`.
    public init(id: String, firstDay: Int, endDay: Int) {
        self.init(id: id, time: .allDay(firstDay: firstDay, endDay: endDay))
    }

    /// An all-day event from `first` up to, not including, `end`, dates of
    /// any calendar (`end` nil: the one day `first`).
    public init(id: String, first: CalendarDate, end: CalendarDate? = nil) {
        self.init(id: id, firstDay: first.dayNumber, endDay: end?.dayNumber ?? first.dayNumber + 1)
    }
}
