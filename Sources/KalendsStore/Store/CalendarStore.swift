import Kalends
import KalendsICalendar

/// The events, reminders and alarms of a set of calendars, queried as
/// EventKit's store is: the occurrences that overlap a window, overrides
/// applied; reminders by due date; alarms that fire in a window.
///
/// Opening groups each calendar's events into series (a UID's master and
/// its overrides) and builds each series' recurrence once; a window query
/// then costs what the window holds plus one seek per series (the
/// recurrence engine's window queries), so a week in 2090 costs what a week
/// in 2024 does.
public struct CalendarStore: Sendable {
    /// The calendars, in the order given.
    public let calendars: [CalendarCollection]
    /// What was left out when the store was built: a series whose recurrence
    /// cannot be expanded (the event, and why).
    public let problems: [(event: Event, error: RecurrenceError)]
    let series: [EventSeries]
    /// The fewest series a thread builds or queries.
    let minimumChunk: Int

    /// A store of `calendars`; `policy` places occurrences a zone skips or repeats.
    public init(calendars: [CalendarCollection], policy: LocalTimePolicy = .rfc5545) {
        self.init(calendars: calendars, policy: policy, minimumChunk: 1_024)
    }

    /// `minimumChunk`: the fewest series a thread builds (tests make it small to reach the threads).
    init(calendars: [CalendarCollection], policy: LocalTimePolicy, minimumChunk: Int) {
        self.calendars = calendars
        self.minimumChunk = minimumChunk
        var series: [EventSeries] = []
        var problems: [(event: Event, error: RecurrenceError)] = []
        for calendar in calendars {
            let events = calendar.events
            // Indices, not copies, of the events: masters by UID (the first of a UID), overrides by UID.
            var masterOf: [String: Int] = [:]
            var overridesOf: [String: [Int]] = [:]
            masterOf.reserveCapacity(events.count)
            // Each series once, in the order its first event comes: (UID, master index or nil).
            var order: [(uid: String, master: Int?)] = []
            for index in events.indices {
                let uid = events[index].uid
                if events[index].recurrenceID != nil {
                    if overridesOf[uid] == nil && masterOf[uid] == nil { order.append((uid, nil)) }
                    overridesOf[uid, default: []].append(index)
                } else if masterOf[uid] == nil {
                    masterOf[uid] = index
                    order.append((uid, index))
                } else {
                    // The same UID twice in one calendar: each is shown, the first gets the overrides.
                    order.append(("", index))
                }
            }
            // Each series built once (its recurrence set too), in chunks on the machine's cores, kept in order.
            let parts = Parallel.chunks(count: order.count, minimumChunk: minimumChunk) { range in
                var built: [EventSeries] = [], failed: [(event: Event, error: RecurrenceError)] = []
                for (uid, index) in order[range] {
                    // A series first met as an override takes its master, if one comes later.
                    let master = index ?? masterOf[uid]
                    if index == nil, master != nil { continue }
                    let overrides = uid.isEmpty ? [] : (overridesOf[uid] ?? []).map { events[$0] }
                    let event = master.map { events[$0] }
                    do {
                        built.append(try EventSeries(calendar: calendar.name, master: event, overrides: overrides, policy: policy))
                    } catch let error as RecurrenceError {
                        if let event { failed.append((event, error)) }
                    } catch {
                        continue
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
        self.problems = problems
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
    /// - Throws: `StoreError.tooManyOccurrences` when the window holds more than `limit`.
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
        let keys = result.map { (day: viewer.dayNumber(of: $0.startInstant), allDay: $0.isAllDay) }
        let order = result.indices.sorted { i, j in
            let a = result[i], b = result[j]
            if keys[i].day != keys[j].day { return keys[i].day < keys[j].day }
            if keys[i].allDay != keys[j].allDay { return keys[i].allDay }
            return Self.precedesOnOneDay(a, b)
        }
        return order.map { result[$0] }
    }

    /// The occurrences of `series` (those of `calendars`) that overlap `window`, unsorted.
    private func occurrences(of series: ArraySlice<EventSeries>, in window: Range<Instant>, viewer: ZoneRules,
                             calendars: Set<String>?, limit: Int) throws(StoreError) -> [EventOccurrence] {
        var result: [EventOccurrence] = []
        // Keys of any form (UTC, or wall-clock seconds within a day of it) that may meet the window.
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

    private func occurrences(of series: EventSeries, overlapping window: Range<Instant>, viewer: ZoneRules, limit: Int,
                             into result: inout [EventOccurrence]) throws(StoreError) {
        func emit(_ event: Event, start: ItemTime, startInstant: Instant?, length: ItemLength, recurrenceID: ItemTime?) {
            guard !event.isCancelled,
                  let span = Self.span(start: start, startInstant: startInstant, length: length, viewer: viewer),
                  Self.overlaps(span.start, span.end, window) else { return }
            result.append(EventOccurrence(event: event, calendar: series.calendar, start: start, end: span.endTime,
                                          startInstant: span.start, endInstant: span.end, recurrenceID: recurrenceID))
        }
        // Overrides stand on their own times, wherever the occurrence they replace was.
        for (_, override) in series.allOverrides {
            emit(override, start: override.start, startInstant: nil, length: override.length, recurrenceID: override.recurrenceID)
        }
        guard let master = series.master else { return }
        guard series.recurs else {
            if series.overrides.isEmpty || series.overrides[EventSeries.key(of: master.start, reference: master.start)] == nil {
                emit(master, start: master.start, startInstant: nil, length: master.length, recurrenceID: nil)
            }
            return
        }
        let upperKey = Self.upperKey(series: series, window: window, viewer: viewer)
        // A series that starts after the window: nothing of the master's to seek (nor its set to build).
        guard series.earliestKey <= upperKey, let set = series.set,
              let occurrences = Self.candidates(of: set, series: series, window: window, viewer: viewer) else { return }
        for occurrence in occurrences {
            let key = Self.key(of: occurrence)
            if key > upperKey { break }
            guard result.count < limit else {
                throw .tooManyOccurrences(uid: master.uid, calendar: series.calendar, limit: limit)
            }
            if series.overrides[key] != nil { continue }
            let original = Self.itemTime(occurrence)
            var event = master
            var start = original
            var startInstant = occurrence.instant
            var length = occurrence.periodSeconds.map { ItemLength.exact(seconds: $0) } ?? master.length
            if let change = Self.futureChange(series.futureChanges, at: key) {
                // A THISANDFUTURE override's fields, its shift applied to this later occurrence.
                event = change.event
                length = change.event.length
                if change.shift != 0 {
                    guard let moved = Self.shifted(original, instant: startInstant, by: change.shift) else { continue }
                    start = moved.time
                    startInstant = moved.instant
                }
            }
            emit(event, start: start, startInstant: startInstant, length: length, recurrenceID: original)
        }
    }

    /// The master's occurrences that may reach into `window`: those starting
    /// from the window's start less the series' longest reach, lazily.
    static func candidates(of set: RecurrenceSet, series: EventSeries, window: Range<Instant>, viewer: ZoneRules) -> Occurrences? {
        let lower: RecurrenceSet.Bound
        switch set.start {
        case .zoned:
            lower = .instant(Instant(seconds: Swift.max(Instant.supportedSeconds.lowerBound,
                                                        window.lowerBound.seconds.clampedSum(-series.lookBehind))))
        case .floating, .date:
            // The viewer's wall clock at the window's start, less the reach (offsets are within a day).
            let wall = window.lowerBound.seconds.clampedSum(viewer.offset(at: window.lowerBound).seconds)
            guard let local = LocalDateTime.fromWallSeconds(wall.clampedSum(-series.lookBehind)) else { return set.occurrences() }
            lower = .local(local)
        }
        return try? set.occurrences(from: lower)
    }

    /// The largest key an occurrence may have and still (shifted) start before the window's end.
    static func upperKey(series: EventSeries, window: Range<Instant>, viewer: ZoneRules) -> Int {
        if series.isZoned { return window.upperBound.seconds.clampedSum(series.lookAhead) }
        return window.upperBound.seconds.clampedSum(viewer.offset(at: window.upperBound).seconds).clampedSum(series.lookAhead)
    }

    /// The recurrence engine's key of an occurrence: UTC seconds when zoned, wall-clock seconds otherwise.
    static func key(of occurrence: Occurrence) -> Int {
        occurrence.instant?.seconds ?? occurrence.local.wallSecondsClamped
    }

    /// An occurrence as a file would write its start.
    static func itemTime(_ occurrence: Occurrence) -> ItemTime {
        switch occurrence.value {
        case .date(let date): return .date(date)
        case .floating(let local): return .floating(local)
        case .zoned(let zoned): return zoned.zone.isUTC ? .utc(zoned.instant) : .zoned(zoned.local, zoned.zone)
        }
    }

    /// The last THISANDFUTURE change at or before `key`.
    static func futureChange(_ changes: [(key: Int, shift: Int, event: Event)], at key: Int) -> (key: Int, shift: Int, event: Event)? {
        var low = 0, high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].key <= key { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : changes[low - 1]
    }

    /// `time` moved by `shift` key seconds (elapsed for a zoned time, wall-clock otherwise).
    static func shifted(_ time: ItemTime, instant: Instant?, by shift: Int) -> (time: ItemTime, instant: Instant?)? {
        switch time {
        case .zoned(_, let zone):
            guard let instant, let moved = try? ZonedDateTime(instant: Instant(seconds: instant.seconds.clampedSum(shift)), zone: zone) else { return nil }
            return (.zoned(moved.local, zone), moved.instant)
        case .utc(let instant):
            return (.utc(Instant(seconds: instant.seconds.clampedSum(shift))), nil)
        case .floating(let local):
            guard let moved = LocalDateTime.fromWallSeconds(local.wallSecondsClamped.clampedSum(shift)) else { return nil }
            return (.floating(moved), nil)
        case .date(let date):
            let day = date.dayNumber.clampedSum(shift.floorDivided(by: 86_400))
            guard DayNumber.supported.contains(day) else { return nil }
            return (.date(ISODate(dayNumber: day)), nil)
        }
    }

    /// The instants an occurrence covers for `viewer`, and its end as the file's form.
    static func span(start: ItemTime, startInstant: Instant?, length: ItemLength,
                     viewer: ZoneRules) -> (start: Instant, end: Instant, endTime: ItemTime)? {
        switch start {
        case .date(let date):
            let days: Int
            switch length {
            case .exact(let seconds): days = seconds.floorDivided(by: 86_400) + (seconds.floorModulo(86_400) == 0 ? 0 : 1)
            case .nominal(let whole, let seconds): days = whole.clampedSum(seconds > 0 ? (seconds + 86_399) / 86_400 : 0)
            }
            // An all-day event takes at least its own day.
            let endDay = date.dayNumber.clampedSum(Swift.max(1, days))
            guard DayNumber.supported.contains(endDay),
                  let from = try? viewer.startOfDay(date.dayNumber), let to = try? viewer.startOfDay(endDay) else { return nil }
            return (from, to, .date(ISODate(dayNumber: endDay)))
        case .floating(let local):
            let end: LocalDateTime?
            switch length {
            case .exact(let seconds): end = LocalDateTime.fromWallSeconds(local.wallSecondsClamped.clampedSum(seconds))
            case .nominal(let days, let seconds):
                end = LocalDateTime.fromWallSeconds(local.wallSecondsClamped.clampedSum(days.clampedProduct(86_400)).clampedSum(seconds))
            }
            guard let end, let from = try? viewer.resolve(local).instant, let to = try? viewer.resolve(end).instant else { return nil }
            return (from, Swift.max(from, to), .floating(end))
        case .zoned(let local, let zone):
            guard let from = startInstant ?? (try? zone.resolve(local).instant) else { return nil }
            let to: Instant?
            switch length {
            case .exact(let seconds): to = Instant(seconds: from.seconds.clampedSum(seconds))
            case .nominal(let days, let seconds):
                let day = local.dayNumber.clampedSum(days)
                guard let wall = LocalDateTime.at(day: day, nanosecondOfDay: local.nanosecondOfDay),
                      let moved = try? zone.resolve(wall).instant else { return nil }
                to = Instant(seconds: moved.seconds.clampedSum(seconds))
            }
            guard let to, let end = try? ZonedDateTime(instant: Swift.max(from, to), zone: zone) else { return nil }
            return (from, end.instant, .zoned(end.local, zone))
        case .utc(let instant):
            let seconds: Int
            switch length {
            case .exact(let exact): seconds = exact
            case .nominal(let days, let exact): seconds = days.clampedProduct(86_400).clampedSum(exact)
            }
            let end = Instant(seconds: instant.seconds.clampedSum(Swift.max(0, seconds)))
            return (instant, end, .utc(end))
        }
    }

    /// [start, end) meets `window`; a zero-length span is its start instant.
    static func overlaps(_ start: Instant, _ end: Instant, _ window: Range<Instant>) -> Bool {
        start == end ? window.contains(start) : start < window.upperBound && end > window.lowerBound
    }
}

/// Why the store cannot answer a query.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The window holds more than `limit` occurrences; the event with `uid`
    /// was being expanded when the limit was reached.
    case tooManyOccurrences(uid: String, calendar: String, limit: Int)

    public var description: String {
        switch self {
        case .tooManyOccurrences(let uid, let calendar, let limit):
            "the window holds more than \(limit) occurrences (the event with UID \(RuleError.shown(uid)) of \(RuleError.shown(calendar)) reached the limit): give a shorter window"
        }
    }
}
