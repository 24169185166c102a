extension ZoneRules {
    /// The local date (day number) of `instant` in this zone.
    public func dayNumber(of instant: Instant) -> Int {
        // Split before adding, so an instant near Int.max seconds cannot overflow.
        instant.seconds.floorDivided(by: 86_400) + (instant.seconds.floorModulo(86_400) + offset(at: instant).seconds).floorDivided(by: 86_400)
    }

    /// The first instant whose local date is `day` or later.
    ///
    /// That is local midnight when it happened (the first of two midnights
    /// when the clocks went back across it); the end of the gap when midnight
    /// was skipped (America/Sao_Paulo 2018-11-04 starts at 01:00); and, for a
    /// day that never happened at all (Pacific/Apia 2011-12-30), the start of
    /// the next day, so that day's length is zero.
    public func startOfDay(_ day: Int) throws(TimeError) -> Instant {
        guard DayNumber.supported.contains(day) || day == DayNumber.supported.upperBound + 1 else {
            throw .outOfRange("day \(day)")
        }
        let wall = day * 86_400
        // Offsets in force a day either side of the wall time bracket any transition near midnight.
        let before = offset(at: Instant(seconds: wall - 86_400))
        let after = offset(at: Instant(seconds: wall + 86_400))
        if before == after, offset(at: Instant(seconds: wall - before.seconds)) == before {
            return Instant(seconds: wall - before.seconds)
        }
        // Midnight read with each candidate offset; keep those that really are
        // in force then, earliest instant first (the larger offset).
        let readings = [before, after].sorted { $0.seconds > $1.seconds }
            .filter { offset(at: Instant(seconds: wall - $0.seconds)) == $0 }
        if let first = readings.first {
            return Instant(seconds: wall - first.seconds)
        }
        // Midnight fell in a gap: the day starts when the gap ends, at the
        // transition whose skipped wall-clock span contains midnight.
        let low = Instant(seconds: wall - Swift.max(before.seconds, after.seconds) - 86_400)
        let high = Instant(seconds: wall - Swift.min(before.seconds, after.seconds) + 86_400)
        for transition in transitions(from: low, to: high) {
            let skippedFrom = transition.instant.seconds + transition.offsetBefore.seconds
            let skippedTo = transition.instant.seconds + transition.offsetAfter.seconds
            if skippedFrom <= wall && wall < skippedTo { return transition.instant }
        }
        // Unreachable with consistent zone data; midnight at the later offset is the best answer left.
        return Instant(seconds: wall - after.seconds)
    }

    /// The half-open instants [start, end) of local day `day` (empty for a day that never happened).
    public func interval(ofDay day: Int) throws(TimeError) -> (start: Instant, end: Instant) {
        (try startOfDay(day), try startOfDay(day + 1))
    }
}
