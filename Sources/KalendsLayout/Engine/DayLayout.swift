/// The layout of one day: a placement per timed event, a lane per all-day
/// item, and the ids of the events that fell outside the day.
///
/// ```swift
/// let day = try DayLayout(
///     events: [LayoutInterval(id: "a", start: 9 * 3600, end: 10.5 * 3600),
///              LayoutInterval(id: "b", start: 10 * 3600, end: 11 * 3600)],
///     dayLength: 86_400, mode: .packed)
/// // day.events[0]: column 0 of 2, x 0, width 0.5, top 0.375, height 0.0625
/// ```
public struct DayLayout: Sendable, Hashable, Codable {
    /// The day's real length in seconds (82 800, 86 400, 90 000, ...).
    public var dayLength: Double
    /// The mode the events were laid out with.
    public var mode: LayoutMode
    /// One placement per event inside the day, in input order.
    public var events: [EventPlacement]
    /// One lane per all-day item, in input order.
    public var allDay: [AllDayPlacement]
    /// How many all-day lanes the items need.
    public var allDayLaneCount: Int
    /// Ids of the events entirely outside `[0, dayLength)`, in input order.
    public var dropped: [String]

    /// Lays out a day. Times are seconds of elapsed time since the day's
    /// start; events reaching outside `[0, dayLength]` are clipped, those
    /// entirely outside are dropped and listed in `dropped`.
    ///
    /// Throws `LayoutError` for a bad day length or option, an empty or
    /// duplicate id, a NaN or infinite time, an end before its start, or an
    /// all-day item whose last day precedes its first. Runs in O(n log n).
    public init(
        events: [LayoutInterval],
        allDay: [LayoutAllDaySpan] = [],
        dayLength: Double = 86_400,
        mode: LayoutMode = .packed,
        options: LayoutOptions = LayoutOptions()
    ) throws(LayoutError) {
        let day = try PreparedDay(events: events, allDay: allDay, dayLength: dayLength, options: options)
        let lanes = try AllDayLayout(items: allDay)

        let layoutEnds = options.minimumHeightCountsForOverlap ? day.displayEnds : day.visibleEnds
        let slots: [HorizontalSlot]
        switch mode {
        case .calendarkit:
            // CalendarKit groups the unclipped intervals; with
            // `minimumHeightCountsForOverlap` it sees the extended end, as
            // CalendarKit's own minimum duration does.
            var ends = day.originalEnds
            if options.minimumHeightCountsForOverlap {
                for index in ends.indices {
                    ends[index] = Swift.max(ends[index], day.originalStarts[index] + options.minimumHeight)
                }
            }
            slots = CalendarKitLayout.slots(starts: day.originalStarts, ends: ends, gap: options.gap)
        case .packed:
            let intervals = SweepIntervals(
                starts: day.visibleStarts, ends: layoutEnds, ids: day.ids,
                touchingOverlaps: options.touchingEventsOverlap)
            slots = PackedLayout.slots(for: intervals, gap: options.gap)
        case .cascade:
            let intervals = SweepIntervals(
                starts: day.visibleStarts, ends: layoutEnds, ids: day.ids,
                touchingOverlaps: options.touchingEventsOverlap)
            slots = CascadeLayout.slots(for: intervals, options: options)
        }

        var placements: [EventPlacement] = []
        placements.reserveCapacity(day.count)
        for index in 0..<day.count {
            let slot = slots[index]
            let top = day.visibleStarts[index]
            placements.append(EventPlacement(
                id: day.ids[index], column: slot.column, columns: slot.columns,
                x: slot.x, width: slot.width,
                top: top / dayLength,
                height: (day.displayEnds[index] - top) / dayLength,
                start: top, end: day.visibleEnds[index]))
        }

        self.dayLength = dayLength
        self.mode = mode
        self.events = placements
        self.allDay = lanes.placements
        self.allDayLaneCount = lanes.laneCount
        self.dropped = day.dropped
    }

    /// The placement of the event with `id`, if it is in the day. O(n).
    public func placement(of id: String) -> EventPlacement? {
        events.first { $0.id == id }
    }
}
