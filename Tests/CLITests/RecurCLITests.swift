import XCTest

/// `kalends recur` on bad and extreme input: exit 1 (or 2 for usage) with a
/// message that names the part, never a trap or a hang; and the contract's forms.
final class RecurCLITests: XCTestCase {
    func recur(_ arguments: [String], stdin: String? = nil) -> CLIResult {
        CLI.run(["recur"] + arguments, stdin: stdin)
    }

    /// `--locale L`: each occurrence's wall-clock date as L writes it (ICU's
    /// full date, Gregorian calendar) after it; JSON gains "formatted". The
    /// strings are CLDR 42 as ICU 72 writes it.
    func testLocale() throws {
        try CLI.skipUnlessICU72()
        let weekly = recur(["--dtstart", "2024-03-15", "--rrule", "FREQ=WEEKLY;COUNT=2", "--locale", "he"])
        XCTAssertEqual(weekly.status, 0, weekly.stderr)
        XCTAssertEqual(weekly.lines, ["2024-03-15  יום שישי, 15 במרץ 2024", "2024-03-22  יום שישי, 22 במרץ 2024"])
        // Across a DST change: the date is the occurrence's wall-clock date in its zone.
        let zoned = recur(["--dtstart", "2024-03-09T23:30", "--tz", "America/New_York", "--rrule", "FREQ=DAILY;COUNT=2", "--locale", "fa"])
        XCTAssertEqual(zoned.lines, ["2024-03-09T23:30:00-05:00  شنبه ۹ مارس ۲۰۲۴", "2024-03-10T23:30:00-04:00  یکشنبه ۱۰ مارس ۲۰۲۴"])
        XCTAssertEqual(recur(["--dtstart", "2024-12-31T23:00", "--rrule", "FREQ=HOURLY;COUNT=2", "--locale", "ja", "--json"]).lines, [
            #"{"start":"2024-12-31T23:00:00","formatted":"2024年12月31日火曜日"}"#,
            #"{"start":"2025-01-01T00:00:00","formatted":"2025年1月1日水曜日"}"#,
        ])
    }

    func testLocaleErrors() {
        CLI.assertError(recur(["--dtstart", "2024-03-15", "--rrule", "FREQ=DAILY;COUNT=2", "--locale", "xx"]), status: 1, contains: "--locale")
        CLI.assertError(recur(["--dtstart", "2024-03-15", "--rrule", "FREQ=DAILY;COUNT=2", "--locale", "he@@@"]), status: 1,
                        contains: "--locale: malformed locale 'he@@@'")
        CLI.assertError(recur(["--rrule", "FREQ=DAILY", "--describe", "--locale", "he"]), status: 2, contains: "--describe prints English descriptions")
    }

    func testBadRulesNameThePart() {
        let cases: [([String], String)] = [
            (["--dtstart", "2024-01-01", "--rrule", ""], "recurrence rule is empty"),
            (["--dtstart", "2024-01-01", "--rrule", "FREQ=DAILY;INTERVAL=99999999999999999999"], "part INTERVAL"),
            (["--dtstart", "2024-01-01", "--rrule", "FREQ=DAILY;COUNT=0"], "part COUNT"),
            (["--dtstart", "2024-01-01", "--rrule", "FREQ=MONTHLY;BYSETPOS=9999"], "part BYSETPOS"),
            (["--dtstart", "2024-01-01", "--rrule", "FREQ=DAILY;COUNT=2;UNTIL=20240105"], "COUNT"),
            (["--dtstart", "2024-01-01", "--rrule", "FREQ=DAILY;BYDAY=\u{1B}[31m"], "part BYDAY"),
            (["--dtstart", "2024-01-01", "--rrule", "FREQ=DAILY;UNTIL=20240105T000000Z"], "UNTIL must be a date"),
            (["--dtstart", "2024-01-01T09:00:00.5", "--rrule", "FREQ=DAILY"], "fraction of a second"),
        ]
        for (arguments, expected) in cases {
            let result = recur(arguments)
            XCTAssertEqual(result.status, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("kalends: error: ") && result.stderr.contains(expected), "\(arguments): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("\u{1B}"), "escape characters are echoed escaped")
            XCTAssertEqual(result.stdout, "")
        }
    }

    func testUsageErrors() {
        for arguments in [["--rrule", "FREQ=DAILY"], ["--dtstart", "2024-01-01", "--between", "2024-01-01"],
                          ["--dtstart", "2024-01-01", "--limit", "-3"], ["-", "--dtstart", "2024-01-01"],
                          ["--dtstart", "2024-01-01", "--dst", "sometimes"]] {
            XCTAssertEqual(recur(arguments).status, 2, "\(arguments)")
        }
    }

    /// Huge values and sparse or empty rules end quickly (the test would time out otherwise).
    func testExtremeRulesEnd() {
        let rules = ["FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=YEARLY;INTERVAL=2147483647", "FREQ=DAILY;COUNT=2147483647;BYSETPOS=-366;BYHOUR=1",
                     "FREQ=MINUTELY;BYYEARDAY=366;BYHOUR=23;BYMINUTE=59", "FREQ=YEARLY;BYWEEKNO=53;BYDAY=TH;INTERVAL=400",
                     "FREQ=MONTHLY;BYDAY=-5FR;BYMONTHDAY=1"]
        for rule in rules {
            let result = recur(["--dtstart", "2024-01-01T00:00", "--rrule", rule, "--limit", "3"])
            XCTAssertEqual(result.status, 0, "\(rule): \(result.stderr)")
            XCTAssertTrue(result.stdout.hasPrefix("2024-01-01T00:00:00\n"), "\(rule): \(result.stdout)")
        }
        let far = recur(["--dtstart", "9999-12-30", "--rrule", "FREQ=DAILY"])
        XCTAssertEqual(far.stdout, "9999-12-30\n9999-12-31\n")
    }

    func testJSONAndInputForms() throws {
        let result = recur(["-", "--json", "--limit", "2"], stdin: "BEGIN:VEVENT\r\nDTSTART:19970902T090000Z\r\nRRULE:FREQ=WEEKLY\r\nEND:VEVENT\r\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "{\"start\":\"1997-09-02T09:00:00Z\",\"utc\":\"1997-09-02T09:00:00Z\"}\n{\"start\":\"1997-09-09T09:00:00Z\",\"utc\":\"1997-09-09T09:00:00Z\"}\n")
        let floating = recur(["--dtstart", "20240101T090000", "--rrule", "FREQ=DAILY;COUNT=1", "--json"])
        XCTAssertEqual(floating.stdout, "{\"start\":\"2024-01-01T09:00:00\"}\n")
        let bad = recur(["-"], stdin: "DTSTART:20240101T090000\nRRULE:FREQ=DAILY;BYDAY=XX\n")
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("standard input: line 2: recurrence rule part BYDAY"), bad.stderr)
        let afterInstant = recur(["--dtstart", "2024-01-01T09:00", "--tz", "Europe/Paris", "--rrule", "FREQ=DAILY", "--after", "2024-06-01T06:00:00Z"])
        XCTAssertEqual(afterInstant.stdout, "2024-06-01T09:00:00+02:00\n")
    }
}
