import XCTest

/// `kalends add` and `kalends diff` against the command-line contract (Docs/CLI.md).
final class ArithmeticCLITests: XCTestCase {
    func out(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> String {
        let result = CLI.run(arguments, file: file, line: line)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stderr, "", file: file, line: line)
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    func testAddDates() {
        XCTAssertEqual(out(["add", "2024-01-31", "P1M"]), "2024-02-29")
        XCTAssertEqual(out(["add", "2024-03-31", "-P1M"]), "2024-02-29")
        XCTAssertEqual(out(["add", "2024-03-15", "P1Y2M3D"]), "2025-05-18")
        XCTAssertEqual(out(["add", "2024-03-15", "P2W"]), "2024-03-29")
        XCTAssertEqual(out(["add", "20240315", "P1D"]), "2024-03-16")
        XCTAssertEqual(out(["add", "5784-M05L-30", "P1Y", "--calendar", "hebrew"]), "5785-M06-29")
        XCTAssertEqual(out(["add", "5784-06-30", "P1M", "--calendar", "hebrew"]), "5784-M06-29")  // Adar I 30 + 1 month: Adar II has 29 days
        XCTAssertEqual(out(["add", "2024-02-29", "P1Y", "--calendar", "gregorian", "--overflow", "constrain"]), "2025-02-28")
    }

    func testAddTimesKeepTheirForm() {
        XCTAssertEqual(out(["add", "2024-03-09T09:00", "P1D", "--tz", "America/New_York"]), "2024-03-10T09:00:00-04:00")
        XCTAssertEqual(out(["add", "2024-03-09T09:00", "PT24H", "--tz", "America/New_York"]), "2024-03-10T10:00:00-04:00")
        XCTAssertEqual(out(["add", "2024-03-09T09:00", "P1D"]), "2024-03-10T09:00:00")
        XCTAssertEqual(out(["add", "20240315T093000Z", "-PT36H"]), "2024-03-13T21:30:00Z")
        XCTAssertEqual(out(["add", "2024-03-15T09:30:00+05:30", "PT0.5S"]), "2024-03-15T09:30:00.5+05:30")
        XCTAssertEqual(out(["add", "2024-03-09T02:30", "P1D", "--tz", "America/New_York"]), "2024-03-10T03:30:00-04:00")
        XCTAssertEqual(out(["add", "2024-03-09T02:30", "P1D", "--tz", "America/New_York", "--disambiguation", "earlier"]),
                       "2024-03-10T01:30:00-05:00")
        XCTAssertEqual(out(["add", "2024-11-02T01:30", "P1D", "--tz", "America/New_York", "--disambiguation", "later"]),
                       "2024-11-03T01:30:00-05:00")
        XCTAssertEqual(out(["add", "2024-11-02T01:30", "P1D", "--tz", "America/New_York"]), "2024-11-03T01:30:00-04:00")
    }

    func testAddJSON() throws {
        let result = CLI.run(["add", "2024-03-09T09:00", "P1D", "--tz", "America/New_York", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try XCTUnwrap(result.jsonLines().first)
        XCTAssertEqual(object["iso"] as? String, "2024-03-10")
        XCTAssertEqual(object["calendar"] as? String, "iso8601")
        XCTAssertEqual(object["dateTime"] as? String, "2024-03-10T09:00:00-04:00")
        let hebrew = try XCTUnwrap(CLI.run(["add", "5784-M05L-30", "P1Y", "--calendar", "hebrew", "--json"]).jsonLines().first)
        XCTAssertEqual(hebrew["monthCode"] as? String, "M06")
        XCTAssertEqual(hebrew["day"] as? Int, 29)
        XCTAssertEqual(hebrew["year"] as? Int, 5785)
        XCTAssertNil(hebrew["dateTime"])
    }

    func testAddErrors() {
        CLI.assertError(CLI.run(["add", "2024-01-31", "P1M", "--overflow", "reject"]), status: 1, contains: "no day 31")
        CLI.assertError(CLI.run(["add", "5784-M05L-30", "P1Y", "--calendar", "hebrew", "--overflow", "reject"]), status: 1, contains: "Adar I")
        CLI.assertError(CLI.run(["add", "2024-03-15", "P1X"]), status: 1, contains: "at character 3")
        CLI.assertError(CLI.run(["add", "2024-03-15", "1D"]), status: 1, contains: "'1D' at character 1")
        CLI.assertError(CLI.run(["add", "2024-03-15", "P99999999999999999999D"]), status: 1, contains: "too large")
        CLI.assertError(CLI.run(["add", "2024-03-15", "P9000Y"]), status: 1, contains: "out of the supported range")
        CLI.assertError(CLI.run(["add", "2023-02-29", "P1D"]), status: 1, contains: "DATE '2023-02-29'")
        CLI.assertError(CLI.run(["add", "2024-03-15T25:00", "P1D"]), status: 1, contains: "character 12")
        CLI.assertError(CLI.run(["add", "2024-03-10T02:30", "PT1H", "--tz", "America/New_York", "--disambiguation", "reject"]),
                        status: 1, contains: "does not exist in America/New_York")
        CLI.assertError(CLI.run(["add", "2024-03-15", "P1D", "--tz", "Mars/Base"]), status: 1, contains: "Mars/Base")
        CLI.assertError(CLI.run(["add", "2024-03-15", "P1D", "--calendar", "mayan"]), status: 1, contains: "mayan")
        // Usage errors.
        CLI.assertError(CLI.run(["add", "2024-03-15"]), status: 2, contains: "missing")
        CLI.assertError(CLI.run(["add", "2024-03-15", "P1D", "extra"]), status: 2, contains: "at most 2")
        CLI.assertError(CLI.run(["add", "2024-03-15", "P1D", "--overflow", "wrap"]), status: 2, contains: "--overflow")
        CLI.assertError(CLI.run(["add", "2024-03-15", "P1D", "--disambiguation", "first"]), status: 2, contains: "--disambiguation")
        CLI.assertError(CLI.run(["add", "2024-03-15", "P1D", "--frobnicate"]), status: 2, contains: "--frobnicate")
        let help = CLI.run(["add", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--disambiguation"))
    }

    func testDiff() {
        XCTAssertEqual(out(["diff", "2024-01-31", "2024-02-29", "--largest-unit", "months"]), "P29D")
        XCTAssertEqual(out(["diff", "2024-01-15", "2025-03-20", "--largest-unit", "years"]), "P1Y2M5D")
        XCTAssertEqual(out(["diff", "2024-01-15", "2025-03-20"]), "P430D")
        XCTAssertEqual(out(["diff", "2024-01-15", "2024-03-20", "--largest-unit", "weeks"]), "P9W2D")
        XCTAssertEqual(out(["diff", "2025-03-20", "2024-01-15", "--largest-unit", "years"]), "-P1Y2M5D")
        XCTAssertEqual(out(["diff", "2024-03-15", "2024-03-15"]), "P0D")
        XCTAssertEqual(out(["diff", "5784-M05L-15", "5785-M06-20", "--calendar", "hebrew", "--largest-unit", "years"]), "P1Y5D")
        XCTAssertEqual(out(["diff", "2024-03-09T09:00", "2024-03-10T09:00", "--tz", "America/New_York"]), "P1D")
        XCTAssertEqual(out(["diff", "2024-03-09T09:00", "2024-03-10T09:00", "--tz", "America/New_York", "--largest-unit", "hours"]), "PT23H")
        XCTAssertEqual(out(["diff", "2024-03-09T09:00", "2024-03-10T09:00", "--largest-unit", "hours"]), "PT24H")
        XCTAssertEqual(out(["diff", "2024-03-10", "2024-03-11", "--tz", "America/New_York", "--largest-unit", "minutes"]), "PT1380M")
        XCTAssertEqual(out(["diff", "20240315T093000Z", "2024-03-15T12:00:00+02:00", "--largest-unit", "seconds"]), "PT1800S")
        XCTAssertEqual(out(["diff", "2024-01-31T22:00", "2024-03-01T06:30:00.5", "--largest-unit", "months"]), "P29DT8H30M0.5S")
    }

    func testDiffJSON() throws {
        let result = CLI.run(["diff", "2024-01-15", "2025-03-20", "--largest-unit", "years", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try XCTUnwrap(result.jsonLines().first)
        XCTAssertEqual(object["duration"] as? String, "P1Y2M5D")
        for (key, value) in [("years", 1), ("months", 2), ("weeks", 0), ("days", 5), ("hours", 0), ("minutes", 0), ("seconds", 0)] {
            XCTAssertEqual(object[key] as? Int, value, key)
        }
        let negative = try XCTUnwrap(CLI.run(["diff", "2024-03-10T12:00-04:00", "2024-03-09T09:30-05:00", "--largest-unit", "hours", "--json"]).jsonLines().first)
        XCTAssertEqual(negative["duration"] as? String, "-PT25H30M")
        XCTAssertEqual(negative["hours"] as? Int, -25)
        XCTAssertEqual(negative["minutes"] as? Int, -30)
    }

    func testDiffErrors() {
        CLI.assertError(CLI.run(["diff", "2024-01-15"]), status: 2, contains: "missing")
        CLI.assertError(CLI.run(["diff", "2024-01-15", "2024-02-15", "--largest-unit", "fortnights"]), status: 2, contains: "--largest-unit")
        CLI.assertError(CLI.run(["diff", "2024-01-15", "2024-13-15"]), status: 1, contains: "END '2024-13-15': iso8601 year 2024 has no month 13")
        CLI.assertError(CLI.run(["diff", "someday", "2024-02-15"]), status: 1, contains: "START: cannot read date 'someday'")
        CLI.assertError(CLI.run(["diff", "2024-03-09T09:00Z", "2024-03-10T09:00"]), status: 1, contains: "floating")
    }

    /// The contract: `add START (diff START END)` gives END.
    func testAddOfDiffGivesEnd() {
        let cases: [([String], [String])] = [
            (["2024-01-31", "2024-02-29"], ["--largest-unit", "months"]),
            (["2023-05-31", "2025-03-01"], ["--largest-unit", "years"]),
            (["2025-03-01", "2023-05-31"], ["--largest-unit", "years"]),
            (["5784-M05L-30", "5787-M05L-01"], ["--calendar", "hebrew", "--largest-unit", "years"]),
            (["2024-03-09T09:00", "2024-11-03T01:30"], ["--tz", "America/New_York", "--largest-unit", "months"]),
            (["2024-01-31T22:00", "2024-03-01T06:30:00.5"], ["--largest-unit", "years"]),
        ]
        for (dates, options) in cases {
            let duration = out(["diff"] + dates + options)
            let calendarOptions = options.contains("--calendar") ? Array(options.prefix(2)) : []
            let tzOptions = options.contains("--tz") ? Array(options.prefix(2)) : []
            let back = out(["add", dates[0], duration] + calendarOptions + tzOptions)
            let expected = out(["add", dates[1], "P0D"] + calendarOptions + tzOptions)
            XCTAssertEqual(back, expected, "\(dates) \(options): \(duration)")
        }
    }
}
