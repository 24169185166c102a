
/// A recurrence as RFC 5545 defines its set: DTSTART, the instances of each
/// RRULE, the RDATEs, less the EXDATEs; in order, without repeats.
///
///     let set = try RecurrenceSet(start: .zoned(try LocalDateTime(ISODate(year: 1997, month: 9, day: 2), TimeOfDay(hour: 9)),
///                                               try ZoneRules(identifier: "America/New_York")),
///                                 rules: [try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=10")])
///     for occurrence in set.occurrences() { print(occurrence) }   // 1997-09-02T09:00:00-04:00 ...
///
/// - DTSTART is always the first occurrence, and the first of each rule's
///   COUNT, even when it does not match the rule (RFC 5545 section 3.8.5.3).
/// - COUNT limits each rule before EXDATE removes instances: COUNT=10 with
///   one EXDATE among them gives 9 occurrences.
/// - Rules expand in wall-clock time in DTSTART's zone; a time the zone
///   skips or repeats is placed by `policy`. An instance moved out of a gap
///   onto another instance's time is one occurrence (the set has no repeats).
/// - Dates that do not exist (30 February, BYMONTHDAY=31 in April) are no
///   instances, as RFC 5545 says.
///
/// Window queries (`occurrences(from:to:)`, `first(after:)`, `last(before:)`)
/// start at the rule's period that holds the window: their cost does not
/// grow with the distance from DTSTART. Docs/Recurrence.md gives the cost
/// of each case.
public struct RecurrenceSet: Sendable {
    /// DTSTART.
    public let start: RecurrenceStart
    /// The RRULEs.
    public let rules: [RecurrenceRule]
    /// The RDATEs.
    public let dates: [RecurrenceDate]
    /// The EXDATEs.
    public let exclusions: [RecurrenceDate]
    /// How times a zone skips or repeats become instants.
    public let policy: LocalTimePolicy
    /// Parts of the rules that were given but not used, as RFC 5545 says
    /// (BYHOUR, BYMINUTE and BYSECOND with a date DTSTART): one warning per
    /// rule that has them, in the rules' order. The occurrences are those of
    /// the rules without them.
    public let warnings: [RecurrenceWarning]

    let expansions: [RuleExpansion]
    /// Expand every rule through the general engine, never a fast path (the
    /// reference the fast paths are tested against).
    var referenceExpansion = false
    /// RDATEs as occurrences, sorted by key, without repeats.
    let dateOccurrences: [Occurrence]
    /// EXDATE keys; and for a timed set, the days of DATE EXDATEs (every
    /// occurrence on such a day is excluded).
    let excludedKeys: Set<Int>
    let excludedDays: Set<Int>

    /// A set from its parts. A date DTSTART's rules are expanded without
    /// their BYHOUR, BYMINUTE and BYSECOND, which `warnings` lists (RFC 5545
    /// section 3.3.10).
    /// - Throws: `RecurrenceError` when a part does not fit DTSTART: a
    ///   sub-daily FREQ with a date DTSTART (`.frequencyNeedsTime`), an UNTIL
    ///   of another form (`.untilForm`), an RDATE or EXDATE of another form or
    ///   outside the zone (`.timeForDateStart`, `.instantForFloatingStart`,
    ///   `.unplacedDate`), a DTSTART with a fraction of a second, or an
    ///   RSCALE calendar that fails to open (`.calendarUnavailable`).
    public init(start: RecurrenceStart, rules: [RecurrenceRule] = [], dates: [RecurrenceDate] = [],
                exclusions: [RecurrenceDate] = [], policy: LocalTimePolicy = .rfc5545) throws(RecurrenceError) {
        try self.init(start: start, rules: rules, dates: dates, exclusions: exclusions, policy: policy, ruleLines: nil)
    }

