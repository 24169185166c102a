import Kalends

/// One occurrence of an event, as a calendar view shows it: the event's
/// fields as they are for this occurrence (an override's, or a
/// THISANDFUTURE override's applied to a later one), its start and end, and
/// which occurrence of the series it is.
public struct EventOccurrence: Hashable, Sendable {
    /// The event as it is for this occurrence.
    public let event: Event
    /// The calendar (`CalendarCollection.name`) it belongs to.
    public let calendar: String
    /// The start, in the form of the event's DTSTART (a date for an all-day event).
    public let start: ItemTime
    /// The end, exclusive; a date for an all-day event.
    public let end: ItemTime
    /// The start and end as instants for the viewer's zone of the query.
    public let startInstant: Instant
    /// The end as an instant for the viewer (exclusive).
    public let endInstant: Instant
    /// The occurrence's original start (its RECURRENCE-ID), for an
    /// occurrence of a recurring event or an override; nil for a one-off event.
    public let recurrenceID: ItemTime?

    /// The series' UID.
    public var uid: String { event.uid }
    /// True for an all-day occurrence.
    public var isAllDay: Bool { start.isDate }
}

/// A series: the master event of a UID in one calendar and its overrides,
/// with what window queries need computed once when the store opens.
/// `@unchecked Sendable`: every stored property is a constant but the lazy
/// recurrence set, which is only touched under `lock`.
final class EventSeries: @unchecked Sendable {
    let calendar: String
    let master: Event?
    /// Whether the master recurs (has a recurrence set).
    let recurs: Bool
    /// Whether the master's occurrences are instants (a zoned or UTC
    /// DTSTART): the recurrence engine's keys are then UTC seconds.
    let isZoned: Bool
    /// The recurrence of the master, built at its first use: most series of
    /// a large calendar never meet the windows asked for.
    private var lazySet: LazySet
    /// A pthread mutex (ThreadSanitizer sees its order, which it does not see in `Synchronization.Mutex` on Linux).
    private let lock = Lock()

    private enum LazySet {
        case unbuilt(RecurrenceStart, ItemRecurrence, LocalTimePolicy)
        case built(RecurrenceSet?)
    }

    /// The recurrence of the master, when it recurs.
    var set: RecurrenceSet? {
        lock.lock()
        defer { lock.unlock() }
        switch lazySet {
        case .built(let set): return set
        case .unbuilt(let start, let recurrence, let policy):
            // Checked when the series was made (`validate`): it builds.
            let set = try? RecurrenceSet(start: start, rules: recurrence.rules, dates: recurrence.dates,
                                         exclusions: recurrence.exclusions, policy: policy)
            lazySet = .built(set)
            return set
        }
    }
    /// Overrides of one occurrence, by the key of the occurrence they replace.
    let overrides: [Int: Event]
    /// RANGE=THISANDFUTURE overrides: (key, shift of the start in key seconds, the override), by key.
    let futureChanges: [(key: Int, shift: Int, event: Event)]
    /// Every override, for their own occurrences.
    let allOverrides: [(key: Int, event: Event)]
    /// How far before a window an occurrence may start and still reach into
    /// it, and how far after it a shifted one may start before it, in seconds.
    let lookBehind: Int
    let lookAhead: Int
    /// The key of the master's earliest possible occurrence (DTSTART, or an
    /// earlier RDATE): a window that ends before it holds none of them.
    let earliestKey: Int
    /// The keys between which every start of the series (master's
    /// occurrences, overrides) lies, `Int.max` above for an unbounded rule:
    /// a window beyond them, with the reach added, holds nothing of it.
    let firstStartKey: Int
    let lastStartKey: Int

    /// - Throws: `RecurrenceError` when the master's recurrence cannot be built.
    init(calendar: String, master: Event?, overrides: [Event], policy: LocalTimePolicy) throws {
        self.calendar = calendar
        self.master = master
        if let master, !master.recurrence.isEmpty {
            let start = try master.start.recurrenceStart()
            let recurrence = master.recurrence
            try RecurrenceSet.validate(start: start, rules: recurrence.rules, dates: recurrence.dates,
                                       exclusions: recurrence.exclusions, policy: policy)
            lazySet = .unbuilt(start, recurrence, policy)
            recurs = true
        } else {
            lazySet = .built(nil)
            recurs = false
        }
        switch master?.start {
        case .zoned, .utc: isZoned = true
        case .floating, .date, nil: isZoned = false
        }
        if let master {
            earliestKey = master.recurrence.dates.reduce(Self.key(of: master.start, reference: master.start)) { low, date in
                Swift.min(low, Self.key(of: date.value, reference: master.start))
            }
        } else {
            earliestKey = Int.max
        }
        var byKey: [Int: Event] = [:]
        for override in overrides {
            guard let id = override.recurrenceID else { continue }
            let key = Self.key(of: id, reference: master?.start ?? id)
            // A second override of one occurrence: the later SEQUENCE wins, as calendar servers decide.
            if let existing = byKey[key], existing.sequence > override.sequence { continue }
            byKey[key] = override
        }
        // What the queries need, derived from the overrides that won: all of them by key, the
        // THISANDFUTURE ones with the shift of their start, and the reach of both.
        let all = byKey.map { (key: $0.key, event: $0.value) }.sorted { $0.key < $1.key }
        var future: [(key: Int, shift: Int, event: Event)] = []
        var longest = master?.length.maximumSeconds ?? 0
        var largestShift = 0
        for (key, override) in all {
            longest = Swift.max(longest, override.length.maximumSeconds)
            guard override.range == .thisAndFuture, let id = override.recurrenceID else { continue }
            let shift = Self.key(of: override.start, reference: master?.start ?? id).clampedSum(-key)
            future.append((key, shift, override))
            largestShift = Swift.max(largestShift, shift.boundedMagnitude)
        }
        self.overrides = byKey
        self.futureChanges = future
        self.allOverrides = all
        self.lookBehind = longest.clampedSum(largestShift).clampedSum(2 * 86_400)
        self.lookAhead = largestShift.clampedSum(2 * 86_400)
        var first = earliestKey, last = Int.min
        if let master {
            if !master.recurrence.rules.isEmpty {
                last = Int.max
            } else {
                last = master.recurrence.dates.reduce(Self.key(of: master.start, reference: master.start)) { high, date in
                    Swift.max(high, Self.key(of: date.value, reference: master.start))
                }
            }
        }
        for (key, override) in all {
            let own = Self.key(of: override.start, reference: master?.start ?? override.start)
            first = Swift.min(first, Swift.min(key, own))
            last = Swift.max(last, Swift.max(key, own))
        }
        self.firstStartKey = first
        self.lastStartKey = last
    }

