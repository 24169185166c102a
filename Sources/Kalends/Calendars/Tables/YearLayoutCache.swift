import Synchronization

/// Year layouts of one calendar, filled on demand and shared by threads.
///
/// The years of ISO 1900 ... 2100 (the years almost every use touches) live
/// in a dense table of atomic words that readers load without a lock; others in a
/// dictionary bounded to `capacity` entries behind a lock, which drops its
/// least recently used half when full. A layout never changes once stored
/// (it is what the reference says about that year), so racing writers store
/// the same words.
///
/// A class so copies of an engine share one cache. `@unchecked Sendable`:
/// the dense words are only touched through atomic loads and stores, the
/// rest under `lock` (a pthread mutex: ThreadSanitizer sees its order, which
/// it does not see in `Synchronization.Mutex`'s futex on Linux).
final class YearLayoutCache: @unchecked Sendable {
    /// Years kept in the dense table.
    let denseYears: ClosedRange<Int>

    /// Three words a dense year: the layout's head (0 while unknown), then
    /// its month starts.
    private let dense: UnsafeMutablePointer<Atomic<UInt64>>
    private let denseWordCount: Int

    private struct Others {
        var layouts: [Int: (layout: YearLayout, lastUse: UInt64)] = [:]
        var clock: UInt64 = 0
    }

    private let lock = Lock()
    private var othersStorage = Others()

    /// `body` on the other years' table, under the lock.
    private func withOthers<T>(_ body: (inout Others) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&othersStorage)
    }
    private let capacity: Int

    init(denseYears: ClosedRange<Int>, capacity: Int = 4_096) {
        self.denseYears = denseYears
        denseWordCount = 3 * denseYears.count
        self.capacity = Swift.max(capacity, 2)
        dense = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: denseWordCount)
        for index in 0..<denseWordCount {
            (dense + index).initialize(to: Atomic(0))
        }
    }

    deinit {
        dense.deinitialize(count: denseWordCount)
        dense.deallocate()
    }

    /// The cached layout of `year`, or nil.
    @inline(__always)
    func layout(ofYear year: Int) -> YearLayout? {
        let index = year &- denseYears.lowerBound
        if index >= 0 && index < denseYears.count {
            // The acquiring load of the head orders the other words after it.
            let base = 3 &* index
            let head = dense[base].load(ordering: .acquiring)
            guard head != 0 else { return nil }
            return YearLayout(head: head, startsLow: dense[base &+ 1].load(ordering: .relaxed),
                              startsHigh: dense[base &+ 2].load(ordering: .relaxed))
        }
        return withOthers { others in
            guard let entry = others.layouts[year] else { return nil }
            others.clock &+= 1
            others.layouts[year] = (entry.layout, others.clock)
            return entry.layout
        }
    }

    /// Remembers the layout of `year`.
    func store(_ layout: YearLayout, forYear year: Int) {
        let index = year &- denseYears.lowerBound
        if index >= 0 && index < denseYears.count {
            let base = 3 &* index
            dense[base &+ 1].store(layout.startsLow, ordering: .relaxed)
            dense[base &+ 2].store(layout.startsHigh, ordering: .relaxed)
            dense[base].store(layout.head, ordering: .releasing)
            return
        }
        let capacity = capacity
        withOthers { others in
            if others.layouts.count >= capacity {
                // Keep the most recently used half.
                let uses = others.layouts.values.map(\.lastUse).sorted()
                let cutoff = uses[uses.count / 2]
                others.layouts = others.layouts.filter { $0.value.lastUse >= cutoff }
            }
            others.clock &+= 1
            others.layouts[year] = (layout, others.clock)
        }
    }

    /// How many years outside the dense years are cached (for tests).
    var otherCount: Int { withOthers { $0.layouts.count } }
}
