import Foundation
import KalendsCheck
import XCTest
#if canImport(Glibc)
import Glibc
#endif

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
        // ICU writes six month letters as a number of its own (Hebrew Adar II as 000014): refused.
        CLI.assertError(CLI.run(["convert", "2024-03-15", "--to", "hebrew", "--format", "MMMMMM"]), status: 1,
                        contains: "--format: invalid date pattern 'MMMMMM': 'M' takes 1 ... 5 letters, not 6")
        XCTAssertEqual(CLI.run(["convert", "2024-03-11", "--to", "gregorian", "--format", "EEEEEE"]).status, 0, "six E: the short weekday")
        CLI.assertError(CLI.run(["days", "2024-03-09", "2024-03-10", "--format", "HH z"]), status: 1, contains: "'z' is a time-zone field")
        // Nothing is printed before the error.
        XCTAssertEqual(CLI.run(["convert", "2024-03-15", "--locale", "xx"]).stdout, "")
        // One line per result: a pattern with a line break or control character is refused.
        for pattern in ["d\nMMMM", "d\tM", "d\u{2028}M", "\u{1B}[31md"] {
            CLI.assertError(CLI.run(["convert", "2024-03-15", "--format", pattern]), status: 1, contains: "--format")
            CLI.assertError(CLI.run(["convert", "-", "--format", pattern], stdin: "2024-03-15\n"), status: 1,
                            contains: "a pattern may not hold a line break or control character")
        }
        // --epoch prints the seconds instead of the date: with --format (or --locale, where it only writes dates)
        // it is a usage error in text, while JSON holds both.
        CLI.assertError(CLI.run(["convert", "2024-03-15", "--epoch", "--format", "y"]), status: 2, contains: "--format has nothing to write")
        CLI.assertError(CLI.run(["add", "2024-03-15", "P1D", "--epoch", "--locale", "he"]), status: 2, contains: "--locale has nothing to write")
        XCTAssertEqual(CLI.run(["days", "2024-03-09", "2024-03-10", "--locale", "he", "--epoch"]).lines, ["1709942400"])
        let both = CLI.run(["convert", "2024-03-15", "--to", "iso8601", "--epoch", "--format", "y", "--json"]).jsonLines()
        XCTAssertEqual(both.first?["epoch"] as? Int, 1_710_460_800)
        XCTAssertEqual(both.first?["formatted"] as? String, "2024")
    }

    /// ICU canonicalizes what it cannot parse away (he@@@ would be he): such
    /// ids are refused on every command, the input echoed cut and escaped.
    func testMalformedLocalesAreRefusedOnEveryCommand() {
        let commands: [[String]] = [
            ["convert", "2024-03-15", "--to", "hebrew"], ["add", "2024-03-15", "P1D"], ["days", "2024-03-09", "2024-03-10"],
            ["month", "2024-03"], ["easter", "2024"], ["anniversary", "2024-03-10", "--kind", "yahrzeit"],
            ["recur", "--dtstart", "2024-03-15", "--rrule", "FREQ=DAILY;COUNT=2"],
        ]
        let long = String(repeating: "he", count: 150)
        let malformed: [(String, String)] = [
            ("he@@@", "'he@@@'"), ("", "''"), ("en_US_POSIX_x_y!", "'en_US_POSIX_x_y!'"), (long, "'" + String(long.prefix(60)) + "...'"),
            ("he\u{1B}[31m", "'he\\u{1B}[31m'"), ("he_IL@", "'he_IL@'"), ("he--IL", "'he--IL'"),
        ]
        for command in commands {
            for (locale, echoed) in malformed {
                let result = CLI.run(command + ["--locale", locale])
                CLI.assertError(result, status: 1, contains: "--locale: malformed locale \(echoed): expected a BCP 47 tag or ICU id")
                XCTAssertFalse(result.stderr.contains("\u{1B}"), "\(command) \(locale)")
                XCTAssertLessThan(result.stderr.count, 250, "\(command): the input is cut")
            }
            CLI.assertError(CLI.run(command + ["--locale", "qq"]), status: 1, contains: "--locale: unknown locale 'qq'")
        }
        for locale in ["he", "he-IL", "he_IL", "zh-Hant", "he-u-nu-hebr", "ar-EG", "fa-IR", "en_US_POSIX", "ja-JP-u-ca-japanese",
                       "he_IL.UTF-8", "C.UTF-8", "de_DE@euro", "he@numbers=hebr"] {
            for command in commands {
                let result = CLI.run(command + ["--locale", locale])
                XCTAssertEqual(result.status, 0, "\(command) --locale \(locale): \(result.stderr)")
            }
        }
    }
}

