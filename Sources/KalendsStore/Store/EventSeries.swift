import Kalends
import KalendsICalendar

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

    /// The first and last day (day numbers of `viewer`'s zone) it touches: an
    /// all-day one its dates (the end exclusive); a timed one the days of its
    /// start and of the second before its end (an end at midnight does not
    /// touch the next day; one of no length touches its start's day).
    public func touchedDays(viewer: ZoneRules) -> ClosedRange<Int> {
        if case .date(let first) = start, case .date(let end) = self.end {
            return first.dayNumber...Swift.max(first.dayNumber, end.dayNumber - 1)
        }
        let first = viewer.dayNumber(of: startInstant)
        guard endInstant > startInstant else { return first...first }
        return first...Swift.max(first, viewer.dayNumber(of: Instant(seconds: endInstant.seconds - 1)))
    }
}

/// A series: the master event of a UID in one calendar and its overrides,
/// with what window queries need computed once when the store opens.
/// `@unchecked Sendable`: every stored property is a constant but the lazy
/// recurrence set, which is only touched under `lock`.
final class EventSeries: @unchecked Sendable {
    let calendar: String
    let master: Event?
    /// Where the series' times are keyed: from the master's DTSTART (an override's alone).
    let timeline: SeriesTimeline
    /// Whether the master recurs (has a recurrence set).
    let recurs: Bool
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
    let overrides: [SeriesKey: Event]
    /// RANGE=THISANDFUTURE overrides: (key, shift of the start in key seconds, the override), by key.
    let futureChanges: [(key: SeriesKey, shift: Int, event: Event)]
    /// Every override, for their own occurrences.
    let allOverrides: [(key: SeriesKey, event: Event)]
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
    /// What was left out of the series, with its place: an override whose
    /// times cannot be placed, a duplicate override (the older version).
    private(set) var problems: [ICalendarWarning] = []

