extension RecurrenceSet {
    /// How many instances rule `index` has before `bound`, DTSTART the
    /// first, counted as its COUNT counts them (every instance the rule
    /// places, before RDATE and EXDATE, and before two instances a zone
    /// moves onto one time are merged), whatever that COUNT is: what an edit
    /// that ends a series before an occurrence needs, without walking from DTSTART.
    ///
    /// Rules whose periods' counts are known (`PeriodCounts.usable`: every
    /// Gregorian rule without SKIP that spills, under a policy that places
    /// every time) are counted in closed form up to a few days before
    /// `bound`, then instance by instance; others are walked from DTSTART,
    /// at most `walkLimit` instances.
    /// - Returns: the count; nil when more than `walkLimit` instances would have to be walked.
    /// - Throws: `RecurrenceError` for a bound the set cannot compare (`.instantBound`, `.invalidBound`).
    package func instanceCount(ofRule index: Int, before bound: Bound, walkLimit: Int) throws(RecurrenceError) -> Int? {
        let target = try key(bound, roundingUp: true)
        guard index < expansions.count, firstKey < target else { return 0 }
        let original = expansions[index].engine
        // The same rule without its COUNT: what is counted is where the instances are, not where COUNT stops them.
        let rule: RecurrenceRule
        if case .count = original.rule.end {
            do {
                rule = try original.rule.ending(.never)
            } catch {
                throw RecurrenceError(.rule(error))
            }
        } else {
            rule = original.rule
        }
        let engine = RuleEngine(rule: rule, calendar: original.calendar, start: start.local)
        let counts = PeriodCounts(engine: engine)
        let zone = start.zone
        // A zone's offset (a UTC-OFFSET is under 24 hours), a gap's move included, puts an
        // instance's key within a day of its wall clock: only those times are placed one by one.
        let margin = 86_400 + 60
        // DTSTART, then the instances after it.
        var counted = 1
        var period = 0
        var walked = 0
        if counts.usable && policy != .skip {
            let localLow = zone == nil ? target : target.saturatingSum(-margin)
            let first = Swift.max(0, engine.period(containing: localLow) - (engine.spills ? 1 : 0))
            if first > 0 {
                counted = counted.saturatingSum(counts.count(before: first, limit: Int.max))
                period = first
            }
        }
        var output: [Int] = [], days: [Int] = []
        var emptyRun = 0
        var cursor = zone.map { LocalTimeCursor(zone: $0) }
        while true {
            guard engine.candidates(ofPeriod: period, into: &output, days: &days) else { return counted }
            for candidate in output where candidate > engine.startKey {
                // A zone moves a time by less than the margin (and a gap's move can pass a later time):
                // every instance placed before `target` comes before this wall time.
                if candidate.saturatingSum(zone == nil ? 0 : -margin) >= target { return counted }
                walked += 1
                if walked > walkLimit { return nil }
                guard let placed = instanceKey(candidate, zone: zone, cursor: &cursor), placed < target else { continue }
                counted += 1
            }
            if output.isEmpty {
                emptyRun += 1
                // A cycle of empty periods, or periods past UNTIL: no more instances.
                if emptyRun > engine.cyclePeriodsBound { return counted }
            } else {
                emptyRun = 0
            }
            if let until = untilKey(engine.rule), let next = engine.firstDay(ofPeriod: period + 1), (next - 1) * 86_400 - margin > until {
                return counted
            }
            period += 1
            // Empty periods are walked too: at most `walkLimit` of them.
            if output.isEmpty {
                walked += 1
                if walked > walkLimit { return nil }
            }
        }
    }

    /// A wall-clock instance's key (placed in the zone by the policy); nil when the policy skips it or it cannot be placed.
    private func instanceKey(_ wall: Int, zone: ZoneRules?, cursor: inout LocalTimeCursor?) -> Int? {
        guard let zone else { return wall }
        // Most times have one offset, which the cursor knows without asking the zone.
        if let offset = cursor?.uniqueOffset(wallSeconds: wall) { return wall - offset }
        let day = wall.floorDivided(by: 86_400)
        let local = LocalDateTime(unchecked: day, (wall - day * 86_400) * 1_000_000_000)
        if policy == .skip, case .gap = zone.resolution(of: local) { return nil }
        return try? zone.resolve(local, policy.disambiguation).instant.seconds
    }

    /// UNTIL as a wall-clock key bound (UTC seconds for an instant: within a margin of the wall clock).
    private func untilKey(_ rule: RecurrenceRule) -> Int? {
        switch rule.until {
        case .date(let date)?: return date.dayNumber * 86_400 + 86_399
        case .local(let local)?: return local.wallSeconds.seconds
        case .utc(let instant)?: return instant.seconds
        case nil: return nil
        }
    }
}

private extension Int {
    /// `self + other`, held at the bounds of `Int`.
    func saturatingSum(_ other: Int) -> Int {
        let (value, overflow) = addingReportingOverflow(other)
        return overflow ? (other < 0 ? Int.min : Int.max) : value
    }
}
