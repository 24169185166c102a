/// Maps one choice to an integer in a range so that choice 0 is the shrink
/// target and larger choices are further away from it.
///
/// The target is 0 when the range contains it, else the bound nearest 0.
/// Ranges straddling 0 interleave signs (0, 1, -1, 2, -2, ...) until the
/// shorter side runs out, then continue along the longer side.
struct SignedIntegerEncoding: Sendable {
    private enum Shape: Sendable {
        /// Choice c is `lower + c` (range is entirely >= 0).
        case upward
        /// Choice c is `upper - c` (range is entirely <= 0).
        case downward
        /// Zigzag around 0; `shorter` is the smaller of the two side lengths.
        case zigzag(shorter: UInt64, positiveIsLonger: Bool)
    }

    let lower: Int64
    let upper: Int64
    /// The largest meaningful choice; replayed choices are clamped to it.
    let maxChoice: UInt64
    private let shape: Shape

    init(_ range: ClosedRange<Int64>) {
        lower = range.lowerBound
        upper = range.upperBound
        // Wrapping subtraction gives the exact span even for the full Int64 range.
        let span = UInt64(bitPattern: upper &- lower)
        if lower >= 0 {
            shape = .upward
            maxChoice = span
        } else if upper <= 0 {
            shape = .downward
            maxChoice = span
        } else {
            let negative = lower.magnitude
            let positive = UInt64(upper)
            shape = .zigzag(shorter: Swift.min(negative, positive), positiveIsLonger: positive > negative)
            maxChoice = negative + positive
        }
    }

    /// The integer that `choice` stands for.
    func value(for choice: UInt64) -> Int64 {
        let choice = Swift.min(choice, maxChoice)
        switch shape {
        case .upward:
            return Int64(bitPattern: UInt64(bitPattern: lower) &+ choice)
        case .downward:
            return Int64(bitPattern: UInt64(bitPattern: upper) &- choice)
        case let .zigzag(shorter, positiveIsLonger):
            if choice <= 2 * shorter {
                if choice == 0 { return 0 }
                return choice % 2 == 1 ? Self.positive((choice + 1) / 2) : Self.negative(choice / 2)
            }
            let offset = shorter + (choice - 2 * shorter)
            return positiveIsLonger ? Self.positive(offset) : Self.negative(offset)
        }
    }

    /// The choice that produces `value`; `value` is clamped into the range first.
    func choice(for value: Int64) -> UInt64 {
        let value = Swift.min(Swift.max(value, lower), upper)
        switch shape {
        case .upward:
            return UInt64(bitPattern: value &- lower)
        case .downward:
            return UInt64(bitPattern: upper &- value)
        case let .zigzag(shorter, _):
            let magnitude = value.magnitude
            if magnitude <= shorter {
                if value == 0 { return 0 }
                return value > 0 ? 2 * magnitude - 1 : 2 * magnitude
            }
            return 2 * shorter + (magnitude - shorter)
        }
    }

    /// Picks a fresh choice: a quarter edge values (0, ±1, bounds), some small, the rest uniform.
    func freshChoice(_ rng: inout SplitMix64) -> UInt64 {
        let roll = rng.next(upTo: 99)
        if roll < 25 {
            let edges: [Int64] = [0, 1, -1, lower, upper].filter { $0 >= lower && $0 <= upper }
            return choice(for: edges[Int(rng.next(upTo: UInt64(edges.count - 1)))])
        }
        if roll < 40 {
            return rng.next(upTo: Swift.min(maxChoice, 64))
        }
        return rng.next(upTo: maxChoice)
    }

    private static func positive(_ magnitude: UInt64) -> Int64 {
        Int64(bitPattern: magnitude)
    }

    private static func negative(_ magnitude: UInt64) -> Int64 {
        // magnitude can be 2^63 (Int64.min), which wraps to exactly Int64.min.
        Int64(bitPattern: 0 &- magnitude)
    }
}

/// Maps one choice to `lower + choice`, for unsigned ranges (the target is the lower bound).
struct UnsignedIntegerEncoding: Sendable {
    let lower: UInt64
    let upper: UInt64
    /// The largest meaningful choice; replayed choices are clamped to it.
    var maxChoice: UInt64 { upper - lower }

    init(_ range: ClosedRange<UInt64>) {
        lower = range.lowerBound
        upper = range.upperBound
    }

    /// The integer that `choice` stands for.
    func value(for choice: UInt64) -> UInt64 {
        lower + Swift.min(choice, maxChoice)
    }

    /// Picks a fresh choice: a quarter edge values (bounds, 0, 1), some small, the rest uniform.
    func freshChoice(_ rng: inout SplitMix64) -> UInt64 {
        let roll = rng.next(upTo: 99)
        if roll < 25 {
            let edges: [UInt64] = [0, 1, upper - lower, (upper - lower) / 2]
            return Swift.min(edges[Int(rng.next(upTo: UInt64(edges.count - 1)))], maxChoice)
        }
        if roll < 40 {
            return rng.next(upTo: Swift.min(maxChoice, 64))
        }
        return rng.next(upTo: maxChoice)
    }
}