    /// A series of `master` (nil: overrides alone) and `overrides`; instants
    /// in a floating series are read by `floatingZone`'s clock.
    /// - Throws: `ICalendarError` (`.recurrence`, `.unplaceable`) at the master's
    ///   place when its recurrence cannot be built or its start placed.
    ///   `newestOfSeveral`: the master is the newest of several versions: an
    ///   override of an occurrence it does not have belongs to an older one
    ///   and is left out with a warning (so is one with a lower SEQUENCE than
    ///   the master's, of an occurrence the master does not have).
    init(calendar: String, master: Event?, overrides: [Event], policy: LocalTimePolicy, floatingZone: ZoneRules,
         newestOfSeveral: Bool = false) throws(ICalendarError) {
        self.calendar = calendar
        self.master = master
        let reference = master?.start ?? overrides.first?.recurrenceID ?? overrides.first?.start ?? .utc(Instant(seconds: 0))
        let timeline = SeriesTimeline(start: reference, floatingZone: floatingZone)
        self.timeline = timeline
        func placeError(_ event: Event, _ what: String, _ error: TimeError) -> ICalendarError {
            ICalendarError(.unplaceable(property: what, value: "\(event.recurrenceID ?? event.start)", detail: "\(error)"),
                           source: event.position?.file ?? "", line: event.position?.line ?? 0)
        }
        // The set, built at once only to check the overrides of the newest of several versions.
        var checkingSet: RecurrenceSet?
        if let master, !master.recurrence.isEmpty {
            do {
                let start = try master.start.recurrenceStart()
                let recurrence = try Self.placed(master.recurrence, timeline: timeline)
                try RecurrenceSet.validate(start: start, rules: recurrence.rules, dates: recurrence.dates,
                                           exclusions: recurrence.exclusions, policy: policy)
                // Overrides of an older version (several masters, or a lower SEQUENCE than the master's) are checked against it.
                if newestOfSeveral || overrides.contains(where: { $0.sequence < master.sequence }) {
                    let set = try RecurrenceSet(start: start, rules: recurrence.rules, dates: recurrence.dates,
                                                exclusions: recurrence.exclusions, policy: policy)
                    checkingSet = set
                    lazySet = .built(set)
                } else {
                    lazySet = .unbuilt(start, recurrence, policy)
                }
            } catch let error as RecurrenceError {
                throw ICalendarError(.recurrence(error), source: master.position?.file ?? "", line: master.position?.line ?? 0)
            } catch let error as TimeError {
                throw placeError(master, "DTSTART", error)
            } catch {
                throw placeError(master, "DTSTART", .outOfRange("\(error)"))
            }
            recurs = true
        } else {
            lazySet = .built(nil)
            recurs = false
        }
        var earliest = Int.max, last = Int.min
        if let master {
            do {
                let startKey = try timeline.key(of: master.start).seconds
                earliest = startKey
                last = master.recurrence.rules.isEmpty ? startKey : Int.max
                for date in master.recurrence.dates {
                    let key = try timeline.key(of: date.value).seconds
                    earliest = Swift.min(earliest, key)
                    last = Swift.max(last, key)
                }
            } catch {
                throw placeError(master, "DTSTART", error)
            }
        }
        earliestKey = earliest
        // One override per occurrence: the higher SEQUENCE, then the later DTSTAMP, then the first read.
        var byKey: [SeriesKey: Event] = [:]
        var problems: [ICalendarWarning] = []
        let excluded = Self.exclusions(of: master, timeline: timeline)
        for override in overrides {
            guard let id = override.recurrenceID else { continue }
            let key: SeriesKey
            do {
                key = try timeline.key(of: id)
            } catch {
                problems.append(ICalendarWarning(placeError(override, "RECURRENCE-ID", error), .leftOut(component: "VEVENT", uid: override.uid, line: override.position?.line ?? 0)))
                continue
            }
            // The master leaves that occurrence out (EXDATE): so is its override, as recurring-ical-events and Thunderbird read it.
            if excluded.keys.contains(key) || (!timeline.isAllDay && excluded.days.contains(id.dayNumber(viewer: timeline.zone ?? floatingZone))) {
                continue
            }
            // An override of an occurrence the series does not have, written for an older version of it
            // (when there were several, or with a lower SEQUENCE than the master's), goes with that version.
            let older = newestOfSeveral || override.sequence < (master?.sequence ?? 0)
            let produced = checkingSet.map { Self.produces($0, key: key, timeline: timeline) } ?? (master?.recurrence.isEmpty == false
                || (try? timeline.key(of: master?.start ?? id)) == key)
            if older && master != nil && !produced {
                problems.append(ICalendarWarning(
                    ICalendarError(.noSuchOccurrence(uid: override.uid, recurrenceID: "\(id)"), source: override.position?.file ?? "",
                                   line: override.position?.line ?? 0),
                    .leftOut(component: "VEVENT", uid: override.uid, line: override.position?.line ?? 0)))
                continue
            }
            if let existing = byKey[key] {
                let (kept, dropped) = Self.isNewer(override, than: existing) ? (override, existing) : (existing, override)
                byKey[key] = kept
                problems.append(ICalendarWarning(
                    ICalendarError(.duplicate(uid: dropped.uid, recurrenceID: "\(id)", kept: kept.position?.line ?? 0),
                                   source: dropped.position?.file ?? "", line: dropped.position?.line ?? 0),
                    .leftOut(component: "VEVENT", uid: dropped.uid, line: dropped.position?.line ?? 0)))
            } else {
                byKey[key] = override
            }
        }
        // What the queries need, derived from the overrides that won: all of them by key, the
        // THISANDFUTURE ones with the shift of their start, and the reach of both.
        var all: [(key: SeriesKey, event: Event)] = []
        var future: [(key: SeriesKey, shift: Int, event: Event)] = []
        var longest = master?.length.maximumSeconds ?? 0
        var largestShift = 0
        var first = earliest
        for (key, override) in byKey.sorted(by: { $0.key < $1.key }) {
            let own: SeriesKey
            do {
                own = try timeline.key(of: override.start)
            } catch {
                problems.append(ICalendarWarning(placeError(override, "DTSTART", error), .leftOut(component: "VEVENT", uid: override.uid, line: override.position?.line ?? 0)))
                continue
            }
            all.append((key, override))
            longest = Swift.max(longest, override.length.maximumSeconds)
            first = Swift.min(first, Swift.min(key.seconds, own.seconds))
            last = Swift.max(last, Swift.max(key.seconds, own.seconds))
            guard override.range == .thisAndFuture else { continue }
            let shift = key.distance(to: own)
            future.append((key, shift, override))
            largestShift = Swift.max(largestShift, shift.boundedMagnitude)
        }
        self.overrides = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0.event) })
        self.futureChanges = future
        self.allOverrides = all
        self.lookBehind = longest.clampedSum(largestShift).clampedSum(2 * 86_400)
        self.lookAhead = largestShift.clampedSum(2 * 86_400)
        self.firstStartKey = first
        self.lastStartKey = last
        self.problems = problems
    }

    /// Whether the set has an occurrence at `key` (one seek).
    static func produces(_ set: RecurrenceSet, key: SeriesKey, timeline: SeriesTimeline) -> Bool {
        let bound: RecurrenceSet.Bound
        if key.line == .instants {
            bound = .instant(Instant(seconds: key.seconds))
        } else if let local = try? SeriesTimeline.local(wallSeconds: key.seconds) {
            bound = .local(local)
        } else {
            return false
        }
        guard let occurrences = try? set.occurrences(from: bound) else { return false }
        for occurrence in occurrences { return timeline.key(of: occurrence) == key }
        return false
    }

    /// The master's EXDATEs: their keys, and for a timed series the days a DATE EXDATE leaves out whole.
    static func exclusions(of master: Event?, timeline: SeriesTimeline) -> (keys: Set<SeriesKey>, days: Set<Int>) {
        var keys: Set<SeriesKey> = [], days: Set<Int> = []
        for date in master?.recurrence.exclusions ?? [] {
            if case .date(let day) = date.value, !timeline.isAllDay {
                days.insert(day.dayNumber)
            } else if let key = try? timeline.key(of: date.value) {
                // One that cannot be placed made the recurrence fail `validate` already.
                keys.insert(key)
            }
        }
        return (keys, days)
    }

    /// Whether `a` is a newer version than `b` of one component: a higher
    /// SEQUENCE, then a later DTSTAMP (RFC 5546's order; equal: not newer, the first read stays).
    static func isNewer(_ a: Event, than b: Event) -> Bool {
        if a.sequence != b.sequence { return a.sequence > b.sequence }
        switch (a.stamp, b.stamp) {
        case (let x?, let y?): return x > y
        default: return false
        }
    }

    /// The recurrence as the recurrence engine takes it: in a floating
    /// series, instants and zoned times (an Exchange UNTIL, an EXDATE in UTC)
    /// as the wall-clock times the floating clock shows for them.
    /// - Throws: `TimeError` for one outside the supported range.
    static func placed(_ recurrence: ItemRecurrence, timeline: SeriesTimeline) throws -> ItemRecurrence {
        guard case .floating = timeline.start else { return recurrence }
        let clock = timeline.floatingZone
        func local(_ instant: Instant) throws(TimeError) -> LocalDateTime { try ZonedDateTime(instant: instant, zone: clock).local }
        func floating(_ date: RecurrenceDate) throws(TimeError) -> RecurrenceDate {
            switch date.value {
            case .utc(let instant): return RecurrenceDate(.floating(try local(instant)), periodSeconds: date.periodSeconds)
            case .zoned(let wall, let zone): return RecurrenceDate(.floating(try local(try zone.resolve(wall).instant)), periodSeconds: date.periodSeconds)
            default: return date
            }
        }
        var rules: [RecurrenceRule] = []
        for rule in recurrence.rules {
            if case .utc(let instant)? = rule.until {
                rules.append(try rule.ending(.until(.local(try local(instant)))))
            } else {
                rules.append(rule)
            }
        }
        var dates: [RecurrenceDate] = [], exclusions: [RecurrenceDate] = []
        for date in recurrence.dates { dates.append(try floating(date)) }
        for date in recurrence.exclusions { exclusions.append(try floating(date)) }
        return ItemRecurrence(rules: rules, dates: dates, exclusions: exclusions)
    }
}
