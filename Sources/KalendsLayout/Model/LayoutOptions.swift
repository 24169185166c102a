/// Tunable parts of a day layout. The defaults suit a phone-sized day view.
///
/// ```swift
/// var options = LayoutOptions()
/// options.minimumHeight = 20 * 60   // short events at least 20 minutes tall
/// options.gap = 0.01                // 1% of the column between neighbours
/// ```
public struct LayoutOptions: Sendable, Hashable, Codable {
    /// The smallest height an event is drawn with, in seconds of the day axis
    /// (0...3600). Zero-length and very short events are extended downwards to
    /// it, but never past the day's end. Default: 15 minutes.
    public var minimumHeight: Double
    /// Horizontal space left between side-by-side boxes, as a fraction of the
    /// day column's width (0 ..< 0.5). Taken from the right of every box whose
    /// right edge is not the column's edge, and never more than half the box.
    public var gap: Double
    /// Whether events that touch (`a.end == b.start`) count as overlapping in
    /// `packed` and `cascade` modes. Default `false`: intervals are half-open.
    /// `calendarkit` mode always counts touching, as CalendarKit does.
    public var touchingEventsOverlap: Bool
    /// Whether an event extended to `minimumHeight` takes part in overlap
    /// detection with its extended extent, so its box can never cover another.
    /// Default `false`: overlaps follow the real intervals, as the CLI
    /// contract requires, and a short event's box may reach over a neighbour.
    public var minimumHeightCountsForOverlap: Bool
    /// The indent per stacking depth in `cascade` mode, as a fraction of the
    /// column (0 < i < 1). Shrunk for deep stacks so no card gets narrower than
    /// `cascadeMinimumWidth`.
    public var cascadeIndent: Double
    /// The narrowest a card may get in `cascade` mode (0 < w < 1).
    public var cascadeMinimumWidth: Double

    /// Creates options; every argument has the documented default.
    public init(
        minimumHeight: Double = 15 * 60,
        gap: Double = 0,
        touchingEventsOverlap: Bool = false,
        minimumHeightCountsForOverlap: Bool = false,
        cascadeIndent: Double = 0.12,
        cascadeMinimumWidth: Double = 0.5
    ) {
        self.minimumHeight = minimumHeight
        self.gap = gap
        self.touchingEventsOverlap = touchingEventsOverlap
        self.minimumHeightCountsForOverlap = minimumHeightCountsForOverlap
        self.cascadeIndent = cascadeIndent
        self.cascadeMinimumWidth = cascadeMinimumWidth
    }

    /// The largest `minimumHeight` accepted: one hour.
    public static let maximumMinimumHeight: Double = 3600

    /// Throws `LayoutError.invalidOption` naming the first option out of range.
    public func validate() throws(LayoutError) {
        if !(minimumHeight >= 0 && minimumHeight <= Self.maximumMinimumHeight) {
            throw .invalidOption(name: "minimumHeight", value: minimumHeight, allowed: "0...3600 seconds")
        }
        if !(gap >= 0 && gap < 0.5) {
            throw .invalidOption(name: "gap", value: gap, allowed: "0 ..< 0.5 of the column width")
        }
        // Both must leave room for a positive indent, or overlapping cards
        // would share an x and break the cascade contract.
        if !(cascadeIndent > 0 && cascadeIndent < 1) {
            throw .invalidOption(name: "cascadeIndent", value: cascadeIndent, allowed: "0 < i < 1 of the column width")
        }
        if !(cascadeMinimumWidth > 0 && cascadeMinimumWidth < 1) {
            throw .invalidOption(name: "cascadeMinimumWidth", value: cascadeMinimumWidth, allowed: "0 < w < 1 of the column width")
        }
    }
}
