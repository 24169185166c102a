import KalendsCheck
import XCTest
@testable import Kalends

/// Dates written in five locales and seven calendars, from Kalends' fields
/// through ICU (`LocalizedDateFormat`), against literal strings.
///
/// The strings are CLDR 42's data as ICU 72 writes it with each locale's full
/// date style: month and era names, numbering systems (Arabic-Indic digits in
/// ar, Extended Arabic-Indic in fa, Hebrew numerals for the Hebrew calendar in
/// he, whose year drops the thousands: תשפ״ד is 5784), and the patterns'
/// order and punctuation (ar's comma ، , ja's 年月日). Where CLDR has no names a
/// locale falls back to root (he and ar: Chinese months as M03, the Coptic
/// eras as ERA1), as ICU does. Another ICU major version carries another CLDR,
/// whose patterns differ (ICU 74 writes ja's Hebrew dates with a space before
/// the weekday), so the table is checked against ICU 72 only.
final class LocalizedDateFormatExamples: XCTestCase {
    /// (locale, calendar, ISO date, the locale's full date in that calendar)
    static let table: [(String, CalendarID, String, String)] = [
        ("en", .gregorian, "2024-03-15", "Friday, March 15, 2024"),
        ("en", .hebrew, "2024-03-15", "Friday, 5 Adar II 5784"),
        ("en", .hebrew, "2046-10-01", "Monday, 1 Tishri 5807"),
        ("en", .hebrew, "2046-11-29", "Thursday, 30 Heshvan 5807"),
        ("en", .islamicCivil, "2024-03-15", "Friday, Ramadan 5, 1445 AH"),
        ("en", .persian, "2024-03-15", "Friday, Esfand 25, 1402 AP"),
        ("en", .chinese, "2023-04-20", "Thursday, Third Month 1, 2023(gui-mao)"),
        ("en", .japanese, "2024-03-15", "Friday, March 15, 6 Reiwa"),
        ("en", .coptic, "2024-03-15", "Friday, Baramhat 6, 1740 ERA1"),
        ("he", .gregorian, "2024-03-15", "יום שישי, 15 במרץ 2024"),
        ("he", .hebrew, "2024-03-15", "יום שישי, ה׳ באדר ב׳ תשפ״ד"),
        ("he", .hebrew, "2046-10-01", "יום שני, א׳ בתשרי תת״ז"),
        ("he", .hebrew, "2046-11-29", "יום חמישי, ל׳ בחשוון תת״ז"),
        ("he", .islamicCivil, "2024-03-15", "יום שישי, 5 ברמדאן 1445 הג׳רה"),
        ("he", .persian, "2024-03-15", "יום שישי, 25 באספנד 1402 AP"),
        ("he", .chinese, "2023-04-20", "2023(gui-mao) M03 1, יום חמישי"),
        ("he", .japanese, "2024-03-15", "יום שישי, 15 במרץ 6 Reiwa"),
        ("he", .coptic, "2024-03-15", "יום שישי, 6 בברמהט 1740 ERA1"),
        ("ar", .gregorian, "2024-03-15", "الجمعة، ١٥ مارس ٢٠٢٤"),
        ("ar", .hebrew, "2024-03-15", "الجمعة، ٥ آذار الثاني ٥٧٨٤ ص"),
        ("ar", .hebrew, "2046-10-01", "الاثنين، ١ تشري ٥٨٠٧ ص"),
        ("ar", .hebrew, "2046-11-29", "الخميس، ٣٠ مرحشوان ٥٨٠٧ ص"),
        ("ar", .islamicCivil, "2024-03-15", "الجمعة، ٥ رمضان ١٤٤٥ هـ"),
        ("ar", .persian, "2024-03-15", "الجمعة، ٢٥ اسفندار ١٤٠٢ ه‍.ش"),
        ("ar", .chinese, "2023-04-20", "٢٠٢٣(gui-mao) M03 ١, الخميس"),
        ("ar", .japanese, "2024-03-15", "الجمعة، ١٥ مارس ٦ ريوا"),
        ("ar", .coptic, "2024-03-15", "الجمعة، ٦ برمهات ١٧٤٠ ERA1"),
        ("fa", .gregorian, "2024-03-15", "جمعه ۱۵ مارس ۲۰۲۴"),
        ("fa", .hebrew, "2024-03-15", "جمعه ۵ واذار الثانی ۵۷۸۴ تقویم عبری"),
        ("fa", .hebrew, "2046-10-01", "دوشنبه ۱ تشری ۵۸۰۷ تقویم عبری"),
        ("fa", .hebrew, "2046-11-29", "پنجشنبه ۳۰ حشوان ۵۸۰۷ تقویم عبری"),
        ("fa", .islamicCivil, "2024-03-15", "جمعه ۵ رمضان ۱۴۴۵ ه‍.ق."),
        ("fa", .persian, "2024-03-15", "۱۴۰۲ اسفند ۲۵, جمعه"),
        ("fa", .chinese, "2023-04-20", "۲۰۲۳(gui-mao) M03 ۱, پنجشنبه"),
        ("fa", .japanese, "2024-03-15", "جمعه ۱۵ مارس ۶ ریوا"),
        ("fa", .coptic, "2024-03-15", "جمعه ۶ فامینوث ۱۷۴۰ پس از مسیح"),
        ("ja", .gregorian, "2024-03-15", "2024年3月15日金曜日"),
        ("ja", .hebrew, "2024-03-15", "AM5784年7月5日金曜日"),
        ("ja", .hebrew, "2046-10-01", "AM5807年1月1日月曜日"),
        ("ja", .hebrew, "2046-11-29", "AM5807年2月30日木曜日"),
        ("ja", .islamicCivil, "2024-03-15", "AH1445年9月5日金曜日"),
        ("ja", .persian, "2024-03-15", "AP1402年12月25日(金曜日)"),
        ("ja", .chinese, "2023-04-20", "癸卯年三月一日木曜日"),
        ("ja", .japanese, "2024-03-15", "令和6年3月15日金曜日"),
        ("ja", .coptic, "2024-03-15", "ERA11740年7月6日(金曜日)"),
    ]

