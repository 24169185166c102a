import XCTest
@testable import Kalends

/// Easter Sunday by both computuses on published dates.
///
/// Sources (facts only):
/// - Wikipedia, "List of dates for Easter": the table of Western (Gregorian)
///   and Eastern (Julian computus, in Gregorian dates) Easter 1995 ... 2041,
///   and the earliest and latest dates it names (22 March 1818 and 2285,
///   23 March 1845 ... 2160, 24 and 25 April; Orthodox Easter on Julian
///   22 and 23 March in 1915, 2010, 1953 and 2037).
/// - GM Arts' Easter date tables (dates.gmarts.org): Western Easter of 1704,
///   1844, 1950, 3249, 3401 and 4099; Orthodox Easter of 1589, 1603, 2015, 2016.
/// - Kevin Laughery's table of Julian-computus Easter dates 326 ... 4099
///   (kevinlaughery.com/east4099.html), as Julian calendar dates.
final class EasterTests: XCTestCase {
    /// Wikipedia's table: year, Western Easter, Eastern Easter (both Gregorian dates).
    static let table1995to2041: [(year: Int, western: String, eastern: String)] = [
        (1995, "04-16", "04-23"), (1996, "04-07", "04-14"), (1997, "03-30", "04-27"), (1998, "04-12", "04-19"),
        (1999, "04-04", "04-11"), (2000, "04-23", "04-30"), (2001, "04-15", "04-15"), (2002, "03-31", "05-05"),
        (2003, "04-20", "04-27"), (2004, "04-11", "04-11"), (2005, "03-27", "05-01"), (2006, "04-16", "04-23"),
        (2007, "04-08", "04-08"), (2008, "03-23", "04-27"), (2009, "04-12", "04-19"), (2010, "04-04", "04-04"),
        (2011, "04-24", "04-24"), (2012, "04-08", "04-15"), (2013, "03-31", "05-05"), (2014, "04-20", "04-20"),
        (2015, "04-05", "04-12"), (2016, "03-27", "05-01"), (2017, "04-16", "04-16"), (2018, "04-01", "04-08"),
        (2019, "04-21", "04-28"), (2020, "04-12", "04-19"), (2021, "04-04", "05-02"), (2022, "04-17", "04-24"),
        (2023, "04-09", "04-16"), (2024, "03-31", "05-05"), (2025, "04-20", "04-20"), (2026, "04-05", "04-12"),
        (2027, "03-28", "05-02"), (2028, "04-16", "04-16"), (2029, "04-01", "04-08"), (2030, "04-21", "04-28"),
        (2031, "04-13", "04-13"), (2032, "03-28", "05-02"), (2033, "04-17", "04-24"), (2034, "04-09", "04-09"),
        (2035, "03-25", "04-29"), (2036, "04-13", "04-20"), (2037, "04-05", "04-05"), (2038, "04-25", "04-25"),
        (2039, "04-10", "04-17"), (2040, "04-01", "05-06"), (2041, "04-21", "04-21"),
    ]

    func testWikipediaTable1995To2041() throws {
        XCTAssertEqual(Self.table1995to2041.map(\.year), Array(1995...2041))
        for (year, western, eastern) in Self.table1995to2041 {
            XCTAssertEqual(try Easter.gregorian(year).description, "\(year)-\(western)", "Western \(year)")
            XCTAssertEqual(try Easter.julian(year).gregorian.description, "\(year)-\(eastern)", "Eastern \(year)")
            XCTAssertEqual(try Easter.date(.gregorian, year: year).description, "\(year)-\(western)")
            XCTAssertEqual(try Easter.date(.julian, year: year).description, "\(year)-\(eastern)")
        }
    }

    /// The contract's example: 2024, Western 31 March; Orthodox 22 April Julian, 5 May Gregorian.
    func testContractExample() throws {
        XCTAssertEqual(try Easter.gregorian(2024), try ISODate(year: 2024, month: 3, day: 31))
        let orthodox = try Easter.julian(2024)
        XCTAssertEqual(orthodox.julian.calendar, CalendarIdentifier(.julian))
        XCTAssertEqual(CalendarDateText.format(orthodox.julian), "2024-04-22")
        XCTAssertEqual(orthodox.julian.year, 2024)
        XCTAssertEqual(orthodox.julian.month, 4)
        XCTAssertEqual(orthodox.julian.day, 22)
        XCTAssertEqual(orthodox.gregorian, try ISODate(year: 2024, month: 5, day: 5))
        XCTAssertEqual(orthodox.julian.iso, orthodox.gregorian)
    }

    /// The extremes Wikipedia names: the earliest (22 March) and latest (25 April) Western Easter.
    func testEarliestAndLatestWesternEaster() throws {
        for year in [1818, 2285] { XCTAssertEqual(try Easter.gregorian(year).description, "\(year)-03-22") }
        for year in [1845, 1856, 1913, 2008, 2160] { XCTAssertEqual(try Easter.gregorian(year).description, "\(year)-03-23") }
        for year in [1859, 2011, 2095] { XCTAssertEqual(try Easter.gregorian(year).description, "\(year)-04-24") }
        for year in [1943, 2038] { XCTAssertEqual(try Easter.gregorian(year).description, "\(year)-04-25") }
        // No 22 March between 1818 and 2285, no 25 April between 1943 and 2038.
        for year in 1819..<2285 { XCTAssertNotEqual(try Easter.gregorian(year).description, "\(year)-03-22") }
        for year in 1944..<2038 { XCTAssertNotEqual(try Easter.gregorian(year).description, "\(year)-04-25") }
    }

