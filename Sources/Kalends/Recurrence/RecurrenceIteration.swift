
/// One RRULE of a set, ready to expand: its engine, and what the set has
/// learnt about how many instances its periods hold (for window queries
/// with COUNT).
struct RuleExpansion: Sendable {
    let engine: RuleEngine<RuleCalendar>
    let counts: PeriodCounts

    init(engine: RuleEngine<RuleCalendar>) {
        self.engine = engine
        counts = PeriodCounts(engine: engine)
    }
}

/// How many instances of a rule lie after DTSTART in its first periods:
/// what a window query with COUNT needs to know to start at the window's
/// period with the right count, without walking from DTSTART.
///
/// - Rules whose every period holds the same number of instances (most
///   rules people write: daily, weekly on given days, monthly on days 1 ...
///   28 or the first four weekdays, yearly on such days) count in closed form.
/// - Otherwise, on the Gregorian calendar, the periods repeat every 400
///   years (146,097 days: exactly 20,871 weeks, 4,800 months): the counts of
///   one cycle are walked once, kept every `block` periods, and whole cycles
///   are multiplied. An hourly, minutely or secondly rule limited by the
///   time of day only repeats sooner, with the day: its cycle is the periods
///   until a period starts at the same second of the day again.
/// Checkpoints are filled lazily and kept (behind a lock) for the set's life.
/// Other calendars' periods follow no such cycle, and SKIP can move an
/// instance into the next period: such rules are not counted (`usable` is
/// false) and a window query with COUNT walks from DTSTART.
final class PeriodCounts: @unchecked Sendable {
    let engine: RuleEngine<RuleCalendar>
    /// Instances in each period after the first, when that is constant.
    let constant: Int?
    /// Periods in one 400-year cycle.
    let cyclePeriods: Int
    let block: Int
    private let lock = Lock()
    private var firstPeriodCount: Int?
    /// `checkpoints[j]`: instances in periods 1 ..< 1 + j * block.
    private var checkpoints: [Int] = [0]

    /// Whether the counts can be had without walking from DTSTART.
    let usable: Bool

    init(engine: RuleEngine<RuleCalendar>) {
        self.engine = engine
        usable = engine.repeatsEvery400Years && !engine.spills
        constant = usable ? Self.constantCount(engine) : nil
        if usable && engine.generator == .subDaily && !engine.hasDayParts {
            // Limited by time of day only (BYHOUR, BYMINUTE, BYSECOND): the periods repeat with the day's seconds.
            let step = engine.unitSeconds * engine.rule.interval
            cyclePeriods = 86_400 / Self.gcd(step, 86_400)
        } else {
            cyclePeriods = usable ? engine.cyclePeriodsBound - 1 : 1
        }
        block = Swift.max(64, cyclePeriods / 65_536)
    }

    static func gcd(_ a: Int, _ b: Int) -> Int {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }

    /// The instances in each period after the first when provably the same
    /// for every period; nil when it varies (or is not proven).
    static func constantCount(_ engine: RuleEngine<RuleCalendar>) -> Int? {
        let rule = engine.rule
        let times = engine.timeOffsets.count
        let sameSign: ([Int]) -> Bool = { values in values.allSatisfy { $0 > 0 && $0 <= 28 } || values.allSatisfy { $0 < 0 && $0 >= -28 } }
        let ordinalsSafe = !engine.ordinalDays.isEmpty && engine.weekdayMask == 0
            && (engine.ordinalDays.allSatisfy { $0.ordinal >= 1 && $0.ordinal <= 4 } || engine.ordinalDays.allSatisfy { $0.ordinal <= -1 && $0.ordinal >= -4 })
        var base: Int?
        switch rule.frequency {
        case .secondly, .minutely, .hourly:
            if !engine.hasDayParts && engine.hourMask == ~0 && engine.minuteMask == ~0 && engine.secondMask == ~0 { base = times }
        case .daily:
            if !engine.hasDayParts { base = times }
        case .weekly:
            if engine.months.isEmpty { base = engine.weekdayMask.nonzeroBitCount * times }
        case .monthly:
            guard engine.months.isEmpty else { break }
            if !engine.monthDays.isEmpty && !engine.hasByDay && sameSign(engine.monthDays) { base = engine.monthDays.count * times }
            if engine.monthDays.isEmpty && ordinalsSafe { base = engine.ordinalDays.count * times }
        case .yearly:
            guard engine.weekNumbers.isEmpty && engine.yearDays.isEmpty else { break }
            let months = engine.months.isEmpty ? 12 : engine.months.count
            if !engine.monthDays.isEmpty && !engine.hasByDay && sameSign(engine.monthDays) { base = months * engine.monthDays.count * times }
            if engine.monthDays.isEmpty && !engine.months.isEmpty && ordinalsSafe { base = months * engine.ordinalDays.count * times }
        }
        guard let base else { return nil }
        if rule.bySetPos.isEmpty { return base }
        let positions = Set(rule.bySetPos.compactMap { position -> Int? in
            let index = position > 0 ? position - 1 : base + position
            return index >= 0 && index < base ? index : nil
        })
        return positions.count
    }