    private func date(_ iso: String, in id: CalendarID) throws -> CalendarDate {
        let parts = iso.split(separator: "-").compactMap { Int($0) }
        return try Calendars.system(id).date(dayNumber: try ISODate(year: parts[0], month: parts[1], day: parts[2]).dayNumber)
    }

    func testFullDatesInFiveLocales() throws {
        try XCTSkipUnless(ICUCalendarHandle.version.hasPrefix("72."), "the table is CLDR 42 (ICU 72); this is ICU \(ICUCalendarHandle.version)")
        for (locale, id, iso, expected) in Self.table {
            let format = try LocalizedDateFormat(locale: locale, calendar: id)
            XCTAssertEqual(try format.string(from: try date(iso, in: id)), expected, "\(locale) \(id) \(iso) [\(format.pattern)]")
        }
    }

    /// The contract's example, and Hebrew numerals asked for with -u-nu-hebr.
    func testPatterns() throws {
        let hebrew = try date("2024-03-15", in: .hebrew)
        XCTAssertEqual(try LocalizedDateFormat(calendar: .hebrew, pattern: "EEEE d MMMM y G").string(from: hebrew), "Friday 5 Adar II 5784 AM")
        XCTAssertEqual(try LocalizedDateFormat(locale: "he-u-nu-hebr", calendar: .hebrew, pattern: "d MMMM y").string(from: hebrew), "ה׳ אדר ב׳ ה׳תשפ״ד")
        XCTAssertEqual(try LocalizedDateFormat(locale: "he", calendar: .hebrew, pattern: "d MMMM y").string(from: hebrew), "5 אדר ב׳ 5784")
        XCTAssertEqual(try LocalizedDateFormat(calendar: .gregorian, pattern: "yyyy-MM-dd 'at' HH:mm").string(from: try date("2024-03-15", in: .gregorian), secondsOfDay: 34_200),
                       "2024-03-15 at 09:30")
        XCTAssertEqual(try LocalizedDateFormat(calendar: .gregorian, pattern: "d MMM y G").string(from: try Calendars.system(.gregorian).date(year: -43, month: 3, day: 15)), "15 Mar 44 BC")
        // Adar I in a leap year, Adar in a common one (ICU's month index 5 is skipped there).
        XCTAssertEqual(try LocalizedDateFormat(calendar: .hebrew, pattern: "d MMMM y").string(from: try date("2024-02-14", in: .hebrew)), "5 Adar I 5784")
        XCTAssertEqual(try LocalizedDateFormat(calendar: .hebrew, pattern: "d MMMM y").string(from: try date("2025-03-05", in: .hebrew)), "5 Adar 5785")
        // A Chinese leap month (2023-M02L-01): ICU's own leap names.
        let leap = try date("2023-03-22", in: .chinese)
        XCTAssertEqual(CalendarDateText.format(leap), "2023-M02L-01")
        XCTAssertEqual(try LocalizedDateFormat(locale: "zh", calendar: .chinese).string(from: leap), "2023癸卯年闰二月初一星期三")
        // In English, ICU's "Second Monthbis" with Kalends' override (MonthNames.englishOverrides); the abbreviation stays ICU's.
        let english = try LocalizedDateFormat(calendar: .chinese, pattern: "MMMM d")
        XCTAssertEqual(try english.string(from: leap, secondsOfDay: 0, fieldByField: false), "Second Monthbis 1")
        XCTAssertEqual(try english.string(from: leap), "Leap Second Month 1")
        XCTAssertEqual(try LocalizedDateFormat(locale: "en-GB", calendar: .dangi, pattern: "d MMMM").string(from: try date("2023-03-22", in: .dangi)),
                       "1 Leap Second Month")
        XCTAssertEqual(try LocalizedDateFormat(calendar: .chinese, pattern: "MMM d").string(from: leap), "Mo2bis 1")
    }

