import Kalends
import KalendsLayout

/// One local day in a zone as `KalendsLayout` sees it: a length in seconds
/// (82,800 or 90,000 on a DST day) and elapsed seconds since the day's
/// first instant. It turns zoned events into the engine's numbers and the
/// engine's answers (placements, positions, snapped drags) back into
/// instants, so an app never does the DST arithmetic itself.
///
///     let day = try TimelineDay(dayNumber: ISODate(year: 2024, month: 11, day: 3).dayNumber,
///                               zone: ZoneRules(identifier: "America/New_York"))
///     day.length                    // 90000: 25 hours
///     let layout = try day.layout(events)
///     day.start(of: layout.events[0])   // the placement's first instant
///
/// The layout works in whole seconds: an instant's fraction of a second is
/// dropped on the way in, and instants on the way out are whole seconds.
public struct TimelineDay: Sendable, Hashable {
    /// The day, as a day number (days since 1970-01-01).
    public let dayNumber: Int
    /// The zone whose clock makes the day.
    public let zone: ZoneRules
    /// The day's real length and its wall-clock segments.
    public let clock: DayClock
    /// The engine's axis of the day: its length and wall-clock segments, for
    /// hour lines, positions and snapping.
    public let axis: DayAxis

    /// Day `dayNumber` in `zone`.
    ///
    /// - Throws: `TimelineError.dayNeverHappened` for a day the zone's clocks
    ///   skipped; `.time` for a day the zone cannot place.
    public init(dayNumber: Int, zone: ZoneRules) throws(TimelineError) {
        let clock: DayClock
        do {
            clock = try DayClock(day: dayNumber, zone: zone)
        } catch {
            throw .time(error)
        }
        guard clock.length > 0 else { throw .dayNeverHappened(dayNumber: dayNumber, zone: zone.identifier) }
        do {
            axis = try DayAxis(length: Double(clock.length),
                               segments: clock.segments.map { DayAxis.Segment(elapsed: Double($0.elapsed), wallClock: Double($0.wallClock)) })
        } catch {
            throw .axis(error)
        }
        self.dayNumber = dayNumber
        self.zone = zone
        self.clock = clock
    }

    /// The day `date` (of any calendar) in `zone`.
    ///
    /// - Throws: as `init(dayNumber:zone:)`.
    public init(_ date: CalendarDate, zone: ZoneRules) throws(TimelineError) {
        try self.init(dayNumber: date.dayNumber, zone: zone)
    }

    /// The day's first instant.
    public var start: Instant { clock.start }
    /// The next day's first instant (the end of this one, exclusive).
    public var end: Instant { Instant(seconds: clock.start.seconds + clock.length) }
    /// The day's real length in seconds: `end - start`.
    public var length: Int { clock.length }

    // MARK: Instants to numbers

    /// Seconds from the day's start to `instant` (negative before the day,
    /// `length` or more after it), the instant's fraction of a second dropped.
    public func elapsed(at instant: Instant) -> Double {
        Double(instant.seconds - clock.start.seconds)
    }

    /// `elapsed(at:)` in minutes: the layout minute of `instant`.
    public func minute(at instant: Instant) -> Double {
        elapsed(at: instant) / 60
    }

    /// A timed event as the engine's numbers, unclipped (the engine clips it
    /// to the day, and drops it when it misses the day); nil for an all-day one.
    public func interval(_ event: TimelineEvent) -> LayoutInterval? {
        guard case .timed(let start, let end) = event.time else { return nil }
        return LayoutInterval(id: event.id, start: elapsed(at: start), end: elapsed(at: end))
    }

    /// An all-day event's lane request, its days counted from this day; nil
    /// when it does not cover this day, or is timed.
    public func allDaySpan(_ event: TimelineEvent) -> LayoutAllDaySpan? {
        guard case .allDay(let firstDay, let endDay) = event.time, firstDay <= dayNumber && dayNumber < endDay else { return nil }
        return LayoutAllDaySpan(id: event.id, firstDay: firstDay - dayNumber, lastDay: endDay - 1 - dayNumber)
    }

    /// Lays out the day's events: timed ones clipped to the day (those that
    /// miss it are in `dropped`), all-day ones that cover the day in lanes
    /// (the others are left out).
    ///
    /// - Throws: `LayoutError` for an empty or repeated id, an end before its
    ///   start, or a bad option.
    public func layout(_ events: [TimelineEvent], mode: LayoutMode = .packed,
                       options: LayoutOptions = LayoutOptions()) throws(LayoutError) -> DayLayout {
        try DayLayout(events: events.compactMap(interval), allDay: events.compactMap(allDaySpan),
                      dayLength: Double(clock.length), mode: mode, options: options)
    }

    // MARK: Numbers to instants

    /// The instant `elapsed` seconds into the day, to the nearest second,
    /// kept inside the day (`[start, end]`; NaN is the start).
    public func instant(atElapsed elapsed: Double) -> Instant {
        let inside: Double = elapsed > 0 ? Swift.min(elapsed, Double(clock.length)) : 0
        return Instant(seconds: clock.start.seconds + Int(inside.rounded()))
    }

    /// The instant at layout minute `minute`, as `instant(atElapsed:)`.
    public func instant(atMinute minute: Double) -> Instant {
        instant(atElapsed: minute * 60)
    }

    /// The instant at `y` points down a day drawn `height` points tall.
    public func instant(atY y: Double, height: Double) -> Instant {
        instant(atElapsed: axis.elapsed(atY: y, height: height))
    }

    /// The placement's first instant (clipped to the day).
    public func start(of placement: EventPlacement) -> Instant {
        instant(atElapsed: placement.start)
    }

    /// The placement's end instant (clipped to the day).
    public func end(of placement: EventPlacement) -> Instant {
        instant(atElapsed: placement.end)
    }

    /// The instants of every time the wall clock reads `wallClock` seconds
    /// after midnight: none in a gap, two in a repeated hour.
    public func instants(atWallClock wallClock: Double) -> [Instant] {
        axis.elapsedTimes(atWallClock: wallClock).map { instant(atElapsed: $0) }
    }

    /// The placement's event after a drag of `translationY` points on a day
    /// drawn `height` points tall, its start snapped to `increment` seconds
    /// (15 minutes by default) of elapsed time, its duration kept, inside
    /// the day: the new times to save.
    public func dragged(_ placement: EventPlacement, translationY: Double, height: Double, increment: Double = 900) -> TimelineEvent {
        let moved = axis.dragged(start: placement.start, end: placement.end, translationY: translationY, height: height, increment: increment)
        return TimelineEvent(id: placement.id, start: instant(atElapsed: moved.start), end: instant(atElapsed: moved.end))
    }

    /// The placement's event after its `edge` is dragged by `translationY`
    /// points, snapped to `increment` seconds, never shorter than one increment.
    public func resized(_ placement: EventPlacement, edge: ResizeEdge, translationY: Double, height: Double,
                        increment: Double = 900) -> TimelineEvent {
        let moved = axis.resized(start: placement.start, end: placement.end, edge: edge, translationY: translationY,
                                 height: height, increment: increment)
        return TimelineEvent(id: placement.id, start: instant(atElapsed: moved.start), end: instant(atElapsed: moved.end))
    }
}
