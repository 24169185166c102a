import Foundation
import Kalends
import KalendsICalendar
@testable import KalendsStore
import XCTest

/// An invitation's life in a calendar: the REQUEST, an update with a
/// higher SEQUENCE, a CANCEL of one occurrence, a CANCEL of the whole
/// event; a source with a defect refused with its place; a dry run; an
/// import into a vdir folder; what export writes.
final class ImportExportExamples: XCTestCase {
    static let zone = """
        BEGIN:VTIMEZONE
        TZID:Europe/Berlin
        BEGIN:STANDARD
        DTSTART:19701025T030000
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        END:STANDARD
        BEGIN:DAYLIGHT
        DTSTART:19700329T020000
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
        TZOFFSETFROM:+0100
        TZOFFSETTO:+0200
        END:DAYLIGHT
        END:VTIMEZONE
        """

    /// An iTIP message: METHOD, the Berlin zone, and `body` (VEVENT lines).
    static func message(_ method: String, _ body: String) -> [UInt8] {
        let text = "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Mail//EN\nMETHOD:\(method)\n\(zone)\n\(body)\nEND:VCALENDAR\n"
        return Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
    }

    static let invitation = message("REQUEST", """
        BEGIN:VEVENT
        UID:planning@example.com
        SEQUENCE:0
        DTSTAMP:20240301T120000Z
        ORGANIZER:mailto:anna@example.com
        DTSTART;TZID=Europe/Berlin:20240311T100000
        DTEND;TZID=Europe/Berlin:20240311T110000
        RRULE:FREQ=WEEKLY;COUNT=4
        SUMMARY:Planning
        END:VEVENT
        """)

    static let update = message("REQUEST", """
        BEGIN:VEVENT
        UID:planning@example.com
        SEQUENCE:1
        DTSTAMP:20240305T120000Z
        ORGANIZER:mailto:anna@example.com
        DTSTART;TZID=Europe/Berlin:20240311T140000
        DTEND;TZID=Europe/Berlin:20240311T150000
        RRULE:FREQ=WEEKLY;COUNT=4
        SUMMARY:Planning (afternoon)
        END:VEVENT
        """)

    static let cancelOne = message("CANCEL", """
        BEGIN:VEVENT
        UID:planning@example.com
        SEQUENCE:2
        DTSTAMP:20240306T120000Z
        RECURRENCE-ID;TZID=Europe/Berlin:20240318T140000
        STATUS:CANCELLED
        END:VEVENT
        """)

    static let cancelAll = message("CANCEL", """
        BEGIN:VEVENT
        UID:planning@example.com
        SEQUENCE:3
        DTSTAMP:20240307T120000Z
        STATUS:CANCELLED
        END:VEVENT
        """)

    static let mine = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Me//EN\r\nBEGIN:VEVENT\r\nUID:mine@test\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240312T080000Z\r\nSUMMARY:Mine\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)

    func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    func agenda(_ path: String) throws -> [String] {
        let reads = try CalendarFileReader(mode: .strict).read(path)
        let berlin = try ZoneRules(identifier: "Europe/Berlin")
        return try CalendarStore(calendars: reads.map(\.calendar)).events(in: Instant(seconds: 1_709_251_200)..<Instant(seconds: 1_714_521_600), viewer: berlin)
            .map { "\((try? ZonedDateTime(instant: $0.startInstant, zone: berlin).description) ?? "") \($0.event.title ?? "")" }
    }

    func importing(_ bytes: [UInt8], into path: String, dryRun: Bool = false) throws -> [String] {
        try CalendarFileEditor(path: path).importCalendar(try ImportSource(bytes: bytes, name: "mail.ics"), dryRun: dryRun).map {
            "\($0.action.rawValue) \($0.uid)" + ($0.occurrence.map { " \($0)" } ?? "")
        }
    }

