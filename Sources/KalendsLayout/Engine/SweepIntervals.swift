/// Events as the packed and cascade sweeps see them, already in visiting
/// order: start, then longer first, then id.
///
/// Each entry carries a "release" time that folds the overlap rules into one
/// comparison. Visiting events by start, an earlier event `x` overlaps a
/// later one `y` exactly when `x.release > y.start`, where `release` is
/// - `end` for a half-open interval `[s, e)` with `e > s`,
/// - `end.nextUp` for a zero-length event (the instant `s` overlaps an event
///   starting at `s`, but not one starting after it) and for every event when
///   touching counts as overlapping (closed intervals `[s, e]`).
/// `nextUp` is exact: for doubles, `e < s` iff `e.nextUp <= s`.
///
/// The entries are stored in visiting order (not as indices into other
/// arrays) so the sweeps read memory in order: at 100,000 events the
/// indirect version spent its time waiting for cache misses.
struct SweepIntervals {
    struct Entry {
        var start: Double
        var end: Double
        var release: Double
        /// The event's position in the prepared day (input order).
        var index: Int
    }

    /// In visiting order. Ids are unique, so the order, and everything
    /// computed from it, does not depend on the order of the input.
    var entries: [Entry]

    init(starts: [Double], ends: [Double], ids: [String], touchingOverlaps: Bool) {
        // By start first: a stable radix sort, O(n).
        var byStart: [KeyedIndex] = []
        byStart.reserveCapacity(starts.count)
        for index in starts.indices { byStart.append(KeyedIndex(key: RadixSort.key(starts[index]), index: index)) }
        RadixSort.sort(&byStart)

        var entries: [Entry] = []
        entries.reserveCapacity(starts.count)
        for item in byStart {
            let start = starts[item.index], end = ends[item.index]
            let release = touchingOverlaps || end == start ? end.nextUp : end
            entries.append(Entry(start: start, end: end, release: release, index: item.index))
        }

        // Then each run of equal starts: a later end first (for equal starts
        // the later end is the longer event; comparing ends avoids rounding in
        // `end - start`), ids breaking exact ties. Runs are short on real
        // days; a run of r events costs O(r log r).
        var runStart = 0
        while runStart < entries.count {
            var runEnd = runStart + 1
            while runEnd < entries.count && entries[runEnd].start == entries[runStart].start { runEnd += 1 }
            if runEnd - runStart > 1 {
                entries[runStart..<runEnd].sort { a, b in
                    a.end != b.end ? a.end > b.end : ids[a.index] < ids[b.index]
                }
            }
            runStart = runEnd
        }
        self.entries = entries
    }

    var count: Int { entries.count }
}

/// The horizontal part of a placement, before it is joined with the
/// vertical part: column, column count and fractions of the column width.
struct HorizontalSlot: Hashable {
    var column: Int
    var columns: Int
    var x: Double
    var width: Double

    /// A box spanning columns `column ..< column + span` of `columns`, with
    /// `gap` taken from its right unless it reaches the column's right edge.
    init(column: Int, span: Int, columns: Int, gap: Double) {
        self.column = column
        self.columns = columns
        let total = Double(columns)
        x = Double(column) / total
        let fullWidth = Double(span) / total
        width = column + span < columns ? fullWidth - Swift.min(gap, fullWidth / 2) : fullWidth
    }

    init(column: Int, columns: Int, x: Double, width: Double) {
        self.column = column
        self.columns = columns
        self.x = x
        self.width = width
    }

    static let fullWidth = HorizontalSlot(column: 0, columns: 1, x: 0, width: 1)
}
