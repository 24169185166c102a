import KalendsLayout

/// CalendarKit's `recalculateEventLayout`, written out literally: a stable
/// sort by start; for every event the open group is sorted again to find its
/// longest event; an event joins when Foundation-style closed intervals
/// intersect the longest or the last event. O(n² log n) on long groups; the
/// engine must give the same columns in O(n log n).
public enum NaiveCalendarKit {
    /// Columns for `events` (assumed inside the day), in input order.
    public static func layout(_ events: [LayoutInterval]) -> [ReferenceSlot] {
        // Swift's sort is stable, as CalendarKit relies on.
        let sorted = events.enumerated().sorted { $0.element.start < $1.element.start }
        var groups: [[(offset: Int, element: LayoutInterval)]] = []
        var overlapping: [(offset: Int, element: LayoutInterval)] = []
        for event in sorted {
            if overlapping.isEmpty {
                overlapping.append(event)
                continue
            }
            let longest = overlapping.sorted {
                ($0.element.end - $0.element.start) > ($1.element.end - $1.element.start)
            }[0]
            let last = overlapping[overlapping.count - 1]
            if intersects(longest.element, event.element) || intersects(last.element, event.element) {
                overlapping.append(event)
                continue
            }
            groups.append(overlapping)
            overlapping = [event]
        }
        if !overlapping.isEmpty { groups.append(overlapping) }

        var result = [ReferenceSlot?](repeating: nil, count: events.count)
        for group in groups {
            let total = Double(group.count)
            for (index, event) in group.enumerated() {
                result[event.offset] = ReferenceSlot(
                    id: event.element.id, column: index, columns: group.count,
                    x: Double(index) / total, width: 1 / total)
            }
        }
        return result.compactMap { $0 }
    }

    /// `DateInterval.intersects`: either interval contains an end of the other,
    /// with `contains(t)` meaning `start <= t <= end`.
    static func intersects(_ a: LayoutInterval, _ b: LayoutInterval) -> Bool {
        func contains(_ interval: LayoutInterval, _ time: Double) -> Bool {
            interval.start <= time && time <= interval.end
        }
        return contains(a, b.start) || contains(a, b.end) || contains(b, a.start) || contains(b, a.end)
    }
}