    /// AM 5807: ICU 72's Hebrew calendar starts it a day late (Docs/Conformance.md),
    /// so ICU's own date of these days is not Kalends'; the text is Kalends'.
    func testHebrew5807IsWrittenAsTheRulesHaveIt() throws {
        let icu = try Calendars.system(.hebrew, engine: .icu)
        let newYear = try date("2046-10-01", in: .hebrew)
        let heshvan30 = try date("2046-11-29", in: .hebrew)
        XCTAssertEqual(CalendarDateText.format(newYear), "5807-M01-01")
        XCTAssertEqual(CalendarDateText.format(heshvan30), "5807-M02-30")
        if CalendarDateText.format(try icu.date(dayNumber: newYear.dayNumber)) == "5806-M12-29" {
            // ICU has the defect: check that it really would have written other dates.
            XCTAssertEqual(CalendarDateText.format(try icu.date(dayNumber: heshvan30.dayNumber)), "5807-M02-29")
        }
        let english = try LocalizedDateFormat(calendar: .hebrew, pattern: "EEEE d MMMM y G, 'day' D")
        XCTAssertEqual(try english.string(from: newYear), "Monday 1 Tishri 5807 AM, day 1")
        XCTAssertEqual(try english.string(from: heshvan30), "Thursday 30 Heshvan 5807 AM, day 60")
        let hebrew = try LocalizedDateFormat(locale: "he", calendar: .hebrew)
        XCTAssertEqual(try hebrew.string(from: newYear), "יום שני, א׳ בתשרי תת״ז")
        XCTAssertEqual(try hebrew.string(from: heshvan30), "יום חמישי, ל׳ בחשוון תת״ז")
    }

