import XCTest

/// `kalends days` against the command-line contract (Docs/CLI.md).
final class DaysCLITests: XCTestCase {
    func testContractExampleNewYorkSpring() throws {
        let result = CLI.run(["days", "2024-03-10", "2024-03-11", "--tz", "America/New_York", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let objects = result.jsonLines()
        XCTAssertEqual(objects.count, 1)
        let slice = try XCTUnwrap(objects.first)
        XCTAssertEqual(slice["date"] as? String, "2024-03-10")
        XCTAssertEqual(slice["iso"] as? String, "2024-03-10")
        XCTAssertEqual(slice["start"] as? String, "2024-03-10T00:00:00-05:00")
        XCTAssertEqual(slice["end"] as? String, "2024-03-11T00:00:00-04:00")
        XCTAssertEqual(slice["seconds"] as? Int, 82_800)
    }

    func testFallBackSaoPauloAndApia() {
        let fall = CLI.run(["days", "2024-11-03", "2024-11-04", "--tz", "America/New_York", "--json"]).jsonLines()
        XCTAssertEqual(fall.first?["seconds"] as? Int, 90_000)
        let saoPaulo = CLI.run(["days", "2018-11-04", "2018-11-05", "--tz", "America/Sao_Paulo", "--json"]).jsonLines()
        XCTAssertEqual(saoPaulo.first?["start"] as? String, "2018-11-04T01:00:00-02:00")
        let apia = CLI.run(["days", "2011-12-29", "2012-01-01", "--tz", "Pacific/Apia", "--json"]).jsonLines()
        XCTAssertEqual(apia.compactMap { $0["iso"] as? String }, ["2011-12-29", "2011-12-31"])
    }

    func testClippingTimesAndUnits() {
        let clipped = CLI.run(["days", "2024-03-09T18:00:00", "2024-03-11T06:00:00", "--tz", "America/New_York", "--json"]).jsonLines()
        XCTAssertEqual(clipped.compactMap { $0["seconds"] as? Int }, [6 * 3600, 23 * 3600, 6 * 3600])
        XCTAssertEqual(clipped.first?["start"] as? String, "2024-03-09T18:00:00-05:00")
        let months = CLI.run(["days", "5784-M05L-01", "5784-M08-01", "--from", "hebrew", "--unit", "month", "--calendar", "hebrew",
                              "--tz", "Asia/Jerusalem", "--json"]).jsonLines()
        XCTAssertEqual(months.compactMap { $0["date"] as? String }, ["5784-M05L-01", "5784-M06-01", "5784-M07-01"])
        XCTAssertEqual(months.first?["iso"] as? String, "2024-02-10")
        let weeks = CLI.run(["days", "2024-03-01", "2024-03-15", "--unit", "week", "--first-weekday", "6", "--tz", "UTC", "--json"]).jsonLines()
        XCTAssertEqual(weeks.compactMap { $0["iso"] as? String }, ["2024-02-24", "2024-03-02", "2024-03-09"])
        XCTAssertEqual(weeks.first?["start"] as? String, "2024-03-01T00:00:00Z")
    }

    func testTextOutput() {
        let result = CLI.run(["days", "2024-03-10", "2024-03-11", "--tz", "America/New_York"])
        XCTAssertEqual(result.lines, ["2024-03-10  2024-03-10T00:00:00-05:00  2024-03-11T00:00:00-04:00  23h"])
    }

    func testErrors() {
        CLI.assertError(CLI.run(["days", "2024-03-12", "2024-03-10", "--tz", "UTC"]), status: 1, contains: "before START")
        CLI.assertError(CLI.run(["days", "2024-03-10", "2024-03-12", "--tz", "Mars/Olympus"]), status: 1, contains: "unknown time zone")
        CLI.assertError(CLI.run(["days", "2024-02-30", "2024-03-12", "--tz", "UTC"]), status: 1, contains: "START")
        CLI.assertError(CLI.run(["days", "garbage", "2024-03-12"]), status: 1, contains: "START: cannot read date 'garbage'")
        CLI.assertError(CLI.run(["days", "2024-03-10"]), status: 2, contains: "missing an argument")
        CLI.assertError(CLI.run(["days", "2024-03-10", "2024-03-11", "--unit", "fortnight"]), status: 2, contains: "day, week, month, year")
        CLI.assertError(CLI.run(["days", "2024-03-10", "2024-03-11", "--first-weekday", "0"]), status: 2, contains: "--first-weekday")
        let empty = CLI.run(["days", "2024-03-10", "2024-03-10", "--tz", "UTC"])
        XCTAssertEqual(empty.status, 0)
        XCTAssertEqual(empty.stdout, "")
    }
}
