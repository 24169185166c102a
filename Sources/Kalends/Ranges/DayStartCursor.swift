/// Starts of consecutive days in one zone, fast: it keeps the zone's
/// transitions for the current year-long slot, and where no transition lies
/// within two days of midnight the start is midnight at the slot's offset
/// (one subtraction). Elsewhere it asks `ZoneRules.startOfDay`, which handles
/// gaps, repeats and days that never happened. `DayRangesProperties` checks
/// slices built on it against `startOfDay` and Foundation.
struct DayStartCursor {
    let zone: ZoneRules
    private var slotIndex = Int.min
    private var slotStart = 0
    private var slotEnd = 0
    private var slot: TransitionCache.Slot?

    init(zone: ZoneRules) { self.zone = zone }

    /// Offsets are within ±26 h, so a window of ±2 days around midnight
    /// contains every instant that could read as that midnight.
    private static let margin = 2 * 86_400

    mutating func startOfDay(_ day: Int) throws(TimeError) -> Instant {
        let wall = day * 86_400
        let index = TransitionCache.slot(of: wall)
        if index != slotIndex {
            slotIndex = index
            slotStart = index * TransitionCache.slotSeconds
            slotEnd = slotStart + TransitionCache.slotSeconds
            slot = zone.cache.slot(index)
        }
        guard let slot, wall - Self.margin >= slotStart, wall + Self.margin < slotEnd else {
            return try zone.startOfDay(day)
        }
        var offset = slot.base
        for transition in slot.transitions {
            let seconds = transition.instant.seconds
            if seconds > wall + Self.margin { break }
            if seconds >= wall - Self.margin { return try zone.startOfDay(day) }
            offset = transition.offsetAfter
        }
        return Instant(seconds: wall - offset.seconds)
    }
}
