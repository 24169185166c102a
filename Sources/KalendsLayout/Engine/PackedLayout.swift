/// `packed` mode: the fewest columns per cluster, then widening.
///
/// One sweep over the events by start (then longer first, then id):
/// 1. Events whose release is at or before the current start leave their
///    column (a min-heap of `(release, column)` says which). When no event
///    is left, the current one opens a new cluster: clusters are the
///    connected components of the overlap graph, and in start order an event
///    joins the cluster exactly when it overlaps an event still open.
/// 2. The event takes the leftmost free column (`ColumnSet.firstFree`). This
///    greedy colouring of an interval graph in start order uses exactly as
///    many columns as the most events overlapping at one instant: when an
///    event gets column c, columns 0..<c hold events that all contain its start.
/// 3. Widening: an event may span columns c+1 ..< b where b is the first
///    column to its right holding any event that overlaps it. Such an event
///    either was open when ours was placed (the first busy column right of c,
///    `ColumnSet.firstBusy(after:)`), or is placed later while ours is still
///    open: placing an event in column j therefore lowers the bound of every
///    open event left of j to j (`BlockerTree.lower`). An event's bound is read
///    when it leaves its column, and capped by its cluster's column count.
///
/// Cost: sorting is O(n) plus O(r log r) per run of r equal starts (see
/// `SweepIntervals`), O(n log n) at worst; each event is pushed and popped once
/// (O(log n)) and does O(1) tree operations of O(log n) each (the trees have
/// one leaf per possible column, at most n). Total O(n log n) time, O(n) memory.
enum PackedLayout {
    static func slots(for intervals: SweepIntervals, gap: Double) -> [HorizontalSlot] {
        let entries = intervals.entries
        let count = entries.count
        // Indexed by position in visiting order, so the sweep writes in order.
        var columnOf = [Int](repeating: 0, count: count)
        var boundOf = [Int](repeating: Int.max, count: count)
        var columnsOf = [Int](repeating: 1, count: count)

        var busy = ColumnSet(capacity: count)
        var bounds = BlockerTree(capacity: count)
        var open = MinHeap<OpenEvent>(reservingCapacity: 64)
        var clusterStart = 0
        var clusterColumns = 0

        for position in 0..<count {
            let start = entries[position].start
            while let first = open.min, first.release <= start {
                open.popMin()
                boundOf[first.position] = bounds.value(at: first.column)
                busy.remove(first.column)
            }
            if open.isEmpty && position > clusterStart {
                // Nothing open: the events since `clusterStart` form a cluster.
                for member in clusterStart..<position { columnsOf[member] = clusterColumns }
                clusterStart = position
                clusterColumns = 0
            }

            // Cannot be nil: fewer than `count` events are open at once.
            let column = busy.firstFree() ?? busy.capacity - 1
            let bound = busy.firstBusy(after: column) ?? Int.max
            bounds.lower(below: column, to: column)
            bounds.set(column, to: bound)
            busy.insert(column)
            open.push(OpenEvent(release: entries[position].release, column: column, position: position))

            columnOf[position] = column
            if column + 1 > clusterColumns { clusterColumns = column + 1 }
        }
        while let first = open.popMin() {
            boundOf[first.position] = bounds.value(at: first.column)
        }
        for member in clusterStart..<count { columnsOf[member] = clusterColumns }

        var slots = [HorizontalSlot](repeating: .fullWidth, count: count)
        for position in 0..<count {
            let columns = columnsOf[position]
            let column = columnOf[position]
            let span = Swift.min(boundOf[position], columns) - column
            slots[entries[position].index] = HorizontalSlot(column: column, span: span, columns: columns, gap: gap)
        }
        return slots
    }

    /// An event holding a column until its release time.
    private struct OpenEvent: Comparable {
        var release: Double
        var column: Int
        var position: Int

        static func < (a: OpenEvent, b: OpenEvent) -> Bool {
            a.release != b.release ? a.release < b.release : a.column < b.column
        }
    }
}
