import Foundation
import XCTest

/// How errors show what was typed and say what went wrong with a file:
/// input quoted plainly (no escape the user did not type), the system's
/// reason for a file that cannot be read, a date argument that is a path,
/// and bounded reading of files and standard input (a 20 MB line costs no
/// 20 MB and is not echoed back).
final class InputErrorsCLITests: XCTestCase {
    // MARK: Quoting

    /// A pattern with a single quote is shown in double quotes, as typed;
    /// the rest of the message keeps its own quotes unescaped.
    func testQuotesAreShownPlainly() {
        CLI.assertError(CLI.run(["convert", "2024-03-15", "--format", "'"]), status: 1,
                        contains: #"kalends: error: --format: invalid date pattern "'": a quote (') is not closed"#)
        CLI.assertError(CLI.run(["convert", "2024-03-15", "--format", "d 'of MMMM"]), status: 1,
                        contains: #"--format: invalid date pattern "d 'of MMMM": a quote (') is not closed"#)
        // Only text with both quotes escapes one of them.
        let both = CLI.run(["convert", "2024-03-15", "--format", #"d '"x"#])
        CLI.assertError(both, status: 1, contains: #"invalid date pattern 'd \'"x': a quote (') is not closed"#)
        for result in [CLI.run(["convert", "2024-03-15", "--format", "'"]), both] {
            XCTAssertFalse(result.stderr.contains(#"\'\'"#), result.stderr)
        }
        // An argument the command line quotes itself.
        CLI.assertError(CLI.run(["month", "--first-weekday", "it's"]), status: 2, contains: #"got "it's""#)
        CLI.assertError(CLI.run(["conv'ert"]), status: 2, contains: #"unknown command "conv'ert""#)
        // A typed quote inside a date: the echo is the date's, the library's own quotes stay.
        CLI.assertError(CLI.run(["convert", "2024-03-1'5"]), status: 1, contains: #"DATE: cannot read date "2024-03-1'5""#)
    }

    // MARK: Files

    /// A missing file, a directory and an unreadable file each give the
    /// system's reason (strerror), for every command that reads a file.
    func testFileErrorsGiveTheSystemsReason() throws {
        // A short path: errors cut longer ones.
        let directory = URL(fileURLWithPath: "/tmp/kalends-\(getpid())-\(Int.random(in: 0..<1_000_000))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.ics").path
        for (command, argument) in [("recur", "ICAL-FILE"), ("layout", "FILE")] {
            CLI.assertError(CLI.run([command, missing]), status: 1,
                            contains: "kalends: error: \(argument) '\(missing)': cannot be read: no such file or directory")
        }
        // recur reads a folder as a vdir too: an empty one holds no recurrence.
        CLI.assertError(CLI.run(["recur", directory.path]), status: 1,
                        contains: "kalends: error: ICAL-FILE '\(directory.path)': no DTSTART line")
        // layout reads a folder as calendars: one with no item and no calendar folder is an error, not an empty day.
        CLI.assertError(CLI.run(["layout", directory.path, "--day", "2024-03-15"]), status: 1,
                        contains: "kalends: error: \(directory.path): no .ics items and no calendar folders")
        // Root reads any file: the permission case is checked for other users only.
        guard getuid() != 0 else { return }
        let locked = directory.appendingPathComponent("locked.ics")
        try Data("DTSTART:20240101T000000\n".utf8).write(to: locked)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
        CLI.assertError(CLI.run(["recur", locked.path]), status: 1, contains: "cannot be read: permission denied")
    }

    /// A FIFO no program writes to never holds a command: among a vdir's
    /// items it is no item (as vdirsyncer, which takes regular files, sees
    /// it); named itself it reads as empty; an edit refuses it.
    func testAFIFOIsNoItemAndHoldsNothing() throws {
        let directory = URL(fileURLWithPath: "/tmp/kalends-fifo-\(getpid())-\(Int.random(in: 0..<1_000_000))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let event = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//EN\r\nBEGIN:VEVENT\r\nUID:a@t\r\nDTSTAMP:20240101T000000Z\r\n"
            + "DTSTART:20240311T100000Z\r\nDURATION:PT1H\r\nSUMMARY:Kept\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        try Data(event.utf8).write(to: directory.appendingPathComponent("a.ics"))
        let fifo = directory.appendingPathComponent("b.ics").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        // Links to a FIFO and to a device: no items either.
        XCTAssertEqual(symlink(fifo, directory.appendingPathComponent("c.ics").path), 0)
        XCTAssertEqual(symlink("/dev/zero", directory.appendingPathComponent("d.ics").path), 0)
        let agenda = CLI.run(["agenda", directory.path, "--from", "2024-03-11", "--days", "1", "--tz", "UTC"], timeout: 20)
        XCTAssertEqual(agenda.status, 0, agenda.stderr)
        XCTAssertEqual(agenda.lines, ["Monday 2024-03-11", "  10:00-11:00  Kept"])
        CLI.assertError(CLI.run(["agenda", fifo, "--from", "2024-03-11"], timeout: 20), status: 1, contains: "not iCalendar")
        CLI.assertError(CLI.run(["event", "add", fifo, "--title", "X", "--start", "2024-03-11T10:00", "--duration", "PT1H"], timeout: 20),
                        status: 1, contains: "cannot be edited (it is not a regular file)")
        CLI.assertError(CLI.run(["contacts", "list", fifo], timeout: 20), status: 1, contains: "b.ics")
        // A new event in the folder: the FIFO is left as it was, and still no item.
        let added = CLI.run(["event", "add", directory.path, "--title", "New", "--start", "2024-03-11T12:00", "--duration", "PT1H", "--tz", "UTC"],
                            timeout: 20)
        XCTAssertEqual(added.status, 0, added.stderr)
        var info = stat()
        XCTAssertEqual(stat(fifo, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO)
    }

    /// `convert`, `add` and `diff` take dates, not files: a path is not read
    /// as a date-time (no word of a 'T'), and the message says that `-`
    /// reads dates from standard input.
    func testPathGivenForADate() {
        let convert = CLI.run(["convert", "/tmp"])
        CLI.assertError(convert, status: 1, contains: "DATE: cannot read date '/tmp': expected YEAR-MONTH-DAY")
        XCTAssertFalse(convert.stderr.contains("'T'"), convert.stderr)
        XCTAssertTrue(convert.stderr.contains("(DATE is a date, not a file; 'kalends convert -' reads the dates a line from standard input)"),
                      convert.stderr)
        CLI.assertError(CLI.run(["add", "./dates.txt", "P1D"]), status: 1, contains: "DATE is a date, not a file; 'kalends add -'")
        CLI.assertError(CLI.run(["diff", "/tmp", "2024-01-01"]), status: 1, contains: "START is a date, not a file; 'kalends diff -'")
        // Not a path: no such hint.
        let plain = CLI.run(["convert", "2024-13-01"])
        XCTAssertEqual(plain.status, 1)
        XCTAssertFalse(plain.stderr.contains("not a file"), plain.stderr)
        // A 'T' after digits is still a date-time's.
        CLI.assertError(CLI.run(["convert", "2024-03-15Tx"]), status: 1, contains: "expected a time such as 09:30 after 'T'")
    }

    /// An instant bound on a floating recurrence: the library says what is
    /// wrong, and only the command line names its options as the way out.
    func testInstantBoundOfAFloatingRecurrence() {
        let result = CLI.run(["recur", "--dtstart", "2024-01-01T09:00", "--rrule", "FREQ=DAILY", "--after", "2024-01-05T00:00:00Z"])
        CLI.assertError(result, status: 1, contains: "kalends: error: the window: the bound 2024-01-05T00:00:00Z is an instant, "
                        + "but DTSTART 2024-01-01T09:00:00 has no zone: the rule's wall-clock times are no instants to compare it with "
                        + "(give --tz, or a bound without an offset)")
        // With --tz the same bound is an instant of the zoned recurrence.
        let zoned = CLI.run(["recur", "--dtstart", "2024-01-01T09:00", "--tz", "Europe/Paris", "--rrule", "FREQ=DAILY",
                             "--after", "2024-01-05T00:00:00Z"])
        XCTAssertEqual(zoned.status, 0, zoned.stderr)
        XCTAssertEqual(zoned.stdout, "2024-01-05T09:00:00+01:00\n")
    }

    // MARK: Bounded reading

    /// `recur -` with a 20 MB line: one short error, exit 1, quickly (the
    /// input is read up to its 16 MiB bound, never echoed back).
    func testRecurLongLineIsShortErrorQuickly() {
        let long = String(repeating: "a", count: 20_000_000)
        for input in [long + "\n", "DTSTART:20240101T090000\nRRULE:FREQ=DAILY;BYDAY=" + long + "\n"] {
            let started = Date()
            let result = Self.run(["recur", "-"], stdinFile: input)
            XCTAssertLessThan(Date().timeIntervalSince(started), 20)
            XCTAssertEqual(result.status, 1)
            XCTAssertLessThan(result.stderr.utf8.count, 1_024)
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(result.stderr, "kalends: error: standard input: the input is larger than 16 MiB, the limit for the iCalendar text of a recurrence\n")
        }
    }

    /// The limit is on the unfolded line: a long rule folded into short lines
    /// is refused at its first line; a long line of another property (an
    /// inline attachment) is passed over, and line numbers stay the file's.
    func testRecurLimitAppliesAfterUnfolding() {
        let folded = "DTSTART:20240101T090000\r\nRRULE:FREQ=DAILY;BYMONTHDAY=1" + String(repeating: "\r\n ,1", count: 40_000) + "\r\n"
        CLI.assertError(Self.run(["recur", "-"], stdinFile: folded), status: 1,
                        contains: "standard input: line 2: the RRULE line is 80029 bytes long, more than the 65536 a content line may have")
        let attachment = "BEGIN:VEVENT\r\nATTACH;ENCODING=BASE64;VALUE=BINARY:" + String(repeating: "QUFB", count: 50_000)
            + String(repeating: "\r\n QUFB", count: 1_000) + "\r\nDTSTART:20240101T090000\r\nRRULE:FREQ=DAILY;COUNT=2\r\nEND:VEVENT\r\n"
        let passed = CLI.run(["recur", "-"], stdin: attachment)
        XCTAssertEqual(passed.status, 0, passed.stderr)
        XCTAssertEqual(passed.lines, ["2024-01-01T09:00:00", "2024-01-02T09:00:00"])
        // A later error still names its own line: 1 + 1,001 lines of the attachment + DTSTART.
        let bad = attachment.replacingOccurrences(of: "RRULE:FREQ=DAILY;COUNT=2", with: "RRULE:FREQ=DAILY;COUNT=0")
        CLI.assertError(CLI.run(["recur", "-"], stdin: bad), status: 1, contains: "standard input: line 1004: recurrence rule part COUNT")
    }

    /// More than 16 MiB of iCalendar text is refused (a bound on endless input too).
    func testRecurInputIsBounded() {
        let lines = String(repeating: "X-FILLER:" + String(repeating: "x", count: 1_000) + "\n", count: 17_000)
        CLI.assertError(Self.run(["recur", "-"], stdinFile: lines), status: 1,
                        contains: "standard input: the input is larger than 16 MiB, the limit for the iCalendar text of a recurrence")
    }

    /// Runs `kalends` with standard input read from a file holding `input`:
    /// a command that stops reading early must not leave the test writing
    /// into a closed pipe.
    static func run(_ arguments: [String], stdinFile input: String) -> CLIResult {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-stdin-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: file.path, contents: Data(input.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" \"$@\" < \"$KALENDS_TEST_INPUT\"", CLI.binary.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["KALENDS_TEST_INPUT"] = file.path
        environment["TZ"] = environment["TZ"] ?? "UTC"
        process.environment = environment
        let finished = ChildProcess.run(process, stdin: Data(), timeout: 60)
        XCTAssertFalse(finished.timedOut, "kalends \(arguments) did not finish within 60 s")
        return CLIResult(status: finished.status, stdout: finished.stdout, stderr: finished.stderr)
    }
}
