import KalendsLayout

/// The `cascade` rule written out: inside a cluster, an event's depth is one
/// more than the deepest earlier event it overlaps (0 if none); a cluster of
/// maximum depth D indents by `min(indent, (1 - minimumWidth) / D)` per depth.
public enum NaiveCascade {
    /// Placements for `events` (assumed inside the day, unique ids), in input order.
    public static func layout(
        _ events: [LayoutInterval], touching: Bool = false, indent: Double = 0.12, minimumWidth: Double = 0.5
    ) -> [ReferenceSlot] {
        var result = [ReferenceSlot?](repeating: nil, count: events.count)
        for cluster in NaivePacked.clusters(events, touching: touching) {
            var depthOf: [Int: Int] = [:]
            for (position, event) in cluster.enumerated() {
                var depth = 0
                for earlier in cluster[..<position]
                where referenceOverlaps(events[earlier], events[event], touching: touching) {
                    depth = max(depth, (depthOf[earlier] ?? 0) + 1)
                }
                depthOf[event] = depth
            }
            let deepest = depthOf.values.max() ?? 0
            let step = deepest == 0 ? 0 : min(indent, (1 - minimumWidth) / Double(deepest))
            for event in cluster {
                let depth = depthOf[event] ?? 0
                let x = Double(depth) * step
                result[event] = ReferenceSlot(
                    id: events[event].id, column: depth, columns: deepest + 1, x: x, width: 1 - x)
            }
        }
        return result.compactMap { $0 }
    }
}
