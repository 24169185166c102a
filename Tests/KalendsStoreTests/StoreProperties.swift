import Kalends
import KalendsCheck
@testable import KalendsStore
import XCTest

/// The store's window queries on generated calendars: series in three
/// zones, floating and all-day, with rules, EXDATEs, overrides that move
/// or cancel one occurrence, and THISANDFUTURE changes; checked against
/// expanding every series from its DTSTART with the recurrence engine.
final class StoreProperties: XCTestCase {
    static let zones: [ZoneRules] = ["America/New_York", "Europe/Berlin", "UTC", "Australia/Lord_Howe"].compactMap { try? ZoneRules(identifier: $0) }

    /// One generated event series: (form, day, minute, length), (rule kind, interval, count), overrides.
    typealias Spec = ((Int, Int, Int, Int), (Int, Int, Int, Int), [(Int, Int, Int)])

    static let spec: Gen<Spec> = Gen<Spec>.zip(
        Gen<(Int, Int, Int, Int)>.zip(Gen.int(in: 0...5), Gen.int(in: 0...420), Gen.int(in: 0...95), Gen.int(in: 0...200)),
        Gen<(Int, Int, Int, Int)>.zip(Gen.int(in: 0...4), Gen.int(in: 1...3), Gen.int(in: 1...40), Gen.int(in: 0...40)),
        Gen<(Int, Int, Int)>.zip(Gen.int(in: 0...40), Gen.int(in: -3000...3000), Gen.int(in: 0...5)).array(count: 0...3)
    )

    /// The events of a spec: the master and its overrides.
    static func events(_ spec: Spec, index: Int) -> [Event] {
        let ((form, day, slot, length), (ruleKind, interval, count, exclude), overrides) = spec
        let dayNumber = 19_723 + day  // 2024-01-01 + day
        let zone = zones[form % zones.count]
        guard let local = try? LocalDateTime(dayNumber: dayNumber, time: TimeOfDay(hour: slot / 4, minute: slot % 4 * 15)) else { return [] }
        let start: ItemTime
        switch form {
        case 4: start = .floating(local)
        case 5: start = .date(ISODate(dayNumber: dayNumber))
        default: start = zone.isUTC ? .utc((try? zone.resolve(local).instant) ?? Instant(seconds: 0)) : .zoned(local, zone)
        }
        let itemLength: ItemLength = start.isDate ? .nominal(days: length % 3 + 1, seconds: 0)
            : (length % 2 == 0 ? .exact(seconds: length * 900) : .nominal(days: length % 5 == 1 ? 1 : 0, seconds: length * 600))
        let frequency = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY", nil][ruleKind]
        var recurrence = ItemRecurrence()
        if let frequency, let rule = try? RecurrenceRule(parsing: "FREQ=\(frequency);INTERVAL=\(interval);COUNT=\(count)") {
            recurrence.rules = [rule]
        }
        // Some series have an RDATE, before DTSTART or after it: the earliest occurrence may be an RDATE.
        if !recurrence.isEmpty, exclude % 3 == 0,
           let extra = Oracle.shifted(start, by: (exclude - 20) * 86_400 + 3_600) {
            recurrence.dates = [RecurrenceDate(extra)]
        }
        let uid = "e\(index)"
        var master = Event(uid: uid, title: "event \(index)", start: start, length: itemLength, recurrence: recurrence)
        guard !recurrence.isEmpty, let set = try? RecurrenceSet(start: start.recurrenceStart(), rules: recurrence.rules, dates: recurrence.dates) else {
            return [master]
        }
        let occurrences = Array(set.occurrences().prefix(45))
        if exclude < occurrences.count {
            master.recurrence.exclusions = [RecurrenceDate(Oracle.time(occurrences[exclude]))]
        }
        var result = [master]
        for (which, shift, kind) in overrides where which < occurrences.count && which != exclude {
            let original = Oracle.time(occurrences[which])
            guard let moved = Oracle.shifted(original, by: start.isDate ? shift / 1440 * 86_400 : shift * 60) else { continue }
            var override = Event(uid: uid, title: "moved \(index).\(which)", start: moved, length: itemLength,
                                 recurrenceID: original, range: kind == 5 ? .thisAndFuture : .thisInstance, sequence: 1)
            if kind == 0 { override.status = .cancelled }
            result.append(override)
        }
        return result
    }

    static let calendars: Gen<[Spec]> = spec.array(count: 1...12)
    /// A window: its start (hours from 2024-01-01) and length in hours.
    static let windows: Gen<(Int, Int, Int)> = Gen<(Int, Int, Int)>.zip(Gen.int(in: -48...(24 * 500)), Gen.int(in: 0...(24 * 40)), Gen.int(in: 0...3))

