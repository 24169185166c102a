/// Lanes for all-day and multi-day items, as in the top band of a week view:
/// the fewest lanes such that items sharing a day never share a lane.
///
/// Items are taken by first day, then longer first, then id, each into the
/// lowest free lane. Taking intervals by start and reusing any free lane is
/// the classic optimal interval colouring: a new lane opens only when every
/// lane holds an item covering the new item's first day, so that many items
/// overlap on one day. Heaps make it O(n log n).
///
/// ```swift
/// let lanes = try AllDayLayout(items: [
///     LayoutAllDaySpan(id: "trip", firstDay: 1, lastDay: 4),
///     LayoutAllDaySpan(id: "holiday", day: 2)])
/// // trip in lane 0, holiday in lane 1, laneCount 2
/// ```
public struct AllDayLayout: Sendable, Hashable, Codable {
    /// One placement per item, in input order.
    public var placements: [AllDayPlacement]
    /// The number of lanes used (0 when there are no items).
    public var laneCount: Int

    /// Packs `items` into lanes. Throws `LayoutError` for an empty or
    /// duplicate id or an item whose last day precedes its first.
    public init(items: [LayoutAllDaySpan]) throws(LayoutError) {
        try PreparedDay.checkIDs(events: [], allDay: items)
        for (index, item) in items.enumerated() where item.lastDay < item.firstDay {
            throw .lastDayBeforeFirstDay(
                id: item.id, index: index, firstDay: item.firstDay, lastDay: item.lastDay)
        }
        var order = Array(items.indices)
        order.sort { a, b in
            let itemA = items[a], itemB = items[b]
            if itemA.firstDay != itemB.firstDay { return itemA.firstDay < itemB.firstDay }
            if itemA.lastDay != itemB.lastDay { return itemA.lastDay > itemB.lastDay }
            return itemA.id < itemB.id
        }
        var laneOf = [Int](repeating: 0, count: items.count)
        var busy = MinHeap<BusyLane>()
        var free = MinHeap<Int>()
        var laneCount = 0
        for index in order {
            let item = items[index]
            while let first = busy.min, first.lastDay < item.firstDay {
                busy.popMin()
                free.push(first.lane)
            }
            let lane: Int
            if let reused = free.popMin() {
                lane = reused
            } else {
                lane = laneCount
                laneCount += 1
            }
            laneOf[index] = lane
            busy.push(BusyLane(lastDay: item.lastDay, lane: lane))
        }
        placements = items.indices.map { index in
            AllDayPlacement(
                id: items[index].id, lane: laneOf[index],
                firstDay: items[index].firstDay, lastDay: items[index].lastDay)
        }
        self.laneCount = laneCount
    }

    private struct BusyLane: Comparable {
        var lastDay: Int
        var lane: Int

        static func < (a: BusyLane, b: BusyLane) -> Bool {
            a.lastDay != b.lastDay ? a.lastDay < b.lastDay : a.lane < b.lane
        }
    }
}
