import Foundation
import XCTest
@testable import Kalends

/// Zone names, locales and the library's messages (issue 11, items 6 and 10).
final class InputNamesTests: XCTestCase {
    func testIANANamesAndExplicitOffsetsAreAccepted() throws {
        XCTAssertEqual(try ZoneRules(identifier: "Etc/GMT+5").offset(at: Instant(seconds: 0)).seconds, -5 * 3600)
        XCTAssertEqual(try ZoneRules(identifier: "Etc/GMT-14").offset(at: Instant(seconds: 0)).seconds, 14 * 3600)
        for name in ["GMT0", "GMT", "GMT+0", "GMT-0", "Greenwich", "UCT", "Zulu", "Universal", "Etc/UTC"] {
            XCTAssertEqual(try ZoneRules(identifier: name).offset(at: Instant(seconds: 0)).seconds, 0, name)
        }
        for (name, seconds) in [("+05:30", 19_800), ("UTC+05:30", 19_800), ("UTC-03", -10_800), ("-03", -10_800),
                                ("+0545", 20_700), ("UTC", 0), ("Z", 0), ("utc", 0)] {
            XCTAssertEqual(try ZoneRules(identifier: name).offset(at: Instant(seconds: 0)).seconds, seconds, name)
        }
    }

    func testNamesThatOnlyLookLikeOffsetsAreRefused() {
        // Foundation reads these east-positive, while POSIX and Etc/GMT+5 count west.
        for name in ["GMT+5", "UTC+3", "GMT-5", "gmt+5", "UTC+3:00", "GMT+05:30", "UTC+", "+5", "GMT+14"] {
            XCTAssertThrowsError(try ZoneRules(identifier: name), name) { error in
                XCTAssertEqual(error as? TimeError, .offsetLikeZoneName(name))
                XCTAssertTrue("\(error)".contains("is not an IANA zone"), "\(error)")
            }
        }
        XCTAssertEqual("\(TimeError.offsetLikeZoneName("GMT+5"))",
                       "'GMT+5' is not an IANA zone: write +05:00 for 5 hours ahead of UTC, or Etc/GMT-5 as POSIX counts it")
        // The offset a name seems to mean, with minutes, or none when it means none.
        XCTAssertEqual("\(TimeError.offsetLikeZoneName("GMT-0530"))", "'GMT-0530' is not an IANA zone: write -05:30 for 5:30 behind UTC")
        XCTAssertTrue("\(TimeError.offsetLikeZoneName("GMT+15"))".contains("write an offset east of UTC such as +05:30"))
        XCTAssertThrowsError(try ZoneRules(identifier: "Mars/Olympus")) { error in
            XCTAssertEqual(error as? TimeError, .unknownZone("Mars/Olympus"))
        }
    }

    func testCAndPOSIXLocalesGiveOneAnswer() throws {
        let answers = ["C", "C.UTF-8", "POSIX", "POSIX.UTF-8", "C.utf8"].map { WeekRules.locale($0) }
        XCTAssertEqual(Set(answers).count, 1)
        XCTAssertEqual(answers[0].firstWeekday, 7, "Sunday, as en_US_POSIX")
        let environments = [["LANG": "C"], ["LANG": "C.UTF-8"], ["LC_ALL": "POSIX"]].map {
            WeekRules.locale(WeekRules.environmentLocale($0))
        }
        XCTAssertEqual(Set(environments), [answers[0]])
        XCTAssertEqual(try WeekRules.locale(validating: "C.UTF-8"), answers[0])
    }

    func testUnknownLocalesAreRefusedWhenNamedExplicitly() throws {
        for name in ["xx_YY", "zz", "qq-QQ"] {
            XCTAssertThrowsError(try WeekRules.locale(validating: name), name) { error in
                XCTAssertEqual(error as? RangeError, .unknownLocale(name))
            }
        }
        for name in ["", "12", "he@@@", "en_US_POSIX_x_y!", "C@@@", String(repeating: "x", count: 101)] {
            XCTAssertThrowsError(try WeekRules.locale(validating: name), name) { error in
                XCTAssertEqual(error as? RangeError, .malformedLocale(name))
            }
        }
        XCTAssertEqual(try WeekRules.locale(validating: "de_DE").firstWeekday, 1)
        XCTAssertEqual(try WeekRules.locale(validating: "en_US.UTF-8").firstWeekday, 7)
        XCTAssertEqual(try WeekRules.locale(validating: "he_IL").firstWeekday, 7)
    }

    func testLibraryMessagesCarryNoCommandLineHints() throws {
        var messages: [String] = [
            "\(ConversionError.unknownCalendar("mayan"))",
            "\(ArithmeticError.dayNotInMonth(.gregorian, year: 2023, monthCode: MonthCode(2), day: 30, daysInMonth: 28))",
            "\(TimeError.skippedLocalTime("2024-03-10T02:30:00", zone: "America/New_York", skippedSeconds: 3600))",
            "\(TimeError.repeatedLocalTime("2024-11-03T01:30:00", zone: "America/New_York", offsets: [UTCOffset(seconds: -14_400), UTCOffset(seconds: -18_000)]))",
        ]
        let hebrew = try Calendars.system(.hebrew)
        let adarI = try hebrew.date(year: 5784, monthCode: MonthCode(5, isLeap: true), day: 1)
        XCTAssertThrowsError(try hebrew.adding(.years(1), to: adarI, overflow: .reject)) { messages.append("\($0)") }
        for message in messages {
            XCTAssertFalse(message.contains("--") || message.contains("kalends"), message)
        }
        XCTAssertEqual(messages[0], "unknown calendar 'mayan'")
    }

    func testMessagesSayTheWholeRangeAndBlameTheRightEngine() throws {
        XCTAssertThrowsError(try CalendarDateText.parse("bce:0-01-01", in: Calendars.system(.gregorian))) { error in
            XCTAssertTrue("\(error)".hasSuffix("years are 1 or more"), "\(error)")
        }
        XCTAssertThrowsError(try Calendars.system(.julian, engine: .foundation)) { error in
            XCTAssertEqual(error as? ConversionError, .foundationLacksCalendar(.julian))
            XCTAssertTrue("\(error)".hasPrefix("Foundation has no julian calendar"), "\(error)")
            XCTAssertFalse("\(error)".contains("ICU failed"))
        }
        XCTAssertThrowsError(try CalendarDuration(parsing: "x")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("cannot read duration 'x' at character 1: expected"), text)
            XCTAssertEqual(text.components(separatedBy: "'x'").count, 2, "the text once: \(text)")
        }
    }
}
