import Foundation
import Kalends
import KalendsCheck
import KalendsICalendar
@testable import KalendsStore
import XCTest

/// Import and export on generated calendars (EditingProperties' files: series
/// in every start form, with COUNT, UNTIL or no end, overrides, EXDATEs,
/// other events and a reminder, CRLF or LF, folded lines): a second import
/// changes no byte; of two versions the newer by iTIP always wins; a CANCEL
/// removes exactly the occurrence or event it names; and an export imported
/// into an empty calendar gives the same agenda (whole, windowed, expanded).
final class ImportExportProperties: XCTestCase {
    typealias Failure = EditingProperties.Failure

    /// `source` imported into the file `target` (nil: none yet): its bytes after (nil: none), and the outcomes.
    static func imported(_ source: [UInt8], into target: [UInt8]?, dryRun: Bool = false) throws -> (bytes: [UInt8]?, outcomes: [ImportOutcome]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-import-\(UUID().uuidString).ics").path
        defer { unlink(path) }
        if let target { try Data(target).write(to: URL(fileURLWithPath: path)) }
        let outcomes = try CalendarFileEditor(path: path).importCalendar(try ImportSource(bytes: source, name: "source.ics"), dryRun: dryRun)
        return (FileManager.default.contents(atPath: path).map { [UInt8]($0) }, outcomes)
    }

    /// The export of a file's calendar (whole, windowed, or expanded).
    static func exported(_ bytes: [UInt8], window: Range<Instant>? = nil, expand: Bool = false) throws -> [UInt8] {
        let calendar = try CalendarFileReader(mode: .strict).read(bytes: bytes, source: "t.ics").calendar
        var export = CalendarExport(store: CalendarStore(calendars: [calendar])) { $0 == "t.ics" ? bytes : nil }
        if expand, let window { return try export.expanded(window: window, viewer: EditingProperties.berlin) }
        return try export.calendar(window: window, viewer: EditingProperties.berlin)
    }

    /// The agenda of a file in a window, as (UID, start, end, title), in order.
    static func agenda(_ bytes: [UInt8], _ window: Range<Instant>) throws -> [String] {
        let calendar = try CalendarFileReader(mode: .strict).read(bytes: bytes, source: "t.ics").calendar
        return try CalendarStore(calendars: [calendar]).events(in: window, viewer: EditingProperties.berlin).map {
            "\($0.uid) \($0.startInstant.seconds) \($0.endInstant.seconds) \($0.event.title ?? "")"
        }
    }

    static let wide = Instant(seconds: 19_700 * 86_400)..<Instant(seconds: 20_600 * 86_400)

    func testImportingTwiceChangesNothingTheSecondTime() {
        forAll(Gen.zip(EditingProperties.specs, Gen.bool), runs: 100) { spec, intoExisting in
            let (bytes, _) = EditingProperties.file(spec)
            // Into a new file, or into a file that holds another event already.
            let existing: [UInt8]? = intoExisting ? Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//EN\r\nBEGIN:VEVENT\r\nUID:other@test\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240305T100000Z\r\nSUMMARY:Other\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8) : nil
            let (first, added) = try Self.imported(bytes, into: existing)
            guard let first, added.allSatisfy({ $0.action == .added }), added.count == 4 else { throw Failure("first import: \(added)") }
            let (second, kept) = try Self.imported(bytes, into: first)
            guard second == first else { throw Failure("the second import changed the file") }
            guard kept.allSatisfy({ $0.action == .keptNotNewer }), kept.count == 4 else { throw Failure("second import: \(kept)") }
            // What was imported reads as the source does.
            guard try Self.agenda(first, Self.wide).filter({ !$0.hasPrefix("other@test") }) == Self.agenda(bytes, Self.wide) else {
                throw Failure("the imported agenda differs")
            }
            return true
        }
    }

    /// One event in one version: SEQUENCE, DTSTAMP (seconds after 2024-01-01, or none), a title; optionally an override alone.
    static func version(sequence: Int, stamp: Int?, title: String, overrideOnly: Bool = false, method: String = "REQUEST") -> [UInt8] {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//T//EN", "METHOD:\(method)", "BEGIN:VEVENT", "UID:v@test", "SEQUENCE:\(sequence)"]
        if let stamp { lines.append("DTSTAMP:" + ICalendarValue.DateTime.write(Instant(seconds: 1_704_067_200 + stamp))) }
        if overrideOnly { lines.append("RECURRENCE-ID:20240305T090000Z") }
        lines += ["DTSTART:20240305T0\(overrideOnly ? 8 : 9)0000Z", "DURATION:PT1H", "SUMMARY:\(title)"]
        if !overrideOnly { lines.append("RRULE:FREQ=DAILY;COUNT=5") }
        lines += ["END:VEVENT", "END:VCALENDAR", ""]
        return Array(lines.joined(separator: "\r\n").utf8)
    }

