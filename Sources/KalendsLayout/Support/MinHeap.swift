/// A binary min-heap: O(log n) push and pop, O(1) peek.
/// The engine keeps "which column frees up next" and similar queues in it.
struct MinHeap<Element: Comparable> {
    private(set) var storage: [Element] = []

    init() {}

    init(reservingCapacity capacity: Int) {
        storage.reserveCapacity(capacity)
    }

    var isEmpty: Bool { storage.isEmpty }
    var count: Int { storage.count }
    var min: Element? { storage.first }

    mutating func push(_ element: Element) {
        storage.append(element)
        var child = storage.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            if !(storage[child] < storage[parent]) { break }
            storage.swapAt(child, parent)
            child = parent
        }
    }

    @discardableResult
    mutating func popMin() -> Element? {
        guard let first = storage.first else { return nil }
        let last = storage.removeLast()
        if storage.isEmpty { return first }
        storage[0] = last
        var parent = 0
        let count = storage.count
        while true {
            let left = 2 * parent + 1
            if left >= count { break }
            let right = left + 1
            var smallest = left
            if right < count && storage[right] < storage[left] { smallest = right }
            if !(storage[smallest] < storage[parent]) { break }
            storage.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }

    mutating func removeAll(keepingCapacity: Bool = true) {
        storage.removeAll(keepingCapacity: keepingCapacity)
    }
}