    func testAnInvitationItsUpdateACancelledOccurrenceThenTheWholeEvent() throws {
        let path = try scratch().appendingPathComponent("work.ics").path
        try Data(Self.mine).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try importing(Self.invitation, into: path), ["added planning@example.com"])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin"), "the zone the invitation uses is copied")
        XCTAssertTrue(text.contains("ORGANIZER:mailto:anna@example.com\r\n"), "the text as written")
        XCTAssertFalse(text.contains("METHOD"), "METHOD belongs to the message")
        XCTAssertEqual(try agenda(path), ["2024-03-11T10:00:00+01:00 Planning", "2024-03-12T09:00:00+01:00 Mine", "2024-03-18T10:00:00+01:00 Planning",
                                          "2024-03-25T10:00:00+01:00 Planning", "2024-04-01T10:00:00+02:00 Planning"])
        // The older invitation again after the update: kept.
        XCTAssertEqual(try importing(Self.update, into: path), ["updated planning@example.com"])
        let updated = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(try importing(Self.invitation, into: path), ["kept (not newer) planning@example.com"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), updated)
        XCTAssertEqual(try agenda(path).filter { $0.hasSuffix("(afternoon)") }.count, 4)
        // One occurrence cancelled: an EXDATE, as `event remove --occurrence` writes.
        let cancelled = try importing(Self.cancelOne, into: path)
        XCTAssertEqual(cancelled.count, 1)
        XCTAssertTrue(cancelled[0].hasPrefix("cancelled planning@example.com "), "\(cancelled)")
        XCTAssertEqual(try agenda(path), ["2024-03-11T14:00:00+01:00 Planning (afternoon)", "2024-03-12T09:00:00+01:00 Mine",
                                          "2024-03-25T14:00:00+01:00 Planning (afternoon)", "2024-04-01T14:00:00+02:00 Planning (afternoon)"])
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).contains("EXDATE;TZID=Europe/Berlin:20240318T140000\r\n"))
        // The whole event cancelled: gone, and its zone with it; the other event byte for byte.
        XCTAssertEqual(try importing(Self.cancelAll, into: path), ["cancelled planning@example.com"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(Self.mine))
        XCTAssertEqual(try importing(Self.cancelAll, into: path), ["kept (nothing to cancel) planning@example.com"])
    }

    func testAnOverrideSentAloneJoinsTheSeries() throws {
        let path = try scratch().appendingPathComponent("work.ics").path
        XCTAssertEqual(try importing(Self.invitation, into: path), ["added planning@example.com"])
        let moved = Self.message("REQUEST", """
            BEGIN:VEVENT
            UID:planning@example.com
            SEQUENCE:1
            DTSTAMP:20240302T120000Z
            RECURRENCE-ID;TZID=Europe/Berlin:20240325T100000
            DTSTART;TZID=Europe/Berlin:20240326T090000
            DTEND;TZID=Europe/Berlin:20240326T100000
            SUMMARY:Planning (Tuesday)
            END:VEVENT
            """)
        XCTAssertEqual(try importing(moved, into: path).count, 1)
        XCTAssertEqual(try agenda(path), ["2024-03-11T10:00:00+01:00 Planning", "2024-03-18T10:00:00+01:00 Planning",
                                          "2024-03-26T09:00:00+01:00 Planning (Tuesday)", "2024-04-01T10:00:00+02:00 Planning"])
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(try importing(moved, into: path).map { $0.hasPrefix("kept (not newer)") }, [true])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    }

    func testASourceWithADefectIsRefusedWithItsPlaceAndTheCalendarUnchanged() throws {
        let path = try scratch().appendingPathComponent("work.ics").path
        try Data(Self.mine).write(to: URL(fileURLWithPath: path))
        var broken = Self.invitation
        broken.append(contentsOf: Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTAMP:20240301T120000Z\r\nDTSTART:20241301T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8))
        XCTAssertThrowsError(try importing(broken, into: path)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("mail.ics was not imported"), text)
            XCTAssertTrue(text.contains("(mail.ics:35:9: DTSTART: '20241301' is not a date"), text)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(Self.mine))
        // An answer to an invitation is no event to keep.
        XCTAssertThrowsError(try importing(Self.message("REPLY", "BEGIN:VEVENT\nUID:x\nDTSTAMP:20240301T120000Z\nDTSTART:20240301T100000Z\nEND:VEVENT"), into: path)) { error in
            XCTAssertTrue("\(error)".contains("mail.ics:4: METHOD:REPLY"), "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(Self.mine))
    }

    func testADryRunWritesNothing() throws {
        let directory = try scratch()
        let path = directory.appendingPathComponent("work.ics").path
        XCTAssertEqual(try importing(Self.invitation, into: path, dryRun: true), ["added planning@example.com"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        try Data(Self.mine).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try importing(Self.invitation, into: path, dryRun: true), ["added planning@example.com"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(Self.mine))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["work.ics"])
    }

    func testIntoAVdirFolderEachNewUIDIsItsOwnItem() throws {
        let folder = try scratch().appendingPathComponent("work")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.mine).write(to: folder.appendingPathComponent("mine.ics"))
        XCTAssertEqual(try importing(Self.invitation, into: folder.path), ["added planning@example.com"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["mine.ics", "planning@example.com.ics"])
        XCTAssertEqual(try importing(Self.update, into: folder.path), ["updated planning@example.com"])
        XCTAssertEqual(try importing(Self.cancelAll, into: folder.path), ["cancelled planning@example.com"])
        // The item left without an event goes, as khal and vdirsyncer do.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["mine.ics"])
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("mine.ics")), Data(Self.mine))
    }

    func testAnExportKeepsEachComponentsTextAndItsZones() throws {
        let path = try scratch().appendingPathComponent("work.ics").path
        try Data(Self.mine).write(to: URL(fileURLWithPath: path))
        _ = try importing(Self.invitation, into: path)
        let calendar = try CalendarFileReader(mode: .strict).read(path)[0].calendar
        var export = CalendarExport(store: CalendarStore(calendars: [calendar])) { try? CalendarExport.contents(of: $0) }
        let whole = String(decoding: try export.calendar(window: nil, viewer: .utc), as: UTF8.self)
        XCTAssertTrue(whole.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Kalends//Kalends 0.1//EN\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"), whole)
        XCTAssertTrue(whole.contains("BEGIN:VEVENT\r\nUID:mine@test\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240312T080000Z\r\nSUMMARY:Mine\r\nEND:VEVENT\r\n"))
        XCTAssertTrue(whole.contains("RRULE:FREQ=WEEKLY;COUNT=4\r\n"))
        // A window after "Mine": the series alone, whole.
        let window = Instant(seconds: 1_710_720_000)..<Instant(seconds: 1_710_806_400)   // 2024-03-18
        let windowed = String(decoding: try export.calendar(window: window, viewer: .utc), as: UTF8.self)
        XCTAssertFalse(windowed.contains("mine@test"))
        XCTAssertTrue(windowed.contains("RRULE:FREQ=WEEKLY;COUNT=4\r\n"))
        let expanded = String(decoding: try export.expanded(window: window, viewer: .utc), as: UTF8.self)
        XCTAssertTrue(expanded.contains("""
            BEGIN:VEVENT\r
            UID:planning@example.com\r
            SEQUENCE:0\r
            DTSTAMP:20240301T120000Z\r
            ORGANIZER:mailto:anna@example.com\r
            DTSTART;TZID=Europe/Berlin:20240318T100000\r
            DTEND;TZID=Europe/Berlin:20240318T110000\r
            SUMMARY:Planning\r
            RECURRENCE-ID;TZID=Europe/Berlin:20240318T100000\r
            END:VEVENT\r\n
            """), expanded)
        XCTAssertFalse(expanded.contains("RRULE:FREQ=WEEKLY"))
    }
}