    /// Instances after DTSTART in periods 0 ..< `period`, or `limit` if that is reached first.
    func count(before period: Int, limit: Int) -> Int {
        guard period > 0 else { return 0 }
        lock.lock()
        defer { lock.unlock() }
        let first = firstCount()
        guard first < limit else { return limit }
        let rest = saturating(after(period - 1, limit: limit - first), limit - first)
        return first + rest
    }

    private func saturating(_ value: Int, _ limit: Int) -> Int { Swift.min(value, limit) }

    private func firstCount() -> Int {
        if let firstPeriodCount { return firstPeriodCount }
        var output: [Int] = [], days: [Int] = []
        _ = engine.candidates(ofPeriod: 0, into: &output, days: &days)
        let count = output.filter { $0 > engine.startKey }.count
        firstPeriodCount = count
        return count
    }

    /// Instances in periods 1 ..< 1 + n, capped at `limit`.
    private func after(_ n: Int, limit: Int) -> Int {
        if let constant {
            let (product, overflow) = n.multipliedReportingOverflow(by: constant)
            return overflow ? limit : Swift.min(product, limit)
        }
        let cycles = n / cyclePeriods, remainder = n % cyclePeriods
        if cycles > 0 {
            let perCycle = walked(cyclePeriods, limit: limit)
            guard perCycle > 0 else { return 0 }
            let (whole, overflow) = cycles.multipliedReportingOverflow(by: perCycle)
            if overflow || whole >= limit { return limit }
            return Swift.min(limit, whole + walked(remainder, limit: limit - whole))
        }
        return walked(remainder, limit: limit)
    }

    /// Instances in periods 1 ..< 1 + n (n at most one cycle), by checkpoints; capped at `limit`.
    private func walked(_ n: Int, limit: Int) -> Int {
        var output: [Int] = [], days: [Int] = []
        let blocks = n / block
        while checkpoints.count <= blocks {
            let last = checkpoints[checkpoints.count - 1]
            if last >= limit { return limit }
            let from = 1 + (checkpoints.count - 1) * block
            var total = last
            for period in from..<(from + block) {
                guard engine.candidates(ofPeriod: period, into: &output, days: &days) else { break }
                total += output.count
            }
            checkpoints.append(total)
        }
        var total = checkpoints[blocks]
        if total >= limit { return limit }
        let from = 1 + blocks * block
        for period in from..<(1 + n) {
            guard engine.candidates(ofPeriod: period, into: &output, days: &days) else { break }
            total += output.count
            if total >= limit { return limit }
        }
        return total
    }
}

/// The occurrences of a `RecurrenceSet` in a window, lazily, in order.
public struct Occurrences: Sequence, Sendable {
    let set: RecurrenceSet
    let lowerKey: Int
    let upperKey: Int

    /// An iterator from the window's start.
    public func makeIterator() -> Iterator { Iterator(self) }

    /// Walks the set's streams (DTSTART, each rule, the RDATEs) together.
    public struct Iterator: IteratorProtocol {
        private let set: RecurrenceSet
        private let lowerKey: Int
        private let upperKey: Int
        private var streams: [RuleStream]
        private var dateIndex: Int
        private var startPending: Occurrence?
        private let timed: Bool
        private let filters: Bool
        private let single: Bool

