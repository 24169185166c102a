/// The events of a day after validation and clipping, as parallel arrays the
/// mode algorithms read (arrays of plain numbers keep the hot loops fast).
struct PreparedDay {
    /// Ids of the events kept (inside the day), in input order.
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
        events: [LayoutInterval], allDay: [LayoutAllDaySpan], dayLength: Double, options: LayoutOptions
    ) throws(LayoutError) {
        guard dayLength.isFinite && dayLength > 0 else { throw .invalidDayLength(dayLength) }
        try options.validate()
        try Self.checkIDs(events: events, allDay: allDay)

        let capacity = events.count
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

    /// Ids must be non-empty and unique across timed events and all-day
    /// items. Reports the problem met first reading events then items: an
    /// empty id, or the second use of an id (with its first use).
    ///
    /// A `Dictionary<String, Int>` does this in expected O(n) but hashes with
    /// SipHash and probes memory at random, which dominated the run time at
    /// 100,000 events. Instead: a 64-bit FNV-1a hash per id, a radix sort of
    /// the (hash, ordinal) pairs (O(n), sequential memory), and string
    /// comparisons only inside runs of equal hashes.
    static func checkIDs(events: [LayoutInterval], allDay: [LayoutAllDaySpan]) throws(LayoutError) {
        // Ordinals: events 0..<events.count, then all-day items.
        func id(_ ordinal: Int) -> String {
            ordinal < events.count ? events[ordinal].id : allDay[ordinal - events.count].id
        }
        func location(_ ordinal: Int) -> String {
            ordinal < events.count ? "events[\(ordinal)]" : "allDay[\(ordinal - events.count)]"
        }

        let total = events.count + allDay.count
        var keys: [KeyedIndex] = []
        keys.reserveCapacity(total)
        var firstEmpty = Int.max
        for ordinal in 0..<total {
            let text = id(ordinal)
            if text.isEmpty && firstEmpty == Int.max { firstEmpty = ordinal }
            keys.append(KeyedIndex(key: FNV1a.hash(text), index: ordinal))
        }
        // Stable, so ordinals ascend within a run of equal hashes.
        RadixSort.sort(&keys)

        // The duplicate whose second use comes first.
        var duplicate: (first: Int, second: Int)?
        var runStart = 0
        while runStart < keys.count {
            var runEnd = runStart + 1
            while runEnd < keys.count && keys[runEnd].key == keys[runStart].key { runEnd += 1 }
            if runEnd - runStart > 1 {
                // Equal hashes: sort the run by (id, ordinal), so equal ids sit
                // together, first use first. O(r log r) even for a run of
                // crafted colliding ids.
                let run = keys[runStart..<runEnd].map(\.index).sorted { a, b in
                    let idA = id(a), idB = id(b)
                    return idA != idB ? idA < idB : a < b
                }
                for (earlier, later) in zip(run, run.dropFirst()) where id(earlier) == id(later) {
                    if duplicate.map({ later < $0.second }) ?? true { duplicate = (earlier, later) }
                }
            }
            runStart = runEnd
        }

        if let duplicate, duplicate.second < firstEmpty {
            throw .duplicateID(id: id(duplicate.first), first: location(duplicate.first), second: location(duplicate.second))
        }
        if firstEmpty != Int.max { throw .emptyID(location: location(firstEmpty)) }
    }

}
