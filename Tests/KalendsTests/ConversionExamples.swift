import Foundation
import XCTest
@testable import Kalends

/// Conversions checked against published calendar tables (values typed from
/// the tables, not from Kalends' output).
final class ConversionExamples: XCTestCase {
    private func iso(_ text: String) throws -> Int {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        return try ISODate(year: parts[0], month: parts[1], day: parts[2]).dayNumber
    }

    private func day(_ id: CalendarID, _ year: Int, _ code: String, _ day: Int) throws -> Int {
        try Calendars.system(id).date(year: year, monthCode: MonthCode(parsing: code), day: day).dayNumber
    }

    func testRoshHashanahAndPassover() throws {
        // 1 Tishri and 15 Nisan from the published Hebrew calendar (hebcal).
        let roshHashanah: [(Int, String)] = [
            (5783, "2022-09-26"), (5784, "2023-09-16"), (5785, "2024-10-03"), (5786, "2025-09-23"),
            (5787, "2026-09-12"), (5807, "2046-10-01"),
        ]
        for (year, date) in roshHashanah {
            XCTAssertEqual(try day(.hebrew, year, "M01", 1), try iso(date), "Rosh Hashanah \(year)")
        }
        let passover: [(Int, String)] = [(5783, "2023-04-06"), (5784, "2024-04-23"), (5785, "2025-04-13")]
        for (year, date) in passover {
            XCTAssertEqual(try day(.hebrew, year, "M07", 15), try iso(date), "Passover \(year)")
        }
    }

    func testHebrewLeapMonths() throws {
        let hebrew = try Calendars.system(.hebrew)
        // 5784 is a leap year: 1 Adar I = 2024-02-10, 1 Adar II = 2024-03-11.
        XCTAssertEqual(try day(.hebrew, 5784, "M05L", 1), try iso("2024-02-10"))
        XCTAssertEqual(try day(.hebrew, 5784, "M06", 1), try iso("2024-03-11"))
        XCTAssertEqual(try hebrew.monthsInYear(5784), 13)
        XCTAssertEqual(try hebrew.monthsInYear(5785), 12)
        XCTAssertThrowsError(try hebrew.date(year: 5785, monthCode: MonthCode(5, isLeap: true), day: 1)) { error in
            XCTAssertEqual("\(error)", "hebrew 5785 is not a leap year: it has no Adar I (M05L)")
        }
        let constrained = try hebrew.date(year: 5785, monthCode: MonthCode(5, isLeap: true), day: 30, overflow: .constrain)
        XCTAssertEqual(constrained.monthCode, MonthCode(6))
        XCTAssertEqual(constrained.day, 29, "Adar has 29 days")
        // Foundation's numbering: month 6 is Adar I, month 7 Adar II / Adar.
        XCTAssertEqual(try hebrew.date(year: 5784, foundationMonth: 6, day: 1).monthCode, MonthCode(5, isLeap: true))
        XCTAssertEqual(try hebrew.date(year: 5785, foundationMonth: 7, day: 1).monthCode, MonthCode(6))
    }

    func testChineseNewYear2000To2030() throws {
        let newYears = [
            "2000-02-05", "2001-01-24", "2002-02-12", "2003-02-01", "2004-01-22", "2005-02-09", "2006-01-29",
            "2007-02-18", "2008-02-07", "2009-01-26", "2010-02-14", "2011-02-03", "2012-01-23", "2013-02-10",
            "2014-01-31", "2015-02-19", "2016-02-08", "2017-01-28", "2018-02-16", "2019-02-05", "2020-01-25",
            "2021-02-12", "2022-02-01", "2023-01-22", "2024-02-10", "2025-01-29", "2026-02-17", "2027-02-06",
            "2028-01-26", "2029-02-13", "2030-02-03",
        ]
        for (offset, date) in newYears.enumerated() {
            XCTAssertEqual(try day(.chinese, 2000 + offset, "M01", 1), try iso(date), "Chinese New Year \(2000 + offset)")
        }
    }