        init(_ window: Occurrences) {
            set = window.set
            lowerKey = window.lowerKey
            upperKey = window.upperKey
            timed = !window.set.start.isDate
            filters = !window.set.excludedKeys.isEmpty || !window.set.excludedDays.isEmpty
            streams = window.set.expansions.map { RuleStream($0, set: window.set, lowerKey: window.lowerKey, upperKey: window.upperKey) }
            for index in streams.indices { streams[index].advance() }
            var low = 0, high = window.set.dateOccurrences.count
            while low < high {
                let middle = (low + high) / 2
                if window.set.dateOccurrences[middle].key < window.lowerKey { low = middle + 1 } else { high = middle }
            }
            dateIndex = low
            startPending = window.set.startOccurrence
            single = streams.count == 1 && window.set.dateOccurrences.isEmpty
        }

        /// The rules (indices in `RecurrenceSet.rules`) whose instances went
        /// on past the last supported day, ISO 9999-12-31, within the window
        /// (a COUNT not reached, an UNTIL after it, or no end): once `next()`
        /// has returned nil, non-empty when the end of the supported dates,
        /// not the recurrence or the window, ended the occurrences.
        public var rulesEndedBySupportedRange: [Int] {
            streams.indices.filter { streams[$0].reachedSupportedEnd }
        }

        /// The next occurrence in time order, or nil after the window's end.
        public mutating func next() -> Occurrence? {
            // One rule, no RDATE: its stream in order, DTSTART first.
            if single && startPending == nil {
                while let found = streams[0].take() {
                    if found.key >= upperKey { return nil }
                    if found.key < lowerKey { continue }
                    if filters {
                        if set.excludedKeys.contains(found.key) { continue }
                        if timed && set.excludedDays.contains(found.local.dayNumber) { continue }
                    }
                    return found
                }
                return nil
            }
            while true {
                // The smallest key among DTSTART (-1), the RDATEs (-2) and the rules' heads.
                var bestKey = Int.max, source = -3
                if let start = startPending { bestKey = start.key; source = -1 }
                for index in streams.indices where streams[index].headKey < bestKey {
                    bestKey = streams[index].headKey
                    source = index
                }
                if dateIndex < set.dateOccurrences.count, set.dateOccurrences[dateIndex].key < bestKey {
                    bestKey = set.dateOccurrences[dateIndex].key
                    source = -2
                }
                guard source != -3, bestKey < upperKey else { return nil }
                let found: Occurrence?
                switch source {
                case -1: found = startPending
                case -2: found = set.dateOccurrences[dateIndex]
                default: found = streams[source].head
                }
                // Take it, and drop every equal occurrence from the other sources.
                if startPending?.key == bestKey { startPending = nil }
                for index in streams.indices where streams[index].headKey == bestKey { streams[index].advance() }
                while dateIndex < set.dateOccurrences.count && set.dateOccurrences[dateIndex].key == bestKey { dateIndex += 1 }
                guard let found, bestKey >= lowerKey else { continue }
                if filters {
                    if set.excludedKeys.contains(bestKey) { continue }
                    if timed && set.excludedDays.contains(found.local.dayNumber) { continue }
                }
                return found
            }
        }
    }
}

extension RecurrenceSet {
    /// DTSTART as an occurrence.
    var startOccurrence: Occurrence? {
        switch start {
        case .date(let date): return Occurrence(value: .date(date), key: date.dayNumber * 86_400)
        case .floating(let local): return Occurrence(value: .floating(local), key: local.wallSeconds.seconds)
        case .zoned(let local, let zone):
            guard let resolved = try? zone.resolve(local, policy.disambiguation),
                  let zoned = try? ZonedDateTime(instant: resolved.instant, zone: zone) else { return nil }
            return Occurrence(value: .zoned(zoned), adjustment: resolved.adjustment, key: resolved.instant.seconds)
        }
    }
}