    func testANewerVersionAlwaysWinsAndAnOlderNever() {
        let versions = Gen.zip(Gen.int(in: 0...2), Gen.int(in: 0...3).map { $0 == 0 ? nil : $0 * 60 })
        // A third of the pairs share their SEQUENCE, so that DTSTAMP alone decides often enough to be covered every run.
        forAll(Gen.zip(versions, versions, Gen.bool, Gen.int(in: 0...2)), runs: 300) { a, drawn, overrideOnly, same in
            let b = same == 0 ? (a.0, drawn.1) : drawn
            let first = Self.version(sequence: a.0, stamp: a.1, title: "A")
            let second = Self.version(sequence: b.0, stamp: b.1, title: "B", overrideOnly: overrideOnly)
            let newer = b.0 != a.0 ? b.0 > a.0 : (a.1.flatMap { x in b.1.map { $0 > x } } ?? false)
            let (start, _) = try Self.imported(first, into: nil)
            let (after, outcomes) = try Self.imported(second, into: start)
            guard let after, outcomes.count == 1 else { throw Failure("outcomes \(outcomes)") }
            let titles = try Self.agenda(after, Self.wide).map { $0.split(separator: " ").last.map(String.init) ?? "" }
            let expected = newer ? (overrideOnly ? ["B", "A", "A", "A", "A"] : ["B", "B", "B", "B", "B"]) : ["A", "A", "A", "A", "A"]
            guard titles == expected, outcomes[0].action == (newer ? .updated : .keptNotNewer) else {
                throw Failure("\(a) then \(b): \(titles), \(outcomes[0].action)")
            }
            if !newer && after != start { throw Failure("an older version changed the file") }
            cover(minPercent: 20, newer, "newer")
            cover(minPercent: 20, !newer, "not newer")
            cover(minPercent: 3, a.0 == b.0 && newer, "newer by DTSTAMP alone")
            return true
        }
    }

    /// A CANCEL of `uid` (of one occurrence, when given), with SEQUENCE 1.
    static func cancel(_ uid: String, occurrence: ItemTime?) -> [UInt8] {
        var properties = [ICalendarProperty(name: "UID", value: uid), ICalendarProperty(name: "SEQUENCE", value: "1"),
                          ICalendarProperty(name: "DTSTAMP", value: "20240601T000000Z"), ICalendarProperty(name: "STATUS", value: "CANCELLED")]
        if let occurrence { properties.append(ICalendarProperty("RECURRENCE-ID", time: occurrence)) }
        let writer = ICalendarWriter()
        return Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//EN\r\nMETHOD:CANCEL\r\n".utf8)
            + writer.component(ICalendarComponent(name: "VEVENT", properties: properties)) + Array("END:VCALENDAR\r\n".utf8)
    }

    func testACancelRemovesExactlyWhatItNames() {
        forAll(Gen.zip(EditingProperties.specs, Gen.int(in: 0...19), Gen.int(in: 0...4)), runs: 150) { spec, index, whole in
            let (bytes, uid) = EditingProperties.file(spec)
            let before = try EditingProperties.agenda(bytes)
            if whole == 0 {
                let (after, outcomes) = try Self.imported(Self.cancel(uid, occurrence: nil), into: bytes)
                guard let after, outcomes.map(\.action) == [.cancelled] else { throw Failure("outcomes \(outcomes)") }
                let now = try EditingProperties.agenda(after)
                guard now.map(\.start) == before.filter({ $0.uid != uid }).map(\.start) else { throw Failure("whole: \(before.count) -> \(now.count)") }
                guard try EditingProperties.untouched(after, except: [uid]) == EditingProperties.untouched(bytes, except: [uid]) else { throw Failure("other bytes changed") }
                return true
            }
            guard let occurrence = EditingProperties.pick(spec, index: index) else { throw Failure("no occurrence") }
            let key = Oracle.identity(occurrence, series: occurrence) ?? 0
            let (after, outcomes) = try Self.imported(Self.cancel(uid, occurrence: occurrence), into: bytes)
            guard let after, outcomes.map(\.action) == [.cancelled] else { throw Failure("outcomes \(outcomes)") }
            let now = try EditingProperties.agenda(after)
            let expected = before.filter { !($0.uid == uid && $0.key == key) }
            guard now.count == before.count - 1, now.map(\.start) == expected.map(\.start), now.map(\.title) == expected.map(\.title) else {
                throw Failure("cancelling \(occurrence): \(before.count) -> \(now.count)")
            }
            guard try EditingProperties.untouched(after, except: [uid]) == EditingProperties.untouched(bytes, except: [uid]) else { throw Failure("other bytes changed") }
            // Cancelled again: nothing to cancel, no byte changed.
            let (again, repeated) = try Self.imported(Self.cancel(uid, occurrence: occurrence), into: after)
            guard again == after, repeated.map(\.action) == [.keptNothingToCancel] else { throw Failure("again: \(repeated)") }
            return true
        }
    }

    func testAnExportImportedIntoAnEmptyCalendarGivesTheSameAgenda() {
        let windows = Gen.zip(Gen.int(in: 19_770...19_900), Gen.int(in: 1...60))
        forAll(Gen.zip(EditingProperties.specs, windows, Gen.int(in: 0...2)), runs: 150) { spec, window, form in
            let (bytes, _) = EditingProperties.file(spec)
            let range = Instant(seconds: window.0 * 86_400)..<Instant(seconds: (window.0 + window.1) * 86_400)
            let export = try Self.exported(bytes, window: form == 0 ? nil : range, expand: form == 2)
            let (imported, _) = try Self.imported(export, into: nil)
            let original = try Self.agenda(bytes, form == 0 ? Self.wide : range)
            let read = try imported.map { try Self.agenda($0, form == 0 ? Self.wide : range) } ?? []
            guard read == original else { throw Failure("form \(form): \(original.count) occurrences became \(read.count)\n\(original)\n\(read)") }
            // The export reads strictly, and every TZID in it has its VTIMEZONE.
            try SeriesEditProperties.assertZonesDefined(export)
            if form == 0, try Self.exported(imported ?? []) != export { throw Failure("export, import, export is not the export") }
            cover(minPercent: 30, !original.isEmpty, "occurrences in the window")
            return true
        }
    }
}
