import Foundation
import Kalends
import KalendsCheck
import KalendsICalendar
@testable import KalendsStore
import XCTest

/// Edits of series that other tests do not reach: a split with later
/// overrides and a new start (in another zone too) never changes the
/// number of occurrences; an override edited twice stays one override;
/// every TZID an edit writes has its VTIMEZONE, and one no longer used goes;
/// an edit of a series with any rule, however long, finishes within its
/// bound (a result, or `tooManyOccurrences`).
final class SeriesEditProperties: XCTestCase {
    static let zones = ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "UTC"].compactMap { try? ZoneRules(identifier: $0) }

    static func local(day: Int, minute: Int) -> LocalDateTime? {
        try? LocalDateTime(dayNumber: day, time: TimeOfDay(hour: minute / 60, minute: minute % 60))
    }

    /// The agenda of a file over 2024-2026 in UTC: (UID, start, title), in order.
    static func agenda(_ bytes: [UInt8]) throws -> [(uid: String, start: Int, title: String)] {
        let calendar = try CalendarFileReader(mode: .strict).read(bytes: bytes, source: "t.ics").calendar
        let store = CalendarStore(calendars: [calendar])
        let window = Instant(seconds: 19_700 * 86_400)..<Instant(seconds: 20_500 * 86_400)
        return try store.events(in: window, viewer: .utc).map { ($0.uid, $0.startInstant.seconds, $0.event.title ?? "") }
    }

    /// A file of one weekly series (COUNT or UNTIL) in `zone`, with overrides of some of its occurrences.
    static func file(zone: ZoneRules, day: Int, minute: Int, count: Int, until: Bool, overrides: [Int]) -> [UInt8] {
        guard let start = local(day: day, minute: minute) else { return [] }
        let time: ItemTime = zone.isUTC ? .utc(Instant(seconds: start.dayNumber * 86_400 + minute * 60)) : .zoned(start, zone)
        var properties = [ICalendarProperty(name: "UID", value: "s@test"), ICalendarProperty(name: "DTSTAMP", value: "20240101T000000Z"),
                          ICalendarProperty("DTSTART", time: time), ICalendarProperty(name: "DURATION", value: "PT1H"),
                          ICalendarProperty(name: "SUMMARY", value: "Series")]
        // UNTIL the day after the last occurrence's (its zone's offset cannot take it past that).
        let rule = until ? "FREQ=WEEKLY;UNTIL=" + ICalendarValue.DateTime.write(Instant(seconds: (day + 7 * (count - 1) + 1) * 86_400 + 23 * 3_600))
            : "FREQ=WEEKLY;COUNT=\(count)"
        properties.append(ICalendarProperty(name: "RRULE", value: rule))
        let writer = ICalendarWriter()
        var bytes = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n".utf8)
        bytes += writer.component(ICalendarComponent(name: "VEVENT", properties: properties))
        for index in Set(overrides) where index < count {
            guard let occurrence = local(day: day + 7 * index, minute: minute), let moved = local(day: day + 7 * index, minute: minute + 90) else { continue }
            let id: ItemTime = zone.isUTC ? .utc(Instant(seconds: occurrence.dayNumber * 86_400 + minute * 60)) : .zoned(occurrence, zone)
            let start: ItemTime = zone.isUTC ? .utc(Instant(seconds: moved.dayNumber * 86_400 + (minute + 90) * 60)) : .zoned(moved, zone)
            bytes += writer.component(ICalendarComponent(name: "VEVENT", properties: [
                ICalendarProperty(name: "UID", value: "s@test"), ICalendarProperty(name: "DTSTAMP", value: "20240101T000000Z"),
                ICalendarProperty("RECURRENCE-ID", time: id), ICalendarProperty("DTSTART", time: start),
                ICalendarProperty(name: "DURATION", value: "PT1H"), ICalendarProperty(name: "SUMMARY", value: "Override \(index)"),
            ]))
        }
        return bytes + Array("END:VCALENDAR\r\n".utf8)
    }

    /// A split at occurrence `at`, with a new start in `newZone` moved by `shift` minutes: as many occurrences after as before,
    /// each override still once (its title), the earlier ones unchanged.
    func testASplitNeverChangesTheNumberOfOccurrences() {
        let gen = Gen.zip(Gen.zip(Gen.int(in: 0...4), Gen.int(in: 19_790...19_830), Gen.int(in: 0...1_300), Gen.int(in: 3...20)),
                          Gen.zip(Gen.bool, Gen.int(in: 0...19).array(count: 0...4), Gen.int(in: 1...19), Gen.int(in: 0...4)),
                          Gen.int(in: -180...180))
        forAll(gen, runs: 300) { series, split, shift in
            let (zoneIndex, day, minute, count) = series
            let (until, overrides, at, newZoneIndex) = split
            guard at < count else { throw Discard("no such occurrence") }
            let zone = Self.zones[zoneIndex], newZone = Self.zones[newZoneIndex]
            let bytes = Self.file(zone: zone, day: day, minute: minute, count: count, until: until, overrides: overrides)
            guard let occurrence = Self.local(day: day + 7 * at, minute: minute),
                  let newLocal = Self.local(day: day + 7 * at, minute: minute + shift + 120) else { throw Discard("out of the day") }
            let time: ItemTime = zone.isUTC ? .utc(try ZoneRules.utc.resolve(occurrence).instant) : .zoned(occurrence, zone)
            let newStart: ItemTime = newZone.isUTC ? .utc(try ZoneRules.utc.resolve(newLocal).instant) : .zoned(newLocal, newZone)
            let before = try Self.agenda(bytes)
            var newUID: String?
            let after = try EditingProperties.edited(bytes) { editor in
                newUID = try editor.edit(uid: "s@test", occurrence: time, future: true, changes: EventChanges(title: "Later", start: newStart))
            }
            let now = try Self.agenda(after)
            guard now.count == before.count else { throw Failure("\(before.count) occurrences became \(now.count)") }
            let titles = Set(overrides.filter { $0 < count }.map { "Override \($0)" })
            for title in titles where now.filter({ $0.title == title }).count != 1 {
                throw Failure("\(title): \(now.filter { $0.title == title }.count) times")
            }
            let cut = try time.instant(viewer: .utc).seconds
            guard now.filter({ $0.uid == "s@test" }).map(\.start) == before.filter({ $0.start < cut && $0.title == "Series" || $0.start < cut + 5_400 && $0.title.hasPrefix("Override") && overrides.contains(Int($0.title.dropFirst(9)) ?? -1) && (Int($0.title.dropFirst(9)) ?? 99) < at }).map(\.start) else {
                throw Failure("the earlier occurrences changed")
            }
            // The new series: in its own zone, every later one of its own, with the later overrides.
            guard now.filter({ $0.uid == newUID }).count == before.count - now.filter({ $0.uid == "s@test" }).count else {
                throw Failure("the new series has \(now.filter { $0.uid == newUID }.count)")
            }
            // Every TZID the file uses has its VTIMEZONE.
            try Self.assertZonesDefined(after)
            cover(minPercent: 20, !overrides.filter { $0 >= at && $0 < count }.isEmpty, "later overrides moved")
            cover(minPercent: 20, newZoneIndex != zoneIndex, "another zone")
            return true
        }
    }

    /// What the split property found (seed 1881228578228318166): a weekly series at 02:00 in Berlin split at its
    /// occurrence of 31 March 2024, when 02:00 does not exist (it happens at 03:00), moved to 04:00. The later
    /// override's RECURRENCE-ID moved by 1 hour (from the 03:00 the occurrence happens at) instead of 2 (from the
    /// rule's 02:00): it matched no occurrence of the new series, and 3 occurrences became 4.
    func testASplitAtAnOccurrenceInADSTGapMovesTheLaterOverridesByTheRulesClock() throws {
        guard let berlin = Self.zones.first, let occurrence = Self.local(day: 19_813, minute: 120),
              let newStart = Self.local(day: 19_813, minute: 240) else { return XCTFail("zone") }
        let bytes = Self.file(zone: berlin, day: 19_806, minute: 120, count: 3, until: false, overrides: [2])
        let before = try Self.agenda(bytes)
        let after = try EditingProperties.edited(bytes) { editor in
            _ = try editor.edit(uid: "s@test", occurrence: .zoned(occurrence, berlin), future: true,
                                changes: EventChanges(title: "Later", start: .zoned(newStart, berlin)))
        }
        let now = try Self.agenda(after)
        XCTAssertEqual(before.count, 3)
        XCTAssertEqual(now.map(\.title), ["Series", "Later", "Override 2"])
        XCTAssertTrue(String(decoding: after, as: UTF8.self).contains("RECURRENCE-ID;TZID=Europe/Berlin:20240407T040000\r\n"))
    }

    /// Each TZID used in a calendar of `bytes` has a VTIMEZONE there.
    static func assertZonesDefined(_ bytes: [UInt8]) throws {
        let document = try ICalendarReader(source: "t.ics", mode: .strict).read(bytes)
        for calendar in document.calendars {
            let defined = Set(calendar.components(named: "VTIMEZONE").compactMap { $0.first("TZID")?.text })
            for tzid in TimeZoneUpkeep.used(in: calendar) where !defined.contains(tzid) {
                throw Failure("TZID \(tzid) has no VTIMEZONE")
            }
        }
    }

    /// One occurrence changed twice: one override, with both changes, and the count unchanged.
    func testAnOverrideEditedTwiceStaysOne() {
        forAll(Gen.zip(Gen.int(in: 0...4), Gen.int(in: 0...9), Gen.int(in: -120...120)), runs: 200) { zoneIndex, at, shift in
            let zone = Self.zones[zoneIndex]
            let bytes = Self.file(zone: zone, day: 19_800, minute: 540, count: 10, until: false, overrides: [])
            guard let occurrence = Self.local(day: 19_800 + 7 * at, minute: 540), let moved = Self.local(day: 19_800 + 7 * at, minute: 600 + shift) else {
                throw Discard("out of the day")
            }
            let time: ItemTime = zone.isUTC ? .utc(try ZoneRules.utc.resolve(occurrence).instant) : .zoned(occurrence, zone)
            let newStart: ItemTime = zone.isUTC ? .utc(try ZoneRules.utc.resolve(moved).instant) : .zoned(moved, zone)
            let after = try EditingProperties.edited(bytes) { editor in
                try editor.edit(uid: "s@test", occurrence: time, changes: EventChanges(title: "Once"))
                try editor.edit(uid: "s@test", occurrence: time, changes: EventChanges(start: newStart))
            }
            let now = try Self.agenda(after)
            let changed = now.filter { $0.title == "Once" }
            guard now.count == 10, changed.count == 1, changed[0].start == (try newStart.instant(viewer: .utc)).seconds else {
                throw Failure("\(now.count) occurrences, \(changed.count) changed")
            }
            let overrides = try ICalendarReader(source: "t.ics", mode: .strict).read(after).components(named: "VEVENT").filter { $0.first("RECURRENCE-ID") != nil }
            guard overrides.count == 1, overrides[0].first("SEQUENCE")?.value == "2" else { throw Failure("\(overrides.count) overrides") }
            return true
        }
    }

    /// A new start in another zone adds that zone's VTIMEZONE; the old one goes when nothing uses it any more.
    func testEveryTZIDWrittenHasItsVTIMEZONE() {
        forAll(Gen.zip(Gen.int(in: 0...4), Gen.int(in: 0...4), Gen.bool), runs: 100) { from, to, whole in
            let zone = Self.zones[from], newZone = Self.zones[to]
            let base = Self.file(zone: zone, day: 19_800, minute: 540, count: 5, until: false, overrides: [2])
            guard let local = Self.local(day: 19_800, minute: 600) else { throw Discard("no time") }
            let newStart: ItemTime = newZone.isUTC ? .utc(try ZoneRules.utc.resolve(local).instant) : .zoned(local, newZone)
            // The file as an edit first writes it (with its zone's VTIMEZONE), then the change.
            let bytes = try EditingProperties.edited(base) { try $0.edit(uid: "s@test", changes: EventChanges(title: "Series")) }
            try Self.assertZonesDefined(bytes)
            let after = try EditingProperties.edited(bytes) { editor in
                if whole {
                    try editor.edit(uid: "s@test", changes: EventChanges(start: newStart))
                } else {
                    _ = try editor.add(NewEvent(title: "Other", start: newStart, end: .duration(try CalendarDuration(parsing: "PT1H"))))
                }
            }
            try Self.assertZonesDefined(after)
            let document = try ICalendarReader(source: "t.ics", mode: .strict).read(after)
            let defined = document.components(named: "VTIMEZONE").compactMap { $0.first("TZID")?.text }
            if whole && from != to && !zone.isUTC {
                guard !defined.contains(zone.identifier) else { throw Failure("\(zone.identifier) kept, no longer used") }
            }
            guard Set(defined).count == defined.count else { throw Failure("a VTIMEZONE twice: \(defined)") }
            return true
        }
    }

    /// Any rule, however long or far its occurrence: ending or splitting it
    /// finishes (the count is closed form or bounded), and the series then
    /// ends right before the occurrence.
    func testAnEditOfAnyRuleFinishesWithinItsBound() {
        let rules = ["FREQ=SECONDLY;COUNT=2147483647", "FREQ=MINUTELY;INTERVAL=7;COUNT=2147483647", "FREQ=HOURLY;BYHOUR=9,17;COUNT=2147483647",
                     "FREQ=DAILY;COUNT=2147483647", "FREQ=WEEKLY;BYDAY=MO,TH;COUNT=2147483647", "FREQ=MONTHLY;BYDAY=-1FR;COUNT=2147483647",
                     "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;COUNT=2000", "RSCALE=HEBREW;FREQ=MONTHLY;BYMONTHDAY=30;SKIP=FORWARD;COUNT=2147483647",
                     "FREQ=SECONDLY;BYSECOND=0,30;COUNT=2147483647", "FREQ=DAILY"]
        forAll(Gen.zip(Gen.element(of: rules), Gen.int(in: 0...4), Gen.int(in: 1...3_650_000), Gen.bool), runs: 60) { rule, zoneIndex, distance, remove in
            let zone = Self.zones[zoneIndex]
            guard let start = Self.local(day: 19_723, minute: 540) else { throw Discard("no time") }
            let time: ItemTime = zone.isUTC ? .utc(try ZoneRules.utc.resolve(start).instant) : .zoned(start, zone)
            let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n" + String(decoding: ICalendarWriter().component(ICalendarComponent(name: "VEVENT", properties: [
                ICalendarProperty(name: "UID", value: "r@test"), ICalendarProperty(name: "DTSTAMP", value: "20240101T000000Z"),
                ICalendarProperty("DTSTART", time: time), ICalendarProperty(name: "DURATION", value: "PT1S"), ICalendarProperty(name: "RRULE", value: rule),
            ])), as: UTF8.self) + "END:VCALENDAR\r\n"
            let set = try RecurrenceSet(start: try time.recurrenceStart(), rules: [try RecurrenceRule(parsing: rule)])
            // The first occurrence at least `distance` minutes after the start.
            guard let occurrence = try set.first(after: .instant(Instant(seconds: try time.instant(viewer: .utc).seconds + distance * 60))) else {
                throw Discard("the series ended before")
            }
            let at = SeriesTimeline(start: time).time(of: occurrence)
            let after: [UInt8]
            do {
                after = try EditingProperties.edited(Array(text.utf8)) { editor in
                    if remove {
                        try editor.removeOccurrence(uid: "r@test", at: at, future: true)
                    } else {
                        try editor.edit(uid: "r@test", occurrence: at, future: true, changes: EventChanges(title: "Later"))
                    }
                }
            } catch CalendarEditError.tooManyOccurrences {
                cover(minPercent: 0, true, "refused past the bound")
                return true
            }
            // The old series ends right before the occurrence: what the series had in the time before it, and nothing from it on.
            let master = try XCTUnwrap(try CalendarFileReader(mode: .strict).read(bytes: after, source: "t.ics").calendar.events.first { $0.uid == "r@test" })
            let old = try RecurrenceSet(start: try master.start.recurrenceStart(), rules: master.recurrence.rules)
            let cut = try XCTUnwrap(occurrence.instant)
            let lookBack = rule.contains("SECONDLY") || rule.contains("MINUTELY") ? 3_600 : rule.contains("HOURLY") ? 86_400 : 9 * 366 * 86_400
            let from = RecurrenceSet.Bound.instant(Instant(seconds: cut.seconds - lookBack))
            let expected = Array(try set.occurrences(from: from, to: .instant(cut)))
            let kept = Array(try old.occurrences(from: from, to: .instant(cut)))
            guard kept == expected, try old.first(after: .instant(Instant(seconds: cut.seconds - 1))) == nil else {
                throw Failure("the old series does not end right before \(occurrence): \(kept.count) of \(expected.count) kept")
            }
            cover(minPercent: 30, distance > 100_000, "far")
            return true
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// The VTIMEZONE an edit writes for a TZID agrees with the system's zone,
/// from a year before the event to twenty years on, as another program
/// reads it: every system zone, for an event in 2026 and for one in 2005
/// (before the United States' rule of 2007, and others' later rules);
/// Israel's and Palestine's rules at another day's hour, and Egypt's,
/// which no RRULE says, included.
final class WrittenZoneExamples: XCTestCase {
    /// Whether two zones have the same offset at `from` and the same changes of offset from there to `to`.
    static func agree(_ a: ZoneRules, _ b: ZoneRules, from: Instant, to: Instant) -> Bool {
        func changes(_ zone: ZoneRules) -> [ZoneTransition] { zone.transitions(from: from, to: to).filter { $0.offsetBefore != $0.offsetAfter } }
        return a.offset(at: from) == b.offset(at: from) && changes(a) == changes(b)
    }