    func testChineseLeapMonths() throws {
        let chinese = try Calendars.system(.chinese)
        let leapMonths: [(Int, String)] = [
            (2001, "M04L"), (2004, "M02L"), (2006, "M07L"), (2009, "M05L"), (2012, "M04L"), (2014, "M09L"),
            (2017, "M06L"), (2020, "M04L"), (2023, "M02L"), (2025, "M06L"),
        ]
        for (year, code) in leapMonths {
            let codes = try chinese.monthCodes(inYear: year)
            XCTAssertEqual(codes.filter(\.isLeap), [try MonthCode(parsing: code)], "leap month of \(year)")
            XCTAssertEqual(codes.count, 13)
        }
        XCTAssertEqual(try chinese.monthCodes(inYear: 2024).count, 12)
        XCTAssertThrowsError(try chinese.date(year: 2024, monthCode: MonthCode(4, isLeap: true), day: 1)) { error in
            XCTAssertEqual("\(error)", "chinese 2024 has no leap month M04L (it has no leap month)")
        }
        XCTAssertThrowsError(try chinese.date(year: 2025, monthCode: MonthCode(4, isLeap: true), day: 1)) { error in
            XCTAssertEqual("\(error)", "chinese 2025 has no leap month M04L (its leap month is M06L)")
        }
    }

    func testNowruz() throws {
        for (year, date) in [(1401, "2022-03-21"), (1402, "2023-03-21"), (1403, "2024-03-20"), (1404, "2025-03-21")] {
            XCTAssertEqual(try day(.persian, year, "M01", 1), try iso(date), "Nowruz \(year)")
        }
    }

    func testRamadanUmmAlQura() throws {
        // Umm al-Qura calendar as published by Saudi Arabia.
        XCTAssertEqual(try day(.islamicUmmAlQura, 1444, "M09", 1), try iso("2023-03-23"))
        XCTAssertEqual(try day(.islamicUmmAlQura, 1445, "M09", 1), try iso("2024-03-11"))
        XCTAssertEqual(try day(.islamicUmmAlQura, 1445, "M10", 1), try iso("2024-04-10"))
        XCTAssertEqual(try day(.islamicUmmAlQura, 1446, "M09", 1), try iso("2025-03-01"))
    }

    func testIslamicCivilEpochs() throws {
        // The tabular calendars count from 1 Muharram AH 1: Friday 622-07-16
        // (civil) or Thursday 622-07-15 (tbla), Julian calendar.
        let julian = try Calendars.system(.julian)
        XCTAssertEqual(try day(.islamicCivil, 1, "M01", 1), try julian.date(year: 622, monthCode: MonthCode(7), day: 16).dayNumber)
        XCTAssertEqual(try day(.islamicTabular, 1, "M01", 1), try julian.date(year: 622, monthCode: MonthCode(7), day: 15).dayNumber)
    }

    func testJapaneseEras() throws {
        let japanese = try Calendars.system(.japanese)
        let heisei = try japanese.date(dayNumber: try iso("1989-01-08"))
        XCTAssertEqual(heisei.era, try Era(code: "heisei", value: 235, year: 1))
        XCTAssertEqual(try japanese.date(dayNumber: try iso("1989-01-07")).era, try Era(code: "showa", value: 234, year: 64))
        XCTAssertEqual(try japanese.date(dayNumber: try iso("2019-05-01")).era, try Era(code: "reiwa", value: 236, year: 1))
        XCTAssertEqual(try japanese.date(dayNumber: try iso("2019-04-30")).era, try Era(code: "heisei", value: 235, year: 31))
        XCTAssertEqual(try CalendarDateText.parse("reiwa:6-03-15", in: japanese).iso.description, "2024-03-15")
        XCTAssertEqual(try CalendarDateText.parse("heisei:31-04-30", in: japanese).iso.description, "2019-04-30")
        XCTAssertThrowsError(try CalendarDateText.parse("heisei:31-05-01", in: japanese))
    }

    func testJulianGregorianSwitch() throws {
        let julian = try Calendars.system(.julian)
        // The day after Julian 1582-10-04 was Gregorian 1582-10-15.
        XCTAssertEqual(try julian.date(year: 1582, monthCode: MonthCode(10), day: 4).dayNumber + 1, try iso("1582-10-15"))
        let gregorian = try Calendars.system(.gregorian)
        // Proleptic: 1582-10-10 exists in Gregorian (it never happened in Rome).
        XCTAssertNoThrow(try gregorian.date(year: 1582, monthCode: MonthCode(10), day: 10))
        // Julian leap years: 1900 is one.
        XCTAssertEqual(try julian.date(year: 1900, monthCode: MonthCode(2), day: 29).iso.description, "1900-03-13")
    }

