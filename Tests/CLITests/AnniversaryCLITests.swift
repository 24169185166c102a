import XCTest

/// `kalends anniversary` against the command-line contract (Docs/CLI.md): the
/// text and JSON forms, `--years`, `--after-sunset`, `--from`, and errors
/// that name the argument, with exit 1 for bad input and 2 for usage.
final class AnniversaryCLITests: XCTestCase {
    func anniversary(_ arguments: [String]) -> CLIResult {
        CLI.run(["anniversary"] + arguments)
    }

    /// The contract's example: a death on 30 Adar I 5784 (2024-03-10).
    func testContractExample() {
        let text = anniversary(["2024-03-10", "--kind", "yahrzeit", "--years", "3"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertEqual(text.stderr, "")
        XCTAssertEqual(text.stdout, """
            5785-M05-30   2025-02-28  Friday 30 Shevat 5785 AM
            5786-M05-30   2026-02-17  Tuesday 30 Shevat 5786 AM
            5787-M05L-30  2027-03-09  Tuesday 30 Adar I 5787 AM

            """)
        let json = anniversary(["2024-03-10", "--kind", "yahrzeit", "--years", "3", "--json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertEqual(json.lines, [
            #"{"kind":"yahrzeit","year":5785,"hebrew":"5785-M05-30","iso":"2025-02-28"}"#,
            #"{"kind":"yahrzeit","year":5786,"hebrew":"5786-M05-30","iso":"2026-02-17"}"#,
            #"{"kind":"yahrzeit","year":5787,"hebrew":"5787-M05L-30","iso":"2027-03-09"}"#,
        ])
        let objects = json.jsonLines()
        XCTAssertEqual(objects.map { $0["year"] as? Int }, [5785, 5786, 5787])
    }

    /// Without --years: the ten Hebrew years after DATE's.
    func testTenYearsByDefault() {
        let result = anniversary(["2024-03-10", "--kind", "birthday", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let objects = result.jsonLines()
        XCTAssertEqual(objects.map { $0["year"] as? Int }, Array(5785...5794))
        XCTAssertEqual(Set(objects.compactMap { $0["kind"] as? String }), ["birthday"])
        // A birthday on 30 Adar I is 1 Nisan in a common year.
        XCTAssertEqual(objects.first?["hebrew"] as? String, "5785-M07-01")
        XCTAssertEqual(objects.first?["iso"] as? String, "2025-03-30")
    }

    /// After nightfall on 2024-03-09 it is already 30 Adar I.
    func testAfterSunsetIsTheNextHebrewDay() {
        let evening = anniversary(["2024-03-09", "--kind", "yahrzeit", "--after-sunset", "--years", "2"])
        XCTAssertEqual(evening.stdout, anniversary(["2024-03-10", "--kind", "yahrzeit", "--years", "2"]).stdout)
        // Before it, 29 Adar I: Adar in a common year (only the 30th moves to Shevat).
        let day = anniversary(["2024-03-09", "--kind", "yahrzeit", "--years", "1", "--json"])
        XCTAssertEqual(day.lines, [#"{"kind":"yahrzeit","year":5785,"hebrew":"5785-M06-29","iso":"2025-03-29"}"#])
    }

    /// DATE in other calendars and forms reads as convert reads it.
    func testDateForms() {
        let expected = anniversary(["2024-03-10", "--kind", "yahrzeit", "--years", "2"]).stdout
        for arguments in [["5784-M05L-30", "--from", "hebrew"], ["30 Adar I 5784", "--from", "hebrew"], ["5784-06-30", "--from", "hebrew"],
                          ["2024-02-26", "--from", "julian"], ["2024-03-10T21:00:00"], ["2024-03-10T23:30-05:00"], ["20240310"]] {
            let result = anniversary(arguments + ["--kind", "yahrzeit", "--years", "2"])
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, expected, "\(arguments)")
        }
        // 30 Heshvan 5785: the year after (5786) has no 30 Heshvan.
        let heshvan = anniversary(["5785-M02-30", "--from", "hebrew", "--kind", "yahrzeit", "--years", "2", "--json"])
        XCTAssertEqual(heshvan.jsonLines().compactMap { $0["hebrew"] as? String }, ["5786-M02-29", "5787-M02-30"])
        let birthday = anniversary(["5785-M02-30", "--from", "hebrew", "--kind", "birthday", "--years", "2", "--json"])
        XCTAssertEqual(birthday.jsonLines().compactMap { $0["hebrew"] as? String }, ["5786-M03-01", "5787-M02-30"])
    }

    func testUsageErrors() {
        let cases: [([String], String)] = [
            (["2024-03-10"], "needs --kind birthday or --kind yahrzeit"),
            (["2024-03-10", "--kind", "wedding"], "option '--kind' does not accept 'wedding': use one of birthday, yahrzeit"),
            (["2024-03-10", "--kind", "yahrzeit", "--years", "0"], "option '--years' needs a whole number 1 ... 20000, got '0'"),
            (["2024-03-10", "--kind", "yahrzeit", "--years", "-3"], "got '-3'"),
            (["2024-03-10", "--kind", "yahrzeit", "--years", "ten"], "got 'ten'"),
            (["2024-03-10", "--kind", "yahrzeit", "--years", "20001"], "got '20001'"),
            (["2024-03-10", "--kind", "yahrzeit", "--years", "99999999999999999999999"], "got '99999999999999999999999'"),
            (["2024-03-10", "--kind", "yahrzeit", "--years"], "option '--years' needs a value"),
            (["--kind", "yahrzeit"], "'anniversary' is missing an argument"),
            (["2024-03-10", "2025-03-10", "--kind", "yahrzeit"], "takes at most 1 argument"),
            (["2024-03-10", "--kind", "yahrzeit", "--sunset"], "unknown option '--sunset' for 'anniversary'"),
            (["2024-03-10", "--kind", "yahrzeit", "--after-sunset=yes"], "takes no value"),
        ]
        for (arguments, fragment) in cases {
            CLI.assertError(anniversary(arguments), status: 2, contains: fragment)
            XCTAssertEqual(anniversary(arguments).stdout, "", "\(arguments)")
        }
    }

    func testInvalidInputErrors() {
        let cases: [([String], String)] = [
            (["2023-02-29"], "DATE '2023-02-29': iso8601 2023-02 has no day 29"),
            (["5785-M05L-01", "--from", "hebrew"], "DATE '5785-M05L-01': hebrew 5785 is not a leap year: it has no Adar I (M05L)"),
            (["2024-03-10", "--from", "mayan"], "--from: unknown calendar 'mayan' (see 'kalends calendars')"),
            (["\u{1B}[31m"], "DATE: cannot read date '\\u{1B}[31m'"),
            (["9999-12-31", "--after-sunset"], "DATE '9999-12-31': ISO 10000-01-01 is out of the supported range"),
            (["9999-06-01"], "--years 10: the yahrzeit in hebrew year 13760 (DATE is in hebrew year 13759): ISO 10000-05-20 is out of the supported range"),
            (["-9999-01-01", "--years", "20000"], "the yahrzeit in hebrew year 13760"),
        ]
        for (arguments, fragment) in cases {
            let result = anniversary(arguments + ["--kind", "yahrzeit"])
            CLI.assertError(result, status: 1, contains: fragment)
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertFalse(result.stderr.contains("\u{1B}"), "escape characters are echoed escaped")
        }
    }

    /// `--locale L`: the day in words as L writes Kalends' Hebrew date (ICU's
    /// full date style; CLDR 42 as ICU 72 writes it): Hebrew script and
    /// numerals in he, as hebcal prints them; JSON gains "formatted".
    func testLocale() throws {
        try CLI.skipUnlessICU72()
        let text = anniversary(["2024-03-10", "--kind", "yahrzeit", "--years", "3", "--locale", "he"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertEqual(text.lines, ["5785-M05-30   2025-02-28  יום שישי, ל׳ בשבט תשפ״ה",
                                    "5786-M05-30   2026-02-17  יום שלישי, ל׳ בשבט תשפ״ו",
                                    "5787-M05L-30  2027-03-09  יום שלישי, ל׳ באדר א׳ תשפ״ז"])
        let json = anniversary(["2024-03-10", "--kind", "yahrzeit", "--years", "1", "--locale", "ar", "--json"])
        XCTAssertEqual(json.lines, [#"{"kind":"yahrzeit","year":5785,"hebrew":"5785-M05-30","iso":"2025-02-28","formatted":"الجمعة، ٣٠ شباط ٥٧٨٥ ص"}"#])
        // AM 5807, which ICU 72 starts a day late: the text is Kalends' 30 Heshvan, not ICU's.
        let late = anniversary(["5805-M02-30", "--from", "hebrew", "--kind", "birthday", "--years", "2", "--locale", "he"])
        XCTAssertEqual(late.lines, ["5806-M03-01   2045-11-10  יום שישי, א׳ בכסלו תת״ו",
                                    "5807-M02-30   2046-11-29  יום חמישי, ל׳ בחשוון תת״ז"])
        XCTAssertEqual(anniversary(["5805-M02-30", "--from", "hebrew", "--kind", "birthday", "--years", "2", "--locale", "en"]).lines.last,
                       "5807-M02-30   2046-11-29  Thursday, 30 Heshvan 5807")
    }

    func testBadLocalesAreExitOne() {
        for (locale, fragment) in [("xx", "--locale: unknown locale 'xx'"), ("he@@@", "--locale: malformed locale 'he@@@'"),
                                   ("en_US_POSIX_x_y!", "--locale: malformed locale 'en_US_POSIX_x_y!'"),
                                   (String(repeating: "h", count: 300), "--locale: malformed locale '" + String(repeating: "h", count: 60) + "...'")] {
            let result = anniversary(["2024-03-10", "--kind", "yahrzeit", "--locale", locale])
            CLI.assertError(result, status: 1, contains: fragment)
            XCTAssertEqual(result.stdout, "")
        }
    }

    /// The whole span: every year there is, quickly, without a trap.
    func testTheSupportedYearsEnd() {
        let result = anniversary(["-9999-01-01", "--kind", "birthday", "--years", "19998", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.lines.count, 19_998)
        XCTAssertEqual(result.lines.last, #"{"kind":"birthday","year":13759,"hebrew":"13759-M05-27","iso":"9999-03-09"}"#)
        let help = CLI.run(["anniversary", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("usage: kalends anniversary DATE [--from CAL] --kind birthday|yahrzeit [--years N] [--after-sunset] [--locale L] [--json]"))
    }
}