/// One rule's instances after DTSTART (DTSTART itself is the set's first
/// and counts as the rule's first), in order, placed in DTSTART's zone.
struct RuleStream {
    private let engine: RuleEngine<RuleCalendar>
    private let isDate: Bool
    private let zone: ZoneRules?
    private let policy: LocalTimePolicy
    private let countLimit: Int
    private let untilKey: Int
    private let upperKey: Int
    private var period: Int
    private var output: [Int] = []
    private var days: [Int] = []
    private var position = 0
    /// Instances so far, DTSTART included.
    private var counted: Int
    private var emptyRun = 0
    private var done = false
    private var cursor: LocalTimeCursor?
    /// Placed occurrences held back near a transition, sorted by key, from `pendingHead`.
    private var pending: [Occurrence] = []
    private var pendingHead = 0
    /// True when the stream ended at the last supported day with instances
    /// still to give (COUNT not reached, UNTIL and the window beyond it).
    private(set) var reachedSupportedEnd = false
    /// The next occurrence, and its key (`Int.max` when there is none).
    private(set) var head: Occurrence?
    private(set) var headKey = Int.max

    /// Moves `head` to the next occurrence.
    mutating func advance() {
        head = next()
        headKey = head?.key ?? Int.max
    }

    /// The next occurrence, taking `head` first; `head` stays empty after
    /// (the single-rule path reads the stream directly).
    mutating func take() -> Occurrence? {
        if headKey != Int.max || head != nil {
            let found = head
            head = nil
            headKey = Int.max
            return found
        }
        return next()
    }

    /// Wall-clock seconds by which an instance's UTC seconds can differ
    /// from its wall clock, a gap's move included (offsets and gaps are
    /// within a day each).
    private static let margin = 3 * 86_400

    init(_ expansion: RuleExpansion, set: RecurrenceSet, lowerKey: Int, upperKey: Int) {
        engine = expansion.engine
        isDate = set.start.isDate
        zone = set.start.zone
        policy = set.policy
        self.upperKey = upperKey
        countLimit = expansion.engine.rule.count ?? Int.max
        switch expansion.engine.rule.until {
        case .date(let date): untilKey = date.dayNumber * 86_400 + 86_399
        case .local(let local): untilKey = local.wallSeconds.seconds
        case .utc(let instant): untilKey = instant.seconds
        case nil: untilKey = Int.max
        }
        cursor = zone.map { LocalTimeCursor(zone: $0) }
        // Start at the window's period: counted from what the rule has before it.
        let startsLate = lowerKey > expansion.engine.startKey + Self.margin && !(zone != nil && policy == .skip)
            && (countLimit == Int.max || expansion.counts.usable)
        if startsLate {
            let localLow = zone == nil ? lowerKey : lowerKey - Self.margin
            // SKIP=FORWARD can move the period before's last date into the window.
            let first = Swift.max(0, expansion.engine.period(containing: localLow) - (expansion.engine.spills ? 1 : 0))
            period = first - 1
            counted = 1 + (countLimit == Int.max ? 0 : expansion.counts.count(before: first, limit: countLimit))
        } else {
            period = -1
            counted = 1
        }
        if counted >= countLimit { done = true }
        // One instance a period, a fixed step apart: step from the first period's instance.
        if let fixed = expansion.engine.fixedStep, !set.referenceExpansion {
            let engine = expansion.engine
            let anchorSeconds = engine.generator == .subDaily ? engine.startPeriod : engine.startPeriod * 86_400
            let (steps, overflow1) = Swift.max(0, period + 1).multipliedReportingOverflow(by: fixed.step)
            let (first, overflow2) = (anchorSeconds + fixed.firstOffset).addingReportingOverflow(steps)
            if overflow1 || overflow2 {
                done = true
            } else {
                var next = first
                if next <= engine.startKey { next += fixed.step }
                stepping = (next, fixed.step)
            }
        }
    }

    /// For a rule of one instance a period: the next instance and the step.
    private var stepping: (next: Int, step: Int)?
    /// The last wall-clock second an instance may have (the end of ISO 9999).
    private static let lastSecond = DayNumber.supported.upperBound * 86_400 + 86_399

    /// The last key an instance may have: wall-clock seconds, or UTC seconds in a zone.
    private var lastKey: Int { zone == nil ? Self.lastSecond : Instant.supportedSeconds.upperBound }

