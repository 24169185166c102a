import XCTest

/// The general rules of the command line: which calendar a date argument is
/// in, instants, the one date-time reader, echoed input, batch alignment.
final class InputRulesCLITests: XCTestCase {
    // MARK: instants are ISO 8601, whatever --calendar says

    func testDaysReadsInstantsAsISOWhateverTheCalendar() {
        let result = CLI.run(["days", "2007-12-14T12:48:50+00:00", "2007-12-15T07:09:04+00:00", "--tz", "Africa/Casablanca",
                              "--unit", "month", "--calendar", "hebrew", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let slices = result.jsonLines()
        XCTAssertEqual(slices.count, 1)
        // 14 December 2007 is in Tevet 5768, which began on 10 December.
        XCTAssertEqual(slices.first?["date"] as? String, "5768-M04-01")
        XCTAssertEqual(slices.first?["iso"] as? String, "2007-12-10")
        XCTAssertEqual(slices.first?["start"] as? String, "2007-12-14T12:48:50+00:00")
        XCTAssertEqual(slices.first?["seconds"] as? Int, 66_014)
    }

    func testDaysPlainDatesAreISOUnlessFrom() {
        // 2021-03-31 is a Gregorian date: Hebrew months from 18 Nisan 5781.
        let iso = CLI.run(["days", "2021-03-31T00:09:31Z", "2021-06-01", "--calendar", "hebrew", "--unit", "month", "--tz", "UTC", "--json"])
        XCTAssertEqual(iso.status, 0, iso.stderr)
        XCTAssertEqual(iso.jsonLines().compactMap { $0["date"] as? String }, ["5781-M07-01", "5781-M08-01", "5781-M09-01"])
        let plain = CLI.run(["days", "2024-01-01", "2024-03-01", "--calendar", "hebrew", "--unit", "month", "--tz", "Asia/Jerusalem", "--json"])
        XCTAssertEqual(plain.jsonLines().compactMap { $0["iso"] as? String }, ["2023-12-13", "2024-01-11", "2024-02-10"])
        let fromHebrew = CLI.run(["days", "5784-M05L-01", "5784-M07-01", "--from", "hebrew", "--calendar", "hebrew",
                                  "--unit", "month", "--tz", "Asia/Jerusalem", "--json"])
        XCTAssertEqual(fromHebrew.jsonLines().compactMap { $0["date"] as? String }, ["5784-M05L-01", "5784-M06-01"])
        XCTAssertEqual(fromHebrew.jsonLines().first?["start"] as? String, "2024-02-10T00:00:00+02:00")
    }

    func testAnInstantWrittenInAnotherCalendarIsRefused() {
        CLI.assertError(CLI.run(["add", "5784-M05L-30T10:00Z", "P1D", "--calendar", "hebrew"]), status: 1, contains: "instant")
        // The same instant in ISO is read as ISO and printed as ISO, even with --calendar hebrew.
        let result = CLI.run(["add", "2024-03-24T10:00Z", "P1D", "--calendar", "hebrew"])
        XCTAssertEqual(result.lines, ["2024-03-25T10:00:00Z"], result.stderr)
        let convert = CLI.run(["convert", "2024-02-29T23:00-05:00", "--from", "hebrew", "--to", "iso8601", "--json"])
        XCTAssertEqual(convert.jsonLines().first?["iso"] as? String, "2024-02-29", convert.stderr)
    }

    // MARK: --from on add, diff and month

    func testAddFromISOWithHebrewArithmetic() throws {
        // 2024-03-24 is 14 Adar II 5784; a Hebrew year later is 14 Adar 5785.
        let text = CLI.run(["add", "2024-03-24", "P1Y", "--calendar", "hebrew", "--from", "iso8601"])
        XCTAssertEqual(text.lines, ["2025-03-14"], text.stderr)
        let json = try XCTUnwrap(CLI.run(["add", "2024-03-24", "P1Y", "--calendar", "hebrew", "--from", "iso8601", "--json"]).jsonLines().first)
        XCTAssertEqual(json["calendar"] as? String, "iso8601")
        XCTAssertEqual(json["arithmeticCalendar"] as? String, "hebrew")
        XCTAssertEqual(json["iso"] as? String, "2025-03-14")
        // Without --from the date is a Hebrew one, printed as Hebrew.
        let hebrew = CLI.run(["add", "5784-M05L-30", "P1Y", "--calendar", "hebrew"])
        XCTAssertEqual(hebrew.lines, ["5785-M06-29"])
        // ISO arithmetic on a Hebrew date, printed in Hebrew: 30 Adar I 5784 is
        // 2024-03-10, a month later 2024-04-10 is 2 Nisan 5784.
        let fromHebrew = CLI.run(["add", "5784-M05L-30", "P1M", "--from", "hebrew"])
        XCTAssertEqual(fromHebrew.lines, ["5784-M07-02"], fromHebrew.stderr)
    }

    func testDiffFromISOCountsHebrewYears() {
        let result = CLI.run(["diff", "2024-03-24", "2025-03-14", "--calendar", "hebrew", "--from", "iso8601", "--largest-unit", "years"])
        XCTAssertEqual(result.lines, ["P1Y"], result.stderr)
        let iso = CLI.run(["diff", "2024-03-24", "2025-03-14", "--largest-unit", "years"])
        XCTAssertEqual(iso.lines, ["P11M18D"])
    }

    func testMonthFromAnotherCalendar() throws {
        let result = CLI.run(["month", "2024-03", "--from", "iso8601", "--calendar", "hebrew", "--first-weekday", "7"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.lines.first?.trimmingCharacters(in: .whitespaces), "Adar I 5784")
        let json = try XCTUnwrap(CLI.run(["month", "5784-M06", "--from", "hebrew", "--json"]).jsonLines().first)
        XCTAssertEqual(json["calendar"] as? String, "iso8601")
        XCTAssertEqual(json["month"] as? Int, 3)
    }

    func testEachHelpSaysWhichCalendarDatesAreIn() {
        for command in ["add", "diff", "month", "days"] {
            let help = CLI.run([command, "--help"]).stdout
            XCTAssertTrue(help.contains("--from"), command)
            XCTAssertTrue(help.split(separator: "\n").contains { $0.contains("read") && $0.contains("--from") }, "\(command): \(help)")
        }
    }

    // MARK: the one date-time reader

    func testConvertRefusesABadTimePart() {
        CLI.assertError(CLI.run(["convert", "2024-02-29T25:00:00"]), status: 1, contains: "at character 12: expected an hour 00 ... 23")
        CLI.assertError(CLI.run(["convert", "2024-02-29T23:99:00"]), status: 1, contains: "at character 15: expected a minute")
        CLI.assertError(CLI.run(["convert", "2024-02-29Tfoo"]), status: 1, contains: "at character 12")
        CLI.assertError(CLI.run(["convert", "2024-02-29T"]), status: 1, contains: "at character 12")
        CLI.assertError(CLI.run(["convert", "2024-02-29T09:00+25:00"]), status: 1, contains: "offset")
        let fine = CLI.run(["convert", "2024-02-29T23:59:60Z", "--to", "iso8601", "--json"])
        XCTAssertEqual(fine.jsonLines().first?["iso"] as? String, "2024-02-29", fine.stderr)
    }

    // MARK: echoed input

    func testLongInputIsEchoedCutAndOnce() {
        let long = String(repeating: "2", count: 4000)
        let result = CLI.run(["convert", long])
        CLI.assertError(result, status: 1, contains: "...")
        XCTAssertLessThan(result.stderr.count, 300, result.stderr)
        let duration = CLI.run(["add", "2024-03-15", "P1X"])
        CLI.assertError(duration, status: 1, contains: "P1X")
        XCTAssertEqual(duration.stderr.components(separatedBy: "P1X").count - 1, 1, "echoed once: \(duration.stderr)")
        let controls = CLI.run(["convert", "2024-01-01\n\u{1B}[31m"])
        CLI.assertError(controls, status: 1, contains: "\\u{1B}")
        XCTAssertFalse(controls.stderr.contains("\u{1B}"))
        let batch = CLI.run(["convert", "-", "--json", "--to", "iso8601"], stdin: String(repeating: "x", count: 500) + "\n")
        let object = batch.jsonLines().first
        XCTAssertEqual((object?["input"] as? String)?.count, 63)
    }

    // MARK: batch alignment

    func testConvertBatchKeepsOneLinePerInputAndTarget() {
        let input = "2024-01-01\n\n2024-13-01\n   \n2024-02-29T23:00-05:00\r\n"
        let text = CLI.run(["convert", "-", "--to", "hebrew", "--to", "persian"], stdin: input)
        XCTAssertEqual(text.status, 1)
        XCTAssertEqual(text.lines.count, 10, text.stdout)
        XCTAssertTrue(text.lines[0].hasPrefix("hebrew "))
        XCTAssertEqual(Array(text.lines[2...7]), ["", "", "", "", "", ""])
        XCTAssertTrue(text.lines[9].contains("1402-12-10"), text.lines[9])
        XCTAssertTrue(text.stderr.hasPrefix("kalends: error: line 3 '2024-13-01': "), text.stderr)
        let json = CLI.run(["convert", "-", "--to", "hebrew", "--to", "persian", "--json"], stdin: input)
        XCTAssertEqual(json.lines.count, 10)
        XCTAssertEqual(json.lines[2], "")
        XCTAssertTrue(json.lines[4].hasPrefix("{\"input\":\"2024-13-01\",\"error\":"), json.lines[4])
        XCTAssertTrue(json.lines[5].hasPrefix("{\"input\":\"2024-13-01\",\"error\":"), json.lines[5])
    }

    func testAddAndDiffBatches() {
        let add = CLI.run(["add", "-", "P1M"], stdin: "2024-01-31\n\nbad\n2024-03-15\n")
        XCTAssertEqual(add.status, 1)
        XCTAssertEqual(add.lines, ["2024-02-29", "", "", "2024-04-15"])
        XCTAssertTrue(add.stderr.contains("line 3"), add.stderr)
        let addJSON = CLI.run(["add", "-", "P1Y", "--calendar", "hebrew", "--json"], stdin: "5784-M05L-30\nbad\n")
        XCTAssertEqual(addJSON.jsonLines().count, 2)
        XCTAssertEqual(addJSON.jsonLines().last?["input"] as? String, "bad")
        let diff = CLI.run(["diff", "-", "--largest-unit", "months"],
                           stdin: "2024-01-31\t2024-02-29\n2024-01-15   2024-03-20\nx\n\n2024-01-01 09:00 2024-01-02\n")
        XCTAssertEqual(diff.status, 1)
        XCTAssertEqual(diff.lines, ["P29D", "P2M5D", "", "", "PT15H"])
        XCTAssertTrue(diff.stderr.contains("line 3 'x'"), diff.stderr)
        let ok = CLI.run(["diff", "-"], stdin: "2024-01-01 2024-01-02\n")
        XCTAssertEqual(ok.status, 0)
        XCTAssertEqual(ok.lines, ["P1D"])
    }

    func testEachTargetOnceInTheOrderAsked() {
        let result = CLI.run(["convert", "2024-03-15", "--to", "persian", "--to", "all", "--json"])
        let ids = result.jsonLines().compactMap { $0["calendar"] as? String }
        XCTAssertEqual(ids.count, 19)
        XCTAssertEqual(ids.first, "persian")
        XCTAssertEqual(Set(ids).count, 19)
    }

    // MARK: text columns

    func testTextColumnsStayApartForTheWidestDates() {
        let result = CLI.run(["convert", "-", "--to", "hebrew", "--to", "iso8601"], stdin: "2024-02-29\n-9999-01-01\n9999-12-31\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        // Every line has its date and weekday columns at the same places, at
        // least two spaces apart, for the shortest and the widest dates.
        func columns(_ line: String) -> [Int] {
            let chars = Array(line)
            return chars.indices.filter { $0 > 1 && chars[$0] != " " && chars[$0 - 1] == " " && chars[$0 - 2] == " " }
        }
        XCTAssertEqual(result.lines.count, 6)
        XCTAssertEqual(Set(result.lines.map { Array(columns($0).prefix(2)) }).count, 1, result.stdout)
        XCTAssertTrue(result.lines.allSatisfy { columns($0).count >= 2 }, result.stdout)
    }

    // MARK: layout's default day

    func testLayoutDefaultDayIsTheEarliestTimedEvents() throws {
        let events = """
            {"events":[{"id":"trip","start":"2024-03-14","end":"2024-03-18","allDay":true},
            {"id":"a","start":"2024-03-15T09:00:00","end":"2024-03-15T10:00:00"},
            {"id":"b","start":"2024-03-15T11:00:00","end":"2024-03-15T12:00:00"}]}
            """
        let result = CLI.run(["layout", "-", "--tz", "UTC", "--json"], stdin: events)
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try XCTUnwrap(result.jsonLines().first)
        XCTAssertEqual(object["day"] as? String, "2024-03-15")
        XCTAssertEqual((object["dropped"] as? [Any])?.count, 0)
        XCTAssertEqual(result.stderr, "")
        let dropped = CLI.run(["layout", "-", "--tz", "UTC", "--json", "--day", "2024-03-16"], stdin: events)
        XCTAssertEqual(dropped.status, 0)
        XCTAssertTrue(dropped.stderr.hasPrefix("kalends: note: 2 events"), dropped.stderr)
        let allDayOnly = CLI.run(["layout", "-", "--tz", "UTC", "--json"],
                                 stdin: #"{"events":[{"id":"x","start":"2024-03-14","end":"2024-03-16","allDay":true}]}"#)
        XCTAssertEqual(allDayOnly.jsonLines().first?["day"] as? String, "2024-03-14")
    }

    // MARK: zones, locales and messages

    func testZoneNamesAndOffsets() {
        CLI.assertError(CLI.run(["add", "2024-03-15T09:00", "PT1H", "--tz", "GMT+5"]), status: 1, contains: "Etc/GMT-5")
        CLI.assertError(CLI.run(["add", "2024-03-15T09:00", "PT1H", "--tz", "UTC+3"]), status: 1, contains: "not an IANA zone")
        XCTAssertEqual(CLI.run(["add", "2024-03-15T09:00", "PT1H", "--tz", "Etc/GMT+5"]).lines, ["2024-03-15T10:00:00-05:00"])
        XCTAssertEqual(CLI.run(["add", "2024-03-15T09:00", "PT1H", "--tz", "+05:30"]).lines, ["2024-03-15T10:00:00+05:30"])
        XCTAssertEqual(CLI.run(["add", "2024-03-15T09:00", "PT1H", "--tz", "UTC+05:30"]).lines, ["2024-03-15T10:00:00+05:30"])
        XCTAssertEqual(CLI.run(["add", "2024-03-15T09:00", "PT1H", "--tz", "GMT0"]).status, 0)
    }

    func testCLocalesAgreeAndUnknownLocalesAreRefused() {
        let c = CLI.run(["month", "2024-03"], environment: ["LANG": "C", "LC_ALL": "", "LC_TIME": ""])
        let utf8 = CLI.run(["month", "2024-03"], environment: ["LANG": "C.UTF-8", "LC_ALL": "", "LC_TIME": ""])
        let posix = CLI.run(["month", "2024-03"], environment: ["LANG": "POSIX", "LC_ALL": "", "LC_TIME": ""])
        XCTAssertEqual(c.stdout, utf8.stdout)
        XCTAssertEqual(c.stdout, posix.stdout)
        XCTAssertEqual(c.lines.dropFirst().first, "Su Mo Tu We Th Fr Sa")
        CLI.assertError(CLI.run(["month", "2024-03", "--locale", "xx_YY"]), status: 1, contains: "unknown locale 'xx_YY'")
        CLI.assertError(CLI.run(["month", "2024-03", "--locale", ""]), status: 1, contains: "--locale: malformed locale ''")
        CLI.assertError(CLI.run(["days", "2024-03-01", "2024-03-02", "--locale", "qq"]), status: 1, contains: "--locale")
        // Monday first; the names are CLDR 42's narrow German ones (its short ones, "Mo.", take three columns).
        XCTAssertEqual(CLI.run(["month", "2024-03", "--locale", "de_DE"]).lines.dropFirst().first, " M  D  M  D  F  S  S")
        XCTAssertEqual(CLI.run(["month", "2024-03", "--locale", "de_DE", "--json"]).jsonLines().first?["firstWeekday"] as? Int, 1)
    }

    func testMessagesSayItOnceAndBlameTheRightEngine() {
        let era = CLI.run(["convert", "bce:0-01-01", "--from", "gregorian"])
        CLI.assertError(era, status: 1, contains: "years are 1 or more")
        let duration = CLI.run(["add", "2024-03-15", "x"])
        CLI.assertError(duration, status: 1, contains: "cannot read duration 'x' at character 1")
        XCTAssertFalse(duration.stderr.contains("duration 'x': duration"), duration.stderr)
        CLI.assertError(CLI.run(["convert", "2024-03-15", "--engine", "foundation", "--from", "julian"]), status: 1, contains: "Foundation has no julian calendar")
        // Hints name only options the command has.
        let diff = CLI.run(["diff", "2024-02-30", "2024-03-01"])
        CLI.assertError(diff, status: 1, contains: "no day 30")
        XCTAssertFalse(diff.stderr.contains("--overflow"), diff.stderr)
        CLI.assertError(CLI.run(["convert", "2024-02-30"]), status: 1, contains: "(--overflow constrain clamps it)")
        CLI.assertError(CLI.run(["convert", "2024-03-15", "--to", "nope"]), status: 1, contains: "(see 'kalends calendars')")
    }

    // MARK: found in review

    func testUsageAndFileErrorsCutTheirEcho() {
        let long = String(repeating: "x", count: 4000)
        for arguments in [["convert", "2024-01-01", "--" + long], [long], ["convert", "2024-01-01", long],
                          ["add", "2024-01-01", "P1D", "--overflow", long], ["month", "--first-weekday", long], ["layout", long],
                          ["layout", "-", "--width", long], ["diff", "2024-01-01", "2024-01-02", "--largest-unit", long]] {
            let result = CLI.run(arguments)
            XCTAssertNotEqual(result.status, 0)
            XCTAssertTrue(result.stderr.hasPrefix("kalends: error: "), result.stderr)
            XCTAssertLessThan(result.stderr.count, 400, "\(arguments.map { $0.prefix(20) }): \(result.stderr.prefix(200))")
        }
    }

    func testZonedResultsPrintAsISOAndInstantsNeedISODates() {
        // A zoned Hebrew date-time moves by a Hebrew day and prints as an RFC 3339 instant, which reads back.
        let zoned = CLI.run(["add", "5784-M06-14T10:00:00", "P1D", "--calendar", "hebrew", "--tz", "Asia/Jerusalem"])
        XCTAssertEqual(zoned.lines, ["2024-03-25T10:00:00+02:00"], zoned.stderr)
        let back = CLI.run(["add", "2024-03-25T10:00:00+02:00", "P0D", "--calendar", "hebrew"])
        XCTAssertEqual(back.lines, ["2024-03-25T10:00:00+02:00"], back.stderr)
        let floating = CLI.run(["add", "5784-M06-14T10:00:00", "P1D", "--calendar", "hebrew"])
        XCTAssertEqual(floating.lines, ["5784-M06-15T10:00:00"], floating.stderr)
        CLI.assertError(CLI.run(["add", "reiwa:6-03-15T10:00Z", "P1D"]), status: 1, contains: "reiwa")
        for text in ["5784-M06-15T10:00:00+02:00", "2024-M03-15T10:00Z"] {
            CLI.assertError(CLI.run(["add", text, "P1D"]), status: 1, contains: "instant")
        }
        CLI.assertError(CLI.run(["days", "5784-M06-14", "5784-M06-15T10:00Z", "--from", "hebrew", "--tz", "UTC"]), status: 1, contains: "END")
    }

    func testBatchJSONInputIsCutButNotEscapedAndABOMIsDropped() throws {
        let result = CLI.run(["add", "-", "P1D", "--json"], stdin: "\u{1}\u{1B}[31m2024\n")
        XCTAssertEqual(result.jsonLines().first?["input"] as? String, "\u{1}\u{1B}[31m2024")
        let bom = CLI.run(["convert", "-", "--to", "iso8601", "--json"], stdin: "\u{FEFF}2024-01-01\n")
        XCTAssertEqual(bom.jsonLines().first?["iso"] as? String, "2024-01-01", bom.stderr)
    }

    func testDaysTextColumnsStayAligned() {
        let result = CLI.run(["days", "2023-03-20", "2023-05-22", "--calendar", "chinese", "--unit", "month", "--tz", "UTC"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(Set(result.lines.map { $0.range(of: "  2023-")?.lowerBound.utf16Offset(in: $0) }).count, 1, result.stdout)
    }

    func testOffsetLikeZoneNamesGetTheOffsetTheyMeant() {
        CLI.assertError(CLI.run(["add", "2024-03-15T09:00", "PT1H", "--tz", "GMT+05:30"]), status: 1, contains: "write +05:30")
        CLI.assertError(CLI.run(["add", "2024-03-15T09:00", "PT1H", "--tz", "+5"]), status: 1, contains: "write +05:00")
        XCTAssertEqual(CLI.run(["add", "2024-03-15T09:00", "PT1H", "--tz", "gmt"]).status, 0)
        CLI.assertError(CLI.run(["month", "2024-03-15T10:00Z"]), status: 1, contains: "expected YEAR-MONTH")
    }
}