    func testEveryZoneAnEventIsAddedInGetsAVTIMEZONEThatAgreesWithIt() throws {
        var checked = 0, ruleForms = 0, listedForms = 0
        for name in ZoneFiles.systemZoneNames() {
            guard let zone = try? ZoneRules(identifier: name), !zone.isUTC, zone.identifier == name else { continue }
            for day in [20_600, 13_086] {   // 2026-05-26, 2005-10-30
                guard let local = SeriesEditProperties.local(day: day, minute: 600) else { continue }
                let bytes = try EditingProperties.edited(Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//EN\r\nEND:VCALENDAR\r\n".utf8)) { editor in
                    _ = try editor.add(NewEvent(title: "Here", start: .zoned(local, zone), end: .duration(try CalendarDuration(parsing: "PT1H"))))
                }
                try SeriesEditProperties.assertZonesDefined(bytes)
                let document = try ICalendarReader(source: name, mode: .strict).read(bytes)
                let component = try XCTUnwrap(document.components(named: "VTIMEZONE").first, name)
                let written = try ZoneRules(vtimezone: component, source: name)
                let from = Instant(seconds: (day - 366) * 86_400), to = Instant(seconds: Instant.now.seconds + 20 * 365 * 86_400)
                guard Self.agree(written, zone, from: from, to: to) else {
                    return XCTFail("\(name): the VTIMEZONE written for an event on day \(day) differs from the zone between \(from) and \(to)")
                }
                if component.components.contains(where: { $0.first("RDATE") != nil }) { listedForms += 1 } else { ruleForms += 1 }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 600)
        // Both forms are written: the rule for most zones in 2026, the list for 2005 where the rule came later.
        XCTAssertGreaterThan(ruleForms, 300)
        XCTAssertGreaterThan(listedForms, 50)
    }

    /// New York's rule (2007) is written for an event in 2026, and its changes listed for one in 2005.
    func testTheFormFollowsTheEarliestUse() throws {
        let zone = try ZoneRules(identifier: "America/New_York")
        let now = Instant(seconds: 20_600 * 86_400)
        let rule = try XCTUnwrap(TimeZoneUpkeep.vtimezone(for: zone, earliest: 20_600 * 86_400 + 36_000, now: now))
        XCTAssertTrue(rule.components.allSatisfy { $0.first("RRULE") != nil })
        let listed = try XCTUnwrap(TimeZoneUpkeep.vtimezone(for: zone, earliest: 13_086 * 86_400 + 36_000, now: now))
        XCTAssertTrue(listed.components.allSatisfy { $0.first("RRULE") == nil })
        XCTAssertGreaterThan(listed.components.flatMap { $0.properties.filter { $0.name == "RDATE" } }.count, 100)
    }
}
