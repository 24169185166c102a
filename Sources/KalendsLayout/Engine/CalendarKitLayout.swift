/// `calendarkit` mode: CalendarKit's `recalculateEventLayout`, same output,
/// in O(n log n).
///
/// CalendarKit sorts the events by start (a stable sort: ties keep input
/// order) and walks them keeping an open group. An event joins the group when
/// its interval intersects the group's longest event or its last event, as
/// Foundation's `DateInterval.intersects` decides: closed intervals, so
/// touching counts. Otherwise the group is closed and the event opens the
/// next one. The k events of a group get k equal columns in group order.
///
/// CalendarKit finds the longest event by sorting the group for every new
/// event (O(n² log n) on a long group). Sorting is stable and descending by
/// length, so its longest is the first of the longest in group order; we keep
/// that one incrementally, replacing it only by a strictly longer event.
/// Since events arrive by start, a closed interval `[s, e]` of the group and
/// the new event `[s2, e2]` (s <= s2 <= e2) intersect exactly when s2 <= e.
enum CalendarKitLayout {
    static func slots(starts: [Double], ends: [Double], gap: Double) -> [HorizontalSlot] {
        let count = starts.count
        var order = Array(starts.indices)
        // Ties broken by index reproduce a stable sort by start.
        order.sort { a, b in starts[a] != starts[b] ? starts[a] < starts[b] : a < b }

        var slots = [HorizontalSlot](
            repeating: HorizontalSlot(column: 0, columns: 1, x: 0, width: 1), count: count)
        var group: [Int] = []
        var longestLength = 0.0
        var longestEnd = 0.0
        var lastEnd = 0.0

        func closeGroup() {
            let columns = group.count
            for (column, event) in group.enumerated() {
                slots[event] = HorizontalSlot(column: column, span: 1, columns: columns, gap: gap)
            }
            group.removeAll(keepingCapacity: true)
        }

        for event in order {
            let start = starts[event]
            let length = ends[event] - start
            if !group.isEmpty && !(start <= longestEnd || start <= lastEnd) {
                closeGroup()
            }
            if group.isEmpty || length > longestLength {
                longestLength = length
                longestEnd = ends[event]
            }
            lastEnd = ends[event]
            group.append(event)
        }
        closeGroup()
        return slots
    }
}