    static func store(_ specs: [Spec]) -> CalendarStore {
        let events = specs.enumerated().flatMap { index, spec in Self.events(spec, index: index) }
        // Two series a thread: the series are built on several threads, as in a large calendar.
        return CalendarStore(calendars: [CalendarCollection(name: "generated", path: "generated.ics", events: events)],
                             policy: .rfc5545, minimumChunk: 2)
    }

    static func window(_ w: (Int, Int, Int)) -> Range<Instant> {
        let start = 1_704_067_200 + w.0 * 3_600 + w.2 * 900
        return Instant(seconds: start)..<Instant(seconds: start + w.1 * 3_600)
    }

    /// What the agenda must hold: every series of the generated events
    /// expanded from its DTSTART by the recurrence engine and placed by
    /// `Oracle` (the RFC's reading written again for the tests, none of the
    /// store's own keys, shifts or spans), overrides applied by hand.
    static func expected(_ events: [Event], _ window: Range<Instant>, viewer: ZoneRules) -> [Row] {
        var rows: [Row] = []
        func add(_ event: Event, _ start: ItemTime, _ length: ItemLength) {
            guard !event.isCancelled, let (from, to) = Oracle.span(start, length, viewer: viewer) else { return }
            let inside = from == to ? window.contains(from) : from < window.upperBound && to > window.lowerBound
            if inside { rows.append(Row(uid: event.uid, title: event.title, start: from, end: to)) }
        }
        for master in events where master.recurrenceID == nil {
            // Of two overrides of one occurrence, the first (they have one SEQUENCE and no DTSTAMP).
            var overrides: [Event] = []
            for override in events where override.uid == master.uid && override.recurrenceID != nil {
                let id = override.recurrenceID.flatMap { Oracle.identity($0, series: master.start) }
                if !overrides.contains(where: { $0.recurrenceID.flatMap { Oracle.identity($0, series: master.start) } == id }) { overrides.append(override) }
            }
            for override in overrides { add(override, override.start, override.length) }
            func replaced(_ time: ItemTime) -> Bool {
                overrides.contains { $0.recurrenceID.flatMap { Oracle.identity($0, series: master.start) } == Oracle.identity(time, series: master.start) }
            }
            guard !master.recurrence.isEmpty, let start = try? master.start.recurrenceStart(),
                  let set = try? RecurrenceSet(start: start, rules: master.recurrence.rules, dates: master.recurrence.dates,
                                               exclusions: master.recurrence.exclusions) else {
                if !replaced(master.start) { add(master, master.start, master.length) }
                continue
            }
            let changes = overrides.filter { $0.range == .thisAndFuture }
            for occurrence in set.occurrences() {
                let original = Oracle.time(occurrence)
                if replaced(original) { continue }
                guard let id = Oracle.identity(original, series: master.start) else { continue }
                // The latest THISANDFUTURE change at or before this occurrence.
                let change = changes.filter { ($0.recurrenceID.flatMap { Oracle.identity($0, series: master.start) } ?? Int.max) <= id }
                    .max { (Oracle.identity($0.recurrenceID!, series: master.start) ?? 0) < (Oracle.identity($1.recurrenceID!, series: master.start) ?? 0) }
                if let change, let changeID = change.recurrenceID, let from = Oracle.identity(changeID, series: master.start),
                   let to = Oracle.identity(change.start, series: master.start) {
                    guard let moved = Oracle.shifted(original, by: to - from) else { continue }
                    add(change, moved, change.length)
                } else {
                    add(master, original, occurrence.periodSeconds.map { .exact(seconds: $0) } ?? master.length)
                }
            }
        }
        return rows.sorted()
    }

    struct Row: Hashable, Comparable, CustomStringConvertible {
        let uid: String
        let title: String?
        let start: Instant
        let end: Instant
        static func < (a: Row, b: Row) -> Bool {
            (a.start.seconds, a.end.seconds, a.uid, a.title ?? "") < (b.start.seconds, b.end.seconds, b.uid, b.title ?? "")
        }
        var description: String { "\(uid) \(title ?? "") \(start)..<\(end)" }
    }

    static func rows(_ occurrences: [EventOccurrence]) -> [Row] {
        occurrences.map { Row(uid: $0.uid, title: $0.event.title, start: $0.startInstant, end: $0.endInstant) }.sorted()
    }

