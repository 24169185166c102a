import XCTest

/// `kalends recur --describe`: one English line per RRULE instead of the
/// occurrences, exit 0; no RRULE, a bad rule, or an occurrence option beside
/// it is an error (Docs/CLI.md).
final class RecurDescribeCLITests: XCTestCase {
    func recur(_ arguments: [String], stdin: String? = nil) -> CLIResult {
        CLI.run(["recur"] + arguments, stdin: stdin)
    }

    func testEachRuleIsOneLine() {
        let result = recur(["--rrule", "FREQ=WEEKLY;INTERVAL=2;COUNT=10;BYDAY=TU,TH", "--rrule", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
                            "--rrule", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD", "--describe"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            every other week on Tuesday and Thursday, 10 times
            monthly on the last weekday
            every Hebrew year on 8 Adar I, moving to 8 Adar in common years

            """)
        XCTAssertEqual(result.stderr, "")
    }

    /// With DTSTART the recurrence is read whole (and checked), and only its rules are described.
    func testAWholeRecurrenceDescribesItsRules() {
        let withStart = recur(["--dtstart", "2024-01-31", "--rrule", "FREQ=MONTHLY;COUNT=4", "--rdate", "2024-02-29", "--describe"])
        XCTAssertEqual(withStart.status, 0, withStart.stderr)
        XCTAssertEqual(withStart.stdout, "monthly, 4 times\n")
        let stdin = "BEGIN:VEVENT\r\nDTSTART;TZID=America/New_York:19970902T090000\r\nRRULE:FREQ=DAILY;UNTIL=19971224T000000Z\r\n"
            + "RRULE:FREQ=YEARLY;BYMONTH=10;\r\n BYDAY=-1SU\r\nEXDATE;TZID=America/New_York:19970903T090000\r\nEND:VEVENT\r\n"
        let file = recur(["-", "--describe"], stdin: stdin)
        XCTAssertEqual(file.status, 0, file.stderr)
        XCTAssertEqual(file.stdout, "daily, until 1997-12-24T00:00:00Z\nyearly on the last Sunday of October\n")
        // An endless rule prints no note about its first 100 occurrences.
        let endless = recur(["--dtstart", "2024-01-01", "--rrule", "FREQ=DAILY", "--describe"])
        XCTAssertEqual(endless.stdout, "daily\n")
        XCTAssertEqual(endless.stderr, "")
    }

    func testNoRuleIsAnError() {
        let bare = recur(["--describe"])
        CLI.assertError(bare, status: 2, contains: "--describe needs a rule")
        let onlyDates = recur(["--dtstart", "2024-01-01", "--rdate", "2024-02-01", "--describe"])
        CLI.assertError(onlyDates, status: 2, contains: "--describe needs a rule")
        let file = recur(["-", "--describe"], stdin: "DTSTART:20240101T090000\r\nRDATE:20240102T090000\r\n")
        CLI.assertError(file, status: 1, contains: "standard input: has no RRULE line to describe")
    }

    func testBadRulesAndOptionsAreErrors() {
        CLI.assertError(recur(["--rrule", "FREQ=WEEKLY;BYDAY=1MO", "--describe"]), status: 1, contains: "part BYDAY")
        CLI.assertError(recur(["--rrule", "FREQ=DAILY", "--rrule", "FREQ=SOMETIMES", "--describe"]), status: 1, contains: "part FREQ")
        // With DTSTART, a rule that does not fit it is refused as without --describe.
        CLI.assertError(recur(["--dtstart", "2024-01-01", "--rrule", "FREQ=DAILY;UNTIL=20240105T000000Z", "--describe"]), status: 1,
                        contains: "UNTIL must be a date")
        for extra in [["--json"], ["--limit", "3"], ["--after", "2024-01-01"], ["--between", "2024-01-01", "2024-02-01"]] {
            CLI.assertError(recur(["--rrule", "FREQ=DAILY", "--describe"] + extra), status: 2, contains: "give it without \(extra[0])")
        }
    }

    func testHelpNamesTheOption() {
        let help = recur(["--help"]).stdout
        XCTAssertTrue(help.contains("[--describe]"), help)
        XCTAssertTrue(help.contains("  --describe "), help)
    }
}
