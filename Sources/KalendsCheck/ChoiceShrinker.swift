/// A replayed candidate that still fails: its normalized choices, spans, and
/// whatever the caller wants back for the best one (the value and its failure).
struct ShrinkProbe<Payload> {
    var choices: [UInt64]
    var spans: [Range<Int>]
    var payload: Payload
}

/// Shrinks a failing choice sequence by editing it and replaying it.
///
/// A candidate is kept only if it still fails and is smaller in shortlex
/// order (shorter, or equally long and lexicographically smaller), so every
/// accepted step makes progress and shrinking terminates; `maxAttempts`
/// additionally bounds the number of replays.
struct ChoiceShrinker<Payload> {
    private(set) var best: [UInt64]
    /// The payload of the replay that produced `best`.
    private(set) var bestPayload: Payload
    private var spans: [Range<Int>]
    private let maxAttempts: Int
    /// Replays a candidate; returns what it consumed if it still fails, nil if it passes or is invalid.
    private let replay: ([UInt64]) -> ShrinkProbe<Payload>?
    private(set) var attempts = 0
    private(set) var steps = 0
    private var tried: Set<UInt64> = []

    init(failing: ShrinkProbe<Payload>, maxAttempts: Int, replay: @escaping ([UInt64]) -> ShrinkProbe<Payload>?) {
        best = failing.choices
        bestPayload = failing.payload
        spans = failing.spans
        self.maxAttempts = Swift.max(maxAttempts, 0)
        self.replay = replay
    }

    private var exhausted: Bool { attempts >= maxAttempts }

    /// Runs all passes until none improves or the attempt budget is spent.
    mutating func shrink() {
        var improved = true
        while improved, !exhausted {
            improved = false
            improved = truncate() || improved
            improved = deleteSpans() || improved
            improved = deleteChunks() || improved
            improved = zeroChunks() || improved
            improved = minimizeEach() || improved
            improved = moveValueLater() || improved
            improved = sortAdjacentSpans() || improved
            if !improved { improved = lowerAndRaiseNext() }
        }
    }

    /// Replays `candidate` and adopts it if it fails and is smaller than `best`.
    @discardableResult
    private mutating func consider(_ candidate: [UInt64]) -> Bool {
        guard !exhausted, Self.shortlexLess(candidate, best) else { return false }
        // Hash collisions only cost a skipped candidate; storing hashes keeps
        // memory flat. A fixed hash (not `hashValue`, which is seeded per
        // process) keeps shrinking identical across replays.
        guard tried.insert(Self.fingerprint(candidate)).inserted else { return false }
        attempts += 1
        guard let probe = replay(candidate), Self.shortlexLess(probe.choices, best) else { return false }
        best = probe.choices
        bestPayload = probe.payload
        spans = probe.spans
        steps += 1
        return true
    }

    /// Keeps only a prefix (replay pads with zeros), halving the length each try.
    private mutating func truncate() -> Bool {
        var improved = false
        var length = best.count / 2
        while length > 0, !exhausted {
            if consider(Array(best.prefix(length))) {
                improved = true
                length = best.count / 2
            } else {
                length /= 2
            }
        }
        return improved
    }

    /// Deletes whole recorded spans (array elements, filter attempts).
    private mutating func deleteSpans() -> Bool {
        var improved = false
        var index = spans.count - 1
        while index >= 0, !exhausted {
            let span = spans[index]
            var candidate = best
            if span.upperBound <= candidate.count {
                candidate.removeSubrange(span)
                if consider(candidate) {
                    improved = true
                    index = Swift.min(index, spans.count - 1)
                    continue
                }
            }
            index -= 1
        }
        return improved
    }

    /// Deletes runs of 1...8 adjacent choices, from the end toward the front.
    private mutating func deleteChunks() -> Bool {
        var improved = false
        for width in [8, 4, 3, 2, 1] {
            var start = best.count - width
            while start >= 0, !exhausted {
                var candidate = best
                candidate.removeSubrange(start..<(start + width))
                if consider(candidate) {
                    improved = true
                    start = Swift.min(start, best.count - width)
                } else {
                    start -= 1
                }
            }
        }
        return improved
    }

    /// Sets runs of 1...8 adjacent choices to zero.
    private mutating func zeroChunks() -> Bool {
        var improved = false
        for width in [8, 4, 2] {
            var start = 0
            while start + width <= best.count, !exhausted {
                if best[start..<(start + width)].contains(where: { $0 != 0 }) {
                    var candidate = best
                    candidate.replaceSubrange(start..<(start + width), with: repeatElement(0, count: width))
                    if consider(candidate) { improved = true }
                }
                start += 1
            }
        }
        return improved
    }

    /// Binary-searches each choice down toward 0 (tries 0 first).
    private mutating func minimizeEach() -> Bool {
        var improved = false
        var index = 0
        while index < best.count, !exhausted {
            if best[index] > 0, minimize(at: index) { improved = true }
            index += 1
        }
        return improved
    }