    /// The walk reached the end of the supported days: say so when the rule
    /// and the window would have gone on.
    private mutating func endOfSupportedRange() {
        if counted < countLimit && untilKey > lastKey && upperKey > lastKey { reachedSupportedEnd = true }
    }

    /// The next wall-clock instance strictly after DTSTART, or nil.
    private mutating func nextLocal() -> Int? {
        if let (next, step) = stepping {
            guard next <= Self.lastSecond else {
                endOfSupportedRange()
                return nil
            }
            let (following, overflow) = next.addingReportingOverflow(step)
            stepping = (overflow ? Int.max : following, step)
            return next
        }
        if engine.spills { return nextMoved() }
        while true {
            while position < output.count {
                let candidate = output[position]
                position += 1
                if candidate > engine.startKey { return candidate }
            }
            period += 1
            position = 0
            guard engine.candidates(ofPeriod: period, into: &output, days: &days) else {
                endOfSupportedRange()
                return nil
            }
            if output.isEmpty {
                emptyRun += 1
                if pastBounds(after: period) { return nil }
                // The periods repeat every 400 years: a cycle of empty periods means no more.
                if emptyRun > engine.cyclePeriodsBound { return nil }
                // A long run of empty periods: ask once whether the rule can match at all
                // (bounded by one cycle of periods), rather than walk to the end of the years.
                if emptyRun == 4_096 && engine.emptinessReason() != nil { return nil }
                skipFailingDay()
            } else {
                emptyRun = 0
            }
        }
    }

    /// Instances SKIP may have moved out of their period, merged in order:
    /// sorted, without repeats, from `movedHead`.
    private var moved: [Int] = []
    private var movedHead = 0
    /// Moved instances below this key are final: no later period can place one before it.
    private var movedRelease = Int.min
    private var movedDone = false

    /// `nextLocal` for a rule whose SKIP moves dates: a period's dates may
    /// fall a day before it (BACKWARD) or into the next period (FORWARD), so
    /// they are merged with the next period's before they are released.
    private mutating func nextMoved() -> Int? {
        while true {
            if movedHead < moved.count && (movedDone || moved[movedHead] < movedRelease) {
                let candidate = moved[movedHead]
                movedHead += 1
                if candidate > engine.startKey { return candidate }
                continue
            }
            if movedDone { return nil }
            period += 1
            guard engine.candidates(ofPeriod: period, into: &output, days: &days) else {
                endOfSupportedRange()
                movedDone = true
                continue
            }
            if movedHead > 0 {
                moved.removeFirst(movedHead)
                movedHead = 0
            }
            for candidate in output {
                var index = moved.count
                while index > 0 && moved[index - 1] > candidate { index -= 1 }
                if index > 0 && moved[index - 1] == candidate { continue }
                moved.insert(candidate, at: index)
            }
            // The next period's dates start at its first day, or SKIP=BACKWARD's day before it.
            if let next = engine.firstDay(ofPeriod: period + 1) {
                movedRelease = (next - 1) * 86_400
            } else {
                movedRelease = Int.max
            }
            if output.isEmpty {
                emptyRun += 1
                if pastBounds(after: period) || (emptyRun == 4_096 && engine.emptinessReason() != nil) { movedDone = true }
            } else {
                emptyRun = 0
            }
        }
    }

    /// Whether every period after `period` starts past UNTIL or the window's
    /// end, so that a run of empty periods can end the walk there.
    private func pastBounds(after period: Int) -> Bool {
        let bound = Swift.min(untilKey, upperKey)
        guard bound != Int.max else { return false }
        guard let first = engine.firstDay(ofPeriod: period + 1) else { return true }
        // SKIP=BACKWARD may place a date the day before; a zone, up to the margin.
        return (first - 1) * 86_400 - Self.margin > bound
    }