    func testTheAgendaIsEverySeriesExpandedFromItsStart() {
        forAll(Self.calendars, Self.windows, Gen.int(in: 0...3), runs: 1500) { specs, w, viewerPick in
            let store = Self.store(specs)
            let viewer = Self.zones[viewerPick]
            let window = Self.window(w)
            let agenda = try store.events(in: window, viewer: viewer)
            let events = store.calendars.flatMap(\.events)
            let got = Self.rows(agenda), want = Self.expected(events, window, viewer: viewer)
            guard got == want else {
                throw Failure("window \(window), viewer \(viewer.identifier):\n got  \(got)\n want \(want)")
            }
            return true
        }
    }

    /// The query runs on several threads; with a small `limit`, past which it
    /// throws, the threads must give what one pass gives: the same
    /// occurrences in order, or the same error naming the same event.
    func testALimitedQueryOnThreadsIsTheOnePassQuery() {
        forAll(Self.calendars, Self.windows, Gen.int(in: 1...12), runs: 800) { specs, w, limit in
            let events = specs.enumerated().flatMap { index, spec in Self.events(spec, index: index) }
            let calendar = CalendarCollection(name: "generated", path: "generated.ics", events: events)
            let threaded = CalendarStore(calendars: [calendar], policy: .rfc5545, minimumChunk: 1)
            let single = CalendarStore(calendars: [calendar], policy: .rfc5545, minimumChunk: Int.max)
            let window = Self.window(w), viewer = Self.zones[w.2]
            let a = Result { () throws(StoreError) in try threaded.events(in: window, viewer: viewer, limit: limit) }
            let b = Result { () throws(StoreError) in try single.events(in: window, viewer: viewer, limit: limit) }
            guard a == b else { throw Failure("threads \(a)\none pass \(b)") }
            cover(minPercent: 10, (try? b.get()) == nil, "limit reached")
            cover(minPercent: 10, ((try? b.get())?.count ?? 0) > 1, "several occurrences")
            return true
        }
    }

    /// One store queried from many tasks at once (its recurrence sets built
    /// on first use, by whichever task comes first): every task gets what one
    /// thread gets. Under `swift test --sanitize=thread` this is the race check.
    func testOneStoreQueriedFromManyTasksAtOnce() async throws {
        let specs = try Self.calendars.sample(seed: 7, count: 30).flatMap { $0 }
        let window = Self.window((0, 24 * 60, 0))
        let expected = Self.rows(try Self.store(specs).events(in: window, viewer: Self.zones[0]))
        XCTAssertFalse(expected.isEmpty)
        let store = Self.store(specs)
        let results = try await withThrowingTaskGroup(of: [Row].self) { group in
            for task in 0..<16 {
                group.addTask {
                    let shifted = Instant(seconds: window.lowerBound.seconds + task % 4 * 86_400)
                    _ = try store.events(in: shifted..<window.upperBound, viewer: Self.zones[task % 4])
                    return Self.rows(try store.events(in: window, viewer: Self.zones[0]))
                }
            }
            var all: [[Row]] = []
            for try await rows in group { all.append(rows) }
            return all
        }
        XCTAssertEqual(results.count, 16)
        for rows in results { XCTAssertEqual(rows, expected) }
    }

    func testEveryOccurrenceOverlapsTheWindowInOrder() {
        forAll(Self.calendars, Self.windows, Gen.int(in: 0...3), runs: 1500) { specs, w, viewerPick in
            let viewer = Self.zones[viewerPick]
            let window = Self.window(w)
            let agenda = try Self.store(specs).events(in: window, viewer: viewer)
            for occurrence in agenda where !(occurrence.startInstant == occurrence.endInstant ? window.contains(occurrence.startInstant)
                                             : occurrence.startInstant < window.upperBound && occurrence.endInstant > window.lowerBound) {
                throw Failure("\(occurrence.uid) \(occurrence.startInstant)..<\(occurrence.endInstant) is not in \(window)")
            }
            for (a, b) in zip(agenda, agenda.dropFirst()) {
                let dayA = viewer.dayNumber(of: a.startInstant), dayB = viewer.dayNumber(of: b.startInstant)
                guard dayA < dayB || (dayA == dayB && (a.isAllDay && !b.isAllDay || a.isAllDay == b.isAllDay && a.startInstant <= b.startInstant)) else {
                    throw Failure("out of order: \(a.uid) \(a.startInstant) before \(b.uid) \(b.startInstant)")
                }
            }
            return true
        }
    }

