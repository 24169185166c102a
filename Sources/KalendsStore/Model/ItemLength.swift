import Kalends

/// How long each occurrence of an event lasts, as its file says it
/// (RFC 5545 section 3.8.5.3).
public enum ItemLength: Hashable, Sendable {
    /// DTEND (or DUE): the exact length, the same for every occurrence:
    /// seconds of elapsed time for a zoned start, of wall-clock time for a
    /// floating one, whole days for a date.
    case exact(seconds: Int)
    /// DURATION: nominal days (on the wall clock: a day over a DST change
    /// is 23 or 25 hours), then exact seconds.
    case nominal(days: Int, seconds: Int)

    /// The length of an all-day event without DTEND or DURATION, and of a
    /// timed one (zero).
    public static func implicit(for start: ItemTime) -> ItemLength {
        start.isDate ? .nominal(days: 1, seconds: 0) : .exact(seconds: 0)
    }

    /// The longest this length can be in elapsed seconds (a nominal day
    /// counted as 25 hours): a bound for window queries.
    public var maximumSeconds: Int {
        switch self {
        case .exact(let seconds): return Swift.max(0, seconds)
        case .nominal(let days, let seconds): return Swift.max(0, days.clampedProduct(90_000) &+ seconds)
        }
    }
}

extension Int {
    /// `self * factor`, held at the bounds of `Int` instead of trapping.
    package func clampedProduct(_ factor: Int) -> Int {
        let (value, overflow) = multipliedReportingOverflow(by: factor)
        guard overflow else { return value }
        return (self < 0) != (factor < 0) ? Int.min : Int.max
    }

    /// The distance from zero, held at a quarter of `Int.max` so that sums of a few stay in range.
    package var boundedMagnitude: Int {
        magnitude > UInt(Int.max / 4) ? Int.max / 4 : Int(magnitude)
    }

    /// `self + other`, held at the bounds of `Int` instead of trapping.
    package func clampedSum(_ other: Int) -> Int {
        let (value, overflow) = addingReportingOverflow(other)
        guard overflow else { return value }
        return other < 0 ? Int.min : Int.max
    }
}
