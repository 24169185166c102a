/// Events as the packed and cascade sweeps see them: a start, a "release"
/// time, and the order in which the sweep visits them.
///
/// The release folds the overlap rules into one comparison. Visiting events
/// by start, an earlier event `x` overlaps a later one `y` exactly when
/// `release[x] > start[y]`, where `release` is
/// - `end` for a half-open interval `[s, e)` with `e > s`,
/// - `end.nextUp` for a zero-length event (the instant `s` overlaps an event
///   starting at `s`, but not one starting after it) and for every event when
///   touching counts as overlapping (closed intervals `[s, e]`).
/// `nextUp` is exact: for doubles, `e < s` iff `e.nextUp <= s`.
struct SweepIntervals {
    var starts: [Double]
    var releases: [Double]
    /// Visiting order: start, then longer first, then id. Ids are unique, so
    /// the order, and everything computed from it, does not depend on the
    /// order of the input.
    var order: [Int]

    init(starts: [Double], ends: [Double], ids: [String], touchingOverlaps: Bool) {
        self.starts = starts
        var releases = ends
        for index in releases.indices where touchingOverlaps || ends[index] == starts[index] {
            releases[index] = ends[index].nextUp
        }
        self.releases = releases
        // O(n log n); the id comparison runs only on equal start and length.
        order = Array(starts.indices)
        order.sort { a, b in
            let startA = starts[a], startB = starts[b]
            if startA != startB { return startA < startB }
            let lengthA = ends[a] - startA, lengthB = ends[b] - startB
            if lengthA != lengthB { return lengthA > lengthB }
            return ids[a] < ids[b]
        }
    }

    var count: Int { starts.count }
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
}
