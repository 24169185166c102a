/// Starts of consecutive days in one zone, fast: it keeps the span of
/// constant offset around the current day (from the zone's last change to
/// its next), and where no change lies within two days of midnight the start
/// is midnight at that offset (one subtraction). Elsewhere it asks
/// `ZoneRules.startOfDay`, which handles gaps, repeats and days that never
/// happened. `DayRangesProperties` checks slices built on it against
/// `startOfDay` and Foundation.
struct DayStartCursor {
    let zone: ZoneRules
    /// The span of constant offset last found: (from, to), exclusive, and its offset.
    private var spanFrom = Int.max
    private var spanTo = Int.min
    private var spanOffset = 0

    init(zone: ZoneRules) { self.zone = zone }

    /// Offsets are within ±26 h, so a window of ±2 days around midnight
    /// contains every instant that could read as that midnight.
    private static let margin = 2 * 86_400

    mutating func startOfDay(_ day: Int) throws(TimeError) -> Instant {
        let wall = day &* 86_400
        if wall &- Self.margin > spanFrom && wall &+ Self.margin < spanTo {
            return Instant(seconds: wall - spanOffset)
        }
        spanOffset = zone.offset(at: Instant(seconds: wall)).seconds
        spanFrom = zone.data.previousChange(before: wall &+ 1)?.instant.seconds ?? Int.min
        spanTo = zone.data.nextChange(after: wall)?.instant.seconds ?? Int.max
        if wall &- Self.margin > spanFrom && wall &+ Self.margin < spanTo {
            return Instant(seconds: wall - spanOffset)
        }
        return try zone.startOfDay(day)
    }
}