    /// `ruleLines`: each rule's line in the iCalendar text it was read from, for errors and warnings.
    package init(start: RecurrenceStart, rules: [RecurrenceRule], dates: [RecurrenceDate], exclusions: [RecurrenceDate],
         policy: LocalTimePolicy, ruleLines: [Int]?) throws(RecurrenceError) {
        self.start = start
        self.rules = rules
        self.dates = dates
        self.exclusions = exclusions
        self.policy = policy
        guard start.local.nanosecondOfDay % 1_000_000_000 == 0 else {
            throw RecurrenceError(.fractionalSecondStart(start))
        }
        func line(_ index: Int) -> Int? {
            guard let ruleLines, index < ruleLines.count else { return nil }
            return ruleLines[index]
        }
        var warnings: [RecurrenceWarning] = []
        var expanded: [RecurrenceRule] = []
        for (index, rule) in rules.enumerated() {
            try Self.check(rule, index: index, rules: rules.count, start: start, line: line(index))
            // A date has no time of day: RFC 5545 says BYHOUR, BYMINUTE and BYSECOND "MUST be ignored".
            if case .date(let day) = start, !(rule.byHour.isEmpty && rule.byMinute.isEmpty && rule.bySecond.isEmpty) {
                warnings.append(RecurrenceWarning(.timeOfDayPartsIgnored(byHour: rule.byHour, byMinute: rule.byMinute, bySecond: rule.bySecond),
                                                  ruleIndex: index, rule: rule, line: line(index), start: day, ruleCount: rules.count))
                expanded.append(rule.withoutTimeOfDayParts)
            } else {
                expanded.append(rule)
            }
        }
        self.warnings = warnings
        var expansions: [RuleExpansion] = []
        for (index, rule) in expanded.enumerated() {
            let calendar: RuleCalendar
            do {
                calendar = try RuleCalendar(rule.rscale)
            } catch {
                throw RecurrenceError(.calendarUnavailable(rule: rules.count > 1 ? "RRULE \(index + 1)" : "RRULE", error))
            }
            expansions.append(RuleExpansion(engine: RuleEngine(rule: rule, calendar: calendar, start: start.local)))
        }
        self.expansions = expansions
        var occurrences: [Occurrence] = []
        for date in dates {
            occurrences.append(try Self.occurrence(date, start: start, property: "RDATE", policy: policy))
        }
        occurrences.sort()
        var unique: [Occurrence] = []
        for occurrence in occurrences where unique.last?.key != occurrence.key { unique.append(occurrence) }
        dateOccurrences = unique
        var keys = Set<Int>(), days = Set<Int>()
        for date in exclusions {
            if case .date(let day) = date.value, !start.isDate {
                days.insert(day.dayNumber)
            } else {
                keys.insert(try Self.occurrence(date, start: start, property: "EXDATE", policy: policy).key)
            }
        }
        excludedKeys = keys
        excludedDays = days
    }

    /// Throws what `init` would throw for these parts, without building the
    /// rules' expansions: a store checks every series when it opens and
    /// builds a set only when a query reaches it.
    /// - Throws: `RecurrenceError`, as `init`.
    package static func validate(start: RecurrenceStart, rules: [RecurrenceRule], dates: [RecurrenceDate],
                                 exclusions: [RecurrenceDate], policy: LocalTimePolicy) throws(RecurrenceError) {
        guard start.local.nanosecondOfDay % 1_000_000_000 == 0 else {
            throw RecurrenceError(.fractionalSecondStart(start))
        }
        for (index, rule) in rules.enumerated() {
            try check(rule, index: index, rules: rules.count, start: start, line: nil)
        }
        for (index, rule) in rules.enumerated() where rule.rscale != nil {
            do {
                _ = try RuleCalendar(rule.rscale)
            } catch {
                throw RecurrenceError(.calendarUnavailable(rule: rules.count > 1 ? "RRULE \(index + 1)" : "RRULE", error))
            }
        }
        for date in dates {
            _ = try occurrence(date, start: start, property: "RDATE", policy: policy)
        }
        for date in exclusions {
            if case .date = date.value, !start.isDate { continue }
            _ = try occurrence(date, start: start, property: "EXDATE", policy: policy)
        }
    }

    private static func check(_ rule: RecurrenceRule, index: Int, rules: Int, start: RecurrenceStart, line: Int?) throws(RecurrenceError) {
        // Written out only for an error (formatting a rule costs more than the checks).
        var name: String { rules > 1 ? "RRULE \(index + 1) (\(rule))" : "RRULE \(rule)" }
        // A date recurs by days at the finest: an hourly (or finer) step has no
        // date to land on between two days, and RFC 5545 gives it no meaning.
        if start.isDate && rule.frequency < .daily {
            throw RecurrenceError(.frequencyNeedsTime(rule: name, frequency: rule.frequency, start: start), line: line)
        }
        guard let until = rule.until else { return }
        switch (until, start) {
        case (.date, .date), (.local, .floating), (.utc, .zoned): return
        case (_, .date), (_, .floating), (_, .zoned):
            throw RecurrenceError(.untilForm(rule: name, start: start), line: line)
        }
    }

