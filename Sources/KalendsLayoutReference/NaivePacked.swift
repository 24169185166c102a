import KalendsLayout

/// The `packed` rules of the CLI contract, written out the obvious way:
/// clusters by a sweep, then inside a cluster each event tries columns from
/// the left against every event already in them, and widens column by
/// column. O(m²) per cluster of m events.
public enum NaivePacked {
    /// Placements for `events` (assumed inside the day, unique ids), in input order.
    public static func layout(_ events: [LayoutInterval], touching: Bool = false) -> [ReferenceSlot] {
        var result = [ReferenceSlot?](repeating: nil, count: events.count)
        for cluster in clusters(events, touching: touching) {
            var columns: [[Int]] = []
            var columnOf: [Int: Int] = [:]
            for event in cluster {
                var chosen = columns.count
                for (index, members) in columns.enumerated()
                where !members.contains(where: { referenceOverlaps(events[$0], events[event], touching: touching) }) {
                    chosen = index
                    break
                }
                if chosen == columns.count { columns.append([]) }
                columns[chosen].append(event)
                columnOf[event] = chosen
            }
            let total = columns.count
            for event in cluster {
                let column = columnOf[event] ?? 0
                var end = column + 1
                while end < total
                    && !columns[end].contains(where: { referenceOverlaps(events[$0], events[event], touching: touching) }) {
                    end += 1
                }
                result[event] = ReferenceSlot(
                    id: events[event].id, column: column, columns: total,
                    x: Double(column) / Double(total), width: Double(end - column) / Double(total))
            }
        }
        return result.compactMap { $0 }
    }

    /// Event indices grouped into clusters, each in placement order (start,
    /// longer first, id).
    public static func clusters(_ events: [LayoutInterval], touching: Bool) -> [[Int]] {
        let order = events.indices.sorted { a, b in
            let x = events[a], y = events[b]
            if x.start != y.start { return x.start < y.start }
            if x.end != y.end { return x.end > y.end }  // equal starts: the later end is longer
            return x.id < y.id
        }
        var clusters: [[Int]] = []
        for event in order {
            // An event joins the current cluster when it overlaps any member.
            if var current = clusters.last,
               current.contains(where: { referenceOverlaps(events[$0], events[event], touching: touching) }) {
                current.append(event)
                clusters[clusters.count - 1] = current
            } else {
                clusters.append([event])
            }
        }
        return clusters
    }
}
