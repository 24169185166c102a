/// One value per column with two operations, both O(log capacity):
/// "lower every value in columns `0..<bound` to at most `value`" (range
/// chmin) and "read / reset the value of column c".
///
/// The packed mode keeps, for the event currently in each column, the
/// nearest column to its right that has held an overlapping event so far:
/// placing an event in column j lowers that bound to j for every column left
/// of j. Tags are kept un-pushed on the nodes covering a range; a read is the
/// minimum of the tags on the leaf's path to the root.
struct BlockerTree {
    private var tag: [Int]
    private let size: Int
    /// `size == 1 << levels`: the depth of the leaves below the root.
    private let levels: Int

    init(capacity: Int) {
        var size = 1
        var levels = 0
        while size < Swift.max(capacity, 1) {
            size <<= 1
            levels += 1
        }
        self.size = size
        self.levels = levels
        tag = Array(repeating: Int.max, count: 2 * size)
    }

    /// Every column in `0..<bound` gets `min(current, value)`.
    mutating func lower(below bound: Int, to value: Int) {
        guard bound > 0 else { return }
        // Standard bottom-up cover of the half-open leaf range [size, size + bound).
        var left = size
        var right = size + bound
        while left < right {
            if left & 1 == 1 {
                if value < tag[left] { tag[left] = value }
                left += 1
            }
            if right & 1 == 1 {
                right -= 1
                if value < tag[right] { tag[right] = value }
            }
            left >>= 1
            right >>= 1
        }
    }

    /// The current value of `column`.
    func value(at column: Int) -> Int {
        var node = column + size
        var result = Int.max
        while node >= 1 {
            if tag[node] < result { result = tag[node] }
            node >>= 1
        }
        return result
    }

    /// Sets `column` to exactly `value`, leaving the other columns unchanged:
    /// the tags on its path are first pushed down to the siblings.
    mutating func set(_ column: Int, to value: Int) {
        let leaf = column + size
        // Push from the root down to the leaf's parent.
        var level = levels
        while level >= 1 {
            let node = leaf >> level
            let pending = tag[node]
            if pending != Int.max {
                if pending < tag[2 * node] { tag[2 * node] = pending }
                if pending < tag[2 * node + 1] { tag[2 * node + 1] = pending }
                tag[node] = Int.max
            }
            level -= 1
        }
        tag[leaf] = value
    }
}