extension CLI {
    /// The major version of the ICU the binary runs on, from `kalends --version`
    /// (`kalends 0.1.0 (ICU 72.1)`): the exact strings below are CLDR 42, ICU 72's.
    static let icuMajor: String = {
        let version = CLI.run(["--version"]).stdout
        guard let range = version.range(of: "ICU ") else { return "" }
        return String(version[range.upperBound...].prefix { $0.isNumber })
    }()

    static func skipUnlessICU72() throws {
        try XCTSkipUnless(icuMajor == "72", "the expected text is CLDR 42 (ICU 72); this is ICU \(icuMajor)")
    }
}

/// `month --locale L`: the titles, the weekday row and the numerals as ICU
/// writes them for L and the calendar; cells as wide as the widest of them.
/// The expected text is CLDR 42 as ICU 72 writes it: the short standalone
/// weekday names (`cccccc`: he א׳ ... ש׳, ja 日 ... 土, ru пн ... вс, fa ش ۱ش ...)
/// where they fit two columns, else the narrow ones (`ccccc`: ar ح ن ث ر خ ج س,
/// de M D M D F S S), and each locale's default numbering system (arab for ar,
/// arabext for fa, latn for he unless -u-nu-hebr asks for Hebrew numerals).
final class MonthLocaleCLITests: XCTestCase {
    func testTitlesAreTheLocales() {
        XCTAssertEqual(Array(CLI.run(["month", "2024-03", "--locale", "ja"]).lines.prefix(2)), ["     2024年3月", "日 月 火 水 木 金 土"])
        XCTAssertEqual(CLI.run(["month", "5784-M06", "--calendar", "hebrew", "--locale", "he"]).lines.first, "    אדר ב׳ 5784")
        XCTAssertEqual(CLI.run(["month", "2024-03", "--locale", "de_DE"]).lines.first, "     März 2024")
        // No --locale: English, from the calendars' tables, whatever the environment says.
        XCTAssertEqual(CLI.run(["month", "2024-03"], environment: ["LANG": "de_DE.UTF-8"]).lines.first, "     March 2024")
        let year = CLI.run(["month", "2019", "--calendar", "japanese", "--locale", "ja"])
        XCTAssertEqual(year.status, 0, year.stderr)
        XCTAssertTrue(year.lines.first?.contains("平成31年 / 令和元年") ?? false, year.lines.first ?? "")
    }

    func testWeekdayRowAndNumeralsAreTheLocales() throws {
        try CLI.skipUnlessICU72()
        let expected: [(String, [String])] = [
            ("he", ["      מרץ 2024", "א׳ ב׳ ג׳ ד׳ ה׳ ו׳ ש׳", "                1  2", " 3  4  5  6  7  8  9"]),
            // ar: Saturday first (ICU's ar is ar_EG), the narrow names, Arabic-Indic digits.
            ("ar", ["     مارس ٢٠٢٤", " س  ح  ن  ث  ر  خ  ج", "                   ١", " ٢  ٣  ٤  ٥  ٦  ٧  ٨", " ٩ ١٠ ١١ ١٢ ١٣ ١٤ ١٥"]),
            ("fa", ["     مارس ۲۰۲۴", " ش ۱ش ۲ش ۳ش ۴ش ۵ش  ج", "                   ۱", " ۲  ۳  ۴  ۵  ۶  ۷  ۸"]),
            ("ja", ["     2024年3月", "日 月 火 水 木 金 土", "                1  2"]),
            ("zh-Hant", ["     2024年3月", "日 一 二 三 四 五 六", "                1  2"]),
            ("ru", ["    март 2024\u{202F}г.", "пн вт ср чт пт сб вс", "             1  2  3"]),
            // Hebrew numerals are three columns wide (ט״ו): every cell widens.
            ("he-u-nu-hebr", ["         מרץ ב׳כ״ד", " א׳  ב׳  ג׳  ד׳  ה׳  ו׳  ש׳", "                     א׳  ב׳",
                              " ג׳  ד׳  ה׳  ו׳  ז׳  ח׳  ט׳", " י׳ י״א י״ב י״ג י״ד ט״ו ט״ז"]),
        ]
        for (locale, lines) in expected {
            let result = CLI.run(["month", "2024-03", "--locale", locale])
            XCTAssertEqual(result.status, 0, "\(locale): \(result.stderr)")
            XCTAssertEqual(Array(result.lines.prefix(lines.count)), lines, locale)
        }
        XCTAssertEqual(CLI.run(["month", "1445-09", "--calendar", "islamic-umalqura", "--locale", "ar"]).lines,
                       ["   رمضان ١٤٤٥ هـ", " س  ح  ن  ث  ر  خ  ج", "       ١  ٢  ٣  ٤  ٥", " ٦  ٧  ٨  ٩ ١٠ ١١ ١٢",
                        "١٣ ١٤ ١٥ ١٦ ١٧ ١٨ ١٩", "٢٠ ٢١ ٢٢ ٢٣ ٢٤ ٢٥ ٢٦", "٢٧ ٢٨ ٢٩ ٣٠"])
        // Week numbers in the locale's digits too, their gutter as wide as they are.
        XCTAssertEqual(Array(CLI.run(["month", "2024-03", "--locale", "fa", "--week-numbers"]).lines.prefix(3)),
                       ["        مارس ۲۰۲۴", "    ش ۱ش ۲ش ۳ش ۴ش ۵ش  ج", " ۹                    ۱"])
        let threeMonths = CLI.run(["month", "-3", "2024-03", "--locale", "ja"])
        XCTAssertEqual(Array(threeMonths.lines.prefix(3)), ["     2024年2月             2024年3月             2024年4月",
                                                            "日 月 火 水 木 金 土  日 月 火 水 木 金 土  日 月 火 水 木 金 土",
                                                            "             1  2  3                  1  2      1  2  3  4  5  6"])
        let year = CLI.run(["month", "2024", "--locale", "zh-Hant"])
        XCTAssertEqual(Array(year.lines.prefix(3)), ["                           2024年",
                                                     "        1月                   2月                   3月",
                                                     "日 一 二 三 四 五 六  日 一 二 三 四 五 六  日 一 二 三 四 五 六"])
    }

