import XCTest
@testable import Kalends

/// The JSON line `kalends convert --json` prints, and the date forms the CLI
/// reads, through the library functions the CLI and kalends-bench share.
final class DateJSONTests: XCTestCase {
    func testContractExample() throws {
        let hebrew = try Calendars.system(.hebrew)
        let iso = try CalendarDateText.parse("2024-03-15", in: Calendars.system(.iso8601))
        let line = DateJSON.object(try hebrew.date(dayNumber: iso.dayNumber), in: hebrew).encoded
        XCTAssertEqual(line, #"{"calendar":"hebrew","era":0,"eraCode":"am","year":5784,"month":7,"monthCode":"M06","isLeapMonth":false,"day":5,"monthName":"Adar II","weekday":5,"iso":"2024-03-15","julianDay":2460385,"arithmeticYear":5784,"ordinalMonth":7,"dayOfYear":182,"text":"5784-M06-05"}"#)
    }

    func testJSONObjectNumbersAndEscapes() {
        var object = JSONObject()
        object.add("min", Int.min)
        object.add("max", Int.max)
        object.add("zero", 0)
        object.add("negative", -44)
        object.add("text", "a \"quoted\" \\ line\nand\ttab \u{1}")
        object.add("none", nil as String?)
        object.add("flag", true)
        object.add("half", 0.5)
        object.add("raw", raw: "[1,2]")
        object.add("non-ascii", "Ṣafar")
        XCTAssertEqual(object.encoded, #"{"min":-9223372036854775808,"max":9223372036854775807,"zero":0,"negative":-44,"text":"a \"quoted\" \\ line\nand\ttab \u0001","none":null,"flag":true,"half":0.5,"raw":[1,2],"non-ascii":"Ṣafar"}"#)
        XCTAssertEqual(JSONObject().encoded, "{}")
    }

    /// The byte-level reading of `[+-]YEAR-MM-DD` gives what the general
    /// reader gives for the same date written other ways.
    func testPlainNumericDatesReadLikeTheGeneralForms() throws {
        let iso = try Calendars.system(.iso8601)
        let cases: [(String, String)] = [
            ("2024-03-15", "2024-03-15T09:30:00"), ("+2024-03-15", "20240315"), ("2024-3-5", " 2024-03-05 "),
            ("-0044-03-15", "bce:45-03-15"), ("0000-12-31", "bce:1-12-31"), ("9999-12-31", "9999-M12-31"),
        ]
        for (plain, other) in cases {
            XCTAssertEqual(try CalendarDateText.parse(plain, in: iso), try CalendarDateText.parse(other, in: iso), plain)
        }
        let hebrew = try Calendars.system(.hebrew)
        XCTAssertEqual(try CalendarDateText.parse("5784-06-30", in: hebrew).monthCode, MonthCode(5, isLeap: true))
        for bad in ["2023-02-29", "2024-13-01", "2024-00-10", "1234567890-01-01", "2024-03-150", "10000-01-01"] {
            XCTAssertThrowsError(try CalendarDateText.parse(bad, in: iso), bad)
        }
    }
}
