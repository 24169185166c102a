import XCTest

/// `kalends month` against the command-line contract (Docs/CLI.md).
final class MonthCLITests: XCTestCase {
    func testTextGridLikeCal() {
        let result = CLI.run(["month", "2024-03", "--first-weekday", "1"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.lines, [
            "     March 2024",
            "Mo Tu We Th Fr Sa Su",
            "             1  2  3",
            " 4  5  6  7  8  9 10",
            "11 12 13 14 15 16 17",
            "18 19 20 21 22 23 24",
            "25 26 27 28 29 30 31",
        ])
    }

    func testJSONGridHasSevenCellsAndNullPadding() throws {
        let result = CLI.run(["month", "5784-M05L", "--calendar", "hebrew", "--first-weekday", "7", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try XCTUnwrap(result.jsonLines().first)
        XCTAssertEqual(object["calendar"] as? String, "hebrew")
        XCTAssertEqual(object["year"] as? Int, 5784)
        XCTAssertEqual(object["month"] as? Int, 6)
        XCTAssertEqual(object["monthCode"] as? String, "M05L")
        XCTAssertEqual(object["monthName"] as? String, "Adar I")
        let weeks = try XCTUnwrap(object["weeks"] as? [[Any]])
        XCTAssertEqual(weeks.count, 6)
        XCTAssertTrue(weeks.allSatisfy { $0.count == 7 })
        XCTAssertTrue(weeks[0][0] is NSNull)
        let first = try XCTUnwrap(weeks[0][6] as? [String: Any])
        XCTAssertEqual(first["day"] as? Int, 1)
        XCTAssertEqual(first["iso"] as? String, "2024-02-10")
        let days = weeks.flatMap { $0.compactMap { ($0 as? [String: Any])?["day"] as? Int } }
        XCTAssertEqual(days, Array(1...30))
    }

    func testLocaleFirstWeekdayAndNamedMonth() throws {
        let persian = CLI.run(["month", "Farvardin 1403", "--calendar", "persian", "--locale", "fa_IR"])
        XCTAssertEqual(persian.status, 0, persian.stderr)
        // Saturday first, in CLDR 42's short Persian names (شنبه, ۱شنبه ...; ICU 72).
        XCTAssertEqual(persian.lines[1], " ش ۱ش ۲ش ۳ش ۴ش ۵ش  ج")
        let fromEnvironment = CLI.run(["month", "2024-03"], environment: ["LANG": "de_DE.UTF-8"])
        XCTAssertEqual(fromEnvironment.lines[1], "Mo Tu We Th Fr Sa Su")
        let american = CLI.run(["month", "2024-03"], environment: ["LANG": "en_US.UTF-8"])
        XCTAssertEqual(american.lines[1], "Su Mo Tu We Th Fr Sa")
    }

    func testDefaultIsThisMonth() throws {
        let result = CLI.run(["month", "--json"], environment: ["TZ": "UTC"])
        XCTAssertEqual(result.status, 0)
        let object = try XCTUnwrap(result.jsonLines().first)
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM"
        formatter.timeZone = TimeZone(identifier: "UTC")
        let weeks = try XCTUnwrap(object["weeks"] as? [[Any]])
        let firstDay = weeks.flatMap { $0 }.compactMap { $0 as? [String: Any] }.first?["iso"] as? String
        XCTAssertEqual(firstDay?.prefix(7), Substring(formatter.string(from: Date())))
    }

    func testErrors() {
        CLI.assertError(CLI.run(["month", "garbage"]), status: 1, contains: "expected YEAR-MONTH")
        CLI.assertError(CLI.run(["month", "5785-M05L", "--calendar", "hebrew"]), status: 1, contains: "not a leap year")
        CLI.assertError(CLI.run(["month", "2024-13"]), status: 1, contains: "has no month 13")
        CLI.assertError(CLI.run(["month", "2024-03", "--first-weekday", "8"]), status: 2, contains: "--first-weekday")
        CLI.assertError(CLI.run(["month", "2024-03", "--calendar", "nope"]), status: 1, contains: "unknown calendar")
        CLI.assertError(CLI.run(["month", "2024-03", "2024-04"]), status: 2, contains: "at most 1 argument")
    }
}
