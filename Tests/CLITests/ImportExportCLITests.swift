import Foundation
import XCTest

/// `kalends import` and `kalends export` as the contract says: each line
/// (added, updated, kept (not newer), cancelled), the dry run, the
/// refusals (exit 1, the calendar byte-for-byte unchanged; exit 2 for usage),
/// standard input, a vdir folder; export whole, windowed and expanded.
final class ImportExportCLITests: XCTestCase {
    func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-import-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    static func example(_ name: String) -> String { CLI.repositoryRoot.appendingPathComponent("Examples/\(name)").path }

    func agenda(_ path: String) -> [String] {
        let result = CLI.run(["agenda", path, "--from", "2024-03-11", "--days", "28", "--tz", "America/New_York", "--json", "--strict"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.jsonLines().map { "\($0["start"] ?? "") \($0["title"] ?? "")" }
    }

    func testEachVerbOfAnInvitationsLife() throws {
        let path = try scratch().appendingPathComponent("work.ics").path
        let invitation = Self.example("invitation.ics")
        var result = CLI.run(["import", invitation, "--into", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "added planning@example.com\n")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(agenda(path).count, 4)
        let first = try Data(contentsOf: URL(fileURLWithPath: path))
        result = CLI.run(["import", invitation, "--into", path])
        XCTAssertEqual(result.stdout, "kept (not newer) planning@example.com\n")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), first)
        result = CLI.run(["import", Self.example("invitation-update.ics"), "--into", path, "--dry-run"])
        XCTAssertEqual(result.stdout, "updated planning@example.com\n")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), first)
        result = CLI.run(["import", Self.example("invitation-update.ics"), "--into", path])
        XCTAssertEqual(result.stdout, "updated planning@example.com\n")
        XCTAssertEqual(agenda(path).first, "2024-03-11T14:00:00-04:00 Planning (afternoon)")
        result = CLI.run(["import", Self.example("invitation-cancel-one.ics"), "--into", path])
        XCTAssertEqual(result.stdout, "cancelled planning@example.com (occurrence 2024-03-18T14:00:00-04:00)\n")
        XCTAssertEqual(agenda(path), ["2024-03-11T14:00:00-04:00 Planning (afternoon)", "2024-03-25T14:00:00-04:00 Planning (afternoon)",
                                      "2024-04-01T14:00:00-04:00 Planning (afternoon)"])
        result = CLI.run(["import", Self.example("invitation-cancel.ics"), "--into", path])
        XCTAssertEqual(result.stdout, "cancelled planning@example.com\n")
        XCTAssertEqual(agenda(path), [])
        result = CLI.run(["import", Self.example("invitation-cancel.ics"), "--into", path])
        XCTAssertEqual(result.stdout, "kept (nothing to cancel) planning@example.com\n")
    }

    func testStandardInputAndAVdirFolder() throws {
        let folder = try scratch().appendingPathComponent("work")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = try String(contentsOfFile: Self.example("invitation.ics"), encoding: .utf8)
        let result = CLI.run(["import", "-", "--into", folder.path], stdin: text)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "added planning@example.com\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["planning@example.com.ics"])
        XCTAssertEqual(agenda(folder.path).count, 4)
    }

    func testRefusalsLeaveTheCalendarUnchanged() throws {
        let directory = try scratch()
        let path = directory.appendingPathComponent("work.ics").path
        XCTAssertEqual(CLI.run(["import", Self.example("invitation.ics"), "--into", path]).status, 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        // A source with a defect: refused whole, with its place.
        var result = CLI.run(["import", Self.example("bad-date.ics"), "--into", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("kalends: error: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("bad-date.ics:4:9: DTSTART: '20240230' is not a date"), result.stderr)
        XCTAssertTrue(result.stderr.contains("nothing was changed"), result.stderr)
        // Not iCalendar at all.
        result = CLI.run(["import", "-", "--into", path], stdin: "hello\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("standard input"), result.stderr)
        // An iTIP reply.
        let reply = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//X//EN\r\nMETHOD:REPLY\r\nBEGIN:VEVENT\r\nUID:planning@example.com\r\nDTSTAMP:20240302T000000Z\r\nDTSTART:20240311T140000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        result = CLI.run(["import", "-", "--into", path], stdin: reply)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("standard input:4: METHOD:REPLY"), result.stderr)
        // A missing source; a target with a defect.
        result = CLI.run(["import", directory.appendingPathComponent("missing.ics").path, "--into", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("No such file or directory") || result.stderr.contains("no such file"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
        let broken = directory.appendingPathComponent("broken.ics").path
        try FileManager.default.copyItem(atPath: Self.example("bad-date.ics"), toPath: broken)
        let brokenBefore = try Data(contentsOf: URL(fileURLWithPath: broken))
        result = CLI.run(["import", Self.example("invitation.ics"), "--into", broken])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: broken)), brokenBefore)
        // Usage: no SOURCE, no --into, an unknown option.
        for arguments in [["import"], ["import", Self.example("invitation.ics")], ["import", Self.example("invitation.ics"), "--into", path, "--force"]] {
            result = CLI.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("kalends: error: "), result.stderr)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    }

    func testExportWholeWindowedAndExpanded() throws {
        let team = Self.example("team.ics")
        var result = CLI.run(["export", team])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Kalends//Kalends 0.1//EN\r\nBEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n"))
        XCTAssertTrue(result.stdout.hasSuffix("END:VCALENDAR\r\n"))
        XCTAssertTrue(result.stdout.contains("RRULE:RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=14;SKIP=FORWARD\r\n"))
        // Exported, then imported into an empty calendar: the same agenda.
        let path = try scratch().appendingPathComponent("copy.ics").path
        let imported = CLI.run(["import", "-", "--into", path], stdin: result.stdout)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let window = ["--from", "2024-03-01", "--to", "2025-04-01", "--tz", "America/New_York", "--json"]
        XCTAssertEqual(CLI.run(["agenda", path] + window).stdout.replacingOccurrences(of: "copy.ics", with: "Team"),
                       CLI.run(["agenda", team] + window).stdout)
        // A window keeps the series that touch it, whole.
        result = CLI.run(["export", team, "--from", "2024-03-11", "--to", "2024-03-12", "--tz", "America/New_York"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.contains("UID:release@example.com"))
        XCTAssertTrue(result.stdout.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR\r\n"))
        XCTAssertTrue(result.stdout.contains("RECURRENCE-ID;TZID=America/New_York:20240311T093000\r\n"), "the series whole, its override too")
        XCTAssertFalse(result.stdout.contains("UID:purim@example.com"))
        // Expanded: each occurrence its own VEVENT, no rule.
        result = CLI.run(["export", team, "--from", "2024-03-11", "--to", "2024-03-16", "--tz", "America/New_York", "--expand"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.contains("RRULE:FREQ=WEEKLY"))
        XCTAssertEqual(result.stdout.components(separatedBy: "BEGIN:VEVENT").count - 1,
                       CLI.run(["agenda", team, "--from", "2024-03-11", "--to", "2024-03-16", "--tz", "America/New_York", "--json"]).lines.count)
        XCTAssertTrue(result.stdout.contains("DTSTART;TZID=America/New_York:20240315T093000\r\nDTEND;TZID=America/New_York:20240315T094500\r\n"))
        XCTAssertTrue(result.stdout.contains("RECURRENCE-ID;TZID=America/New_York:20240315T093000\r\n"))
        // Standard input.
        result = CLI.run(["export", "-"], stdin: try String(contentsOfFile: Self.example("invitation.ics"), encoding: .utf8))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("UID:planning@example.com\r\n"))
        XCTAssertFalse(result.stdout.contains("METHOD"))
    }

    func testExportRefusals() {
        let team = Self.example("team.ics")
        for arguments in [["export"], ["export", team, "--expand"], ["export", team, "--from", "2024-03-01"], ["export", team, "--to", "2024-03-01"]] {
            let result = CLI.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "")
            XCTAssertTrue(result.stderr.hasPrefix("kalends: error: "), result.stderr)
        }
        var result = CLI.run(["export", Self.example("bad-date.ics"), "--strict"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("bad-date.ics:4:9"), result.stderr)
        result = CLI.run(["export", Self.example("bad-date.ics")])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stderr.hasPrefix("kalends: warning: "), result.stderr)
        result = CLI.run(["export", team, "--from", "2024-03-10", "--to", "2024-03-01"])
        XCTAssertEqual(result.status, 1, result.stderr)
    }

    /// A calendar with a zone `Office` of one fixed offset and one event at 09:00 in it.
    static func office(_ uid: String, offset: String, method: String? = nil) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + (method.map { "METHOD:\($0)\r\n" } ?? "")
            + "BEGIN:VTIMEZONE\r\nTZID:Office\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:\(offset)\r\n"
            + "TZOFFSETTO:\(offset)\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20240101T000000Z\r\n"
            + "DTSTART;TZID=Office:20240310T090000\r\nDURATION:PT1H\r\nSUMMARY:\(uid)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    func testOneTZIDDefinedTwoWaysNeverMovesATime() throws {
        let folder = try scratch()
        let target = folder.appendingPathComponent("tokyo.ics"), source = folder.appendingPathComponent("invite.ics")
        try Self.office("mine", offset: "+0900").write(to: target, atomically: true, encoding: .utf8)
        try Self.office("theirs", offset: "-0500", method: "REQUEST").write(to: source, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: target)
        CLI.assertError(CLI.run(["import", source.path, "--into", target.path]), status: 1,
                        contains: "does (at 2024-03-10T12:00:00Z: UTC-05:00 against UTC+09:00), so its times would move")
        XCTAssertEqual(try Data(contentsOf: target), before)
        CLI.assertError(CLI.run(["export", target.path, source.path]), status: 1, contains: "define the zone Office with other offsets")
        // The same definition in both: one zone, imported.
        try Self.office("same", offset: "+0900", method: "REQUEST").write(to: source, atomically: true, encoding: .utf8)
        XCTAssertEqual(CLI.run(["import", source.path, "--into", target.path]).stdout, "added same\n")
        XCTAssertEqual(CLI.run(["agenda", target.path, "--from", "2024-03-10", "--days", "1", "--tz", "UTC", "--json"]).jsonLines().map { "\($0["start"] ?? "")" },
                       ["2024-03-10T00:00:00Z", "2024-03-10T00:00:00Z"])
    }

    func testAWindowedExportOfAnEndlessDenseSeriesIsItsSeriesWhole() throws {
        let file = try scratch().appendingPathComponent("seconds.ics")
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:tick\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240101T000000Z\r\nRRULE:FREQ=SECONDLY\r\nSUMMARY:tick\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let result = CLI.run(["export", file.path, "--from", "2024-01-01", "--to", "2030-01-01", "--tz", "UTC"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.components(separatedBy: "BEGIN:VEVENT").count - 1, 1)
        XCTAssertTrue(result.stdout.contains("RRULE:FREQ=SECONDLY\r\n"))
        // After the window's end: nothing of it.
        XCTAssertFalse(CLI.run(["export", file.path, "--from", "2023-01-01", "--to", "2023-12-31", "--tz", "UTC"]).stdout.contains("UID:tick"))
    }

    func testASourceWithTwoVersionsOfOneItemIsRefusedSayingSo() throws {
        let folder = try scratch()
        let source = folder.appendingPathComponent("twice.ics")
        let event = "BEGIN:VEVENT\r\nUID:dup\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240310T090000Z\r\nSUMMARY:x\r\nEND:VEVENT\r\n"
        try ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\n" + event + event + "END:VCALENDAR\r\n").write(to: source, atomically: true, encoding: .utf8)
        let target = folder.appendingPathComponent("cal.ics").path
        CLI.assertError(CLI.run(["import", source.path, "--into", target]), status: 1,
                         contains: ":10: the item with UID dup is given twice (also on line 4): a calendar to import holds one version of each; nothing was changed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: target))
    }
}