    /// For a sub-daily rule, jumps past the rest of the day, hour or minute
    /// whose day-level part, BYHOUR or BYMINUTE fails: every period in
    /// between lies inside it, so none holds an instance.
    private mutating func skipFailingDay() {
        guard engine.generator == .subDaily, let anchor = engine.anchor(ofPeriod: period) else { return }
        let day = anchor.floorDivided(by: 86_400)
        let second = anchor - day * 86_400
        let boundary: Int
        if engine.hasDayParts && !engine.matches(day) {
            boundary = (day + 1) * 86_400
        } else if engine.hourMask & (1 << (second / 3600)) == 0 {
            boundary = anchor - second % 3600 + 3600
        } else if engine.minuteMask & (1 << UInt64(second / 60 % 60)) == 0 {
            boundary = anchor - second % 60 + 60
        } else {
            return
        }
        let step = engine.unitSeconds * engine.rule.interval
        let target = (boundary - engine.startPeriod + step - 1).floorDivided(by: step)
        if target - 1 > period { period = target - 1 }
    }

    private mutating func next() -> Occurrence? {
        while true {
            if pendingHead < pending.count, done || pending[pendingHead].key < releaseKey {
                let found = pending[pendingHead]
                pendingHead += 1
                if pendingHead == pending.count { pending.removeAll(keepingCapacity: true); pendingHead = 0 }
                return found
            }
            guard !done, counted < countLimit, let local = nextLocal() else {
                done = true
                if pendingHead < pending.count { continue }
                return nil
            }
            lastLocal = local
            guard let zone else {
                guard local <= untilKey else { done = true; continue }
                if local >= upperKey { done = true; continue }
                counted += 1
                return Occurrence(wall: local, isDate: isDate)
            }
            if local - Self.margin > untilKey || local - Self.margin >= upperKey { done = true; continue }
            guard let placed = place(local, zone) else { continue }
            counted += 1
            if placed.key > untilKey { continue }
            if pendingHead == pending.count && placed.adjustment == .none, let high = cursor?.uniqueHigh, local + Self.margin < high {
                return placed
            }
            insertPending(placed)
        }
    }

    private var lastLocal = Int.min
    private var releaseKey: Int { lastLocal == Int.min ? Int.min : lastLocal - Self.margin }

    private mutating func insertPending(_ occurrence: Occurrence) {
        var index = pending.count
        while index > pendingHead && pending[index - 1].key > occurrence.key { index -= 1 }
        if index > pendingHead && pending[index - 1].key == occurrence.key { return }
        if index == pending.count { pending.append(occurrence) } else { pending.insert(occurrence, at: index) }
    }

    /// A wall-clock instance placed in the zone by the policy; nil when skipped.
    private mutating func place(_ local: Int, _ zone: ZoneRules) -> Occurrence? {
        if let offset = cursor?.uniqueOffset(wallSeconds: local) {
            let seconds = local - offset
            guard Instant.supportedSeconds.contains(seconds) else { return nil }
            return Occurrence(wall: local, utc: seconds, zone: zone)
        }
        let day = local.floorDivided(by: 86_400)
        let wall = LocalDateTime(unchecked: day, (local - day * 86_400) * 1_000_000_000)
        if policy == .skip, case .gap = zone.resolution(of: wall) { return nil }
        guard let resolved = try? zone.resolve(wall, policy.disambiguation),
              let zoned = try? ZonedDateTime(instant: resolved.instant, zone: zone) else { return nil }
        return Occurrence(value: .zoned(zoned), adjustment: resolved.adjustment, key: resolved.instant.seconds)
    }
}

extension RuleEngine {
    /// Consecutive empty periods after which no period can hold an instance:
    /// one 400-year cycle of periods (the Gregorian calendar's facts repeat).
    /// Other calendars have no such short cycle; a rule in one that matches
    /// nothing in 400 years of periods is taken as empty too, so that no walk
    /// runs to the end of the supported years (Docs/Recurrence.md says so).
    var cyclePeriodsBound: Int {
        let unitsPerCycle: Int
        switch rule.frequency {
        case .yearly: unitsPerCycle = 400
        case .monthly: unitsPerCycle = 4_800
        case .weekly: unitsPerCycle = 20_871
        case .daily: unitsPerCycle = 146_097
        case .hourly: unitsPerCycle = 146_097 * 24
        case .minutely: unitsPerCycle = 146_097 * 1_440
        case .secondly: unitsPerCycle = 146_097 * 86_400
        }
        return unitsPerCycle / PeriodCounts.gcd(unitsPerCycle, rule.interval) + 1
    }
}