    func testAWindowIsTheUnionOfItsHalves() {
        forAll(Self.calendars, Self.windows, Gen.int(in: 0...1000), runs: 1000) { specs, w, cut in
            let store = Self.store(specs)
            let viewer = Self.zones[0]
            let window = Self.window(w)
            let middle = Instant(seconds: window.lowerBound.seconds + (window.upperBound.seconds - window.lowerBound.seconds) * cut / 1000)
            let whole = Set(Self.rows(try store.events(in: window, viewer: viewer)))
            let halves = Set(Self.rows(try store.events(in: window.lowerBound..<middle, viewer: viewer)))
                .union(Self.rows(try store.events(in: middle..<window.upperBound, viewer: viewer)))
            guard whole == halves else { throw Failure("whole \(whole.sorted())\nhalves \(halves.sorted())") }
            return true
        }
    }

    func testAnOverrideReplacesExactlyItsOccurrence() {
        forAll(Gen.int(in: 0...9), Gen.int(in: -600...600), Gen.bool, runs: 500) { which, shift, cancel in
            let zone = Self.zones[0]
            let local = try LocalDateTime(dayNumber: 19_793, time: TimeOfDay(hour: 9))  // 2024-03-11 09:00, after the change
            let rule = try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=10")
            let master = Event(uid: "s", title: "series", start: .zoned(local, zone), length: .exact(seconds: 1_800),
                               recurrence: ItemRecurrence(rules: [rule]))
            let set = try RecurrenceSet(start: .zoned(local, zone), rules: [rule])
            let occurrences = Array(set.occurrences())
            let original = Oracle.time(occurrences[which])
            guard let moved = Oracle.shifted(original, by: shift * 60) else { throw Discard("unplaceable") }
            let movedInstant = try moved.instant(viewer: .utc)
            let override = Event(uid: "s", title: "moved", start: moved, length: .exact(seconds: 1_800),
                                 status: cancel ? .cancelled : nil, recurrenceID: original)
            let store = CalendarStore(calendars: [CalendarCollection(name: "c", path: "c.ics", events: [master, override])])
            let all = try store.events(in: Instant(seconds: 1_709_000_000)..<Instant(seconds: 1_712_000_000), viewer: zone)
            let series = all.filter { $0.event.title == "series" }
            let changed = all.filter { $0.event.title == "moved" }
            let originalInstant = occurrences[which].instant
            return series.count == 9 && !series.contains { $0.startInstant == originalInstant }
                && changed.count == (cancel ? 0 : 1) && changed.allSatisfy { $0.startInstant == movedInstant && $0.recurrenceID == original }
        }
    }

    func testThisAndFutureChangesTheLaterOccurrencesOnly() {
        forAll(Gen.int(in: 1...9), Gen.int(in: -300...300), runs: 500) { which, shift in
            let zone = Self.zones[1]
            let local = try LocalDateTime(dayNumber: 19_807, time: TimeOfDay(hour: 8, minute: 30))  // 2024-03-25, Berlin
            let rule = try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=10")
            let master = Event(uid: "s", title: "before", start: .zoned(local, zone), length: .exact(seconds: 3_600),
                               recurrence: ItemRecurrence(rules: [rule]))
            let occurrences = Array(try RecurrenceSet(start: .zoned(local, zone), rules: [rule]).occurrences())
            let original = Oracle.time(occurrences[which])
            guard let moved = Oracle.shifted(original, by: shift * 60) else { throw Discard("unplaceable") }
            let change = Event(uid: "s", title: "after", start: moved, length: .exact(seconds: 1_200), recurrenceID: original, range: .thisAndFuture)
            let store = CalendarStore(calendars: [CalendarCollection(name: "c", path: "c.ics", events: [master, change])])
            let all = try store.events(in: Instant(seconds: 1_711_000_000)..<Instant(seconds: 1_713_000_000), viewer: zone)
            guard all.count == 10 else { throw Failure("\(all.count) occurrences") }
            for occurrence in all {
                guard let id = occurrence.recurrenceID, let index = occurrences.firstIndex(where: { Oracle.time($0) == id }),
                      let base = occurrences[index].instant else { throw Failure("no recurrence id: \(occurrence)") }
                if index < which {
                    guard occurrence.event.title == "before", occurrence.startInstant == base,
                          occurrence.endInstant.seconds - base.seconds == 3_600 else { throw Failure("earlier \(index) changed") }
                } else {
                    guard occurrence.event.title == "after", occurrence.startInstant.seconds == base.seconds + shift * 60,
                          occurrence.endInstant.seconds - occurrence.startInstant.seconds == 1_200 else { throw Failure("later \(index) not changed") }
                }
            }
            return true
        }
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