    /// An RDATE or EXDATE as an occurrence of this set: read in DTSTART's form.
    static func occurrence(_ date: RecurrenceDate, start: RecurrenceStart, property: String,
                           policy: LocalTimePolicy) throws(RecurrenceError) -> Occurrence {
        switch (date.value, start) {
        case (.date(let day), .date):
            return Occurrence(value: .date(day), periodSeconds: date.periodSeconds, key: day.dayNumber * 86_400)
        case (.floating(let local), .floating):
            return Occurrence(value: .floating(local), periodSeconds: date.periodSeconds, key: local.wallSeconds.seconds)
        case (.date(let day), .floating):
            return Occurrence(value: .floating(LocalDateTime(unchecked: day.dayNumber, 0)), periodSeconds: date.periodSeconds, key: day.dayNumber * 86_400)
        case (.floating(let local), .zoned(_, let zone)), (.zoned(let local, _), .zoned(_, let zone)):
            let placedZone: ZoneRules
            if case .zoned(_, let own) = date.value { placedZone = own } else { placedZone = zone }
            do {
                let resolved = try placedZone.resolve(local, policy.disambiguation)
                let zoned = try ZonedDateTime(instant: resolved.instant, zone: zone)
                return Occurrence(value: .zoned(zoned), adjustment: resolved.adjustment, periodSeconds: date.periodSeconds, key: resolved.instant.seconds)
            } catch {
                throw RecurrenceError(.unplacedDate(property: property, date: date, detail: "\(error)"))
            }
        case (.utc(let instant), .zoned(_, let zone)):
            do {
                return Occurrence(value: .zoned(try ZonedDateTime(instant: instant, zone: zone)), periodSeconds: date.periodSeconds, key: instant.seconds)
            } catch {
                throw RecurrenceError(.unplacedDate(property: property, date: date, detail: "\(error)"))
            }
        case (.date(let day), .zoned(_, let zone)):
            do {
                let resolved = try zone.resolve(LocalDateTime(unchecked: day.dayNumber, 0), policy.disambiguation)
                return Occurrence(value: .zoned(try ZonedDateTime(instant: resolved.instant, zone: zone)), periodSeconds: date.periodSeconds, key: resolved.instant.seconds)
            } catch {
                throw RecurrenceError(.unplacedDate(property: property, date: date, detail: "\(error)"))
            }
        case (_, .date):
            throw RecurrenceError(.timeForDateStart(property: property, date: date, start: start))
        case (.zoned, .floating), (.utc, .floating):
            throw RecurrenceError(.instantForFloatingStart(property: property, date: date, start: start))
        }
    }

    // MARK: Queries

    /// A bound of a window: an instant, or a wall-clock time (read in
    /// DTSTART's zone; as is for a floating or date set).
    public enum Bound: Hashable, Sendable {
        /// An exact time; a floating or date set cannot compare with one.
        case instant(Instant)
        /// A wall-clock time, in DTSTART's zone for a zoned set.
        case local(LocalDateTime)
    }

    /// Every occurrence, from DTSTART on, lazily.
    public func occurrences() -> Occurrences {
        Occurrences(set: self, lowerKey: Int.min, upperKey: Int.max)
    }

    /// The occurrences at or after `lower` and before `upper` (nil: no end), lazily.
    /// - Throws: `RecurrenceError` `.instantBound` for an instant bound of a
    ///   floating or date set, `.invalidBound` for a wall-clock bound the zone cannot place.
    public func occurrences(from lower: Bound, to upper: Bound? = nil) throws(RecurrenceError) -> Occurrences {
        let low = try key(lower, roundingUp: true)
        let high = try upper.map { bound throws(RecurrenceError) in try key(bound, roundingUp: true) } ?? Int.max
        return Occurrences(set: self, lowerKey: low, upperKey: high)
    }

    /// The occurrences in the half-open span [lower, upper) of instants.
    /// - Throws: `RecurrenceError` `.instantBound` for an instant bound of a
    ///   floating or date set, `.invalidBound` for a wall-clock bound the zone cannot place.
    public func occurrences(in range: Range<Instant>) throws(RecurrenceError) -> [Occurrence] {
        Array(try occurrences(from: .instant(range.lowerBound), to: .instant(range.upperBound)))
    }

