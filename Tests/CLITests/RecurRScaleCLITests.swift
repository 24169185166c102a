import XCTest

/// `kalends recur` with RFC 7529's RSCALE and SKIP: rules in other
/// calendars, errors that name the part, empty and extreme rules that end.
final class RecurRScaleCLITests: XCTestCase {
    func recur(_ arguments: [String], stdin: String? = nil) -> CLIResult {
        CLI.run(["recur"] + arguments, stdin: stdin)
    }

    func testRulesInOtherCalendars() {
        let adar = recur(["--dtstart", "2014-02-08", "--rrule", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD", "--limit", "3"])
        XCTAssertEqual(adar.status, 0, adar.stderr)
        XCTAssertEqual(adar.stdout, "2014-02-08\n2015-02-27\n2016-02-17\n")
        // Zoned, with an iCalendar file on stdin: Ramadan's first day at 20:00 in Riyadh.
        let ramadan = recur(["-", "--limit", "2"], stdin: "DTSTART;TZID=Asia/Riyadh:20240310T200000\nRRULE:RSCALE=ISLAMIC-UMALQURA;FREQ=YEARLY\n")
        XCTAssertEqual(ramadan.status, 0, ramadan.stderr)
        XCTAssertEqual(ramadan.stdout, "2024-03-10T20:00:00+03:00\n2025-02-28T20:00:00+03:00\n")
        let lastDay = recur(["--dtstart", "2024-01-31", "--rrule", "RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD", "--limit", "3", "--json"])
        XCTAssertEqual(lastDay.stdout, "{\"start\":\"2024-01-31\"}\n{\"start\":\"2024-02-29\"}\n{\"start\":\"2024-03-31\"}\n")
    }

    func testBadRSCALERulesNameThePart() {
        let cases: [(String, String)] = [
            ("FREQ=MONTHLY;SKIP=FORWARD", "part SKIP 'SKIP=FORWARD' (character 14) needs RSCALE"),
            ("RSCALE=KLINGON;FREQ=YEARLY", "part RSCALE 'RSCALE=KLINGON' (character 1) cannot be read: expected a calendar Kalends knows"),
            ("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=7L", "part BYMONTH 'BYMONTH=7L' (character 27) has 7L, outside the months of RSCALE=HEBREW"),
            ("FREQ=YEARLY;BYMONTH=5L", "has the leap month 5L, which needs RSCALE"),
            ("RSCALE=GREGORIAN;FREQ=YEARLY;BYMONTH=13", "outside the months of RSCALE=GREGORIAN: 1 ... 12"),
        ]
        for (rule, expected) in cases {
            let result = recur(["--dtstart", "2024-01-01", "--rrule", rule])
            XCTAssertEqual(result.status, 1, rule)
            XCTAssertTrue(result.stderr.hasPrefix("kalends: error: ") && result.stderr.contains(expected), "\(rule): \(result.stderr)")
        }
    }

    /// Rules that never match, or match rarely, in calendars without a short cycle end quickly.
    func testEmptyAndSparseRulesEnd() {
        let empty = recur(["--dtstart", "2012-11-18", "--rrule", "RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=31"])
        XCTAssertEqual(empty.status, 0)
        XCTAssertEqual(empty.stdout, "2012-11-18\n")
        XCTAssertTrue(empty.stderr.contains("kalends: note: the rule RSCALE=CHINESE;FREQ=YEARLY;BYMONTHDAY=31;BYMONTH=6 has no occurrences: no month of the Chinese calendar has 31 days or more"), empty.stderr)
        for rule in ["RSCALE=HEBREW;FREQ=SECONDLY;BYMONTH=5L;BYMONTHDAY=30;BYDAY=MO", "RSCALE=DANGI;FREQ=YEARLY;INTERVAL=2147483647",
                     "RSCALE=PERSIAN;FREQ=DAILY;COUNT=2147483647;BYMONTH=12;BYMONTHDAY=30;BYDAY=FR",
                     "RSCALE=ETHIOPIC;FREQ=MONTHLY;BYMONTH=13;BYMONTHDAY=7;SKIP=FORWARD"] {
            let result = recur(["--dtstart", "2024-01-01T00:00", "--rrule", rule, "--limit", "3"])
            XCTAssertEqual(result.status, 0, "\(rule): \(result.stderr)")
            XCTAssertTrue(result.stdout.hasPrefix("2024-01-01T00:00:00\n"), "\(rule): \(result.stdout)")
        }
    }
}
