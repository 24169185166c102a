import Kalends
import KalendsLayout
import KalendsStore
import KalendsTimeline

/// One day of a view: its real hours (`day.axis`, 23 or 25 on a DST day),
/// its timed events placed side by side by the layout engine, and its
/// all-day events in lanes.
public struct DayView: Hashable, Sendable {
    /// A timed event's box: its placement (fractions of the column's width and of the day's length).
    public struct Box: Hashable, Sendable {
        public let event: ViewEvent
        public let placement: EventPlacement
        /// Whether the event began on an earlier day, or goes on past this one.
        public let continuesBefore: Bool
        public let continuesAfter: Bool
    }

    /// An all-day event of the day, in its lane (lane 0 at the top).
    public struct AllDay: Hashable, Sendable {
        public let event: ViewEvent
        public let lane: Int
    }

    /// The day in its zone: its real length and the axis boxes are placed on.
    public let day: TimelineDay
    /// The timed events, placed by the layout engine.
    public let boxes: [Box]
    /// The all-day events, each in its lane.
    public let allDay: [AllDay]
    /// How many all-day lanes the day needs.
    public let allDayLaneCount: Int

    /// The day's hour lines (`00:00` ... `24:00`; `01:00` twice on a 25-hour day, no `02:00` on a 23-hour one).
    public var hourLines: [HourLine] { day.axis.hourLines() }

    /// The calendar date of the day (ISO).
    public var date: ISODate { ISODate(dayNumber: day.dayNumber) }
}

extension CalendarViews {
    /// Day `dayNumber` of `zone`, with the events of `store` that touch it.
    /// - Throws: `ViewError`.
    public static func day(_ store: CalendarStore, dayNumber: Int, zone: ZoneRules, mode: LayoutMode = .packed) throws(ViewError) -> DayView {
        try day(dayNumber, events: events(store, days: dayNumber..<(dayNumber + 1), zone: zone), zone: zone, mode: mode)
    }

    /// Day `dayNumber` of `zone` with those of `events` that touch it.
    static func day(_ dayNumber: Int, events all: [ViewEvent], zone: ZoneRules, mode: LayoutMode) throws(ViewError) -> DayView {
        let timeline: TimelineDay
        do {
            timeline = try TimelineDay(dayNumber: dayNumber, zone: zone)
        } catch {
            throw .timeline(error)
        }
        let events = all.filter { $0.firstDay <= dayNumber && dayNumber <= $0.lastDay }
        let ids = layoutIDs(events)
        var byID: [String: ViewEvent] = [:]
        var inputs: [TimelineEvent] = []
        for (event, id) in zip(events, ids) {
            byID[id] = event
            if event.isAllDay {
                inputs.append(TimelineEvent(id: id, firstDay: event.firstDay, endDay: event.lastDay + 1))
            } else {
                inputs.append(TimelineEvent(id: id, start: event.start, end: Swift.max(event.end, event.start)))
            }
        }
        let layout: DayLayout
        do {
            layout = try timeline.layout(inputs, mode: mode)
        } catch {
            throw .layout(error)
        }
        let boxes = layout.events.compactMap { placement -> DayView.Box? in
            guard let event = byID[placement.id] else { return nil }
            return DayView.Box(event: event, placement: placement, continuesBefore: event.firstDay < dayNumber,
                               continuesAfter: event.lastDay > dayNumber)
        }
        let allDay = layout.allDay.compactMap { placement in byID[placement.id].map { DayView.AllDay(event: $0, lane: placement.lane) } }
        return DayView(day: timeline, boxes: boxes, allDay: allDay, allDayLaneCount: layout.allDayLaneCount)
    }
}

/// Days side by side: each a `DayView` of its real length, and the all-day
/// events as bars across the days they span, in lanes.
public struct WeekView: Hashable, Sendable {
    /// An all-day (or multi-day) event as a bar from one column to another.
    public struct Bar: Hashable, Sendable {
        public let event: ViewEvent
        public let lane: Int
        /// The first and last column (0-based) the bar covers.
        public let firstColumn: Int
        public let lastColumn: Int
        /// Whether the event began before the first day shown, or goes on after the last.
        public let continuesBefore: Bool
        public let continuesAfter: Bool
    }

    /// The days, first to last.
    public let days: [DayView]
    /// The all-day bars, by lane then column.
    public let bars: [Bar]
    /// How many lanes the bars need.
    public let laneCount: Int
}

extension CalendarViews {
    /// `count` days of `zone` from `firstDay` on (a week: the locale's first day, 7 days).
    /// - Throws: `ViewError`.
    public static func week(_ store: CalendarStore, firstDay: Int, count: Int = 7, zone: ZoneRules, mode: LayoutMode = .packed) throws(ViewError) -> WeekView {
        let span = firstDay..<(firstDay + Swift.max(1, count))
        let all = try events(store, days: span, zone: zone)
        var days: [DayView] = []
        for dayNumber in span { days.append(try day(dayNumber, events: all, zone: zone, mode: mode)) }
        // The bars: longest first, then by start, each in the first lane free over its columns.
        let allDay = all.filter(\.isAllDay).sorted {
            let a = $0.lastDay - $0.firstDay, b = $1.lastDay - $1.firstDay
            return a != b ? a > b : ($0.firstDay, $0.id) < ($1.firstDay, $1.id)
        }
        var lanes: [[ClosedRange<Int>]] = []
        var bars: [WeekView.Bar] = []
        for event in allDay {
            let first = Swift.max(event.firstDay, span.lowerBound) - span.lowerBound
            let last = Swift.min(event.lastDay, span.upperBound - 1) - span.lowerBound
            guard first <= last else { continue }
            let columns = first...last
            let lane = lanes.firstIndex { $0.allSatisfy { !$0.overlaps(columns) } } ?? lanes.count
            if lane == lanes.count { lanes.append([]) }
            lanes[lane].append(columns)
            bars.append(WeekView.Bar(event: event, lane: lane, firstColumn: first, lastColumn: last,
                                     continuesBefore: event.firstDay < span.lowerBound, continuesAfter: event.lastDay >= span.upperBound))
        }
        bars.sort { ($0.lane, $0.firstColumn) < ($1.lane, $1.firstColumn) }
        return WeekView(days: days, bars: bars, laneCount: lanes.count)
    }
}
