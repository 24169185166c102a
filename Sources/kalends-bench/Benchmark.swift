/// The shared benchmark harness: run a closure over a fixed workload several
/// times, take the median, report throughput; areas (layout, convert,
/// arithmetic, ranges, ...) register in `BenchmarkRegistry.areas`.

/// Keeps a value alive so the optimizer cannot delete the work producing it.
///
/// Not optimized, so the caller cannot learn that the body ignores its
/// argument: an optimized `@inline(never)` function alone is not enough, as
/// function-signature optimization drops a dead parameter and with it the
/// checksum loops that feed it.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// One line of output: our throughput, the reference's, their ratio.
struct BenchmarkRow: Sendable {
    var area: String
    var operation: String
    /// Workload size (events, dates, ... per run).
    var n: Int
    /// Items per second through our code.
    var oursPerSecond: Double
    /// What we compare with: "naive", "foundation", "icu"; nil when none ran.
    var reference: String?
    var referencePerSecond: Double?
    /// Time for 2n divided by time for n: about 2 for O(n), 2.2 for O(n log n).
    var doublingGrowth: Double?
    /// The calendar measured, for areas that run per calendar (`convert`).
    var calendar: String? = nil
    /// Whole-process areas (`cli`): the times and the target's verdict.
    var note: String? = nil

    /// How many times faster we are than the reference.
    var ratio: Double? {
        referencePerSecond.map { oursPerSecond / $0 }
    }
}

/// A named group of benchmarks, e.g. `layout`.
struct BenchmarkArea: Sendable {
    var name: String
    var summary: String
    /// Measures and hands each row to `emit` as soon as it is known.
    var run: @Sendable (_ emit: (BenchmarkRow) -> Void) -> Void
}

enum Benchmark {
    /// The median wall time in seconds of `body`, run at least
    /// `minimumRepetitions` times and until `minimumSeconds` have passed (at
    /// most `maximumRepetitions` times), after one untimed warm-up run.
    static func medianSeconds(
        minimumRepetitions: Int = 5, maximumRepetitions: Int = 30, minimumSeconds: Double = 0.3,
        _ body: () -> Void
    ) -> Double {
        let clock = ContinuousClock()
        body()
        var samples: [Double] = []
        var total = 0.0
        while samples.count < minimumRepetitions
            || (total < minimumSeconds && samples.count < maximumRepetitions) {
            let elapsed = seconds(clock.measure(body))
            samples.append(elapsed)
            total += elapsed
        }
        return median(samples)
    }

    /// Median wall times in seconds of several closures measured in turns
    /// (a, b, c, a, b, c, ...), so that load from other processes on a
    /// shared machine hits all of them alike; comparisons between them (a
    /// ratio, the growth when n doubles) stay meaningful under noise.
    static func interleavedMedianSeconds(
        minimumRepetitions: Int = 9, maximumRepetitions: Int = 100, minimumSeconds: Double = 2.5,
        _ bodies: [() -> Void]
    ) -> [Double] {
        let clock = ContinuousClock()
        for body in bodies { body() }
        var samples = [[Double]](repeating: [], count: bodies.count)
        var total = 0.0
        var rounds = 0
        while rounds < minimumRepetitions || (total < minimumSeconds && rounds < maximumRepetitions) {
            for (index, body) in bodies.enumerated() {
                let elapsed = seconds(clock.measure(body))
                samples[index].append(elapsed)
                total += elapsed
            }
            rounds += 1
        }
        return samples.map(median)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
