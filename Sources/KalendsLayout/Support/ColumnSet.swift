/// The set of busy columns `0..<capacity`, as a segment tree of busy counts,
/// answering "leftmost free column" and "first busy column right of c" in
/// O(log capacity). A heap of free columns would give the first answer but
/// not the second, which the packed mode's widening needs.
struct ColumnSet {
    /// Leaves start at `size`; node i covers the leaves below it.
    private var busyCount: [Int32]
    private let size: Int

    init(capacity: Int) {
        var size = 1
        while size < Swift.max(capacity, 1) { size <<= 1 }
        self.size = size
        busyCount = Array(repeating: 0, count: 2 * size)
    }

    /// Columns in the set are `0..<size`; a layout never needs more columns
    /// than events, so `capacity` = the event count suffices.
    var capacity: Int { size }

    mutating func insert(_ column: Int) {
        var node = column + size
        if busyCount[node] != 0 { return }
        while node >= 1 {
            busyCount[node] += 1
            node >>= 1
        }
    }

    mutating func remove(_ column: Int) {
        var node = column + size
        if busyCount[node] == 0 { return }
        while node >= 1 {
            busyCount[node] -= 1
            node >>= 1
        }
    }

    func contains(_ column: Int) -> Bool {
        busyCount[column + size] != 0
    }

    /// The smallest column not in the set, or nil when all are busy.
    func firstFree() -> Int? {
        if Int(busyCount[1]) == size { return nil }
        var node = 1
        var width = size
        while node < size {
            width >>= 1
            // Descend left when the left half has a free leaf.
            node = Int(busyCount[2 * node]) < width ? 2 * node : 2 * node + 1
        }
        return node - size
    }

    /// The smallest busy column greater than `column`, or nil.
    func firstBusy(after column: Int) -> Int? {
        var node = column + size
        // Climb until a right sibling holds a busy leaf, then descend into it.
        while node > 1 {
            if node & 1 == 0 && busyCount[node + 1] > 0 {
                node += 1
                while node < size {
                    node = busyCount[2 * node] > 0 ? 2 * node : 2 * node + 1
                }
                return node - size
            }
            node >>= 1
        }
        return nil
    }
}
