/// `calendarkit` mode: CalendarKit's `recalculateEventLayout`, same output,
/// in O(n) after an O(n) radix sort.
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
        // A stable sort by start, as CalendarKit's: a radix sort of the input
        // order (O(n)), then the intervals copied in that order so the walk
        // reads memory in order.
        var byStart: [KeyedIndex] = []
        byStart.reserveCapacity(count)
        for index in 0..<count { byStart.append(KeyedIndex(key: RadixSort.key(starts[index]), index: index)) }
        RadixSort.sort(&byStart)
        var order: [(start: Double, end: Double, index: Int)] = []
        order.reserveCapacity(count)
        for item in byStart { order.append((starts[item.index], ends[item.index], item.index)) }

        var slots = [HorizontalSlot](repeating: .fullWidth, count: count)
        var groupStart = 0
        var longestLength = 0.0
        var longestEnd = 0.0
        var lastEnd = 0.0
        for position in 0..<count {
            let (start, end, _) = order[position]
            if position > groupStart && !(start <= longestEnd || start <= lastEnd) {
                assignColumns(order[groupStart..<position], gap: gap, into: &slots)
                groupStart = position
            }
            let length = end - start
            if position == groupStart || length > longestLength {
                longestLength = length
                longestEnd = end
            }
            lastEnd = end
        }
        assignColumns(order[groupStart..<count], gap: gap, into: &slots)
        return slots
    }

    /// k equal columns for the k events of a group, in group order. (A
    /// function taking `slots` inout rather than a closure capturing it, so
    /// the array is never boxed and stays uniquely referenced.)
    private static func assignColumns(
        _ group: ArraySlice<(start: Double, end: Double, index: Int)>, gap: Double, into slots: inout [HorizontalSlot]
    ) {
        let columns = group.count
        for (column, event) in group.enumerated() {
            slots[event.index] = HorizontalSlot(column: column, span: 1, columns: columns, gap: gap)
        }
    }
}