    /// The occurrences in the half-open span [lower, upper) of wall-clock times.
    /// - Throws: `RecurrenceError` `.instantBound` for an instant bound of a
    ///   floating or date set, `.invalidBound` for a wall-clock bound the zone cannot place.
    public func occurrences(in range: Range<LocalDateTime>) throws(RecurrenceError) -> [Occurrence] {
        Array(try occurrences(from: .local(range.lowerBound), to: .local(range.upperBound)))
    }

    /// The occurrences strictly after `bound`, lazily.
    /// - Throws: `RecurrenceError` `.instantBound` for an instant bound of a
    ///   floating or date set, `.invalidBound` for a wall-clock bound the zone cannot place.
    public func occurrences(after bound: Bound) throws(RecurrenceError) -> Occurrences {
        let low = try key(bound, roundingUp: false)
        return Occurrences(set: self, lowerKey: low == Int.max ? low : low + 1, upperKey: low == Int.max ? Int.min : Int.max)
    }

    /// The first occurrence strictly after `bound`, if any.
    /// - Throws: `RecurrenceError` `.instantBound` for an instant bound of a
    ///   floating or date set, `.invalidBound` for a wall-clock bound the zone cannot place.
    public func first(after bound: Bound) throws(RecurrenceError) -> Occurrence? {
        var iterator = try occurrences(after: bound).makeIterator()
        return iterator.next()
    }

    /// The last occurrence strictly before `bound`, if any. It looks back in
    /// spans that double from a week of the rule's periods, so its cost grows
    /// with the gap before that occurrence, not with the distance from DTSTART.
    /// - Throws: `RecurrenceError` `.instantBound` for an instant bound of a
    ///   floating or date set, `.invalidBound` for a wall-clock bound the zone cannot place.
    public func last(before bound: Bound) throws(RecurrenceError) -> Occurrence? {
        let high = try key(bound, roundingUp: true)
        let startKey = Swift.min(dateOccurrences.first?.key ?? Int.max, firstKey)
        guard high > startKey else { return nil }
        var span = 8 * 86_400
        var upper = high
        while true {
            let (lowValue, overflow) = upper.subtractingReportingOverflow(span)
            let low = overflow ? Int.min : Swift.max(lowValue, startKey)
            var found: Occurrence?
            for occurrence in Occurrences(set: self, lowerKey: low, upperKey: upper) { found = occurrence }
            if let found { return found }
            if low <= startKey { return nil }
            upper = low
            if span < Int.max / 4 { span *= 2 }
        }
    }

    /// DTSTART's key.
    var firstKey: Int {
        switch start {
        case .date, .floating: return start.local.wallSeconds.seconds
        case .zoned(let local, let zone):
            return (try? zone.resolve(local, policy.disambiguation).instant.seconds) ?? local.wallSeconds.seconds
        }
    }

    /// A bound's key: UTC seconds for a zoned set, wall seconds otherwise;
    /// a fraction of a second rounds up when `roundingUp`, else down.
    func key(_ bound: Bound, roundingUp: Bool) throws(RecurrenceError) -> Int {
        let seconds: Int, fraction: Int
        switch (bound, start) {
        case (.instant(let instant), .zoned):
            (seconds, fraction) = (instant.seconds, instant.nanosecond)
        case (.instant(let instant), _):
            throw RecurrenceError(.instantBound(instant, start: start))
        case (.local(let local), .zoned(_, let zone)):
            do {
                let resolved = try zone.resolve(local, .compatible)
                (seconds, fraction) = (resolved.instant.seconds, resolved.instant.nanosecond)
            } catch {
                throw RecurrenceError(.invalidBound(local, detail: "\(error)"))
            }
        case (.local(let local), _):
            (seconds, fraction) = local.wallSeconds
        }
        // Bounds beyond the supported span mean the same as its ends (and cannot overflow below).
        let limit = Instant.supportedSeconds.upperBound + 4 * 86_400
        let clamped = Swift.min(Swift.max(seconds, -limit), limit)
        return roundingUp && fraction > 0 && clamped == seconds ? clamped + 1 : clamped
    }
}

extension LocalTimePolicy {
    var disambiguation: Disambiguation {
        switch self {
        case .rfc5545, .skip: return .compatible
        case .earlier: return .earlier
        case .later: return .later
        }
    }
}
