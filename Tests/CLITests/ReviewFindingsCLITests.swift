import XCTest

/// Cases found by reviewing the CLI against the contract; each failed once.
final class ReviewFindingsCLITests: XCTestCase {
    func testNoCommandIsOneErrorLine() {
        CLI.assertError(CLI.run([]), status: 2, contains: "no command given")
    }

    func testAnOptionIsNotAnotherOptionsValue() {
        CLI.assertError(CLI.run(["convert", "--to", "--json", "2024-01-01"]), status: 2, contains: "'--to' needs a value")
        CLI.assertError(CLI.run(["add", "2024-01-01", "P1D", "--tz", "--json"]), status: 2, contains: "'--tz' needs a value")
    }

    func testDaysAtTheEdgesOfTheRange() {
        let low = CLI.run(["days", "-9999-01-01", "-9999-01-20", "--unit", "week", "--tz", "UTC", "--first-weekday", "3", "--json"])
        XCTAssertEqual(low.status, 0, low.stderr)
        let lowSlices = low.jsonLines()
        XCTAssertEqual(lowSlices.first?["start"] as? String, "-9999-01-01T00:00:00Z")
        XCTAssertEqual(lowSlices.compactMap { $0["seconds"] as? Int }.reduce(0, +), 19 * 86_400)
        let high = CLI.run(["days", "9999-12-25", "9999-12-31", "--unit", "week", "--tz", "UTC", "--first-weekday", "1", "--json"]).jsonLines()
        XCTAssertEqual(high.last?["end"] as? String, "9999-12-31T00:00:00Z")
    }

    func testMonthErrorsSayWhereAndEraMonthsWork() {
        CLI.assertError(CLI.run(["month", "9999-12", "--calendar", "chinese"]), status: 1, contains: "YEAR-MONTH '9999-12'")
        let heisei = CLI.run(["month", "heisei:1-01", "--calendar", "japanese", "--json"])
        XCTAssertEqual(heisei.status, 0, heisei.stderr)
        CLI.assertError(CLI.run(["month", "heisei:31-05", "--calendar", "japanese"]), status: 1, contains: "is in era reiwa")
    }

    func testLayoutInputProblemsAreNamed() {
        CLI.assertError(CLI.run(["layout", "-"], stdin: "{\"events\":[\n{\"id\":\"a\",\n \"end\": }]}"), status: 1, contains: "line 3")
        CLI.assertError(CLI.run(["layout", "-"], stdin: "{\"events\":[{\"id\":\"a\",\"start\":\"2024-03-15T09:00:00\",\"end\":5}]}"),
                        status: 1, contains: "\"end\" must be a string")
        CLI.assertError(CLI.run(["layout", "-"], stdin: "{\"events\":[{\"id\":\"a\",\"start\":\"2024-03-15\",\"allDay\":\"yes\"}]}"),
                        status: 1, contains: "\"allDay\" must be true or false")
    }

    func testSpaceSeparatedRFC3339AndConstrainRules() {
        XCTAssertEqual(CLI.run(["add", "2024-03-15 09:30:00Z", "PT1H"]).stdout, "2024-03-15T10:30:00Z\n")
        CLI.assertError(CLI.run(["convert", "2023-01-00", "--overflow", "constrain"]), status: 1, contains: "no day 0")
        let clamped = CLI.run(["convert", "2023-13-01", "--overflow", "constrain", "--to", "iso8601", "--json"]).jsonLines()
        XCTAssertEqual(clamped.first?["iso"] as? String, "2023-12-01")
    }

    func testSpellingsAndEraText() {
        for (text, calendar, iso) in [("15 Sep 2024", "gregorian", "2024-09-15"), ("15 Sept 2024", "gregorian", "2024-09-15"),
                                      ("1 Teves 5785", "hebrew", "2025-01-01"), ("1 Thout 1741", "coptic", "2024-09-11")] {
            let result = CLI.run(["convert", text, "--from", calendar, "--to", "iso8601", "--json"])
            XCTAssertEqual(result.jsonLines().first?["iso"] as? String, iso, "\(text): \(result.stderr)")
        }
        XCTAssertTrue(CLI.run(["convert", "0622-01-01", "--to", "islamic-civil"]).stdout.hasSuffix(" 1 BH\n"))
    }

    func testPosixColonTZ() {
        let result = CLI.run(["days", "2024-07-01", "2024-07-02", "--json"], environment: ["TZ": ":America/New_York"])
        XCTAssertEqual(result.jsonLines().first?["start"] as? String, "2024-07-01T00:00:00-04:00")
    }
}
