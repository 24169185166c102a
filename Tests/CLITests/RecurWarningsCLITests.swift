import XCTest

/// `kalends recur`'s warnings: a part of the recurrence it ignores (BYHOUR,
/// BYMINUTE, BYSECOND with a date DTSTART, RFC 5545 section 3.3.10), and
/// occurrences cut by the end of the supported dates. Each is one
/// `kalends: warning:` line on stderr; the exit status stays 0.
final class RecurWarningsCLITests: XCTestCase {
    static let ignoredMinutes = "BYMINUTE=1,2,3,4 is ignored: DTSTART is the date 2024-10-18, which has no time of day (RFC 5545 section 3.3.10)"

    /// The issue's vectors, from standard input, a file and the options.
    func testTimePartsOfADateStartAreIgnored() throws {
        let lines = "DTSTART;VALUE=DATE:20241018\r\nRRULE:FREQ=DAILY;BYMINUTE=1,2,3,4;INTERVAL=2;COUNT=3\r\n"
        let standardInput = CLI.run(["recur", "-"], stdin: lines)
        XCTAssertEqual(standardInput.status, 0, standardInput.stderr)
        XCTAssertEqual(standardInput.lines, ["2024-10-18", "2024-10-20", "2024-10-22"])
        XCTAssertEqual(standardInput.stderr, "kalends: warning: standard input: line 2: \(Self.ignoredMinutes)\n")

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-date-\(UUID().uuidString).ics")
        try Data(("BEGIN:VEVENT\r\n" + lines + "END:VEVENT\r\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let fromFile = CLI.run(["recur", file.path, "--json"])
        XCTAssertEqual(fromFile.status, 0, fromFile.stderr)
        XCTAssertEqual(fromFile.lines, [#"{"start":"2024-10-18"}"#, #"{"start":"2024-10-20"}"#, #"{"start":"2024-10-22"}"#])
        XCTAssertTrue(fromFile.stderr.hasSuffix(": line 3: \(Self.ignoredMinutes)\n"), fromFile.stderr)
        XCTAssertEqual(fromFile.stderr.split(separator: "\n").count, 1)

        let options = CLI.run(["recur", "--dtstart", "2024-10-18", "--rrule", "FREQ=DAILY;BYMINUTE=1,2,3,4;INTERVAL=2;COUNT=3"])
        XCTAssertEqual(options.status, 0, options.stderr)
        XCTAssertEqual(options.lines, ["2024-10-18", "2024-10-20", "2024-10-22"])
        XCTAssertEqual(options.stderr, "kalends: warning: --rrule 'FREQ=DAILY;BYMINUTE=1,2,3,4;INTERVAL=2;COUNT=3': \(Self.ignoredMinutes)\n")
    }

    /// One warning per rule that has such parts, naming them all; none for a rule without.
    func testOneWarningPerRule() {
        let result = CLI.run(["recur", "--dtstart", "2024-10-18", "--rrule", "FREQ=WEEKLY;COUNT=2",
                              "--rrule", "FREQ=MONTHLY;BYHOUR=9;BYSECOND=0,30;COUNT=2"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.lines, ["2024-10-18", "2024-10-25", "2024-11-18"])
        XCTAssertEqual(result.stderr, "kalends: warning: --rrule 'FREQ=MONTHLY;BYHOUR=9;BYSECOND=0,30;COUNT=2': BYHOUR=9 and BYSECOND=0,30 are "
                       + "ignored: DTSTART is the date 2024-10-18, which has no time of day (RFC 5545 section 3.3.10)\n")
        // A time DTSTART uses them: no warning.
        let timed = CLI.run(["recur", "--dtstart", "2024-10-18T00:00", "--rrule", "FREQ=DAILY;BYMINUTE=1,2;COUNT=2"])
        XCTAssertEqual(timed.lines, ["2024-10-18T00:00:00", "2024-10-18T00:01:00"])
        XCTAssertEqual(timed.stderr, "")
    }

    /// FREQ=HOURLY, MINUTELY or SECONDLY cannot step a date: exit 1, naming the rule.
    func testSubDailyRuleOfADateStartIsAnError() {
        CLI.assertError(CLI.run(["recur", "--dtstart", "2024-10-18", "--rrule", "FREQ=HOURLY;COUNT=3"]), status: 1,
                        contains: "RRULE FREQ=HOURLY;COUNT=3: FREQ=HOURLY needs a DTSTART with a time, and DTSTART is the date 2024-10-18")
        CLI.assertError(CLI.run(["recur", "-"], stdin: "DTSTART;VALUE=DATE:20241018\nRRULE:FREQ=MINUTELY\n"), status: 1,
                        contains: "standard input: line 2: RRULE FREQ=MINUTELY: FREQ=MINUTELY needs a DTSTART with a time")
    }

    /// The supported dates end at 9999-12-31: a rule that goes on after it
    /// is cut there with one warning, exit 0; a rule, a --limit or a window
    /// that ends first gets none.
    func testEndOfTheSupportedDatesIsSaid() {
        let counted = CLI.run(["recur", "--dtstart", "9999-12-29", "--rrule", "FREQ=DAILY;COUNT=2147483647"])
        XCTAssertEqual(counted.status, 0, counted.stderr)
        XCTAssertEqual(counted.lines, ["9999-12-29", "9999-12-30", "9999-12-31"])
        XCTAssertEqual(counted.stderr, "kalends: warning: the occurrences stop at the end of the supported dates, 9999-12-31: "
                       + "the rule FREQ=DAILY;COUNT=2147483647 goes on after it (its COUNT is not reached)\n")
        // The issue's case: from 2024, quickly.
        let long = CLI.run(["recur", "--dtstart", "2024-01-01", "--rrule", "FREQ=DAILY;COUNT=2147483647"])
        XCTAssertEqual(long.status, 0)
        XCTAssertEqual(long.lines.last, "9999-12-31")
        XCTAssertTrue(long.stderr.hasPrefix("kalends: warning: the occurrences stop at the end of the supported dates"), long.stderr)
        // An endless rule: the note on the first 100, and the warning, since fewer came.
        let endless = CLI.run(["recur", "--dtstart", "9999-12-30T22:00", "--tz", "America/New_York", "--rrule", "FREQ=HOURLY"])
        XCTAssertEqual(endless.status, 0)
        XCTAssertEqual(endless.lines.count, 21)
        XCTAssertEqual(endless.lines.last, "9999-12-31T18:00:00-05:00")
        XCTAssertEqual(endless.stderr.split(separator: "\n").map(String.init), [
            "kalends: note: the rule has no COUNT or UNTIL: printing the first 100 occurrences (--limit N or --between START END to choose)",
            "kalends: warning: the occurrences stop at the end of the supported dates, 9999-12-31: the rule FREQ=HOURLY goes on after it",
        ])
        // Ended by the rule, --limit or the window: nothing to say.
        for arguments in [["--rrule", "FREQ=DAILY;COUNT=3"], ["--rrule", "FREQ=DAILY;UNTIL=99991231"],
                          ["--rrule", "FREQ=DAILY", "--limit", "3"], ["--rrule", "FREQ=DAILY", "--between", "9999-12-29", "9999-12-31"]] {
            let result = CLI.run(["recur", "--dtstart", "9999-12-29"] + arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", "\(arguments)")
        }
    }
}