    /// The earliest Orthodox Easter of 1875 ... 2099: Julian 22 March (4 April) in
    /// 1915 and 2010; Julian 23 March (5 April) in 1953 and 2037.
    func testEarliestOrthodoxEaster() throws {
        for (year, julian, gregorian) in [(1915, "03-22", "04-04"), (2010, "03-22", "04-04"),
                                          (1953, "03-23", "04-05"), (2037, "03-23", "04-05")] {
            let easter = try Easter.julian(year)
            XCTAssertEqual(CalendarDateText.format(easter.julian), "\(year)-\(julian)")
            XCTAssertEqual(easter.gregorian.description, "\(year)-\(gregorian)")
        }
    }

    func testGMArtsDates() throws {
        for (year, western) in [(1704, "03-23"), (1844, "04-07"), (1950, "04-09"), (3249, "04-25"), (3401, "03-22"), (4099, "04-19")] {
            XCTAssertEqual(try Easter.gregorian(year).description, "\(year)-\(western)")
        }
        for (year, eastern) in [(1589, "04-09"), (1603, "05-04"), (2015, "04-12"), (2016, "05-01")] {
            XCTAssertEqual(try Easter.julian(year).gregorian.description, "\(year)-\(eastern)")
        }
        XCTAssertEqual(CalendarDateText.format(try Easter.julian(2015).julian), "2015-03-30")
        XCTAssertEqual(CalendarDateText.format(try Easter.julian(2016).julian), "2016-04-18")
    }

    /// Laughery's Julian dates, from the Council of Nicaea (326) to 1555.
    func testLaugheryJulianDates() throws {
        let dates = [
            "0326-04-03", "0375-04-05", "0492-04-05", "0552-03-31", "0562-04-09", "0569-04-21", "0597-04-14",
            "0621-04-19", "0636-03-31", "0655-03-29", "0700-04-11", "0725-04-08", "0750-03-29", "0782-04-07",
            "0835-04-18", "0849-04-14", "0867-03-30", "0890-04-12", "0922-04-21", "0934-04-06", "1049-03-26",
            "1058-04-19", "1113-04-06", "1119-03-30", "1242-04-20", "1255-03-28", "1257-04-08", "1258-03-24",
            "1261-04-24", "1278-04-17", "1333-04-04", "1351-04-17", "1371-04-06", "1391-03-26", "1402-03-26",
            "1412-04-03", "1439-04-05", "1445-03-28", "1531-04-09", "1555-04-14",
        ]
        for text in dates {
            guard let year = Int(text.prefix(4)) else { return XCTFail(text) }
            XCTAssertEqual(CalendarDateText.format(try Easter.julian(year).julian), text)
        }
    }

    /// The ends of the ranges: the first Gregorian year, the first and last Julian ones.
    func testTheEndsOfTheRanges() throws {
        XCTAssertEqual(Easter.Computus.gregorian.years, 1583...9999)
        XCTAssertEqual(Easter.Computus.julian.years, 1...9999)
        XCTAssertNoThrow(try Easter.gregorian(1583))
        XCTAssertNoThrow(try Easter.gregorian(9999))
        // Year 1: the Julian calendar was two days ahead of the proleptic Gregorian.
        let first = try Easter.julian(1)
        XCTAssertEqual(first.julian.year, 1)
        XCTAssertEqual(first.gregorian.dayNumber, first.julian.dayNumber)
        XCTAssertEqual([first.gregorian.year, first.gregorian.month, first.gregorian.day + 2],
                       [first.julian.year, first.julian.month, first.julian.day])
        let last = try Easter.julian(9999)
        XCTAssertEqual(last.julian.year, 9999)
        XCTAssertEqual(last.gregorian.year, 9999)
        // 1582, the year of the reform, had Easter on 15 April Julian (25 April proleptic Gregorian).
        XCTAssertEqual(CalendarDateText.format(try Easter.julian(1582).julian), "1582-04-15")
    }

    func testYearsOutOfRangeAreTypedErrors() {
        for year in [1582, 0, -1, 10_000, Int.min, Int.max] {
            XCTAssertThrowsError(try Easter.gregorian(year)) { error in
                XCTAssertEqual(error as? EasterError, .yearOutOfRange(.gregorian, year: year, allowed: 1583...9999))
                XCTAssertEqual("\(error)", "the gregorian computus covers years 1583 ... 9999, not \(year)")
            }
            XCTAssertThrowsError(try Easter.date(.gregorian, year: year))
        }
        for year in [0, -1, 10_000, Int.min, Int.max] {
            XCTAssertThrowsError(try Easter.julian(year)) { error in
                XCTAssertEqual(error as? EasterError, .yearOutOfRange(.julian, year: year, allowed: 1...9999))
                XCTAssertEqual("\(error)", "the julian computus covers years 1 ... 9999, not \(year)")
            }
            XCTAssertThrowsError(try Easter.date(.julian, year: year))
        }
    }
}
