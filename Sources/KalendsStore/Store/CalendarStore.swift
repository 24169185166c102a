import Kalends
import KalendsICalendar

/// The events, reminders and alarms of a set of calendars, queried as
/// EventKit's store is: the occurrences that overlap a window, overrides
/// applied; reminders by due date; alarms that fire in a window.
///
/// Opening groups each calendar's events into series (a UID's master and
/// its overrides, `SeriesGrouping`) and checks each series' recurrence; a
/// window query then costs what the window holds plus one seek per series
/// (the recurrence engine's window queries), so a week in 2090 costs what a
/// week in 2024 does. What cannot be used is listed in `problems`, each
/// with its place, never dropped in silence.
public struct CalendarStore: Sendable {
    /// The calendars, in the order given.
    public let calendars: [CalendarCollection]

    /// The web color (`CalendarCollection.webColor`) of the first calendar named `name`, if it has one.
    public func color(ofCalendar name: String) -> String? {
        calendars.first { $0.name == name }?.webColor
    }
    /// What was left out when the store was built, with its place and why:
    /// a series whose recurrence cannot be expanded, an older version of an
    /// event (a lower SEQUENCE, then an earlier DTSTAMP), an override of an
    /// occurrence the newest version does not have, a time that cannot be placed.
    public let problems: [ICalendarWarning]
    let series: [EventSeries]
    /// The fewest series a thread builds or queries.
    let minimumChunk: Int

    /// A store of `calendars`; `policy` places occurrences a zone skips or
    /// repeats; instants in a floating series (an UNTIL or EXDATE in UTC)
    /// are read by `floatingZone`'s clock: give the viewer's zone, in which
    /// queries read floating times.
    public init(calendars: [CalendarCollection], policy: LocalTimePolicy = .rfc5545, floatingZone: ZoneRules = .utc) {
        self.init(calendars: calendars, policy: policy, floatingZone: floatingZone, minimumChunk: 256)
    }