    /// Finds (approximately) the smallest value at `index` that still fails.
    ///
    /// Failing is often not monotone in the choice: zigzag integers alternate
    /// sign and filters reject some values. So besides a plain binary search
    /// it searches among values of the same parity and probes a few values
    /// just below, repeating while any of that helps.
    private mutating func minimize(at index: Int) -> Bool {
        if consider(replacing(index, with: 0)) { return true }
        var improved = false
        while index < best.count, !exhausted {
            let before = best[index]
            if binarySearch(at: index, stride: 1) { improved = true }
            if index < best.count, binarySearch(at: index, stride: 2) { improved = true }
            var probed = false
            var step: UInt64 = 1
            while step <= 4, index < best.count, best[index] >= step, !probed, !exhausted {
                probed = consider(replacing(index, with: best[index] - step))
                step += 1
            }
            improved = improved || probed
            guard probed, index < best.count, best[index] < before else { break }
        }
        return improved
    }

    /// Binary-searches values `v - stride * k` at `index`, assuming smaller k fail less.
    private mutating func binarySearch(at index: Int, stride: UInt64) -> Bool {
        var improved = false
        let anchor = best[index] % stride  // values kept congruent to the start
        var low: UInt64 = 0  // in units of stride above anchor; assumed passing
        while index < best.count, !exhausted {
            let current = best[index]
            guard current >= anchor, current % stride == anchor else { break }
            let high = (current - anchor) / stride  // known failing
            guard high > low + 1 else { break }
            let middle = low + (high - low) / 2
            if consider(replacing(index, with: anchor + middle * stride)) {
                improved = true
            } else {
                low = middle
            }
        }
        return improved
    }

    private func replacing(_ index: Int, with value: UInt64) -> [UInt64] {
        var copy = best
        copy[index] = value
        return copy
    }

    /// Moves part of a value to a later choice, e.g. [30, 70] -> [0, 100].
    ///
    /// This is lexicographically smaller and lets properties over sums shrink
    /// to fewer, larger elements after the earlier element is deleted.
    private mutating func moveValueLater() -> Bool {
        var improved = false
        var first = 0
        while first < best.count, !exhausted {
            var second = first + 1
            while second < Swift.min(best.count, first + 9), best[first] > 0, !exhausted {
                let moved = best[first]
                let (sum, overflow) = best[second].addingReportingOverflow(moved)
                if !overflow {
                    var candidate = best
                    candidate[first] = 0
                    candidate[second] = sum
                    if consider(candidate) { improved = true }
                }
                second += 1
            }
            first += 1
        }
        return improved
    }

    /// Lowers a choice and sets the next one to its maximum, for choices that
    /// decide how the next is read (a double's kind, a oneOf index): the
    /// maximum is clamped on replay to whatever the new reading allows, and
    /// the other passes then shrink it. E.g. a double drawn as "the upper
    /// bound" becomes "an integer offset" that binary search can reduce.
    private mutating func lowerAndRaiseNext() -> Bool {
        var improved = false
        var index = 0
        while index + 1 < best.count, !exhausted {
            if best[index] > 0 {
                for lowered in Set([0, best[index] - 1]).sorted() {
                    // Both parities of the maximum: low bits often pick a side.
                    for raised in [UInt64.max, UInt64.max - 1] where index + 1 < best.count && best[index] > lowered {
                        var candidate = best
                        candidate[index] = lowered
                        candidate[index + 1] = raised
                        if consider(candidate) { improved = true }
                    }
                }
            }
            index += 1
        }
        return improved
    }

    /// Swaps neighbouring equal-length spans that are out of order, sorting array elements.
    private mutating func sortAdjacentSpans() -> Bool {
        var improved = false
        var index = 0
        while index < spans.count, !exhausted {
            let left = spans[index]
            let rightIndex = spans.firstIndex { $0.lowerBound == left.upperBound && $0.count == left.count }
            if let rightIndex, spans[rightIndex].upperBound <= best.count {
                let right = spans[rightIndex]
                if Self.lexLess(best[right], best[left]) {
                    var candidate = best
                    candidate.replaceSubrange(left, with: best[right])
                    candidate.replaceSubrange(right, with: best[left])
                    if consider(candidate) { improved = true }
                }
            }
            index += 1
        }
        return improved
    }

    private static func fingerprint(_ choices: [UInt64]) -> UInt64 {
        var mixer = SplitMix64(seed: UInt64(choices.count))
        var hash = mixer.next()
        for choice in choices {
            mixer = SplitMix64(seed: hash ^ choice)
            hash = mixer.next()
        }
        return hash
    }

    /// Shorter sequences first, then lexicographic order.
    static func shortlexLess(_ lhs: [UInt64], _ rhs: [UInt64]) -> Bool {
        if lhs.count != rhs.count { return lhs.count < rhs.count }
        return lexLess(lhs[...], rhs[...])
    }

    private static func lexLess(_ lhs: ArraySlice<UInt64>, _ rhs: ArraySlice<UInt64>) -> Bool {
        lhs.lexicographicallyPrecedes(rhs)
    }
}
