import KalendsLayout
import KalendsLayoutReference

/// `kalends-bench layout`: each layout mode at 1,000, 10,000 and 100,000
/// events, against a naive literal implementation, with the growth of the
/// time when n doubles (O(n log n) shows as about 2.1-2.2x).
enum LayoutBenchmarks {
    static let area = BenchmarkArea(
        name: "layout",
        summary: "day layout modes (calendarkit, packed, cascade) vs naive literal implementations",
        run: run)

    /// Sizes with a table row; each is also measured at twice the size for the growth column.
    static let sizes = [1_000, 10_000, 100_000]
    /// The naive references are quadratic in a cluster: on the dense day they
    /// run only up to this many events.
    static let denseReferenceLimit = 2_000

    static func run(_ emit: (BenchmarkRow) -> Void) {
        for workload in Workload.allCases {
            for mode in LayoutMode.allCases {
                for n in sizes {
                    let day = workload.day(count: n)
                    let doubled = workload.day(count: 2 * n)
                    // Ours at n and 2n in turns (the growth); the reference
                    // apart, so its allocations do not disturb our caches.
                    let times = Benchmark.interleavedMedianSeconds([
                        { layOut(day, mode: mode) }, { layOut(doubled, mode: mode) },
                    ])
                    let ours = times[0], oursDoubled = times[1]
                    var referencePerSecond: Double?
                    if workload == .typical || n <= denseReferenceLimit {
                        let reference = Benchmark.medianSeconds { naive(day, mode: mode) }
                        referencePerSecond = Double(n) / reference
                    }
                    emit(BenchmarkRow(
                        area: "layout", operation: workload.operation(mode), n: n,
                        oursPerSecond: Double(n) / ours,
                        reference: referencePerSecond == nil ? nil : "naive",
                        referencePerSecond: referencePerSecond,
                        doublingGrowth: oursDoubled / ours))
                }
            }
        }
    }

    /// Our engine through its public API; the result is consumed so the
    /// optimizer keeps all the work.
    static func layOut(_ day: Day, mode: LayoutMode) {
        do {
            let layout = try DayLayout(events: day.events, dayLength: day.length, mode: mode)
            var checksum = 0
            for placement in layout.events { checksum &+= placement.column &* 31 &+ placement.columns }
            blackHole(checksum)
            blackHole(layout)
        } catch {
            // A bug in the fixed workload, not input: say so and leave the row meaningless rather than trap.
            printError("kalends-bench: error: layout workload rejected: \(error)")
        }
    }

    static func naive(_ day: Day, mode: LayoutMode) {
        let slots: [ReferenceSlot]
        switch mode {
        case .calendarkit: slots = NaiveCalendarKit.layout(day.events)
        case .packed: slots = NaivePacked.layout(day.events)
        case .cascade: slots = NaiveCascade.layout(day.events)
        }
        var checksum = 0
        for slot in slots { checksum &+= slot.column &* 31 &+ slot.columns }
        blackHole(checksum)
        blackHole(slots)
    }

    struct Day {
        var events: [LayoutInterval]
        var length: Double
    }

    enum Workload: CaseIterable {
        /// About 24 events per 24 hours over a long "day" (n hours), the way
        /// a busy calendar looks: small clusters, quarter-hour times, some
        /// instants and some long events.
        case typical
        /// Every event between 08:00 and 18:00 of one day: one huge cluster
        /// (thousands of columns at 100,000 events), the worst case.
        case dense

        func operation(_ mode: LayoutMode) -> String {
            self == .typical ? mode.rawValue : mode.rawValue + "-dense"
        }

        func day(count: Int) -> Day {
            var random = SplitMix(seed: 0x4b41_4c45_4e44_5301 &+ UInt64(count))
            var events: [LayoutInterval] = []
            events.reserveCapacity(count)
            let quarterHours = self == .typical ? count * 4 : 40
            let offset = self == .typical ? 0.0 : 8 * 3600.0
            for index in 0..<count {
                let start = offset + Double(random.next(below: quarterHours)) * 900
                let roll = random.next(below: 100)
                let duration: Double
                switch roll {
                case 0..<5: duration = 0
                case 5..<10: duration = Double(16 + random.next(below: 17)) * 900  // 4-8 hours
                default: duration = Double(1 + random.next(below: 8)) * 900  // 15 min - 2 h
                }
                events.append(LayoutInterval(id: "e\(index)", start: start, end: start + duration))
            }
            let length = self == .typical ? Double(count) * 3600 + 8 * 3600 : 86_400
            return Day(events: events, length: length)
        }
    }
}

/// A small deterministic generator so every run lays out the same days.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// Uniform enough in `0..<bound` for workloads (bound > 0).
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
