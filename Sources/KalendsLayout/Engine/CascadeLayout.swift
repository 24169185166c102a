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
/// Cost: the sort is O(n log n); the deepest open event comes from a max-heap
/// with lazy removal (each event pushed and popped at most once): O(n log n).
enum CascadeLayout {
    static func slots(for intervals: SweepIntervals, options: LayoutOptions) -> [HorizontalSlot] {
        let count = intervals.count
        var depthOf = [Int](repeating: 0, count: count)
        var slots = [HorizontalSlot](
            repeating: HorizontalSlot(column: 0, columns: 1, x: 0, width: 1), count: count)
        // Min-heap on the negated depth = max-heap on depth.
        var open = MinHeap<OpenCard>(reservingCapacity: 64)
        var cluster: [Int] = []
        var clusterDepth = 0
        var clusterRelease = -Double.infinity

        func closeCluster() {
            let indent = clusterDepth == 0
                ? 0 : Swift.min(options.cascadeIndent, (1 - options.cascadeMinimumWidth) / Double(clusterDepth))
            for event in cluster {
                let depth = depthOf[event]
                let x = Double(depth) * indent
                slots[event] = HorizontalSlot(column: depth, columns: clusterDepth + 1, x: x, width: 1 - x)
            }
            cluster.removeAll(keepingCapacity: true)
            clusterDepth = 0
        }

        for event in intervals.order {
            let start = intervals.starts[event]
            if clusterRelease <= start {
                // Nothing open overlaps this event: a new cluster begins.
                if !cluster.isEmpty { closeCluster() }
                open.removeAll()
            }
            // Cards that ended are only discarded when they reach the top:
            // the top is then the deepest card still open.
            while let top = open.min, top.release <= start { open.popMin() }
            let depth = open.min.map { -$0.negatedDepth + 1 } ?? 0
            depthOf[event] = depth
            open.push(OpenCard(negatedDepth: -depth, release: intervals.releases[event]))
            cluster.append(event)
            if depth > clusterDepth { clusterDepth = depth }
            if intervals.releases[event] > clusterRelease { clusterRelease = intervals.releases[event] }
        }
        closeCluster()
        return slots
    }

    private struct OpenCard: Comparable {
        var negatedDepth: Int
        var release: Double

        static func < (a: OpenCard, b: OpenCard) -> Bool {
            a.negatedDepth != b.negatedDepth ? a.negatedDepth < b.negatedDepth : a.release < b.release
        }
    }
}
