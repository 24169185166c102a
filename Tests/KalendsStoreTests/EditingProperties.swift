import Foundation
@testable import Kalends
import KalendsCheck
import KalendsICalendar
@testable import KalendsStore
import XCTest

/// Edits of generated calendar files (series in every start form, with
/// COUNT, UNTIL or no end, overrides and exceptions, other events around
/// them, CRLF or LF, folded lines), checked through the store: one removed
/// occurrence is exactly one fewer; "this and future" leaves exactly the
/// earlier occurrences on the old series and the later ones, changed, on
/// the new; a recurring reminder done moves by exactly one occurrence; and
/// every component but the edited ones keeps its bytes.
final class EditingProperties: XCTestCase {
    static let berlin = (try? ZoneRules(identifier: "Europe/Berlin")) ?? .utc

    /// (start form, day offset, rule kind, interval, count, override index, exdate index, LF, fold)
    typealias Spec = (form: Int, day: Int, rule: Int, interval: Int, count: Int, override: Int, exdate: Int, lf: Bool, fold: Bool)

    static let specs: Gen<Spec> = Gen.zip(
        Gen.zip(Gen.int(in: 0...3), Gen.int(in: 0...60), Gen.int(in: 0...3), Gen.int(in: 1...3)),
        Gen.zip(Gen.int(in: 2...15), Gen.int(in: -1...6), Gen.int(in: -1...6), Gen.zip(Gen.bool, Gen.bool))
    ).map { a, b in (a.0, a.1, a.2, a.3, b.0, b.1, b.2, b.3.0, b.3.1) }

    static func time(_ form: Int, day: Int, hour: Int) -> ItemTime {
        let local = LocalDateTime(unchecked: 19_783 + day, hour * 3_600_000_000_000)   // from 2024-03-01
        switch form {
        case 0: return .zoned(local, berlin)
        case 1: return .floating(local)
        case 2: return .date(ISODate(dayNumber: 19_783 + day))
        default: return .utc(Instant(seconds: (19_783 + day) * 86_400 + hour * 3_600))
        }
    }

    /// The file of a spec: a filler event, the series (maybe with an override and an EXDATE), another filler, a reminder.
    static func file(_ spec: Spec) -> (bytes: [UInt8], uid: String) {
        let start = time(spec.form, day: spec.day, hour: 9)
        var rule = "FREQ=\(["DAILY", "WEEKLY", "DAILY", "WEEKLY;BYDAY=MO,TH"][spec.rule]);INTERVAL=\(spec.interval)"
        switch spec.rule {
        case 0, 3: rule += ";COUNT=\(spec.count)"
        case 1:
            let until = time(spec.form, day: spec.day + spec.count * 7 * spec.interval - 3, hour: 9)
            rule += ";UNTIL=" + (until.isDate ? ICalendarProperty("X", time: until).value : spec.form == 1 ? ICalendarProperty("X", time: until).value
                                 : ICalendarValue.DateTime.write(Instant(seconds: (19_783 + spec.day + spec.count * 7 * spec.interval - 3) * 86_400 + 7 * 3_600)))
        default: break
        }
        let writer = ICalendarWriter(lineEnd: spec.lf ? .lf : .crlf)
        func event(_ uid: String, _ properties: [ICalendarProperty]) -> [UInt8] {
            writer.component(ICalendarComponent(name: "VEVENT", properties: [ICalendarProperty(name: "UID", value: uid),
                                                                             ICalendarProperty(name: "DTSTAMP", value: "20240101T000000Z")] + properties))
        }
        let long = String(repeating: "Größe ", count: spec.fold ? 30 : 1)
        var bytes = Array("BEGIN:VCALENDAR\(spec.lf ? "\n" : "\r\n")VERSION:2.0\(spec.lf ? "\n" : "\r\n")PRODID:-//Test//EN\(spec.lf ? "\n" : "\r\n")".utf8)
        bytes += event("before@test", [ICalendarProperty("DTSTART", time: time(0, day: 3, hour: 12)), ICalendarProperty(name: "DURATION", value: "PT1H"),
                                       ICalendarProperty(name: "SUMMARY", value: long), ICalendarProperty(name: "X-KEEP", parameters: [ICalendarParameter(name: "X-P", values: ["a,b"])], value: "1")])
        var series = [ICalendarProperty("DTSTART", time: start), ICalendarProperty(name: "SUMMARY", value: "Series " + long), ICalendarProperty(name: "RRULE", value: rule)]
        if !start.isDate { series.append(ICalendarProperty(name: "DURATION", value: "PT45M")) }
        let occurrences = self.occurrences(spec, start: start, rule: rule)
        if spec.exdate >= 0, spec.exdate < occurrences.count - 1 { series.append(ICalendarProperty("EXDATE", time: occurrences[spec.exdate + 1])) }
        bytes += event("series@test", series)
        if spec.override >= 0, spec.override < occurrences.count, spec.override != spec.exdate + 1, !start.isDate,
           let moved = Oracle.shifted(occurrences[spec.override], by: 3_600) {
            bytes += event("series@test", [ICalendarProperty("RECURRENCE-ID", time: occurrences[spec.override]), ICalendarProperty("DTSTART", time: moved),
                                           ICalendarProperty(name: "DURATION", value: "PT45M"), ICalendarProperty(name: "SUMMARY", value: "Moved")])
        }
        bytes += event("after@test", [ICalendarProperty("DTSTART", time: time(2, day: 20, hour: 0)), ICalendarProperty(name: "SUMMARY", value: "After")])
        bytes += writer.component(ICalendarComponent(name: "VTODO", properties: [
            ICalendarProperty(name: "UID", value: "todo@test"), ICalendarProperty(name: "DTSTAMP", value: "20240101T000000Z"),
            ICalendarProperty("DTSTART", time: start), ICalendarProperty("DUE", time: start), ICalendarProperty(name: "RRULE", value: rule),
            ICalendarProperty(name: "SUMMARY", value: "Todo"),
        ]))
        bytes += Array("END:VCALENDAR\(spec.lf ? "\n" : "\r\n")".utf8)
        return (bytes, "series@test")
    }