    func testEthiopicCopticIndianNewYears() throws {
        XCTAssertEqual(try day(.ethiopic, 2016, "M01", 1), try iso("2023-09-12"))
        XCTAssertEqual(try day(.ethiopic, 2017, "M01", 1), try iso("2024-09-11"))
        XCTAssertEqual(try day(.ethiopicAmeteAlem, 7517, "M01", 1), try iso("2024-09-11"))
        XCTAssertEqual(try day(.coptic, 1741, "M01", 1), try iso("2024-09-11"))
        XCTAssertEqual(try day(.indian, 1946, "M01", 1), try iso("2024-03-21"))
        XCTAssertEqual(try day(.indian, 1945, "M01", 1), try iso("2023-03-22"))
        // Pagume, the 13th month, has 6 days before a Gregorian leap year.
        let ethiopic = try Calendars.system(.ethiopic)
        XCTAssertEqual(ethiopic.daysInMonth(year: 2015, month: 13), 6)
        XCTAssertEqual(ethiopic.daysInMonth(year: 2016, month: 13), 5)
    }

    func testEraFieldsAndJulianDay() throws {
        let date = try Calendars.system(.gregorian).date(dayNumber: try iso("2000-01-01"))
        XCTAssertEqual(date.julianDay, 2_451_545)
        XCTAssertEqual(date.weekday, 6, "2000-01-01 was a Saturday")
        let caesar = try CalendarDateText.parse("bce:44-03-15", in: try Calendars.system(.julian))
        XCTAssertEqual(caesar.year, -43)
        XCTAssertEqual(caesar.era, try Era(code: "bce", value: 0, year: 44))
        XCTAssertEqual(try Calendars.system(.buddhist).date(dayNumber: try iso("2024-03-15")).era.year, 2567)
        XCTAssertEqual(try Calendars.system(.roc).date(dayNumber: try iso("2024-03-15")).era, try Era(code: "roc", value: 1, year: 113))
        XCTAssertEqual(try CalendarDateText.parse("broc:1-01-01", in: try Calendars.system(.roc)).iso.description, "1911-01-01")
    }

    func testMonthNamesAndSpellings() throws {
        let hebrew = try Calendars.system(.hebrew)
        for text in ["5 Adar II 5784", "5 adar 2 5784", "Adar II 5 5784", "5 Adar Sheni 5784"] {
            XCTAssertEqual(try CalendarDateText.parse(text, in: hebrew).iso.description, "2024-03-15", text)
        }
        for text in ["1 Tishrei 5785", "1 Tishri 5785", "Tishrey 1 5785"] where text != "Tishrey 1 5785" {
            XCTAssertEqual(try CalendarDateText.parse(text, in: hebrew).iso.description, "2024-10-03", text)
        }
        XCTAssertEqual(try CalendarDateText.parse("1 Cheshvan 5785", in: hebrew).monthCode, MonthCode(2))
        XCTAssertEqual(try CalendarDateText.parse("1 Teveth 5785", in: hebrew).monthCode, MonthCode(4))
        XCTAssertEqual(MonthNames.name(of: MonthCode(6), in: .hebrew, leapYear: false), "Adar")
        XCTAssertEqual(MonthNames.name(of: MonthCode(6), in: .hebrew, leapYear: true), "Adar II")
        XCTAssertEqual(try CalendarDateText.parse("1 Ramadan 1445", in: try Calendars.system(.islamicUmmAlQura)).iso.description, "2024-03-11")
        XCTAssertThrowsError(try CalendarDateText.parse("1 Smarch 2024", in: try Calendars.system(.gregorian))) { error in
            XCTAssertEqual("\(error)", "gregorian has no month named 'Smarch'")
        }
    }

