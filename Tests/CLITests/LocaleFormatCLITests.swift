import XCTest

/// `--locale` and `--format` on convert, add and days (Docs/CLI.md, "Locales
/// and formats"): ICU's text of Kalends' own fields. The strings are CLDR 42
/// as ICU 72 writes it (see LocalizedDateFormatExamples for the table).
final class LocaleFormatCLITests: XCTestCase {
    func testConvertInHebrew() {
        let result = CLI.run(["convert", "2024-03-15", "--to", "hebrew", "--to", "gregorian", "--locale", "he"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.lines, ["hebrew     5784-M06-05    יום שישי, ה׳ באדר ב׳ תשפ״ד",
                                      "gregorian  2024-03-15     יום שישי, 15 במרץ 2024"])
        XCTAssertEqual(result.stderr, "")
    }

    func testDefaultOutputIsUnchanged() {
        XCTAssertEqual(CLI.run(["convert", "2024-03-15", "--to", "hebrew"]).lines, ["hebrew  5784-M06-05    Friday 5 Adar II 5784 AM"])
    }

    func testFormatPrintsOneLinePerResultAndNothingElse() {
        XCTAssertEqual(CLI.run(["convert", "2024-03-15", "--to", "hebrew", "--format", "EEEE d MMMM y G"]).lines, ["Friday 5 Adar II 5784 AM"])
        XCTAssertEqual(CLI.run(["convert", "2024-03-15", "--to", "hebrew", "--to", "persian", "--format", "d MMMM y", "--locale", "fa"]).lines,
                       ["۵ واذار الثانی ۵۷۸۴", "۲۵ اسفند ۱۴۰۲"])
        XCTAssertEqual(CLI.run(["add", "5784-M05L-30", "P1Y", "--calendar", "hebrew", "--format", "d MMMM y"]).lines, ["29 Adar 5785"])
        XCTAssertEqual(CLI.run(["add", "2024-03-09T09:00", "P1D", "--tz", "America/New_York", "--format", "EEEE d MMMM HH:mm"]).lines,
                       ["Sunday 10 March 09:00"])
        XCTAssertEqual(CLI.run(["add", "2024-01-31", "P1M", "--locale", "ja"]).lines, ["2024-02-29  2024年2月29日木曜日"])
        XCTAssertEqual(CLI.run(["days", "2024-03-20", "2024-03-22", "--calendar", "persian", "--format", "d MMMM y", "--tz", "Asia/Tehran"]).lines,
                       ["1 Farvardin 1403", "2 Farvardin 1403"])
        let batch = CLI.run(["convert", "-", "--to", "hebrew", "--format", "d MMMM y"], stdin: "2024-03-15\n2046-11-29\n")
        XCTAssertEqual(batch.lines, ["5 Adar II 5784", "30 Heshvan 5807"])
    }

    /// AM 5807 (ICU 72 starts it a day late): the text is Kalends' date, the weekday the day's.
    func testHebrew5807() {
        XCTAssertEqual(CLI.run(["convert", "2046-11-29", "--to", "hebrew", "--locale", "he"]).lines, ["hebrew  5807-M02-30    יום חמישי, ל׳ בחשוון תת״ז"])
        XCTAssertEqual(CLI.run(["convert", "2046-10-01", "--to", "hebrew", "--format", "EEEE d MMMM y"]).lines, ["Monday 1 Tishri 5807"])
    }

    func testJSONGainsFormatted() throws {
        let result = CLI.run(["convert", "2024-03-15", "--to", "hebrew", "--json", "--format", "d MMMM y G"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try XCTUnwrap(result.jsonLines().first)
        XCTAssertEqual(object["formatted"] as? String, "5 Adar II 5784 AM")
        XCTAssertEqual(object["monthName"] as? String, "Adar II")
        let localized = try XCTUnwrap(CLI.run(["convert", "2024-03-15", "--to", "islamic-civil", "--json", "--locale", "ar"]).jsonLines().first)
        XCTAssertEqual(localized["formatted"] as? String, "الجمعة، ٥ رمضان ١٤٤٥ هـ")
        let added = try XCTUnwrap(CLI.run(["add", "2024-01-31", "P1M", "--json", "--format", "d MMM y"]).jsonLines().first)
        XCTAssertEqual(added["formatted"] as? String, "29 Feb 2024")
        let days = CLI.run(["days", "2024-03-09", "2024-03-10", "--tz", "UTC", "--json", "--locale", "he"]).jsonLines()
        XCTAssertEqual(days.first?["formatted"] as? String, "יום שבת, 9 במרץ 2024")
    }

    func testUnknownLocaleAndBadPatternAreExitOne() {
        CLI.assertError(CLI.run(["convert", "2024-03-15", "--to", "hebrew", "--locale", "xx"]), status: 1,
                        contains: "--locale: unknown locale 'xx': ICU has no data for its language")
        CLI.assertError(CLI.run(["add", "2024-03-15", "P1D", "--locale", "qq-QQ"]), status: 1, contains: "--locale: unknown locale 'qq-QQ'")
        CLI.assertError(CLI.run(["convert", "2024-03-15", "--locale", "he-u-"]), status: 1, contains: "--locale: malformed locale 'he-u-'")
        CLI.assertError(CLI.run(["convert", "2024-03-15", "--format", "d J"]), status: 1, contains: "--format: invalid date pattern 'd J'")
        CLI.assertError(CLI.run(["days", "2024-03-09", "2024-03-10", "--format", "HH z"]), status: 1, contains: "'z' is a time-zone field")
        // Nothing is printed before the error.
        XCTAssertEqual(CLI.run(["convert", "2024-03-15", "--locale", "xx"]).stdout, "")
    }
}

/// `month --locale L`: ICU's titles; the grid as `cal` draws it.
final class MonthLocaleCLITests: XCTestCase {
    func testTitlesAreTheLocales() {
        XCTAssertEqual(Array(CLI.run(["month", "2024-03", "--locale", "ja"]).lines.prefix(2)), ["      2024年3月", "Su Mo Tu We Th Fr Sa"])
        XCTAssertEqual(CLI.run(["month", "5784-M06", "--calendar", "hebrew", "--locale", "he"]).lines.first, "    אדר ב׳ 5784")
        XCTAssertEqual(CLI.run(["month", "2024-03", "--locale", "de_DE"]).lines.first, "     März 2024")
        // No --locale: English, from the calendars' tables, whatever the environment says.
        XCTAssertEqual(CLI.run(["month", "2024-03"], environment: ["LANG": "de_DE.UTF-8"]).lines.first, "     March 2024")
        let year = CLI.run(["month", "2019", "--calendar", "japanese", "--locale", "ja"])
        XCTAssertEqual(year.status, 0, year.stderr)
        XCTAssertTrue(year.lines.first?.contains("平成31年 / 令和元年") ?? false, year.lines.first ?? "")
    }
}
