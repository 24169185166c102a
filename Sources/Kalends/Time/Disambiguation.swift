/// How a wall-clock time that a zone skipped (a gap) or repeated (an
/// overlap) becomes an instant, named as in Temporal.
public enum Disambiguation: String, Sendable, Codable, CaseIterable {
    /// Temporal's default: `later` for a gap, `earlier` for a repeat.
    case compatible
    /// The earlier of two readings; in a gap, the time shifted back by the gap's length.
    case earlier
    /// The later of two readings; in a gap, the time shifted forward by the gap's length.
    case later
    /// Throw `TimeError.skippedLocalTime` or `.repeatedLocalTime`.
    case reject
}

/// What happened when a wall-clock time was placed in a zone.
public enum LocalTimeAdjustment: Hashable, Sendable, Codable {
    /// The time occurs exactly once.
    case none
    /// The time fell in a gap of `seconds` (spring forward) and was moved.
    case gap(seconds: Int)
    /// The time occurs twice (fall back); one of the two was chosen.
    case repeated
}

/// A wall-clock time placed in a zone: the instant, its offset, and whether
/// a gap or a repeat had to be resolved.
public struct ZoneResolution: Hashable, Sendable {
    /// The instant chosen.
    public let instant: Instant
    /// The offset in force at `instant` (after the gap, for a time moved out of one).
    public let offset: UTCOffset
    /// Whether a gap or a repeat was resolved.
    public let adjustment: LocalTimeAdjustment
}