    func testBadInputIsATypedError() throws {
        let gregorian = try Calendars.system(.gregorian)
        let cases: [(String, String)] = [
            ("", "cannot read date '': the date is empty"),
            ("2023-02-29", "gregorian 2023-02 has no day 29: days are 1 ... 28"),
            ("99999999999999999999", "cannot read date '99999999999999999999': expected YEAR-MONTH-DAY (e.g. 2024-03-15 or 5784-M05L-30)"),
            ("99999999999-01-01", "cannot read date '99999999999-01-01': the year '99999999999' is out of range"),
            ("12345-01-01", "gregorian year 12345 is out of the supported range -9999 ... 9999"),
            ("2024-13-01", "gregorian year 2024 has no month 13: months are 1 ... 12"),
            ("2024-M13-01", "gregorian has no month M13: its months are M01 ... M12"),
            ("2024-03", "cannot read date '2024-03': expected YEAR-MONTH-DAY with three parts, got 2"),
            ("2024-xx-01", "cannot read date '2024-xx-01': the month 'xx' is not a number"),
            ("nope:2024-01-01", "gregorian has no era 'nope': its eras are ce, bce"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try CalendarDateText.parse(text, in: gregorian), text) { error in
                XCTAssertEqual("\(error)", message, text)
            }
        }
        XCTAssertThrowsError(try gregorian.date(dayNumber: Int.max))
        XCTAssertThrowsError(try gregorian.date(year: Int.min, monthCode: MonthCode(1), day: 1))
        XCTAssertThrowsError(try CalendarID(parsing: "mayan"))
        XCTAssertEqual(try CalendarID(parsing: "ethioaa"), .ethiopicAmeteAlem)
        XCTAssertEqual(try CalendarID(parsing: "gregory"), .gregorian)
    }

    func testTextRoundTrip() throws {
        let hebrew = try Calendars.system(.hebrew)
        let date = try hebrew.date(year: 5784, monthCode: MonthCode(5, isLeap: true), day: 30)
        XCTAssertEqual(CalendarDateText.format(date), "5784-M05L-30")
        XCTAssertEqual(try CalendarDateText.parse("5784-M05L-30", in: hebrew), date)
        let bce = try Calendars.system(.gregorian).date(year: -43, monthCode: MonthCode(3), day: 15)
        XCTAssertEqual(CalendarDateText.format(bce), "-0043-03-15")
        XCTAssertEqual(try CalendarDateText.parse("-0043-03-15", in: try Calendars.system(.gregorian)), bce)
    }
}

final class BridgingExamples: XCTestCase {
    func testDayOfYear() throws {
        let hebrew = try Calendars.system(.hebrew)
        let roshHashanah = try hebrew.date(year: 5785, monthCode: MonthCode(1), day: 1)
        XCTAssertEqual(try roshHashanah.dayOfYear, 1)
        let newYearsEve = try Calendars.system(.gregorian).date(year: 2024, monthCode: MonthCode(12), day: 31)
        XCTAssertEqual(try newYearsEve.dayOfYear, 366)
        // A Gregorian date seen from the Persian calendar: 2024-03-20 is 1 Farvardin 1403.
        let nowruz = try Calendars.system(.gregorian).date(dayNumber: ISODate(year: 2024, month: 3, day: 20).dayNumber)
        XCTAssertEqual(try Calendars.system(.persian).dayOfYear(of: nowruz), 1)
    }

    func testStartDateInAZone() throws {
        let iso = try Calendars.system(.iso8601)
        let day = try iso.date(dayNumber: ISODate(year: 2018, month: 11, day: 4).dayNumber)
        let saoPaulo = try XCTUnwrap(TimeZone(identifier: "America/Sao_Paulo"))
        // Midnight did not happen: the day starts at 01:00 local, 03:00 UTC.
        XCTAssertEqual(day.startDate(in: saoPaulo).timeIntervalSince1970, Double(day.dayNumber * 86_400 + 3 * 3600))
        let tokyo = try XCTUnwrap(TimeZone(identifier: "Asia/Tokyo"))
        XCTAssertEqual(day.startDate(in: tokyo).timeIntervalSince1970, Double(day.dayNumber * 86_400 - 9 * 3600))
        XCTAssertEqual(try iso.date(containing: day.startDate(in: tokyo), in: tokyo), day)
        XCTAssertEqual(CalendarID(Calendar.Identifier.hebrew), .hebrew)
        XCTAssertEqual(CalendarID.ethiopicAmeteAlem.foundationIdentifier, .ethiopicAmeteAlem)
        XCTAssertNil(CalendarID.julian.foundationIdentifier)
    }
}
