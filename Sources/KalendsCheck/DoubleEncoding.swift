/// Maps two choices (kind, payload) to a double in a range so that small
/// choices are simple values near the shrink target.
///
/// The target is 0 when the range contains it, else the bound nearest 0.
/// Kinds, simplest first:
/// - 0 integral: the payload picks a whole number counted outward from the
///   target (zigzag around 0 when the range straddles it; for one-sided
///   ranges payload 0 is the bound itself), so shrinking finds whole numbers first;
/// - 1 fractional: the payload is a 53-bit fraction of the distance from the
///   target to a bound (low bit = side when the range straddles 0);
/// - 2 bound: payload 0 is the lower bound, 1 the upper (reaches infinite bounds).
/// Every result is clamped into the range, so any choice sequence is valid.
struct DoubleEncoding: Sendable {
    static let maxKind: UInt64 = 2
    /// Denominator of the fractional kind; a payload of exactly this is the bound itself.
    static let fractionScale: UInt64 = 1 << 53

    let lower: Double
    let upper: Double
    let target: Double
    /// Distance from the target to the finite part of each bound.
    private let belowExtent: Double
    private let aboveExtent: Double
    private var straddlesZero: Bool { belowExtent > 0 && aboveExtent > 0 }

    init(_ range: ClosedRange<Double>) {
        lower = range.lowerBound
        upper = range.upperBound
        // Infinite bounds are stood in for by the largest finite values, so
        // offsets and fractions stay finite; kind 2 still reaches the bound.
        let finiteLower = Swift.max(lower, -Double.greatestFiniteMagnitude)
        let finiteUpper = Swift.min(upper, Double.greatestFiniteMagnitude)
        if finiteLower <= 0, finiteUpper >= 0 {
            target = 0
        } else if finiteLower > 0 {
            target = finiteLower
        } else {
            target = finiteUpper
        }
        belowExtent = Swift.max(target - finiteLower, 0)
        aboveExtent = Swift.max(finiteUpper - target, 0)
    }

    /// The largest meaningful payload for `kind`.
    func maxPayload(kind: UInt64) -> UInt64 {
        switch kind {
        case 0: return .max
        case 1: return straddlesZero ? 2 * Self.fractionScale + 1 : Self.fractionScale
        default: return 1
        }
    }

    /// The double that `(kind, payload)` stands for.
    func value(kind: UInt64, payload: UInt64) -> Double {
        switch kind {
        case 0:
            let offset: Double
            if straddlesZero {
                // Zigzag: 1 -> +1, 2 -> -1, 3 -> +2, ...
                let magnitude = Double((payload / 2) + (payload % 2))
                offset = payload % 2 == 1 ? magnitude : -magnitude
                return clamp(target + offset)
            }
            // One-sided: payload 0 is the bound itself, then whole numbers
            // moving away from 0, starting with the one nearest the bound.
            guard payload > 0 else { return target }
            let upward = aboveExtent > 0
            let nearestWhole = upward ? target.rounded(.up) : target.rounded(.down)
            let steps = nearestWhole == target ? Double(payload) : Double(payload - 1)
            let whole = upward ? nearestWhole + steps : nearestWhole - steps
            return clamp(whole)
        case 1:
            let below = straddlesZero ? payload & 1 == 1 : belowExtent > 0
            let steps = Swift.min(straddlesZero ? payload >> 1 : payload, Self.fractionScale)
            if steps == Self.fractionScale {
                return below ? Swift.max(target - belowExtent, lower) : Swift.min(target + aboveExtent, upper)
            }
            let fraction = Double(steps) / Double(Self.fractionScale)
            return clamp(below ? target - fraction * belowExtent : target + fraction * aboveExtent)
        default:
            return payload == 0 ? lower : upper
        }
    }

    /// Picks a fresh (kind, payload): edges and small integers often, else uniform over the range.
    func freshKind(_ rng: inout SplitMix64) -> UInt64 {
        let roll = rng.next(upTo: 99)
        if roll < 30 { return 0 }
        if roll < 40 { return 2 }
        return 1
    }

    /// Picks a fresh payload for `kind`, biased toward the target and ±1 for integral kinds.
    func freshPayload(kind: UInt64, _ rng: inout SplitMix64) -> UInt64 {
        switch kind {
        case 0:
            // 0 is the target itself; 1 and 2 are ±1 (or +1, +2 one-sided).
            return rng.next(upTo: 1) == 0 ? 0 : rng.next(upTo: 20)
        case 1:
            let steps = rng.next(upTo: Self.fractionScale)
            guard straddlesZero else { return steps }
            // Pick the side in proportion to its length; halving avoids overflow.
            let belowShare = (belowExtent / 2) / (belowExtent / 2 + aboveExtent / 2)
            let below: UInt64 = rng.nextUnitDouble() < belowShare ? 1 : 0
            return steps << 1 | below
        default:
            return rng.next(upTo: 1)
        }
    }

    private func clamp(_ value: Double) -> Double {
        Swift.min(Swift.max(value, lower), upper)
    }
}
