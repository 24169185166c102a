/// Turns a run of wall-clock times in one zone into instants, fast.
///
/// It remembers the span of wall-clock times around the last one asked
/// for that the zone reads once, at one offset (between two transitions,
/// less the gap or repeat each makes): a time inside that span costs a
/// comparison and a subtraction, with no lock and no allocation. A time
/// outside it refreshes the span (two transition lookups); a time in a gap or
/// a repeat goes through `ZoneRules.resolve`. Times need not be monotone,
/// but monotone runs (a recurrence, the days of a month) refresh the span
/// only at transitions. `LocalTimeCursorProperties` checks it against `resolve`.
public struct LocalTimeCursor: Sendable {
    /// The zone.
    public let zone: ZoneRules
    private var low = 1
    private var high = 0
    private var offset = 0

    /// A cursor over `zone`.
    public init(zone: ZoneRules) { self.zone = zone }

    /// How far a refreshed span reaches when the zone has no transition that way.
    private static let reach = 200 * 86_400

    /// The instant of `local`, a gap or repeat resolved by `disambiguation`,
    /// exactly as `zone.resolve(local, disambiguation)` gives it.
    public mutating func resolve(_ local: LocalDateTime, _ disambiguation: Disambiguation = .compatible) throws(TimeError) -> ZoneResolution {
        let wall = local.wallSeconds
        if wall.seconds < low || wall.seconds >= high {
            guard refresh(wall.seconds) else { return try zone.resolve(local, disambiguation) }
        }
        let seconds = wall.seconds - offset
        guard Instant.supportedSeconds.contains(seconds) else { throw .outOfRange("\(local) in \(zone.identifier)") }
        return ZoneResolution(instant: Instant(seconds: seconds, nanosecond: wall.nanosecond), offset: UTCOffset(seconds: offset), adjustment: .none)
    }

    /// The end of the span of wall-clock seconds last found to read once.
    var uniqueHigh: Int { high }

    /// The offset of wall-clock seconds `wall` when the zone reads it once, else nil.
    mutating func uniqueOffset(wallSeconds wall: Int) -> Int? {
        if wall >= low && wall < high { return offset }
        return refresh(wall) ? offset : nil
    }

    /// Finds the span of uniquely read wall times around `wall`; false when `wall` is in a gap or a repeat.
    private mutating func refresh(_ wall: Int) -> Bool {
        guard case .unique(let found) = zone.resolution(ofWallSeconds: wall) else { return false }
        let instant = Instant(seconds: wall &- found.seconds)
        let previous = zone.previousTransition(before: Instant(seconds: instant.seconds &+ 1), limitYears: 1)
        let next = zone.nextTransition(after: instant, limitYears: 1)
        var newLow = wall &- Self.reach, newHigh = wall &+ Self.reach
        if let previous {
            newLow = Swift.max(newLow, previous.instant.seconds &+ Swift.max(previous.offsetBefore.seconds, previous.offsetAfter.seconds))
        }
        if let next {
            newHigh = Swift.min(newHigh, next.instant.seconds &+ Swift.min(next.offsetBefore.seconds, next.offsetAfter.seconds))
        }
        guard newLow <= wall, wall < newHigh else { return false }
        low = newLow
        high = newHigh
        offset = found.seconds
        return true
    }
}
