/// The events of a day after validation and clipping, as parallel arrays the
/// mode algorithms read (arrays of plain numbers keep the hot loops fast).
struct PreparedDay {
    /// Indices into the caller's event array of the events kept, in input order.
    var inputIndices: [Int] = []
    var ids: [String] = []
    /// The caller's unclipped interval (calendarkit groups on these).
    var originalStarts: [Double] = []
    var originalEnds: [Double] = []
    /// The part of the event inside the day.
    var visibleStarts: [Double] = []
    var visibleEnds: [Double] = []
    /// The bottom of the drawn box: `visibleEnd` raised to the minimum height,
    /// cut at the day's end.
    var displayEnds: [Double] = []
    /// Ids of the events entirely outside the day, in input order.
    var dropped: [String] = []

    var count: Int { ids.count }

    /// Validates `events` (and the ids of `allDay`), drops the events outside
    /// `[0, dayLength)` and clips the rest.
    init(
        events: [TimedEvent], allDay: [AllDayItem], dayLength: Double, options: LayoutOptions
    ) throws(LayoutError) {
        guard dayLength.isFinite && dayLength > 0 else { throw .invalidDayLength(dayLength) }
        try options.validate()
        try Self.checkIDs(events: events, allDay: allDay)

        let capacity = events.count
        inputIndices.reserveCapacity(capacity)
        ids.reserveCapacity(capacity)
        originalStarts.reserveCapacity(capacity)
        originalEnds.reserveCapacity(capacity)
        visibleStarts.reserveCapacity(capacity)
        visibleEnds.reserveCapacity(capacity)
        displayEnds.reserveCapacity(capacity)

        for (index, event) in events.enumerated() {
            guard event.start.isFinite else {
                throw .nonFiniteTime(id: event.id, index: index, field: "start", value: event.start)
            }
            guard event.end.isFinite else {
                throw .nonFiniteTime(id: event.id, index: index, field: "end", value: event.end)
            }
            guard event.end >= event.start else {
                throw .endBeforeStart(id: event.id, index: index, start: event.start, end: event.end)
            }
            guard Self.isInsideDay(start: event.start, end: event.end, dayLength: dayLength) else {
                dropped.append(event.id)
                continue
            }
            let visibleStart = Swift.max(event.start, 0)
            let visibleEnd = Swift.min(event.end, dayLength)
            inputIndices.append(index)
            ids.append(event.id)
            originalStarts.append(event.start)
            originalEnds.append(event.end)
            visibleStarts.append(visibleStart)
            visibleEnds.append(visibleEnd)
            displayEnds.append(
                Swift.min(dayLength, Swift.max(visibleEnd, visibleStart + options.minimumHeight)))
        }
    }

    /// Half-open: `[s, e)` is in the day when it meets `[0, dayLength)`; a
    /// zero-length event is the instant `s`, in the day when `0 <= s < dayLength`.
    static func isInsideDay(start: Double, end: Double, dayLength: Double) -> Bool {
        if start == end { return start >= 0 && start < dayLength }
        return start < dayLength && end > 0
    }

    /// Ids must be non-empty and unique across timed events and all-day items.
    static func checkIDs(events: [TimedEvent], allDay: [AllDayItem]) throws(LayoutError) {
        // Positions are stored as numbers (all-day item i as -1 - i) and only
        // spelled out on failure: building strings per event costs real time.
        var seen: [String: Int] = [:]
        seen.reserveCapacity(events.count + allDay.count)
        for (index, event) in events.enumerated() {
            try record(event.id, at: index, in: &seen)
        }
        for (index, item) in allDay.enumerated() {
            try record(item.id, at: -1 - index, in: &seen)
        }
    }

    private static func record(
        _ id: String, at position: Int, in seen: inout [String: Int]
    ) throws(LayoutError) {
        guard !id.isEmpty else { throw .emptyID(location: location(position)) }
        if let first = seen.updateValue(position, forKey: id) {
            throw .duplicateID(id: id, first: location(first), second: location(position))
        }
    }

    private static func location(_ position: Int) -> String {
        position >= 0 ? "events[\(position)]" : "allDay[\(-1 - position)]"
    }
}