    /// The key an occurrence of a series whose DTSTART is `reference` has
    /// when it starts at `time`: UTC seconds for a zoned series, wall-clock
    /// seconds for a floating or date one (the recurrence engine's keys).
    static func key(of time: ItemTime, reference: ItemTime) -> Int {
        switch reference {
        case .zoned(_, let zone):
            switch time {
            case .zoned(let local, let other): return (try? other.resolve(local).instant.seconds) ?? local.wallSecondsClamped
            case .utc(let instant): return instant.seconds
            case .floating(let local): return (try? zone.resolve(local).instant.seconds) ?? local.wallSecondsClamped
            case .date(let date):
                let wall = date.dayNumber.clampedProduct(86_400).clampedSum(reference.wallNanosecondOfDay / 1_000_000_000)
                guard let local = LocalDateTime.at(day: date.dayNumber, nanosecondOfDay: reference.wallNanosecondOfDay) else { return wall }
                return (try? zone.resolve(local).instant.seconds) ?? wall
            }
        case .utc:
            switch time {
            case .zoned(let local, let other): return (try? other.resolve(local).instant.seconds) ?? local.wallSecondsClamped
            case .utc(let instant): return instant.seconds
            case .floating(let local): return local.wallSecondsClamped
            case .date(let date):
                return date.dayNumber.clampedProduct(86_400).clampedSum(reference.wallNanosecondOfDay / 1_000_000_000)
            }
        case .floating:
            switch time {
            case .zoned(let local, _), .floating(let local): return local.wallSecondsClamped
            case .utc(let instant): return instant.seconds
            case .date(let date):
                return date.dayNumber.clampedProduct(86_400).clampedSum(reference.wallNanosecondOfDay / 1_000_000_000)
            }
        case .date:
            switch time {
            case .zoned(let local, _), .floating(let local): return local.dayNumber.clampedProduct(86_400)
            case .utc(let instant): return instant.seconds.floorDivided(by: 86_400).clampedProduct(86_400)
            case .date(let date): return date.dayNumber.clampedProduct(86_400)
            }
        }
    }
}

extension RecurrenceDate.Value {
    /// Nanoseconds into the day of the wall-clock time written (0 for a date or an instant).
    var wallNanosecondOfDay: Int {
        switch self {
        case .floating(let local), .zoned(let local, _): return local.nanosecondOfDay
        case .date, .utc: return 0
        }
    }
}

extension LocalDateTime {
    /// Seconds since 1970-01-01T00:00 on the wall clock.
    var wallSecondsClamped: Int {
        dayNumber.clampedProduct(86_400).clampedSum(nanosecondOfDay / 1_000_000_000)
    }

    /// The wall-clock time `seconds` after 1970-01-01T00:00, or nil outside the supported days.
    static func fromWallSeconds(_ seconds: Int) -> LocalDateTime? {
        let day = seconds.floorDivided(by: 86_400)
        return at(day: day, nanosecondOfDay: (seconds - day * 86_400) * 1_000_000_000)
    }

    /// The time of day `nanosecondOfDay` on `day`, or nil outside the supported days.
    static func at(day: Int, nanosecondOfDay: Int) -> LocalDateTime? {
        guard DayNumber.supported.contains(day), (0..<86_400_000_000_000).contains(nanosecondOfDay),
              let time = try? TimeOfDay(hour: nanosecondOfDay / 3_600_000_000_000, minute: nanosecondOfDay / 60_000_000_000 % 60,
                                        second: nanosecondOfDay / 1_000_000_000 % 60, nanosecond: nanosecondOfDay % 1_000_000_000) else { return nil }
        return try? LocalDateTime(dayNumber: day, time: time)
    }
}
