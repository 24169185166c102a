import XCTest
@testable import kalends

/// `now`, `today`, `tomorrow`, `yesterday` and `@SECONDS` wherever a date or
/// date-time is read, and `--epoch` on `convert`, `add` and `days`
/// (Docs/CLI.md, "Now, today and Unix time"). The clock is fixed with
/// KALENDS_NOW at 2023-11-14T22:13:20Z, which is already 15 November in Tokyo.
final class InputFormsCLITests: XCTestCase {
    static let now = "@1700000000"
    static let fixed = ["KALENDS_NOW": now, "TZ": "UTC"]

    func run(_ arguments: [String], stdin: String? = nil, tz: String = "UTC", now: String = InputFormsCLITests.now,
             file: StaticString = #filePath, line: UInt = #line) -> CLIResult {
        CLI.run(arguments, stdin: stdin, environment: ["KALENDS_NOW": now, "TZ": tz], file: file, line: line)
    }

    func assertLines(_ arguments: [String], _ expected: [String], stdin: String? = nil, tz: String = "UTC",
                     file: StaticString = #filePath, line: UInt = #line) {
        let result = run(arguments, stdin: stdin, tz: tz, file: file, line: line)
        XCTAssertEqual(result.lines, expected, "kalends \(arguments.joined(separator: " ")): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr, "", file: file, line: line)
    }

    /// The exact one-line message and exit status 1.
    func assertFails(_ arguments: [String], _ message: String, stdin: String? = nil, now: String = InputFormsCLITests.now,
                     file: StaticString = #filePath, line: UInt = #line) {
        let result = run(arguments, stdin: stdin, now: now, file: file, line: line)
        XCTAssertEqual(result.status, 1, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr, "kalends: error: \(message)\n", file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
    }

    func iso(_ arguments: [String], tz: String = "UTC", file: StaticString = #filePath, line: UInt = #line) -> [String] {
        run(arguments + ["--json"], tz: tz, file: file, line: line).jsonLines(file: file, line: line).compactMap { $0["iso"] as? String }
    }

    /// The system zone from `TZ` as glibc reads it: a zone name, a zone
    /// file's path with or without `:`, a POSIX string with or without daylight rules.
    func testTheSystemZoneIsReadAsGlibcReadsTZ() {
        for (tz, expected) in [("UTC", "2023-11-14T22:13:20Z"), ("Etc/UTC", "2023-11-14T22:13:20Z"), ("UTC0", "2023-11-14T22:13:20Z"),
                               (":Asia/Tokyo", "2023-11-15T07:13:20+09:00"), ("/usr/share/zoneinfo/Asia/Tokyo", "2023-11-15T07:13:20+09:00"),
                               ("JST-9", "2023-11-15T07:13:20+09:00"), ("<+0330>-3:30", "2023-11-15T01:43:20+03:30"),
                               ("EST5EDT", "2023-11-14T17:13:20-05:00"), ("<-03>3", "2023-11-14T19:13:20-03:00"),
                               ("garbage", "2023-11-14T22:13:20Z"), ("<", "2023-11-14T22:13:20Z")] {
            assertLines(["add", "now", "PT0S"], [expected], tz: tz)
        }
        // The day `today` is follows the zone: already the 15th in Tokyo.
        assertLines(["convert", "today", "--to", "iso8601"], ["iso8601  2023-11-15   Wednesday 15 November 2023 CE"], tz: "JST-9")
        // POSIX strings with daylight rules, read by Kalends (November: standard
        // time in the north, daylight time in Sydney); unreadable ones are UTC.
        for (tz, expected) in [("PST8PDT,M3.2.0,M11.1.0", "2023-11-14T14:13:20-08:00"),
                               ("AEST-10AEDT,M10.1.0,M4.1.0/3", "2023-11-15T09:13:20+11:00"),
                               ("AB-1", "2023-11-14T22:13:20Z"), ("UTC+25", "2023-11-14T22:13:20Z")] {
            assertLines(["add", "now", "PT0S"], [expected], tz: tz)
        }
    }

    // MARK: where a date is wanted

    func testConvertReadsEachFormAsADate() {
        for (text, expected) in [("now", "2023-11-14"), ("today", "2023-11-14"), ("tomorrow", "2023-11-15"), ("yesterday", "2023-11-13"),
                                 ("NOW", "2023-11-14"), (" Tomorrow ", "2023-11-15"), ("@1700000000", "2023-11-14"),
                                 ("@0", "1970-01-01"), ("@-1", "1969-12-31"), ("@1700000000.25", "2023-11-14"), ("@+86400", "1970-01-02")] {
            XCTAssertEqual(iso(["convert", text, "--to", "iso8601"]), [expected], text)
        }
        assertLines(["convert", "now", "--to", "hebrew"], ["hebrew  5784-M03-01    Tuesday 1 Kislev 5784 AM"])
    }

    func testTheZoneIsTzElseTheSystemZone() {
        // 22:13:20 UTC is 07:13:20 the next morning in Tokyo.
        XCTAssertEqual(iso(["convert", "now", "--to", "iso8601", "--tz", "Asia/Tokyo"]), ["2023-11-15"])
        XCTAssertEqual(iso(["convert", "yesterday", "--to", "iso8601"], tz: "Asia/Tokyo"), ["2023-11-14"])
        XCTAssertEqual(iso(["convert", "@1700000000", "--to", "iso8601", "--tz", "Asia/Tokyo"]), ["2023-11-15"])
        // As `date -d @0` in New York: the last day of 1969.
        XCTAssertEqual(iso(["convert", "@0", "--to", "iso8601"], tz: "America/New_York"), ["1969-12-31"])
        // --tz on convert places only the clock forms: an offset keeps its own date.
        XCTAssertEqual(iso(["convert", "2024-02-29T23:00-05:00", "--to", "iso8601", "--tz", "UTC"]), ["2024-02-29"])
    }

    func testAnniversaryMonthAndLayoutDay() throws {
        // 14 November 2023 is 1 Kislev 5784.
        for text in ["today", "now", "@1700000000"] {
            let result = run(["anniversary", text, "--kind", "birthday", "--years", "1", "--json"])
            XCTAssertEqual(result.jsonLines().first?["hebrew"] as? String, "5785-M03-01", "\(text): \(result.stderr)")
            XCTAssertEqual(result.jsonLines().first?["iso"] as? String, "2024-12-02", text)
        }
        let tokyo = run(["anniversary", "now", "--kind", "birthday", "--years", "1", "--json"], tz: "Asia/Tokyo")
        XCTAssertEqual(tokyo.jsonLines().first?["hebrew"] as? String, "5785-M03-02", tokyo.stderr)
        XCTAssertEqual(run(["month", "now"]).lines.first?.trimmingCharacters(in: .whitespaces), "November 2023")
        XCTAssertEqual(run(["month"]).lines.first?.trimmingCharacters(in: .whitespaces), "November 2023")
        XCTAssertEqual(run(["month", "@0"], tz: "America/New_York").lines.first?.trimmingCharacters(in: .whitespaces), "December 1969")
        XCTAssertEqual(run(["month", "tomorrow", "--calendar", "hebrew"]).lines.first?.trimmingCharacters(in: .whitespaces), "Kislev 5784")
        let events = #"{"events":[{"id":"a","start":"today","end":"now"},{"id":"b","start":"@1700000000","end":"tomorrow"}]}"#
        let layout = try XCTUnwrap(run(["layout", "-", "--tz", "UTC", "--json"], stdin: events).jsonLines().first)
        XCTAssertEqual(layout["day"] as? String, "2023-11-14")
        XCTAssertEqual((layout["events"] as? [[String: Any]])?.compactMap { $0["end"] as? String },
                       ["2023-11-14T22:13:20Z", "2023-11-15T00:00:00Z"])
        let tomorrow = try XCTUnwrap(run(["layout", "-", "--tz", "Asia/Tokyo", "--day", "today", "--json"], stdin: events).jsonLines().first)
        XCTAssertEqual(tomorrow["day"] as? String, "2023-11-15")
    }

    // MARK: where a date-time is wanted

    func testAddReadsNowAsTheInstantAndTodayAsADate() {
        assertLines(["add", "now", "PT1H", "--tz", "UTC"], ["2023-11-14T23:13:20Z"])
        assertLines(["add", "now", "P1D", "--tz", "America/New_York"], ["2023-11-15T17:13:20-05:00"])
        assertLines(["add", "now", "P0D"], ["2023-11-15T07:13:20+09:00"], tz: "Asia/Tokyo")
        assertLines(["add", "today", "PT1H", "--tz", "UTC"], ["2023-11-14T01:00:00Z"])
        assertLines(["add", "tomorrow", "P1D"], ["2023-11-16"])
        assertLines(["add", "yesterday", "P1M"], ["2023-12-13"])
        // today is a date of the calendar read in; now an instant, so ISO 8601.
        assertLines(["add", "today", "P1M", "--calendar", "hebrew"], ["5784-M04-01"])
        assertLines(["add", "now", "PT0S", "--calendar", "hebrew", "--tz", "UTC"], ["2023-11-14T22:13:20Z"])
        assertLines(["add", "@1700000000.25", "PT1H", "--tz", "UTC"], ["2023-11-14T23:13:20.25Z"])
        assertLines(["add", "@-1.000000001", "PT0S", "--tz", "UTC"], ["1969-12-31T23:59:58.999999999Z"])
    }

    func testDiffMeasuresBetweenTheForms() {
        assertLines(["diff", "yesterday", "now", "--largest-unit", "hours", "--tz", "UTC"], ["PT46H13M20S"])
        assertLines(["diff", "today", "tomorrow"], ["P1D"])
        assertLines(["diff", "@0", "@86400.5", "--largest-unit", "seconds"], ["PT86400.5S"])
        assertLines(["diff", "2023-11-01", "now", "--tz", "UTC"], ["P13DT22H13M20S"])
        assertLines(["diff", "now", "@1700086400", "--largest-unit", "hours"], ["PT24H"])
    }

    func testDaysSlicesFromTheForms() {
        assertLines(["days", "yesterday", "today", "--tz", "UTC"], ["2023-11-13  2023-11-13T00:00:00Z  2023-11-14T00:00:00Z  1d"])
        assertLines(["days", "today", "now", "--tz", "Asia/Tokyo"], ["2023-11-15  2023-11-15T00:00:00+09:00  2023-11-15T07:13:20+09:00  7h 13m 20s"])
        assertLines(["days", "@1699999200", "@1700003600", "--tz", "UTC"],
                    ["2023-11-14  2023-11-14T22:00:00Z  2023-11-14T23:13:20Z  1h 13m 20s"])
    }

    func testRecurDtstartAndBounds() {
        assertLines(["recur", "--dtstart", "@1700000000", "--tz", "UTC", "--rrule", "FREQ=DAILY;COUNT=2"],
                    ["2023-11-14T22:13:20Z", "2023-11-15T22:13:20Z"])
        assertLines(["recur", "--dtstart", "today", "--rrule", "FREQ=WEEKLY;COUNT=2"], ["2023-11-14", "2023-11-21"])
        assertLines(["recur", "--dtstart", "now", "--tz", "America/New_York", "--rrule", "FREQ=DAILY;COUNT=1"],
                    ["2023-11-14T17:13:20-05:00"])
        assertLines(["recur", "--dtstart", "2023-11-01T09:00", "--tz", "Europe/Paris", "--rrule", "FREQ=DAILY", "--after", "now", "--limit", "2"],
                    ["2023-11-15T09:00:00+01:00", "2023-11-16T09:00:00+01:00"])
        assertLines(["recur", "--dtstart", "2023-11-01", "--rrule", "FREQ=DAILY", "--between", "yesterday", "tomorrow"],
                    ["2023-11-13", "2023-11-14"])
        assertLines(["recur", "--dtstart", "2023-11-12", "--rrule", "FREQ=DAILY;COUNT=3", "--exdate", "today", "--rdate", "tomorrow"],
                    ["2023-11-12", "2023-11-13", "2023-11-15"])
        assertLines(["recur", "--dtstart", "now", "--tz", "UTC", "--rrule", "FREQ=WEEKLY;COUNT=2", "--exdate", "@1700604800",
                     "--rdate", "@1700600000"], ["2023-11-14T22:13:20Z", "2023-11-21T20:53:20Z"])
    }

    // MARK: batch input

    func testBatchLinesAcceptEveryForm() {
        let convert = run(["convert", "-", "--to", "iso8601", "--to", "hebrew", "--json"],
                          stdin: "now\ntomorrow\n\n@0\n@1e9\nYesterday\n")
        XCTAssertEqual(convert.status, 1)
        XCTAssertEqual(convert.lines.count, 12, convert.stdout)
        XCTAssertEqual(convert.lines.map { line in
            line.isEmpty ? "" : (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]).flatMap { $0["iso"] as? String } ?? "error"
        }, ["2023-11-14", "2023-11-14", "2023-11-15", "2023-11-15", "", "", "1970-01-01", "1970-01-01", "error", "error",
            "2023-11-13", "2023-11-13"])
        XCTAssertEqual(convert.stderr, "kalends: error: line 5: cannot read Unix time '@1e9' at character 3: expected a digit, '.' or the end (e.g. @1700000000, @-1, @1700000000.25)\n")
        assertLines(["add", "-", "P1D", "--tz", "UTC"], ["2023-11-15T22:13:20Z", "2023-11-15", "1970-01-02T00:00:00Z"], stdin: "now\ntoday\n@0\n")
        assertLines(["diff", "-", "--largest-unit", "hours"], ["PT24H", "PT24H", "PT1.5S"],
                    stdin: "now\t@1700086400\ntoday tomorrow\n@-1 @0.5\n")
        assertLines(["add", "-", "PT0S", "--epoch"], ["1700000000", "1699920000", "-1.5"], stdin: "now\ntoday\n@-1.5\n")
    }

    // MARK: --epoch

    func testEpochOfDatesAndDateTimes() throws {
        assertLines(["convert", "2024-03-15", "--epoch"], ["1710460800"])
        assertLines(["convert", "2024-03-15", "--epoch", "--tz", "America/New_York"], ["1710475200"])
        assertLines(["convert", "5784-M06-05", "--from", "hebrew", "--to", "hebrew", "--to", "chinese", "--epoch"], ["1710460800", "1710460800"])
        assertLines(["convert", "now", "--epoch", "--tz", "Asia/Tokyo"], ["1699974000"])
        assertLines(["add", "@1700000000.25", "PT1H", "--epoch"], ["1700003600.25"])
        assertLines(["add", "2024-03-15", "P0D", "--epoch"], ["1710460800"])
        assertLines(["add", "2024-03-15", "P0D", "--epoch", "--tz", "America/New_York"], ["1710475200"])
        // A floating result is read in UTC, as a date is.
        assertLines(["add", "2024-03-15T12:00", "PT0S", "--epoch"], ["1710504000"])
        assertLines(["add", "2024-03-15T12:00:00.5-04:00", "PT0S", "--epoch"], ["1710518400.5"])
        assertLines(["add", "-9999-01-01", "P0D", "--epoch"], ["-377705116800"])
        assertLines(["days", "2024-03-09", "2024-03-11", "--tz", "America/New_York", "--epoch"], ["1709960400", "1710046800"])
        assertLines(["days", "now", "tomorrow", "--tz", "UTC", "--epoch"], ["1700000000"])

        let convert = try XCTUnwrap(run(["convert", "2024-03-15", "--to", "hebrew", "--epoch", "--json"]).jsonLines().first)
        XCTAssertEqual(convert["epoch"] as? Int, 1_710_460_800)
        XCTAssertEqual(convert["calendar"] as? String, "hebrew")
        let add = run(["add", "@-1.25", "PT0S", "--tz", "UTC", "--epoch", "--json"])
        XCTAssertTrue(add.stdout.hasSuffix(#""dateTime":"1969-12-31T23:59:58.75Z","epoch":-1.25}"# + "\n"), add.stdout)
        let days = run(["days", "2024-03-10", "2024-03-11", "--tz", "America/New_York", "--epoch", "--json"]).jsonLines()
        XCTAssertEqual(days.first?["epoch"] as? Int, 1_710_046_800)
        XCTAssertEqual(days.first?["seconds"] as? Int, 82_800)
        // Round trip: the seconds printed read back as the same instant.
        assertLines(["add", "@1700003600.25", "PT0S", "--epoch"], ["1700003600.25"])
    }

    func testEpochIsInEachHelp() {
        for command in ["convert", "add", "days"] {
            let help = CLI.run([command, "--help"]).stdout
            XCTAssertTrue(help.split(separator: "\n").contains { $0.hasPrefix("  --epoch") }, command)
        }
    }

    // MARK: errors

    func testMalformedUnixTimeNamesTheArgument() {
        let examples = "(e.g. @1700000000, @-1, @1700000000.25)"
        assertFails(["convert", "@"], "DATE: cannot read Unix time '@' at character 2: expected a digit \(examples)")
        assertFails(["convert", "@1e9"], "DATE: cannot read Unix time '@1e9' at character 3: expected a digit, '.' or the end \(examples)")
        assertFails(["add", "@abc", "P1D"], "DATE: cannot read Unix time '@abc' at character 2: expected a digit \(examples)")
        assertFails(["add", "@1.", "P1D"], "DATE: cannot read Unix time '@1.' at character 4: expected a digit after the point \(examples)")
        assertFails(["diff", "@1.1234567891", "now"], "START: Unix time '@1.1234567891' has 10 digits after the point: at most 9 (nanoseconds)")
        assertFails(["days", "@0", "@99999999999999999999"],
                    "END: Unix time '@99999999999999999999' is out of the supported range @-377705116800 ... @253402300799 (ISO years -9999 ... 9999)")
        assertFails(["convert", "@-377705116801"],
                    "DATE: Unix time '@-377705116801' is out of the supported range @-377705116800 ... @253402300799 (ISO years -9999 ... 9999)")
        assertFails(["recur", "--dtstart", "@x", "--rrule", "FREQ=DAILY"], "--dtstart: cannot read Unix time '@x' at character 2: expected a digit \(examples)")
        assertFails(["anniversary", "@--1", "--kind", "birthday"], "DATE: cannot read Unix time '@--1' at character 3: expected a digit \(examples)")
        assertFails(["month", "@ 1"], "YEAR-MONTH: cannot read Unix time '@ 1' at character 2: expected a digit \(examples)")
        assertFails(["layout", "-", "--day", "@1,5"], "--day: cannot read Unix time '@1,5' at character 3: expected a digit, '.' or the end \(examples)",
                    stdin: #"{"events":[]}"#)
        // The last supported second is 9999 in UTC, but already 10000 in Tokyo.
        assertLines(["convert", "@253402300799", "--to", "iso8601", "--json"],
                    [#"{"calendar":"iso8601","era":1,"eraCode":"ce","year":9999,"month":12,"monthCode":"M12","isLeapMonth":false,"day":31,"monthName":"December","weekday":5,"iso":"9999-12-31","julianDay":5373484,"arithmeticYear":9999,"ordinalMonth":12,"dayOfYear":365,"text":"9999-12-31"}"#])
        let tokyo = run(["convert", "@253402300799", "--tz", "Asia/Tokyo"])
        CLI.assertError(tokyo, status: 1, contains: "out of the supported range")
        XCTAssertTrue(tokyo.stderr.hasPrefix("kalends: error: DATE '@253402300799': "), tokyo.stderr)
    }

    func testAMalformedKalendsNowIsAnErrorWhereNowIsRead() {
        assertFails(["convert", "now"], "DATE 'now': KALENDS_NOW 'bogus': expected @SECONDS or a date-time with an offset or Z (2024-03-15T12:00:00Z)",
                    now: "bogus")
        assertFails(["add", "today", "P1D"], "DATE 'today': KALENDS_NOW: cannot read Unix time '@1e9' at character 3: expected a digit, '.' or the end (e.g. @1700000000, @-1, @1700000000.25)",
                    now: "@1e9")
        // Inputs that do not read the clock do not care.
        XCTAssertEqual(run(["convert", "2024-03-15", "--to", "iso8601"], now: "bogus").status, 0)
        // An instant with an offset sets it too; an empty value is the system clock.
        XCTAssertEqual(iso(["convert", "now", "--to", "iso8601"], tz: "UTC"), ["2023-11-14"])
        let offset = CLI.run(["add", "now", "PT0S", "--tz", "UTC"], environment: ["KALENDS_NOW": "2024-03-15T12:00:00.5+09:00"])
        XCTAssertEqual(offset.lines, ["2024-03-15T03:00:00.5Z"], offset.stderr)
        let clock = CLI.run(["convert", "today", "--to", "iso8601"], environment: ["KALENDS_NOW": ""])
        XCTAssertEqual(clock.status, 0, clock.stderr)
    }
}
