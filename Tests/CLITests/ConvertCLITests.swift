import XCTest

/// `kalends convert` and `kalends calendars` against the command-line contract (Docs/CLI.md).
final class ConvertCLITests: XCTestCase {
    func testContractExampleObject() throws {
        let result = CLI.run(["convert", "2024-03-15", "--to", "hebrew", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let objects = result.jsonLines()
        XCTAssertEqual(objects.count, 1)
        let object = try XCTUnwrap(objects.first)
        // The contract's example, field by field.
        XCTAssertEqual(object["calendar"] as? String, "hebrew")
        XCTAssertEqual(object["era"] as? Int, 0)
        XCTAssertEqual(object["eraCode"] as? String, "am")
        XCTAssertEqual(object["year"] as? Int, 5784)
        XCTAssertEqual(object["month"] as? Int, 7)
        XCTAssertEqual(object["monthCode"] as? String, "M06")
        XCTAssertEqual(object["isLeapMonth"] as? Bool, false)
        XCTAssertEqual(object["day"] as? Int, 5)
        XCTAssertEqual(object["monthName"] as? String, "Adar II")
        XCTAssertEqual(object["weekday"] as? Int, 5)
        XCTAssertEqual(object["iso"] as? String, "2024-03-15")
        XCTAssertEqual(object["julianDay"] as? Int, 2_460_385)
    }

    func testDefaultIsEveryCalendarAndToAllMatches() {
        let all = CLI.run(["convert", "2024-03-15", "--json"])
        XCTAssertEqual(all.status, 0)
        let ids = all.jsonLines().compactMap { $0["calendar"] as? String }
        XCTAssertEqual(ids.count, 19)
        XCTAssertEqual(Set(ids).count, 19)
        XCTAssertEqual(CLI.run(["convert", "2024-03-15", "--to", "all", "--json"]).stdout, all.stdout)
        let calendars = CLI.run(["calendars"])
        XCTAssertEqual(calendars.status, 0)
        XCTAssertEqual(calendars.lines.map { String($0.split(separator: " ")[0]) }, ids)
        let json = CLI.run(["calendars", "--json"]).jsonLines()
        XCTAssertEqual(json.compactMap { $0["id"] as? String }, ids)
        XCTAssertTrue(json.allSatisfy { ($0["name"] as? String)?.isEmpty == false })
    }

    func testRepeatedToAndAliases() {
        let result = CLI.run(["convert", "2024-03-15", "--to", "gregory", "--to", "ethioaa", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let objects = result.jsonLines()
        XCTAssertEqual(objects.compactMap { $0["calendar"] as? String }, ["gregorian", "ethiopic-amete-alem"])
        XCTAssertEqual(objects.last?["year"] as? Int, 7516)
        XCTAssertEqual(objects.last?["eraCode"] as? String, "aa")
    }

    func testFromHebrewByCodeNumberAndName() {
        for input in ["5784-M06-05", "5784-07-05", "5 Adar II 5784", "5784-M06-5"] {
            let result = CLI.run(["convert", input, "--from", "hebrew", "--to", "iso8601", "--json"])
            XCTAssertEqual(result.status, 0, "\(input): \(result.stderr)")
            XCTAssertEqual(result.jsonLines().first?["iso"] as? String, "2024-03-15", input)
        }
        let adarI = CLI.run(["convert", "5784-06-01", "--from", "hebrew", "--to", "hebrew", "--json"]).jsonLines().first
        XCTAssertEqual(adarI?["monthCode"] as? String, "M05L")
        XCTAssertEqual(adarI?["monthName"] as? String, "Adar I")
    }

    func testEraPrefixes() {
        let cases: [(String, String, String)] = [
            ("reiwa:6-03-15", "japanese", "2024-03-15"), ("heisei:31-04-30", "japanese", "2019-04-30"),
            ("bce:44-03-15", "julian", "-0043-03-13"), ("broc:1-01-01", "roc", "1911-01-01"),
        ]
        for (input, calendar, iso) in cases {
            let result = CLI.run(["convert", input, "--from", calendar, "--to", "iso8601", "--json"])
            XCTAssertEqual(result.status, 0, "\(input): \(result.stderr)")
            XCTAssertEqual(result.jsonLines().first?["iso"] as? String, iso, input)
        }
    }

    func testChineseFields() {
        let result = CLI.run(["convert", "2023-04-10", "--to", "chinese", "--json"])
        let object = result.jsonLines().first
        // 2023 had a leap second month (M02L): 2023-03-22 ... 2023-04-19.
        XCTAssertEqual(object?["monthCode"] as? String, "M02L")
        XCTAssertEqual(object?["isLeapMonth"] as? Bool, true)
        XCTAssertEqual(object?["month"] as? Int, 2)
        XCTAssertEqual(object?["relatedGregorianYear"] as? Int, 2023)
        XCTAssertEqual(object?["era"] as? Int, 78)
        XCTAssertEqual(object?["year"] as? Int, 40)
        let back = CLI.run(["convert", "2023-M02L-20", "--from", "chinese", "--to", "iso8601", "--json"])
        XCTAssertEqual(back.jsonLines().first?["iso"] as? String, "2023-04-10")
    }

    func testToday() {
        let result = CLI.run(["convert", "today", "--to", "iso8601", "--json"], environment: ["TZ": "UTC"])
        XCTAssertEqual(result.status, 0)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        formatter.timeZone = TimeZone(identifier: "UTC")
        let expected = formatter.string(from: Date())
        XCTAssertEqual(result.jsonLines().first?["iso"] as? String, expected)
    }

    func testOverflow() {
        let rejected = CLI.run(["convert", "5785-M05L-01", "--from", "hebrew"])
        CLI.assertError(rejected, status: 1, contains: "5785 is not a leap year: it has no Adar I (M05L)")
        let constrained = CLI.run(["convert", "5785-M05L-30", "--from", "hebrew", "--to", "hebrew", "--overflow", "constrain", "--json"])
        XCTAssertEqual(constrained.status, 0)
        XCTAssertEqual(constrained.jsonLines().first?["monthCode"] as? String, "M06")
        XCTAssertEqual(constrained.jsonLines().first?["day"] as? Int, 29)
        CLI.assertError(CLI.run(["convert", "2023-02-29", "--from", "gregorian"]), status: 1, contains: "has no day 29")
        let clamped = CLI.run(["convert", "2023-02-29", "--from", "gregorian", "--to", "iso8601", "--overflow", "constrain", "--json"])
        XCTAssertEqual(clamped.jsonLines().first?["iso"] as? String, "2023-02-28")
    }

    func testBadInputExitsOneWithAMessage() {
        let cases: [([String], String)] = [
            (["convert", ""], "the date is empty"),
            (["convert", "garbage"], "garbage"),
            (["convert", "99999999999999999999"], "99999999999999999999"),
            (["convert", "2024-02-30"], "has no day 30"),
            (["convert", "12345-01-01"], "out of the supported range"),
            (["convert", "5 Smarch 5784", "--from", "hebrew"], "no month named 'Smarch'"),
            (["convert", "2024-01-01", "--from", "mayan"], "unknown calendar 'mayan'"),
            (["convert", "2024-01-01", "--to", "klingon"], "unknown calendar 'klingon'"),
            (["convert", "shogun:1-01-01", "--from", "japanese"], "no era 'shogun'"),
            (["convert", "\u{0}\u{1}"], "cannot read date"),
        ]
        for (arguments, fragment) in cases {
            CLI.assertError(CLI.run(arguments), status: 1, contains: fragment)
        }
    }

    func testUsageErrorsExitTwo() {
        CLI.assertError(CLI.run(["convert"]), status: 2, contains: "missing an argument")
        CLI.assertError(CLI.run(["convert", "2024-01-01", "--bogus"]), status: 2, contains: "unknown option '--bogus'")
        CLI.assertError(CLI.run(["convert", "2024-01-01", "--from"]), status: 2, contains: "needs a value")
        CLI.assertError(CLI.run(["convert", "2024-01-01", "--overflow", "maybe"]), status: 2, contains: "constrain, reject")
        CLI.assertError(CLI.run(["convert", "a", "b"]), status: 2, contains: "at most 1 argument")
        CLI.assertError(CLI.run(["frobnicate"]), status: 2, contains: "unknown command 'frobnicate'")
        XCTAssertEqual(CLI.run([]).status, 2)
    }

    func testHelpAndVersion() {
        let version = CLI.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("kalends "))
        for command in ["convert", "calendars"] {
            let help = CLI.run([command, "--help"])
            XCTAssertEqual(help.status, 0)
            XCTAssertTrue(help.stdout.contains("usage: kalends \(command)"), help.stdout)
        }
        XCTAssertTrue(CLI.run(["--help"]).stdout.contains("convert"))
    }

    func testBatchModeKeepsOrderAndReportsBadLines() {
        let input = "2024-03-15\n2024-02-30\n5 March 2024\n"
        let result = CLI.run(["convert", "-", "--to", "hebrew", "--json"], stdin: input)
        XCTAssertEqual(result.status, 1)
        let objects = result.jsonLines()
        XCTAssertEqual(objects.count, 3)
        XCTAssertEqual(objects[0]["iso"] as? String, "2024-03-15")
        XCTAssertEqual(objects[1]["input"] as? String, "2024-02-30")
        XCTAssertNotNil(objects[1]["error"])
        XCTAssertEqual(objects[2]["iso"] as? String, "2024-03-05")
        XCTAssertTrue(result.stderr.hasPrefix("kalends: error: line 2 '2024-02-30': "), result.stderr)
        let ok = CLI.run(["convert", "-", "--to", "iso8601", "--to", "hebrew", "--json"], stdin: "2024-01-01\n2024-01-02\n")
        XCTAssertEqual(ok.status, 0)
        XCTAssertEqual(ok.jsonLines().compactMap { $0["calendar"] as? String }, ["iso8601", "hebrew", "iso8601", "hebrew"])
    }

    func testInputFormsFromTheContract() {
        for input in ["2024-03-15", "20240315", "2024-03-15T09:30:00", "20240315T093000Z", "2024-03-15T09:30:00-04:00"] {
            let result = CLI.run(["convert", input, "--to", "iso8601", "--json"])
            XCTAssertEqual(result.status, 0, "\(input): \(result.stderr)")
            XCTAssertEqual(result.jsonLines().first?["iso"] as? String, "2024-03-15", input)
        }
    }
}
