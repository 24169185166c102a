import Synchronization

/// Year layouts of one calendar, filled on demand and shared by threads.
///
/// Years 1900 ... 2100 live in a dense array (the years almost every use
/// touches); others in a dictionary bounded to `capacity` entries, which
/// drops its least recently used half when full. A class so copies of an
/// engine share one cache; `Sendable` through its `Mutex`.
final class YearLayoutCache: Sendable {
    /// Years kept in the dense array.
    static let denseYears = 1900...2100

    private struct State: ~Copyable {
        var dense: [YearLayout?]
        var others: [Int: (layout: YearLayout, lastUse: UInt64)] = [:]
        var clock: UInt64 = 0
    }

    private let state: Mutex<State>
    private let capacity: Int

    init(capacity: Int = 4_096) {
        self.capacity = Swift.max(capacity, 2)
        state = Mutex(State(dense: Array(repeating: nil, count: Self.denseYears.count)))
    }

    /// The cached layout of `year`, or nil.
    @inline(__always)
    func layout(ofYear year: Int) -> YearLayout? {
        let index = year &- Self.denseYears.lowerBound
        return state.withLock { state in
            if index >= 0 && index < state.dense.count { return state.dense[index] }
            guard let entry = state.others[year] else { return nil }
            state.clock &+= 1
            state.others[year] = (entry.layout, state.clock)
            return entry.layout
        }
    }

    /// Remembers the layout of `year`.
    func store(_ layout: YearLayout, forYear year: Int) {
        let index = year &- Self.denseYears.lowerBound
        let capacity = capacity
        state.withLock { state in
            if index >= 0 && index < state.dense.count {
                state.dense[index] = layout
                return
            }
            if state.others.count >= capacity {
                // Keep the most recently used half.
                let uses = state.others.values.map(\.lastUse).sorted()
                let cutoff = uses[uses.count / 2]
                state.others = state.others.filter { $0.value.lastUse >= cutoff }
            }
            state.clock &+= 1
            state.others[year] = (layout, state.clock)
        }
    }

    /// How many years outside the dense range are cached (for tests).
    var otherCount: Int { state.withLock { $0.others.count } }
}