    /// The series' first starts (before EXDATEs), at most 30.
    static func occurrences(_ spec: Spec, start: ItemTime, rule: String) -> [ItemTime] {
        guard let parsed = try? RecurrenceRule(parsing: rule), let recurrenceStart = try? start.recurrenceStart(),
              let set = try? RecurrenceSet(start: recurrenceStart, rules: [parsed]) else { return [] }
        return set.occurrences().prefix(30).map(Oracle.time)
    }

    /// The events' occurrences of a file, as (UID, start instant, title), in order.
    static func agenda(_ bytes: [UInt8]) throws -> [(uid: String, start: Int, title: String, key: Int)] {
        let calendar = try CalendarFileReader(mode: .strict).read(bytes: bytes, source: "t.ics").calendar
        let store = CalendarStore(calendars: [calendar])
        let window = Instant(seconds: 19_700 * 86_400)..<Instant(seconds: 20_600 * 86_400)
        return try store.events(in: window, viewer: berlin).map { occurrence in
            let original = occurrence.recurrenceID ?? occurrence.start
            return (occurrence.uid, occurrence.startInstant.seconds, occurrence.event.title ?? "", Oracle.identity(original, series: original) ?? 0)
        }
    }

    /// Writes `bytes` to a scratch file, runs `edit` on it, returns the new bytes.
    static func edited(_ bytes: [UInt8], _ edit: (CalendarFileEditor) throws -> Void) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-edit-\(UUID().uuidString).ics").path
        defer { unlink(path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var editor = CalendarFileEditor(path: path)
        editor.now = { Instant(seconds: 1_733_400_000) }
        try edit(editor)
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The bytes of every component of `bytes` whose UID is not in `changed`, by UID and order.
    static func untouched(_ bytes: [UInt8], except changed: Set<String>) throws -> [String] {
        let document = try ICalendarReader(source: "t.ics", mode: .strict).read(bytes)
        // (A VTIMEZONE an added event needs may be added too.)
        return document.calendars.flatMap(\.components).filter { !changed.contains($0.uid ?? "") && $0.name != "VTIMEZONE" }
            .map { String(decoding: bytes[$0.byteRange], as: UTF8.self) }
    }

    /// The master's occurrence starts (as written) that the agenda shows, in order.
    static func pick(_ spec: Spec, index: Int) -> ItemTime? {
        let start = time(spec.form, day: spec.day, hour: 9)
        let (bytes, _) = file(spec)
        guard let calendar = try? CalendarFileReader(mode: .strict).read(bytes: bytes, source: "t.ics").calendar,
              let master = calendar.events.first(where: { $0.uid == "series@test" && $0.recurrenceID == nil }),
              let set = try? RecurrenceSet(start: try start.recurrenceStart(), rules: master.recurrence.rules, dates: [], exclusions: master.recurrence.exclusions) else { return nil }
        let all = Array(set.occurrences().prefix(20))
        guard !all.isEmpty else { return nil }
        return Oracle.time(all[index % all.count])
    }

    func testRemovingOneOccurrenceRemovesExactlyIt() {
        forAll(Gen.zip(Self.specs, Gen.int(in: 0...19)), runs: 150) { spec, index in
            let (bytes, uid) = Self.file(spec)
            guard let occurrence = Self.pick(spec, index: index) else { throw Failure("no occurrence") }
            let before = try Self.agenda(bytes)
            let after = try Self.edited(bytes) { try $0.removeOccurrence(uid: uid, at: occurrence) }
            let now = try Self.agenda(after)
            guard now.count == before.count - 1 else { throw Failure("\(before.count) -> \(now.count) removing \(occurrence)") }
            guard try Self.untouched(after, except: [uid]) == Self.untouched(bytes, except: [uid]) else { throw Failure("other bytes changed") }
            return true
        }
    }

    func testThisAndFutureLeavesTheEarlierOnTheOldSeriesAndTheLaterChangedOnTheNew() {
        forAll(Gen.zip(Self.specs, Gen.int(in: 0...19), Gen.bool), runs: 150) { spec, index, remove in
            let (bytes, uid) = Self.file(spec)
            guard let occurrence = Self.pick(spec, index: index) else { throw Failure("no occurrence") }
            let cut = Oracle.identity(occurrence, series: occurrence) ?? 0
            let before = try Self.agenda(bytes).filter { $0.uid == uid }
            let earlier = before.filter { $0.key < cut }.count
            var newUID: String?
            let after = try Self.edited(bytes) { editor in
                if remove {
                    try editor.removeOccurrence(uid: uid, at: occurrence, future: true)
                } else {
                    newUID = try editor.edit(uid: uid, occurrence: occurrence, future: true, changes: EventChanges(title: "Changed"))
                }
            }
            let now = try Self.agenda(after)
            let old = now.filter { $0.uid == uid && $0.key < cut }
            guard old.count == earlier, zip(old, before.filter { $0.key < cut }).allSatisfy({ $0.start == $1.start && $0.title == $1.title }) else {
                throw Failure("old series: \(old.count), expected the \(earlier) before \(occurrence)")
            }
            let later = now.filter { ($0.uid == newUID || $0.uid == uid) && $0.key >= cut }
            if remove {
                guard later.isEmpty, now.filter({ $0.uid == uid }).count == earlier else { throw Failure("removal left \(later.count) later") }
            } else {
                // The same occurrences (an override keeps its own title and time), the master's with the change.
                guard later.map(\.start) == before.filter({ $0.key >= cut }).map(\.start),
                      later.allSatisfy({ $0.title == "Changed" || $0.title == "Moved" }) else {
                    throw Failure("new series: \(later.map(\.title)) at \(later.map(\.start)), expected \(before.filter { $0.key >= cut }.map(\.start))")
                }
            }
            guard try Self.untouched(after, except: [uid, newUID ?? ""]) == Self.untouched(bytes, except: [uid]) else { throw Failure("other bytes changed") }
            cover(minPercent: 20, earlier > 0, "a real split")
            return true
        }
    }

    func testARecurringReminderDoneMovesByExactlyOneOccurrence() {
        forAll(Self.specs, runs: 150) { spec in
            let (bytes, _) = Self.file(spec)
            let start = Self.time(spec.form, day: spec.day, hour: 9)
            let before = try CalendarFileReader(mode: .strict).read(bytes: bytes, source: "t.ics").calendar.reminders[0]
            let after = try Self.edited(bytes) { try $0.complete(reminderUID: "todo@test") }
            let reminder = try CalendarFileReader(mode: .strict).read(bytes: after, source: "t.ics").calendar.reminders[0]
            let set = try RecurrenceSet(start: try start.recurrenceStart(), rules: before.recurrence.rules)
            let firstTwo = Array(set.occurrences().prefix(2)).map(Oracle.time)
            if firstTwo.count == 2 {
                guard reminder.due == firstTwo[1], !reminder.isDone else { throw Failure("due \(String(describing: reminder.due)), expected \(firstTwo[1])") }
            } else {
                guard reminder.isDone else { throw Failure("the last occurrence done is not completed") }
            }
            guard try Self.untouched(after, except: ["todo@test"]) == Self.untouched(bytes, except: ["todo@test"]) else { throw Failure("other bytes changed") }
            return true
        }
    }

    /// A new start moves every occurrence by as much: the rule's, the overrides', past the EXDATEs and UNTIL alike.
    /// (A start moved to another day does not move what a rule puts on named weekdays: those
    /// specs, all-day and BYDAY, are moved within their day only, which a date cannot be.)
    func testANewStartMovesEveryOccurrence() {
        forAll(Self.specs.filter { !($0.form == 2 && $0.rule == 3) }, runs: 150) { spec in
            let (bytes, uid) = Self.file(spec)
            let start = Self.time(spec.form, day: spec.day, hour: 9)
            let (later, shift) = spec.form == 2 ? (Self.time(2, day: spec.day + 1, hour: 0), 86_400) : (Self.time(spec.form, day: spec.day, hour: 10).adding(minutes: 30), 5_400)
            let before = try Self.agenda(bytes).filter { $0.uid == uid }
            let after = try Self.agenda(try Self.edited(bytes) { try $0.edit(uid: uid, changes: EventChanges(start: later)) }).filter { $0.uid == uid }
            // The window's edges may take in or leave out one at either end: compare what both hold.
            // All-day occurrences by their day in the viewer's zone (a day there may last 23 or 25 hours).
            func position(_ seconds: Int) -> Int { spec.form == 2 ? Self.berlin.dayNumber(of: Instant(seconds: seconds)) : seconds }
            let step = spec.form == 2 ? 1 : shift
            let moved = Set(before.map { position($0.start) + step }), now = Set(after.map { position($0.start) })
            let lower = position(19_700 * 86_400 + shift), upper = position(20_600 * 86_400)
            guard moved.filter({ $0 >= lower && $0 < upper }) == now.filter({ $0 >= lower && $0 < upper }) else {
                throw Failure("moving \(start) to \(later): \(before.map(\.start)) became \(after.map(\.start))")
            }
            return true
        }
    }

    func testAnEditWaitsForTheLockThenGivesUp() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cal.ics").path
        let bytes = Self.file(Self.spec0).bytes
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let held = open(folder.path, O_RDONLY | O_DIRECTORY)
        XCTAssertEqual(flock(held, LOCK_EX), 0)
        let clock = ContinuousClock()
        let started = clock.now
        XCTAssertThrowsError(try CalendarFileEditor(path: path, lockTimeout: 1).removeEvent(uid: "after@test")) { error in
            XCTAssertEqual(error as? CalendarEditError, .locked(path: path, seconds: 1))
        }
        XCTAssertGreaterThanOrEqual(clock.now - started, .milliseconds(900))
        XCTAssertEqual(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))), bytes)
        // Released, the edit lands.
        flock(held, LOCK_UN)
        close(held)
        XCTAssertNoThrow(try CalendarFileEditor(path: path, lockTimeout: 1).removeEvent(uid: "after@test"))
        XCTAssertEqual(try Self.agenda(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))).filter { $0.uid == "after@test" }.count, 0)
    }

    static let spec0: Spec = (0, 0, 0, 1, 5, -1, -1, false, false)

    func testAddingKeepsEveryByteAndReadsBack() {
        forAll(Self.specs, runs: 100) { spec in
            let (bytes, _) = Self.file(spec)
            let event = NewEvent(title: "New, with; \"quotes\" and\na line", start: Self.time(spec.form, day: spec.day + 1, hour: 14),
                                 end: spec.form == 2 ? nil : .duration(try CalendarDuration(parsing: "PT1H30M")), location: "Room 1")
            var uid = ""
            let after = try Self.edited(bytes) { uid = try $0.add(event) }
            // The bytes before the insertion and the last line are the old ones.
            guard try Self.untouched(after, except: [uid]) == Self.untouched(bytes, except: []) else { throw Failure("other bytes changed") }
            let added = try CalendarFileReader(mode: .strict).read(bytes: after, source: "t.ics").calendar.events.filter { $0.uid == uid }
            guard added.count == 1, added[0].title == event.title, added[0].start == event.start, added[0].location == "Room 1" else {
                throw Failure("read back \(added)")
            }
            // Lines are folded at 75 octets.
            for line in after.split(separator: 10) where line.count > 76 { throw Failure("a line of \(line.count) octets") }
            return true
        }
    }

    /// A component that is not changed is written back byte for byte.
    func testAnUnchangedComponentIsItsBytes() {
        forAll(Self.specs, runs: 200) { spec in
            let (bytes, _) = Self.file(spec)
            let document = try ICalendarReader(source: "t.ics", mode: .strict).read(bytes)
            let writer = ICalendarWriter(lineEnd: ICalendarWriter.lineEnd(of: bytes))
            for component in document.calendars + document.calendars.flatMap(\.components) {
                guard ComponentText(component, in: bytes, writer: writer).bytes == Array(bytes[component.byteRange]) else {
                    throw Failure("\(component.name) \(component.uid ?? "") is not its bytes")
                }
            }
            return true
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

extension ItemTime {
    /// The same form, `minutes` later on the wall clock (an instant: later in time).
    func adding(minutes: Int) -> ItemTime {
        Oracle.shifted(self, by: minutes * 60) ?? self
    }
}