    /// Where ICU's calendar agrees with Kalends, the field-by-field path (the
    /// one AM 5807 takes) writes exactly what ICU writes for the whole pattern.
    func testFieldByFieldEqualsICUWhereICUAgrees() throws {
        let patterns = ["EEEE, d MMMM y G", "EEE d MMM yy", "dd/MM/y 'week' w", "cccc LLLL d", "D F"]
        for id in [CalendarID.gregorian, .hebrew, .persian, .islamicCivil, .coptic, .japanese] {
            let calendar = try Calendars.system(id)
            let formats = try patterns.flatMap { pattern throws in
                try ["en", "he", "ar", "fa"].map { locale throws in try LocalizedDateFormat(locale: locale, calendar: id, pattern: pattern) }
            }
            // Days 1900 ... 2040, away from the Hebrew years ICU gets wrong.
            forAll(Gen.int(in: -25_567...25_567), runs: 60) { day in
                let date = try calendar.date(dayNumber: day)
                for format in formats {
                    let whole = try format.string(from: date)
                    let pieces = try format.string(from: date, secondsOfDay: 0, fieldByField: true)
                    if whole != pieces { throw TestFailure("\(id) \(date) [\(format.pattern)] \(format.locale): \(whole) vs \(pieces)") }
                }
                return true
            }
        }
    }

    func testErrorsSayWhatIsWrong() {
        XCTAssertThrowsError(try LocalizedDateFormat(locale: "xx", calendar: .hebrew)) { error in
            XCTAssertEqual(error as? FormatError, .unknownLocale("xx"))
            XCTAssertEqual("\(error)", "unknown locale 'xx': ICU has no data for its language (expected e.g. en, he, ar, fa, ja, zh-Hant)")
        }
        // Malformed ids are refused before ICU canonicalizes them into another locale (he@@@ would be he).
        for malformed in ["", "he-u-", "he@@@", "en_US_POSIX_x_y!", "he_", "he@numbers=", "zh-Hant_TW", "C@@@", String(repeating: "a", count: 300)] {
            XCTAssertThrowsError(try LocalizedDateFormat(locale: malformed, calendar: .hebrew), malformed) {
                XCTAssertEqual($0 as? FormatError, .malformedLocale(malformed))
            }
        }
        XCTAssertEqual("\(FormatError.malformedLocale("he@@@"))",
                       "malformed locale 'he@@@': expected a BCP 47 tag or ICU id (he, zh-Hant, he-u-nu-hebr, fa_IR, en_US_POSIX)")
        for wellFormed in ["he", "he-IL", "he_IL", "zh-Hant", "he-u-nu-hebr", "ar-EG", "fa-IR", "en_US_POSIX", "ja-JP-u-ca-japanese",
                           "he_IL.UTF-8", "de_DE@euro", "he@numbers=hebr", "C", "C.UTF-8", "POSIX", "en__POSIX"] {
            XCTAssertNoThrow(try LocalizedDateFormat(locale: wellFormed, calendar: .hebrew), wellFormed)
        }
        XCTAssertThrowsError(try LocalizedDateFormat(calendar: .hebrew, pattern: "d J")) { error in
            XCTAssertEqual("\(error)", "invalid date pattern 'd J': 'J' is not a date field letter (quote literal text: 'at')")
        }
        XCTAssertThrowsError(try LocalizedDateFormat(calendar: .hebrew, pattern: "HH:mm z")) { error in
            XCTAssertEqual("\(error)", "invalid date pattern 'HH:mm z': 'z' is a time-zone field; dates here have no zone")
        }
        XCTAssertThrowsError(try LocalizedDateFormat(calendar: .hebrew, pattern: "d 'of MMMM")) { error in
            XCTAssertEqual("\(error)", "invalid date pattern \"d 'of MMMM\": a quote (') is not closed")
        }
        XCTAssertThrowsError(try LocalizedDateFormat(calendar: .hebrew, pattern: "")) { error in
            XCTAssertEqual(error as? FormatError, .invalidPattern("", detail: "the pattern is empty"))
        }
    }

    func testPatternSplitting() throws {
        XCTAssertEqual(try PatternSegment.split("EEEE d 'de' MMMM ''yy"),
                       [.field("E", 4), .literal(" "), .field("d", 1), .literal(" de "), .field("M", 4), .literal(" '"), .field("y", 2)])
        XCTAssertEqual(try PatternSegment.split("'o''clock' H"), [.literal("o'clock "), .field("H", 1)])
        XCTAssertEqual(try PatternSegment.split("y年M月d日"), [.field("y", 1), .literal("年"), .field("M", 1), .literal("月"), .field("d", 1), .literal("日")])
    }
}
