import Foundation
import Kalends
import KalendsCheck
import XCTest
@testable import kalends

/// `kalends month YEAR` (every month of a year, three across, like `cal 2024`)
/// and `kalends month -3` (like `cal -3`), against Docs/CLI.md.
///
/// The expected text of the Gregorian views is what BSD `cal` (ncal 12.1.8)
/// prints, trailing blanks and blank lines at the end left out.
final class MonthYearViewCLITests: XCTestCase {
    func testYearLikeCal2024() {
        let result = CLI.run(["month", "2024", "--first-weekday", "7"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(Array(result.lines.prefix(20)), [
            "                            2024",
            "      January               February               March",
            "Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa",
            "    1  2  3  4  5  6               1  2  3                  1  2",
            " 7  8  9 10 11 12 13   4  5  6  7  8  9 10   3  4  5  6  7  8  9",
            "14 15 16 17 18 19 20  11 12 13 14 15 16 17  10 11 12 13 14 15 16",
            "21 22 23 24 25 26 27  18 19 20 21 22 23 24  17 18 19 20 21 22 23",
            "28 29 30 31           25 26 27 28 29        24 25 26 27 28 29 30",
            "                                            31",
            "",
            "       April                  May                   June",
            "Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa",
            "    1  2  3  4  5  6            1  2  3  4                     1",
            " 7  8  9 10 11 12 13   5  6  7  8  9 10 11   2  3  4  5  6  7  8",
            "14 15 16 17 18 19 20  12 13 14 15 16 17 18   9 10 11 12 13 14 15",
            "21 22 23 24 25 26 27  19 20 21 22 23 24 25  16 17 18 19 20 21 22",
            "28 29 30              26 27 28 29 30 31     23 24 25 26 27 28 29",
            "                                            30",
            "",
            "        July                 August              September",
        ])
        // Four rows of months, each six weeks high as cal draws them, one blank
        // line between rows; nothing after December's last week.
        XCTAssertEqual(result.lines.count, 1 + 4 * 8 + 3 - 1, result.stdout)
        XCTAssertEqual(result.lines.last, "27 28 29 30 31        24 25 26 27 28 29 30  29 30 31")
        XCTAssertFalse(result.lines.contains { $0.hasSuffix(" ") }, "no trailing blanks")
    }

    func testYearGridsAreTheOneMonthGridsWithoutTheYearInTheirTitles() {
        let year = CLI.run(["month", "2024", "--first-weekday", "1"]).lines
        let march = CLI.run(["month", "2024-03", "--first-weekday", "1"]).lines
        // March is the third column of the first row: 20 characters from column 44.
        let column = year.dropFirst().prefix(march.count).map { line in
            GridColumns.trimmingTrailingBlanks(String(line.dropFirst(44).prefix(20)))
        }
        XCTAssertEqual(column, ["       March"] + march.dropFirst())
        XCTAssertEqual(march.first, "     March 2024")
    }

    func testHebrewLeapYearHasThirteenMonths() throws {
        let text = CLI.run(["month", "5784", "--calendar", "hebrew", "--first-weekday", "7"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertEqual(text.lines.first, "                            5784")
        let titles = zip(text.lines, text.lines.dropFirst()).filter { $0.1.hasPrefix("Su Mo") }.map(\.0)
        XCTAssertEqual(titles, [
            "       Tishri               Heshvan                Kislev",
            "       Tevet                 Shevat                Adar I",
            "      Adar II                Nisan                  Iyar",
            "       Sivan                 Tamuz                   Av",
            "        Elul",
        ])
        // 1 Tishri 5784 was a Saturday (2023-09-16), 1 Adar I a Saturday (2024-02-10).
        XCTAssertEqual(text.lines[3], "                   1      1  2  3  4  5  6         1  2  3  4  5")
        XCTAssertEqual(text.lines[12], "          1  2  3  4               1  2  3                     1")

        let json = CLI.run(["month", "5784", "--calendar", "hebrew", "--json"]).jsonLines()
        XCTAssertEqual(json.compactMap { $0["monthCode"] as? String },
                       ["M01", "M02", "M03", "M04", "M05", "M05L", "M06", "M07", "M08", "M09", "M10", "M11", "M12"])
        XCTAssertEqual(json.compactMap { $0["monthName"] as? String }[5...6], ["Adar I", "Adar II"])
        XCTAssertEqual(CLI.run(["month", "5785", "--calendar", "hebrew", "--json"]).lines.count, 12)
    }

    func testChineseYears() throws {
        // Chinese YEAR is the related Gregorian year, as in YEAR-MONTH: 2025 has a leap sixth month.
        let leap = CLI.run(["month", "2025", "--calendar", "chinese", "--json"])
        XCTAssertEqual(leap.status, 0, leap.stderr)
        let months = leap.jsonLines()
        XCTAssertEqual(months.count, 13)
        XCTAssertEqual(months.compactMap { $0["monthCode"] as? String }[5...7], ["M06", "M06L", "M07"])
        XCTAssertEqual(Self.firstISO(of: months.first), "2025-01-29")
        XCTAssertEqual(Self.firstISO(of: months.last), "2026-01-19")
        let common = CLI.run(["month", "2024", "--calendar", "chinese", "--json"]).jsonLines()
        XCTAssertEqual(common.count, 12)
        XCTAssertEqual(Self.firstISO(of: common.first), "2024-02-10")

        let text = CLI.run(["month", "2025", "--calendar", "chinese", "--first-weekday", "7"])
        XCTAssertEqual(Array(text.lines.prefix(4)), [
            "                            2025",
            "    First Month           Second Month          Third Month",
            "Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa",
            "          1  2  3  4                  1  2                     1",
        ])
        XCTAssertEqual(text.lines.filter { $0.hasSuffix("Sixth Month") }.count, 1)
        XCTAssertTrue(text.lines.contains("  Leap Sixth Month       Seventh Month          Eighth Month"), text.stdout)
    }

    func testEveryCalendarDrawsItsYear() throws {
        let ids = CLI.run(["calendars"]).lines.compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertEqual(ids.count, 19)
        for id in ids {
            // The year of the calendar's month that holds 2024-06-01 (Hebrew 5784, Coptic 1740, ...).
            let june = CLI.run(["month", "2024-06", "--from", "iso8601", "--calendar", id, "--json"]).jsonLines().first
            let year = try XCTUnwrap(june?["arithmeticYear"] as? Int, id)
            let json = CLI.run(["month", String(year), "--calendar", id, "--json"])
            XCTAssertEqual(json.status, 0, "\(id) \(year): \(json.stderr)")
            let expected = ["hebrew": 13, "coptic": 13, "ethiopic": 13, "ethiopic-amete-alem": 13][id] ?? 12
            XCTAssertEqual(json.lines.count, expected, "\(id) \(year)")
            let text = CLI.run(["month", String(year), "--calendar", id, "--first-weekday", "7"])
            XCTAssertEqual(text.status, 0, "\(id) \(year): \(text.stderr)")
            let rows = (expected + 2) / 3
            XCTAssertEqual(text.lines.filter { $0.hasPrefix("Su Mo Tu") }.count, rows, "\(id):\n\(text.stdout)")
        }
    }

    func testThreeMonthsAcrossAYearBoundaryLikeCalMinus3() {
        let result = CLI.run(["month", "-3", "2024-01", "--first-weekday", "7"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.lines, [
            "   December 2023          January 2024         February 2024",
            "Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa",
            "                1  2      1  2  3  4  5  6               1  2  3",
            " 3  4  5  6  7  8  9   7  8  9 10 11 12 13   4  5  6  7  8  9 10",
            "10 11 12 13 14 15 16  14 15 16 17 18 19 20  11 12 13 14 15 16 17",
            "17 18 19 20 21 22 23  21 22 23 24 25 26 27  18 19 20 21 22 23 24",
            "24 25 26 27 28 29 30  28 29 30 31           25 26 27 28 29",
            "31",
        ])
        // The option may follow the month; the Hebrew year turns at Tishri.
        XCTAssertEqual(CLI.run(["month", "2024-01", "-3", "--first-weekday", "7"]).lines, result.lines)
        let hebrew = CLI.run(["month", "-3", "5784-M01", "--calendar", "hebrew", "--json"]).jsonLines()
        XCTAssertEqual(hebrew.map { "\($0["year"] ?? "")-\($0["monthCode"] ?? "")" }, ["5783-M12", "5784-M01", "5784-M02"])
    }

    func testThreeMonthsWithLongNamesKeepTheirColumns() {
        // "Leap Eleventh Month 2033" is 24 characters: every column widens to it.
        let result = CLI.run(["month", "-3", "2033-M11L", "--calendar", "chinese", "--first-weekday", "7"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.lines, [
            "Eleventh Month 2033       Leap Eleventh Month 2033   Twelfth Month 2033",
            "Su Mo Tu We Th Fr Sa      Su Mo Tu We Th Fr Sa      Su Mo Tu We Th Fr Sa",
            "       1  2  3  4  5                   1  2  3                      1  2",
            " 6  7  8  9 10 11 12       4  5  6  7  8  9 10       3  4  5  6  7  8  9",
            "13 14 15 16 17 18 19      11 12 13 14 15 16 17      10 11 12 13 14 15 16",
            "20 21 22 23 24 25 26      18 19 20 21 22 23 24      17 18 19 20 21 22 23",
            "27 28 29 30               25 26 27 28 29            24 25 26 27 28 29 30",
        ])
        let islamic = CLI.run(["month", "-3", "1445-11", "--calendar", "islamic-umalqura", "--week-numbers"])
        XCTAssertEqual(islamic.status, 0, islamic.stderr)
        XCTAssertEqual(islamic.lines.first, "       Shawwal 1445          Dhuʻl-Qiʻdah 1445        Dhuʻl-Hijjah 1445")
        XCTAssertTrue(islamic.lines.dropFirst().allSatisfy { $0.count <= 3 * 23 + 4 })
    }

    func testThreeMonthsDefaultIsAroundThisMonth() throws {
        let result = CLI.run(["month", "-3", "--json"], environment: ["TZ": "UTC"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let months = result.jsonLines()
        XCTAssertEqual(months.count, 3)
        let today = CLI.run(["month", "--json"], environment: ["TZ": "UTC"]).lines
        XCTAssertEqual(result.lines[1], today.first)
    }

    func testEachJSONLineIsTheOneMonthObject() throws {
        let runs: [[String]] = [
            ["month", "2024", "--first-weekday", "1"],
            ["month", "5784", "--calendar", "hebrew", "--six-rows"],
            ["month", "2023", "--calendar", "chinese"],
            ["month", "1740", "--calendar", "coptic"],
            ["month", "-3", "2024-01", "--locale", "he_IL"],
        ]
        for run in runs {
            let result = CLI.run(run + ["--json"])
            XCTAssertEqual(result.status, 0, "\(run): \(result.stderr)")
            let options = Array(run.dropFirst(run[1] == "-3" ? 3 : 2))
            for (line, object) in zip(result.lines, result.jsonLines()) {
                let month = "\(object["arithmeticYear"] ?? "")-\(object["monthCode"] ?? "")"
                let single = CLI.run(["month", month] + options + ["--json"])
                XCTAssertEqual(single.lines, [line], "\(run): \(month)")
            }
        }
        XCTAssertEqual(CLI.run(["month", "2023", "--calendar", "chinese", "--json"]).lines.count, 13)
        XCTAssertEqual(CLI.run(["month", "1740", "--calendar", "coptic", "--json"]).lines.count, 13)
    }

    func testMinusThreeIsAnOptionAndShortNegativesAreNotYears() {
        CLI.assertError(CLI.run(["month", "--", "-3"]), status: 2, contains: "'-3' is neither an option of 'month' nor a year")
        CLI.assertError(CLI.run(["month", "-1"]), status: 2, contains: "a negative year has four digits (-0001)")
        CLI.assertError(CLI.run(["month", "-3", "2024"]), status: 2, contains: "-3 takes a month (YEAR-MONTH, e.g. 2024-01), not the year '2024'")
        CLI.assertError(CLI.run(["month", "-4"]), status: 2, contains: "'-4'")
        let negative = CLI.run(["month", "-0044", "--json"])
        XCTAssertEqual(negative.status, 0, negative.stderr)
        XCTAssertEqual(negative.jsonLines().first?["arithmeticYear"] as? Int, -44)
        // Other commands still read -3 as a value.
        CLI.assertError(CLI.run(["anniversary", "2024-03-10", "--kind", "yahrzeit", "--years", "-3"]), status: 2, contains: "got '-3'")
    }

    func testYearForms() throws {
        let era = CLI.run(["month", "reiwa:6", "--calendar", "japanese", "--json"]).jsonLines()
        XCTAssertEqual(era.count, 12)
        XCTAssertEqual(Self.firstISO(of: era.first), "2024-01-01")
        let title = CLI.run(["month", "2019", "--calendar", "japanese"]).lines.first
        XCTAssertEqual(title?.trimmingCharacters(in: .whitespaces), "Heisei 31 / Reiwa 1")
        // With --from, the --calendar year holding the first day of the --from year.
        let from = CLI.run(["month", "2024", "--from", "iso8601", "--calendar", "hebrew", "--json"]).jsonLines()
        XCTAssertEqual(from.first?["arithmeticYear"] as? Int, 5784)
        XCTAssertEqual(from.count, 13)
    }

    func testErrorsAreClearAndNeverATrap() {
        CLI.assertError(CLI.run(["month", "99999"]), status: 1, contains: "YEAR '99999': iso8601 year 99999 is out of the supported range -9999 ... 9999")
        CLI.assertError(CLI.run(["month", "12345678901234567890"]), status: 1, contains: "is out of the supported range -9999 ... 9999")
        CLI.assertError(CLI.run(["month", "20000", "--calendar", "hebrew"]), status: 1, contains: "hebrew year 20000 is out of the supported range")
        CLI.assertError(CLI.run(["month", "13760", "--calendar", "hebrew"]), status: 1, contains: "hebrew year 13760 reaches past the supported range")
        CLI.assertError(CLI.run(["month", "heisei:40", "--calendar", "japanese"]), status: 1, contains: "era heisei has no year 40")
        CLI.assertError(CLI.run(["month", "20x4"]), status: 1, contains: "expected YEAR-MONTH")
        CLI.assertError(CLI.run(["month", "2024-"]), status: 1, contains: "YEAR-MONTH")
        CLI.assertError(CLI.run(["month", "-3", "garbage"]), status: 1, contains: "expected YEAR-MONTH")
        CLI.assertError(CLI.run(["month", "-3", "9999-12"]), status: 1, contains: "out of the supported range")
        CLI.assertError(CLI.run(["month", "-3", "-9999-01"]), status: 1, contains: "out of the supported range")
        CLI.assertError(CLI.run(["month", "2024", "--calendar", "nope"]), status: 1, contains: "unknown calendar")
        CLI.assertError(CLI.run(["month", "2024", "2025"]), status: 2, contains: "at most 1 argument")
    }

    // MARK: - The pieces

    func testGridColumnsExamples() {
        XCTAssertEqual(GridColumns.lines([["a", "b"], ["ccc"]], perRow: 3), ["a    ccc", "b"])
        XCTAssertEqual(GridColumns.lines([["a"], ["b"], ["c"]], perRow: 2), ["a  b", "", "c"])
        XCTAssertEqual(GridColumns.lines([["a"], ["b"]], perRow: 2, minimumHeight: 3), ["a  b"], "no blank lines at the end")
        XCTAssertEqual(GridColumns.lines([["a"], ["b"], ["c"]], perRow: 2, minimumHeight: 2), ["a  b", "", "", "c"])
        XCTAssertEqual(GridColumns.lines([["Adar II", "1"], ["Nisan"]], perRow: 3), ["Adar II  Nisan", "1"])
        XCTAssertEqual(GridColumns.lines([], perRow: 3), [])
        // Grapheme clusters, not scalars: "Rabiʻ" and a combining accent count as their letters.
        XCTAssertEqual(GridColumns.lines([["Rabiʻ", "e\u{301}"], ["x"]], perRow: 3), ["Rabiʻ  x", "e\u{301}"])
        XCTAssertEqual(GridColumns.centered("2024", width: 60), String(repeating: " ", count: 28) + "2024")
        XCTAssertEqual(GridColumns.centered("too long", width: 4), "too long")
    }

    /// Cutting each line at the column offsets gives back every block, padded.
    func testGridColumnsPutEveryBlockInItsColumn() {
        let line = Gen.element(of: ["", "a", "Adar II", "Rabiʻ I", "e\u{301}e", "  3  4", "Leap Eleventh Month"])
        let block = line.array(count: 1...9)
        forAll(block.array(count: 0...14), Gen.int(in: 1...4), Gen.int(in: 0...10)) { blocks, perRow, minimumHeight in
            let lines = GridColumns.lines(blocks, perRow: perRow, minimumHeight: minimumHeight)
            let width = GridColumns.width(of: blocks)
            guard !lines.contains(where: { $0.hasSuffix(" ") }), lines.last?.isEmpty != true else { return false }
            var top = 0
            for start in stride(from: 0, to: blocks.count, by: perRow) {
                let row = Array(blocks[start..<Swift.min(start + perRow, blocks.count)])
                let height = Swift.max(minimumHeight, row.map(\.count).max() ?? 0)
                for index in 0..<height {
                    let text = top + index < lines.count ? lines[top + index] : ""
                    for (column, block) in row.enumerated() {
                        let cell = String(text.dropFirst(column * (width + 2)).prefix(width))
                        let expected = index < block.count ? block[index] : ""
                        guard GridColumns.trimmingTrailingBlanks(cell) == GridColumns.trimmingTrailingBlanks(expected) else { return false }
                    }
                }
                top += height + 1
            }
            return lines.count <= top
        }
    }

    func testYearArgumentForms() throws {
        let iso = try Calendars.system(.iso8601)
        XCTAssertEqual(try YearArgument.read("2024", in: iso), 2024)
        XCTAssertEqual(try YearArgument.read("+2024", in: iso), 2024)
        XCTAssertEqual(try YearArgument.read("-0044", in: iso), -44)
        XCTAssertEqual(try YearArgument.read("0", in: iso), 0)
        XCTAssertEqual(try YearArgument.read("bce:44", in: iso), -43)
        for month in ["2024-03", "5784-M05L", "Adar I 5784", "reiwa:6-03", "garbage", "", "-", "２０２４", "2024.5"] {
            XCTAssertNil(try YearArgument.read(month, in: iso), month)
        }
        XCTAssertThrowsError(try YearArgument.read("-44", in: iso)) { XCTAssertTrue($0 is UsageError) }
        XCTAssertThrowsError(try YearArgument.read("1234567890", in: iso)) { XCTAssertTrue($0 is YearArgumentError) }
        XCTAssertEqual(try YearArgument.read("99999", in: iso), 99999, "the range is checked where the year is drawn")
    }

    func testDeclaredOptionsWinOverNegativeNumbers() throws {
        let options: [OptionSpec] = [.flag("-3", "three"), .flag("--json", "json")]
        let parsed = try ParsedArguments(["-3", "-5", "-0044-03", "--", "-3"], options: options, command: "month")
        XCTAssertTrue(parsed.flag("-3"))
        XCTAssertEqual(parsed.positionals, ["-5", "-0044-03", "-3"])
        let undeclared = try ParsedArguments(["-3"], options: [.flag("--json", "json")], command: "add")
        XCTAssertEqual(undeclared.positionals, ["-3"])
    }

    // MARK: - Helpers

    static func firstISO(of month: [String: Any]?) -> String? {
        let weeks = month?["weeks"] as? [[Any]] ?? []
        return weeks.joined().compactMap { ($0 as? [String: Any])?["iso"] as? String }.first
    }
}
