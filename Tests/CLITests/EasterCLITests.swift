import Foundation
import Kalends
import XCTest

/// `kalends easter` against the command-line contract (Docs/CLI.md): the text
/// and JSON forms of both computuses, the default year, and errors that name
/// YEAR, with exit 1 for a bad year and 2 for usage.
final class EasterCLITests: XCTestCase {
    func easter(_ arguments: [String], environment: [String: String] = [:]) -> CLIResult {
        CLI.run(["easter"] + arguments, environment: environment)
    }

    /// The contract's examples: 2024, Western and Orthodox, text and JSON.
    func testContractExamples() {
        let cases: [([String], String)] = [
            (["2024"], "2024-03-31\n"),
            (["2024", "--orthodox"], "2024-05-05\n"),
            (["--orthodox", "2024"], "2024-05-05\n"),
            (["2024", "--json"], #"{"year":2024,"computus":"gregorian","iso":"2024-03-31"}"# + "\n"),
            (["2024", "--orthodox", "--json"], #"{"year":2024,"computus":"julian","iso":"2024-05-05","julian":"2024-04-22"}"# + "\n"),
        ]
        for (arguments, expected) in cases {
            let result = easter(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", "\(arguments)")
            XCTAssertEqual(result.stdout, expected, "\(arguments)")
        }
        let object = easter(["2024", "--orthodox", "--json"]).jsonLines().first
        XCTAssertEqual(object?["year"] as? Int, 2024)
        XCTAssertEqual(object?["computus"] as? String, "julian")
    }

    /// The ends of both ranges, and the years where the two computuses agree or differ.
    func testRangesAndOtherYears() {
        let cases: [([String], String)] = [
            (["1583"], "1583-04-10"),
            (["9999"], "9999-03-28"),
            (["1", "--orthodox"], "0001-03-25"),
            (["9999", "--orthodox"], "9999-06-27"),
            (["1582", "--orthodox"], "1582-04-25"),
            (["2025"], "2025-04-20"),
            (["2025", "--orthodox"], "2025-04-20"),
            (["+2024"], "2024-03-31"),
            (["02024"], "2024-03-31"),
        ]
        for (arguments, expected) in cases {
            let result = easter(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.lines, [expected], "\(arguments)")
        }
        let first = easter(["1", "--orthodox", "--json"])
        XCTAssertEqual(first.lines, [#"{"year":1,"computus":"julian","iso":"0001-03-25","julian":"0001-03-27"}"#])
    }

    /// Without YEAR: this year in the system zone (TZ), with the library's date.
    func testDefaultYearIsThisYear() throws {
        // The zones where the year turns first and last, and UTC.
        for zone in ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago"] {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try XCTUnwrap(TimeZone(identifier: zone))
            let year = calendar.component(.year, from: Date())
            let environment = ["TZ": zone]
            let western = easter(["--json"], environment: environment)
            XCTAssertEqual(western.status, 0, western.stderr)
            XCTAssertEqual(western.jsonLines().first?["year"] as? Int, year, zone)
            XCTAssertEqual(western.stdout, easter([String(year), "--json"]).stdout, zone)
            XCTAssertEqual(easter([], environment: environment).stdout, try Easter.gregorian(year).description + "\n", zone)
            let orthodox = easter(["--orthodox", "--json"], environment: environment)
            XCTAssertEqual(orthodox.status, 0, orthodox.stderr)
            XCTAssertEqual(orthodox.stdout, easter([String(year), "--orthodox", "--json"]).stdout, zone)
            XCTAssertEqual(easter(["--orthodox"], environment: environment).stdout, try Easter.julian(year).gregorian.description + "\n", zone)
        }
    }

    /// A year out of range, or not a year: exit 1, one line naming YEAR and the range.
    func testBadYearsAreExitOne() {
        let gregorian = "1583 ... 9999", julian = "1 ... 9999"
        let cases: [([String], String)] = [
            (["1582"], "YEAR '1582': the gregorian computus covers years \(gregorian), not 1582 (--orthodox, the Julian computus, covers years 1 ... 9999)"),
            (["0"], "YEAR '0': the gregorian computus covers years \(gregorian), not 0"),
            (["10000"], "YEAR '10000': the gregorian computus covers years \(gregorian), not 10000"),
            (["-5"], "YEAR '-5': the gregorian computus covers years \(gregorian), not -5"),
            (["0", "--orthodox"], "YEAR '0': the julian computus covers years \(julian), not 0"),
            (["10000", "--orthodox"], "YEAR '10000': the julian computus covers years \(julian), not 10000"),
            (["99999999999999999999999"], "YEAR '99999999999999999999999': the gregorian computus covers years \(gregorian)"),
            (["-99999999999999999999999", "--orthodox"], "YEAR '-99999999999999999999999': the julian computus covers years \(julian)"),
            (["abc"], "YEAR 'abc': not a year: expected a whole number \(gregorian)"),
            (["2024.5", "--orthodox"], "YEAR '2024.5': not a year: expected a whole number \(julian)"),
            ([""], "YEAR '': not a year: expected a whole number \(gregorian)"),
            (["+"], "YEAR '+': not a year: expected a whole number \(gregorian)"),
            (["\u{FF12}\u{FF10}\u{FF12}\u{FF14}"], "YEAR '\u{FF12}\u{FF10}\u{FF12}\u{FF14}': not a year: expected a whole number \(gregorian)"),
            (["2024-03-31"], "YEAR '2024-03-31': not a year: expected a whole number \(gregorian)"),
            (["\u{1B}[31m"], "YEAR '\\u{1B}[31m': not a year: expected a whole number \(gregorian)"),
        ]
        for (arguments, message) in cases {
            let result = easter(arguments)
            CLI.assertError(result, status: 1, contains: message)
            XCTAssertEqual(result.stderr, "kalends: error: \(message)\n", "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertFalse(result.stderr.contains("\u{1B}"), "escape characters are echoed escaped")
        }
    }

    func testUsageErrorsAreExitTwo() {
        let cases: [([String], String)] = [
            (["2024", "2025"], "'easter' takes at most 1 argument, got '2025'; usage: kalends easter [YEAR] [--orthodox] [--locale L] [--json]"),
            (["2024", "--julian"], "unknown option '--julian' for 'easter' (see 'kalends easter --help')"),
            (["2024", "--orthodox=yes"], "option '--orthodox' takes no value"),
            (["2024", "--json=1"], "option '--json' takes no value"),
        ]
        for (arguments, message) in cases {
            let result = easter(arguments)
            CLI.assertError(result, status: 2, contains: message)
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
    }

    /// `--locale L`: the Gregorian date as L writes it (ICU's full date style),
    /// after the ISO date as convert places it; JSON gains "formatted". The
    /// strings are CLDR 42 as ICU 72 writes it.
    func testLocale() throws {
        try CLI.skipUnlessICU72()
        let cases: [([String], String)] = [
            (["2024", "--locale", "he"], "2024-03-31  יום ראשון, 31 במרץ 2024"),
            (["2024", "--orthodox", "--locale", "el"], "2024-05-05  Κυριακή 5 Μαΐου 2024"),
            (["2025", "--locale", "ja"], "2025-04-20  2025年4月20日日曜日"),
            (["2024", "--locale", "C"], "2024-03-31  Sunday, March 31, 2024"),
        ]
        for (arguments, expected) in cases {
            let result = easter(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.lines, [expected], "\(arguments)")
        }
        XCTAssertEqual(easter(["2024", "--locale", "ar", "--json"]).lines,
                       [#"{"year":2024,"computus":"gregorian","iso":"2024-03-31","formatted":"الأحد، ٣١ مارس ٢٠٢٤"}"#])
        XCTAssertEqual(easter(["2024", "--orthodox", "--locale", "ru", "--json"]).lines,
                       [#"{"year":2024,"computus":"julian","iso":"2024-05-05","julian":"2024-04-22","formatted":"воскресенье, 5 мая 2024\#u{202F}г."}"#])
    }

    func testBadLocalesAreExitOne() {
        CLI.assertError(easter(["2024", "--locale", "xx"]), status: 1, contains: "--locale: unknown locale 'xx'")
        CLI.assertError(easter(["2024", "--locale", "he@@@"]), status: 1, contains: "--locale: malformed locale 'he@@@'")
        CLI.assertError(easter(["2024", "--locale", ""]), status: 1, contains: "--locale: malformed locale ''")
        CLI.assertError(easter(["2024", "--format", "d"]), status: 2, contains: "unknown option '--format'")
        XCTAssertEqual(easter(["2024", "--locale", "xx"]).stdout, "")
    }

    func testHelp() {
        let help = easter(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("usage: kalends easter [YEAR] [--orthodox] [--locale L] [--json]\n"), help.stdout)
        XCTAssertTrue(help.stdout.contains("--orthodox"))
        XCTAssertTrue(CLI.run(["--help"]).stdout.contains("  easter "), "kalends --help lists easter")
    }
}