    /// `minimumChunk`: the fewest series a thread builds (tests make it small to reach the threads).
    init(calendars: [CalendarCollection], policy: LocalTimePolicy, floatingZone: ZoneRules = .utc, minimumChunk: Int) {
        self.calendars = calendars
        self.minimumChunk = minimumChunk
        var series: [EventSeries] = []
        var problems: [ICalendarWarning] = []
        for calendar in calendars {
            let grouping = SeriesGrouping(calendar.events)
            problems += grouping.problems
            let groups = grouping.groups
            // Each series built once, in chunks on the machine's cores, kept in order.
            let parts = Parallel.chunks(count: groups.count, minimumChunk: minimumChunk) { range in
                var built: [EventSeries] = [], failed: [ICalendarWarning] = []
                for group in groups[range] {
                    let master = group.master.map { calendar.events[$0] }
                    let overrides = group.overrides.map { calendar.events[$0] }
                    do throws(ICalendarError) {
                        let made = try EventSeries(calendar: calendar.name, master: master, overrides: overrides, policy: policy,
                                                   floatingZone: floatingZone, newestOfSeveral: group.newestOfSeveral)
                        failed += made.problems
                        built.append(made)
                    } catch {
                        let event = master ?? overrides.first
                        failed.append(ICalendarWarning(error, .leftOut(component: "VEVENT", uid: event?.uid, line: event?.position?.line ?? 0)))
                    }
                }
                return (built, failed)
            }
            for (built, failed) in parts {
                series += built
                problems += failed
            }
        }
        self.series = series
        // In the order of the files and their lines, as the reader's warnings come.
        let order = Dictionary(calendars.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.problems = problems.enumerated().sorted { a, b in
            let fileA = order[a.element.error.source] ?? Int.max, fileB = order[b.element.error.source] ?? Int.max
            if fileA != fileB { return fileA < fileB }
            if a.element.error.line != b.element.error.line { return a.element.error.line < b.element.error.line }
            return a.offset < b.offset
        }.map(\.element)
    }

    // MARK: Events

    /// The most occurrences one query gives (a window of 10 days holds
    /// 864,000 of a SECONDLY rule): past it the query is an error, in time
    /// and memory bounded by it, never a hang.
    public static let maximumOccurrences = 1_000_000

    /// The occurrences that overlap `window` (half-open; a zero-length event
    /// at instant t is in it when lower <= t < upper), seen from `viewer`
    /// (floating times and all-day dates are the viewer's), cancelled ones
    /// left out, sorted by start (all-day first within the viewer's day),
    /// then end, calendar, UID. `calendars`: only these names (nil: all).
    /// - Throws: `StoreError.tooManyOccurrences` when the window holds more
    ///   than `limit`; `.unplaceable` when an occurrence in it reaches past the supported dates.
    public func events(in window: Range<Instant>, viewer: ZoneRules, calendars: Set<String>? = nil,
                       limit: Int = maximumOccurrences) throws(StoreError) -> [EventOccurrence] {
        // The series in chunks on the machine's cores (each chunk bounded by `limit` on its own);
        // past the limit in all, the query is made again on one thread, for the error one pass gives.
        let parts = Parallel.chunks(count: series.count, minimumChunk: minimumChunk) { range in
            Result { () throws(StoreError) in
                try occurrences(of: series[range], in: window, viewer: viewer, calendars: calendars, limit: limit)
            }
        }
        var result: [EventOccurrence] = []
        var joined = true
        for part in parts {
            // Fewer than `limit` in all: one pass would not have stopped either.
            guard case .success(let found) = part, result.count + found.count < limit else {
                joined = false
                break
            }
            result += found
        }
        if !joined {
            result = try occurrences(of: series[...], in: window, viewer: viewer, calendars: calendars, limit: limit)
        }
        // The keys computed once, the occurrences (large values) moved once.
        // The instants are in the keys too: only a tie reaches the occurrences' texts.
        let keys = result.map { (day: viewer.dayNumber(of: $0.startInstant), allDay: $0.isAllDay, start: $0.startInstant, end: $0.endInstant) }
        let order = keys.indices.sorted { i, j in
            let a = keys[i], b = keys[j]
            if a.day != b.day { return a.day < b.day }
            if a.allDay != b.allDay { return a.allDay }
            if a.start != b.start { return a.start < b.start }
            if a.end != b.end { return a.end < b.end }
            return result.withUnsafeBufferPointer { Self.precedesOnOneDay($0[i], $0[j]) }
        }
        return order.map { result[$0] }
    }

    /// The occurrences of `series` (those of `calendars`) that overlap `window`, unsorted.
    private func occurrences(of series: ArraySlice<EventSeries>, in window: Range<Instant>, viewer: ZoneRules,
                             calendars: Set<String>?, limit: Int) throws(StoreError) -> [EventOccurrence] {
        var result: [EventOccurrence] = []
        // Keys of either line (UTC, or wall-clock seconds within a day of it) that may meet the window.
        let low = window.lowerBound.seconds.clampedSum(-2 * 86_400), high = window.upperBound.seconds.clampedSum(2 * 86_400)
        for series in series where calendars?.contains(series.calendar) ?? true {
            // A series all of whose starts (with its reach) fall outside the window: nothing to look at.
            if series.lastStartKey.clampedSum(series.lookBehind) < low || series.firstStartKey.clampedSum(-series.lookAhead) > high { continue }
            try occurrences(of: series, overlapping: window, viewer: viewer, limit: limit, into: &result)
        }
        return result
    }

    /// The agenda's order within a day of the viewer, all-day ones put first by the caller:
    /// start, end, calendar, UID, title.
    static func precedesOnOneDay(_ a: EventOccurrence, _ b: EventOccurrence) -> Bool {
        if a.startInstant != b.startInstant { return a.startInstant < b.startInstant }
        if a.endInstant != b.endInstant { return a.endInstant < b.endInstant }
        if a.calendar != b.calendar { return a.calendar < b.calendar }
        if a.uid != b.uid { return a.uid < b.uid }
        return (a.event.title ?? "") < (b.event.title ?? "")
    }

    /// `firstOnly`: stop at the master's first occurrence that overlaps the window (the overrides are all looked at).
    func occurrences(of series: EventSeries, overlapping window: Range<Instant>, viewer: ZoneRules, limit: Int,
                     into result: inout [EventOccurrence], firstOnly: Bool = false) throws(StoreError) {
        func emit(_ event: Event, start: ItemTime, startInstant: Instant?, length: ItemLength, recurrenceID: ItemTime?) throws(StoreError) {
            guard !event.isCancelled else { return }
            let span: OccurrenceSpan
            do {
                span = try SeriesTimeline.span(start: start, startInstant: startInstant, length: length, viewer: viewer)
            } catch {
                throw .unplaceable(uid: event.uid, calendar: series.calendar, detail: "\(error)")
            }
            guard span.overlaps(window) else { return }
            result.append(EventOccurrence(event: event, calendar: series.calendar, start: start, end: span.endTime,
                                          startInstant: span.start, endInstant: span.end, recurrenceID: recurrenceID))
        }
        // Overrides stand on their own times, wherever the occurrence they replace was.
        for (_, override) in series.allOverrides {
            try emit(override, start: override.start, startInstant: nil, length: override.length, recurrenceID: override.recurrenceID)
        }
        guard let master = series.master else { return }
        // Every occurrence of a cancelled master is cancelled: none to find.
        if firstOnly && master.isCancelled { return }
        let found = result.count
        let timeline = series.timeline
        guard series.recurs else {
            if series.overrides.isEmpty || series.overrides[SeriesKey(timeline.line, series.earliestKey)] == nil {
                try emit(master, start: master.start, startInstant: nil, length: master.length, recurrenceID: nil)
            }
            return
        }
        let upperKey = Self.upperKey(series: series, window: window, viewer: viewer)
        // A series that starts after the window: nothing of the master's to seek (nor its set to build).
        guard series.earliestKey <= upperKey, let set = series.set,
              let occurrences = Self.candidates(of: set, series: series, window: window, viewer: viewer) else { return }
        for occurrence in occurrences {
            let key = timeline.key(of: occurrence)
            if key.seconds > upperKey { break }
            guard result.count < limit else {
                throw .tooManyOccurrences(uid: master.uid, calendar: series.calendar, limit: limit)
            }
            if series.overrides[key] != nil { continue }
            let original = timeline.time(of: occurrence)
            let placed: (event: Event, start: ItemTime, startInstant: Instant?, length: ItemLength)
            do {
                placed = try Self.placed(occurrence, of: series, master: master, key: key, original: original)
            } catch {
                throw .unplaceable(uid: master.uid, calendar: series.calendar, detail: "\(error)")
            }
            try emit(placed.event, start: placed.start, startInstant: placed.startInstant, length: placed.length, recurrenceID: original)
            // The master's occurrences come in start order (past the last THISANDFUTURE shift): the first found is the first.
            if firstOnly && result.count > found && (series.futureChanges.last.map { key > $0.key } ?? true) { break }
        }
    }

    /// The master's occurrences that may reach into `window`: those starting
    /// from the window's start less the series' longest reach, lazily; nil
    /// when that start lies before every supported time (then from DTSTART).
    static func candidates(of set: RecurrenceSet, series: EventSeries, window: Range<Instant>, viewer: ZoneRules) -> Occurrences? {
        let lower: RecurrenceSet.Bound
        switch set.start {
        case .zoned:
            lower = .instant(Instant(seconds: Swift.max(Instant.supportedSeconds.lowerBound,
                                                        window.lowerBound.seconds.clampedSum(-series.lookBehind))))
        case .floating, .date:
            // The viewer's wall clock at the window's start, less the reach (offsets are within a day).
            let wall = window.lowerBound.seconds.clampedSum(viewer.offset(at: window.lowerBound).seconds).clampedSum(-series.lookBehind)
            guard let local = try? SeriesTimeline.local(wallSeconds: wall) else { return set.occurrences() }
            lower = .local(local)
        }
        // A bound the set cannot take (before the supported span) starts at DTSTART instead.
        return (try? set.occurrences(from: lower)) ?? set.occurrences()
    }

    /// The largest key an occurrence may have and still (shifted) start before the window's end.
    static func upperKey(series: EventSeries, window: Range<Instant>, viewer: ZoneRules) -> Int {
        if series.timeline.line == .instants { return window.upperBound.seconds.clampedSum(series.lookAhead) }
        return window.upperBound.seconds.clampedSum(viewer.offset(at: window.upperBound).seconds).clampedSum(series.lookAhead)
    }

    /// A master's occurrence (at `key`, its original start `original`) as it
    /// happens: the master's fields and the occurrence's length (a PERIOD's),
    /// or, after a THISANDFUTURE override, that override's fields with its shift applied.
    /// - Throws: `TimeError` when the shifted start cannot be placed.
    static func placed(_ occurrence: Occurrence, of series: EventSeries, master: Event, key: SeriesKey,
                       original: ItemTime) throws(TimeError) -> (event: Event, start: ItemTime, startInstant: Instant?, length: ItemLength) {
        let length = occurrence.periodSeconds.map { ItemLength.exact(seconds: $0) } ?? master.length
        guard let change = futureChange(series.futureChanges, at: key) else { return (master, original, occurrence.instant, length) }
        guard change.shift != 0 else { return (change.event, original, occurrence.instant, change.event.length) }
        return (change.event, try series.timeline.moving(original, by: change.shift), nil, change.event.length)
    }

    /// The last THISANDFUTURE change at or before `key`.
    static func futureChange(_ changes: [(key: SeriesKey, shift: Int, event: Event)], at key: SeriesKey) -> (key: SeriesKey, shift: Int, event: Event)? {
        var low = 0, high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].key <= key { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : changes[low - 1]
    }
}

/// Why the store cannot answer a query.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The window holds more than `limit` occurrences; the event with `uid`
    /// was being expanded when the limit was reached.
    case tooManyOccurrences(uid: String, calendar: String, limit: Int)
    /// An occurrence of the event with `uid` in the window reaches past the supported dates; `detail` says where.
    case unplaceable(uid: String, calendar: String, detail: String)

    public var description: String {
        switch self {
        case .tooManyOccurrences(let uid, let calendar, let limit):
            "the window holds more than \(limit) occurrences (the event with UID \(RuleError.shown(uid)) of \(RuleError.shown(calendar)) reached the limit): give a shorter window"
        case .unplaceable(let uid, let calendar, let detail):
            "an occurrence of the event with UID \(RuleError.shown(uid)) of \(RuleError.shown(calendar)) cannot be placed: \(detail)"
        }
    }
}
