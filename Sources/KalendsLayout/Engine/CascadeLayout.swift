/// `cascade` mode: overlapping events stacked like cards.
///
/// Events are visited as in `packed` mode (start, longer first, id). An
/// event's depth is 0 when nothing is open (it starts a cluster), otherwise
/// one more than the deepest open event. Every open event overlaps the new
/// one, and every earlier event that overlaps it is open, so this is the
/// least depth that is larger than the depth of each earlier overlapping
/// event: of two overlapping events the later one (in visiting order, hence
/// the later-starting one, or for equal starts the shorter) is deeper.
///
/// Geometry: a cluster of maximum depth D indents each depth by
/// `min(cascadeIndent, (1 - cascadeMinimumWidth) / D)`; a card runs from its
/// indent to the right edge, so it is never narrower than
/// `cascadeMinimumWidth` and always readable. Depth 0 sits at x 0, width 1.
///
/// Cost: sorting is O(n) plus O(r log r) per run of r equal starts (see
/// `SweepIntervals`), O(n log n) at worst. Open cards sit in a min-heap by release time
/// (only the open ones: O(log k) per event for k open at once) and are
/// counted per depth; the deepest open depth is a pointer that rises by at
/// most one per event and so, amortized, falls at most n steps in all.
/// Total O(n log k) after the sort, memory O(n).
enum CascadeLayout {
    static func slots(for intervals: SweepIntervals, options: LayoutOptions) -> [HorizontalSlot] {
        let entries = intervals.entries
        let count = entries.count
        var depthOf = [Int](repeating: 0, count: count)
        var slots = [HorizontalSlot](repeating: .fullWidth, count: count)
        var open = MinHeap<OpenCard>(reservingCapacity: 64)
        // openAtDepth[d]: how many open cards have depth d; deepest: the
        // largest d with a card open, -1 when none is.
        var openAtDepth: [Int] = []
        var deepest = -1
        var clusterStart = 0
        var clusterDepth = 0

        for position in 0..<count {
            let start = entries[position].start
            while let first = open.min, first.release <= start {
                open.popMin()
                openAtDepth[first.depth] -= 1
            }
            while deepest >= 0 && openAtDepth[deepest] == 0 { deepest -= 1 }
            if deepest < 0 && position > clusterStart {
                // Nothing open overlaps this event: a new cluster begins.
                place(clusterStart..<position, depth: clusterDepth, entries: entries, depthOf: depthOf,
                      options: options, into: &slots)
                clusterStart = position
                clusterDepth = 0
            }
            let depth = deepest + 1
            depthOf[position] = depth
            if depth == openAtDepth.count { openAtDepth.append(0) }
            openAtDepth[depth] += 1
            deepest = depth
            open.push(OpenCard(release: entries[position].release, depth: depth))
            if depth > clusterDepth { clusterDepth = depth }
        }
        place(clusterStart..<count, depth: clusterDepth, entries: entries, depthOf: depthOf,
              options: options, into: &slots)
        return slots
    }

    /// The cards of one cluster of maximum depth `depth`. (A function taking
    /// `slots` inout rather than a closure capturing it, so the array is
    /// never boxed and stays uniquely referenced.)
    private static func place(
        _ positions: Range<Int>, depth: Int, entries: [SweepIntervals.Entry], depthOf: [Int],
        options: LayoutOptions, into slots: inout [HorizontalSlot]
    ) {
        let indent = depth == 0 ? 0 : Swift.min(options.cascadeIndent, (1 - options.cascadeMinimumWidth) / Double(depth))
        for position in positions {
            let x = Double(depthOf[position]) * indent
            slots[entries[position].index] = HorizontalSlot(
                column: depthOf[position], columns: depth + 1, x: x, width: 1 - x)
        }
    }

    /// A card still open until its release time.
    private struct OpenCard: Comparable {
        var release: Double
        var depth: Int

        static func < (a: OpenCard, b: OpenCard) -> Bool {
            a.release != b.release ? a.release < b.release : a.depth < b.depth
        }
    }
}
