/// What a zone's clocks read during one day: the day's real length and the
/// stretches of elapsed time with their wall-clock readings, for day views
/// that label hours on a DST-true axis (KalendsLayout's `DayAxis`).
public struct DayClock: Hashable, Sendable, Codable {
    /// One stretch: from `elapsed` seconds into the day, the clock reads
    /// `wallClock` seconds since midnight and runs on from there.
    public struct Segment: Hashable, Sendable, Codable {
        /// Seconds since the day's first instant.
        public let elapsed: Int
        /// What the clock reads then, in seconds since local midnight.
        public let wallClock: Int
    }

    /// The day's first instant.
    public let start: Instant
    /// Its real length in seconds (0 for a day that never happened).
    public let length: Int
    /// The stretches in order; the first starts at elapsed 0.
    public let segments: [Segment]

    /// The clock of local day `day` in `zone`.
    public init(day: Int, zone: ZoneRules) throws(TimeError) {
        let (start, end) = try zone.interval(ofDay: day)
        let midnight = day * 86_400
        var segments = [Segment(elapsed: 0, wallClock: start.seconds + zone.offset(at: start).seconds - midnight)]
        for transition in zone.transitions(from: Instant(seconds: start.seconds + 1), to: end) {
            segments.append(Segment(elapsed: transition.instant.seconds - start.seconds,
                                    wallClock: transition.instant.seconds + transition.offsetAfter.seconds - midnight))
        }
        self.start = start
        self.length = end.seconds - start.seconds
        self.segments = segments
    }
}