    /// The locale changes the text only: the JSON, and every grid without --locale, stay as they were.
    func testJSONAndTheDefaultGridAreUnchanged() {
        let plain = CLI.run(["month", "2024-03", "--json", "--locale", "he"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(CLI.run(["month", "2024-03", "--json", "--locale", "he-u-nu-hebr"]).stdout, plain.stdout)
        XCTAssertFalse(CLI.run(["month", "2024", "--json", "--locale", "ar"]).stdout.contains("١"), "no Arabic-Indic digits in JSON")
        XCTAssertEqual(CLI.run(["month", "2024-03", "--first-weekday", "7"]).lines,
                       ["     March 2024", "Su Mo Tu We Th Fr Sa", "                1  2", " 3  4  5  6  7  8  9",
                        "10 11 12 13 14 15 16", "17 18 19 20 21 22 23", "24 25 26 27 28 29 30", "31"])
        for environment in [["LANG": "ar_EG.UTF-8"], ["LANG": "ja_JP.UTF-8"], ["LC_ALL": "he_IL.UTF-8"]] {
            let lines = CLI.run(["month", "2024-03"], environment: environment).lines
            XCTAssertEqual(lines.first, "     March 2024", "\(environment)")
            XCTAssertTrue(lines.dropFirst().allSatisfy { $0.allSatisfy(\.isASCII) }, "\(environment): \(lines)")
        }
    }

    /// Every week row of every grid has its cells where the weekday row has
    /// them, in terminal columns (wide CJK two, combining marks none), for
    /// random months of random calendars in locales with other scripts,
    /// numerals and widths; one month, -3 and year views, with and without
    /// week numbers. A one-month grid shows each day of the month once.
    func testEveryRowLinesUpWithTheWeekdayRow() {
        // Scripts with wide characters, marks, and spacing vowel signs (bn, ta, my, km, hi).
        let locales = ["he", "ar", "fa", "ja", "zh-Hant", "ru", "he-u-nu-hebr", "zh-u-nu-hanidec", "ar-EG", "fa-IR", "bn", "ta", "my", "km", "hi"]
        let calendars = ["iso8601", "hebrew", "islamic-umalqura", "islamic-civil", "persian", "chinese", "dangi", "japanese",
                         "coptic", "ethiopic", "indian", "buddhist", "roc"]
        let view = Gen<Int>.int(in: 0...2)   // 0: one month, 1: -3, 2: the year
        let cases = Gen<((String, String), (Int, Int), Int, Bool)>.zip(
            Gen<(String, String)>.zip(Gen.element(of: locales), Gen.element(of: calendars)),
            Gen<(Int, Int)>.zip(Gen.int(in: 1600...2400), Gen.int(in: 1...12)), view, Gen.bool)
        forAll(cases, runs: 150) { names, month, view, weekNumbers in
            let (locale, calendar) = names
            let yearMonth = String(format: "%04d-%02d", month.0, month.1)
            var arguments = ["month", view == 2 ? String(month.0) : yearMonth, "--from", "iso8601", "--calendar", calendar, "--locale", locale]
            if view == 1 { arguments.append("-3") }
            if weekNumbers { arguments.append("--week-numbers") }
            let result = CLI.run(arguments)
            guard result.status == 0, result.stderr.isEmpty else { throw GridFailure("\(arguments): \(result.stderr)") }
            // The weekday rows: line 1 (one month, -3), or under the year's title
            // the second line of each row of months, which are six weeks high and a blank line apart.
            let lines = result.lines
            let rows: [(header: Int, end: Int)] = view == 2
                ? stride(from: 1, to: lines.count, by: 9).map { ($0 + 1, Swift.min($0 + 8, lines.count)) }
                : [(1, lines.count)]
            var shown = 0
            for (header, end) in rows {
                guard header < end else { throw GridFailure("\(arguments): no weekday row in \(lines)") }
                let names = Self.tokens(lines[header])
                guard names.count % 7 == 0, !names.isEmpty else { throw GridFailure("\(arguments): weekday row '\(lines[header])'") }
                let cellWidth = names[1].end - names[0].end - 1
                guard names.allSatisfy({ $0.width <= cellWidth }) else { throw GridFailure("\(arguments): '\(lines[header])'") }
                // Each block's cells end where its names end; a week number ends just before its block.
                var ends = Set(names.map(\.end))
                let blockStarts = stride(from: 0, to: names.count, by: 7).map { names[$0].end - cellWidth }
                if weekNumbers { ends.formUnion(blockStarts.map { $0 - 1 }) }
                let widest = names.map(\.end).max() ?? 0
                for line in lines[(header + 1)..<end] {
                    let cells = Self.tokens(line)
                    for cell in cells where !ends.contains(cell.end) || cell.width > cellWidth || cell.end > widest {
                        throw GridFailure("\(arguments): '\(cell.text)' in '\(line)' is off the columns of '\(lines[header])'")
                    }
                    shown += cells.filter { cell in !weekNumbers || !blockStarts.contains(cell.end + 1) }.count
                }
            }
            if view == 0 {
                let json = CLI.run(arguments.filter { $0 != "--week-numbers" } + ["--json"]).jsonLines().first
                guard let days = json?["days"] as? Int, days == shown else {
                    throw GridFailure("\(arguments): \(shown) days shown, the month has \(json?["days"] ?? "?")")
                }
            }
            return true
        }
    }

    /// The runs of non-blank text of `line`, each with its last column (1-based) and its width.
    static func tokens(_ line: String) -> [(text: String, end: Int, width: Int)] {
        var tokens: [(text: String, end: Int, width: Int)] = []
        var column = 0
        var current = "", width = 0
        for character in line {
            let columns = Self.columns(character)
            column += columns
            if character == " " {
                if !current.isEmpty { tokens.append((current, column - 1, width)) }
                current = ""
                width = 0
            } else {
                current.append(character)
                width += columns
            }
        }
        if !current.isEmpty { tokens.append((current, column, width)) }
        return tokens
    }

    /// Terminal columns of one character, independently of the CLI's own
    /// count: glibc's `wcwidth` of each scalar, in the C.UTF-8 locale.
    static func columns(_ character: Character) -> Int {
        guard let wcwidth = glibcWidth else { return character.unicodeScalars.count }
        return character.unicodeScalars.reduce(0) { $0 + max(0, Int(wcwidth(Int32(bitPattern: $1.value)))) }
    }

    /// glibc's `wcwidth` (the Glibc module does not export it), in a UTF-8 LC_CTYPE.
    static let glibcWidth: (@convention(c) (Int32) -> Int32)? = {
        guard setlocale(LC_CTYPE, "C.UTF-8") != nil, let symbol = dlsym(dlopen(nil, RTLD_NOW), "wcwidth") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    }()

    func testTheWidthOracleIsGlibcs() throws {
        try XCTSkipIf(Self.glibcWidth == nil, "glibc's wcwidth is not found")
        XCTAssertEqual(Self.columns("日"), 2)
        XCTAssertEqual(Self.columns("सो"), 2)
        XCTAssertEqual(Self.columns("e\u{301}"), 1)
    }
}

/// A failed property case, with what went wrong.
private struct GridFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
