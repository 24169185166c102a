import XCTest
@testable import Kalends

/// Published dates (new years, festivals, era changes) through every
/// engine kind: the fast standard engine and the ICU reference must both
/// give them.
final class CalendarEngineExamples: XCTestCase {
    /// (calendar, ISO date, year, month code, day, era code, era year)
    static let examples: [(CalendarID, String, Int, String, Int, String?, Int)] = [
        (.gregorian, "2024-03-15", 2024, "M03", 15, "ce", 2024),
        (.gregorian, "-0043-03-15", -43, "M03", 15, "bce", 44),
        (.iso8601, "0000-12-31", 0, "M12", 31, "bce", 1),
        (.julian, "2024-03-15", 2024, "M03", 2, "ce", 2024),
        (.julian, "1582-10-15", 1582, "M10", 5, "ce", 1582),
        (.buddhist, "2024-03-15", 2567, "M03", 15, "be", 2567),
        (.roc, "1912-01-01", 1, "M01", 1, "roc", 1),
        (.roc, "1911-12-31", 0, "M12", 31, "broc", 1),
        (.japanese, "2019-05-01", 2019, "M05", 1, "reiwa", 1),
        (.japanese, "2019-04-30", 2019, "M04", 30, "heisei", 31),
        (.japanese, "1989-01-07", 1989, "M01", 7, "showa", 64),
        // Rosh Hashanah 5784 and 5785; Passover 5784 (15 Nisan); 5 Adar II 5784.
        (.hebrew, "2023-09-16", 5784, "M01", 1, "am", 5784),
        (.hebrew, "2024-10-03", 5785, "M01", 1, "am", 5785),
        (.hebrew, "2024-04-23", 5784, "M07", 15, "am", 5784),
        (.hebrew, "2024-03-15", 5784, "M06", 5, "am", 5784),
        (.hebrew, "2024-02-10", 5784, "M05L", 1, "am", 5784),
        // 1 Muharram 1 AH: Friday 16 July 622 (Julian), Thursday 15 July for the astronomical epoch.
        (.islamicCivil, "0622-07-19", 1, "M01", 1, "ah", 1),
        (.islamicTabular, "0622-07-18", 1, "M01", 1, "ah", 1),
        // 1 Ramadan 1445 (Umm al-Qura).
        (.islamicUmmAlQura, "2024-03-11", 1445, "M09", 1, "ah", 1445),
        // Nowruz 1403 and 1404 (1403 is leap: 30 Esfand).
        (.persian, "2024-03-20", 1403, "M01", 1, "ap", 1403),
        (.persian, "2025-03-20", 1403, "M12", 30, "ap", 1403),
        (.persian, "2025-03-21", 1404, "M01", 1, "ap", 1404),
        // 1 Chaitra 1946 (a Gregorian leap year: March 21) and 1945 (March 22).
        (.indian, "2024-03-21", 1946, "M01", 1, "shaka", 1946),
        (.indian, "2023-03-22", 1945, "M01", 1, "shaka", 1945),
        // Coptic and Ethiopic new year 2024 (after leap years 1739 / 2015: September 12 in 2023).
        (.coptic, "2024-09-11", 1741, "M01", 1, "am", 1741),
        (.coptic, "2023-09-12", 1740, "M01", 1, "am", 1740),
        (.coptic, "2023-09-11", 1739, "M13", 6, "am", 1739),
        (.ethiopic, "2024-09-11", 2017, "M01", 1, "am", 2017),
        (.ethiopicAmeteAlem, "2024-09-11", 7517, "M01", 1, "aa", 7517),
        // Chinese New Year 2024; the leap second month of 2023; Seollal 2024.
        (.chinese, "2024-02-10", 2024, "M01", 1, nil, 41),
        (.chinese, "2023-03-22", 2023, "M02L", 1, nil, 40),
        (.dangi, "2024-02-10", 2024, "M01", 1, nil, 41),
    ]

    func testPublishedDatesInEveryEngine() throws {
        for engine in [CalendarEngine.standard, .reference] {
            for (id, iso, year, code, day, eraCode, eraYear) in Self.examples {
                let calendar = try Calendars.system(id, engine: engine)
                let isoDate = try CalendarDateText.parse(iso, in: GregorianCalendar(.iso8601))
                let date = try calendar.date(dayNumber: isoDate.dayNumber)
                let label = "\(engine) \(id) \(iso)"
                XCTAssertEqual(date.year, year, label)
                XCTAssertEqual(date.monthCode.description, code, label)
                XCTAssertEqual(date.day, day, label)
                XCTAssertEqual(date.era.code, eraCode, label)
                XCTAssertEqual(date.era.year, eraYear, label)
                XCTAssertEqual(try calendar.date(year: year, monthCode: MonthCode(parsing: code), day: day).dayNumber, isoDate.dayNumber, label)
            }
        }
    }

    /// The leap months and lengths the table engines carry for known years.
    func testTableEngineYears() throws {
        let chinese = try Calendars.system(.chinese)
        XCTAssertEqual(try chinese.monthCodes(inYear: 2023).filter(\.isLeap), [MonthCode(2, isLeap: true)])
        XCTAssertEqual(try chinese.monthCodes(inYear: 2025).filter(\.isLeap), [MonthCode(6, isLeap: true)])
        XCTAssertEqual(chinese.monthsInYear(2024), 12)
        XCTAssertThrowsError(try chinese.date(year: 2024, monthCode: MonthCode(2, isLeap: true), day: 1))
        XCTAssertEqual(try chinese.date(year: 2024, monthCode: MonthCode(2, isLeap: true), day: 1, overflow: .constrain).monthCode, MonthCode(2))
        let hebrew = try Calendars.system(.hebrew)
        XCTAssertThrowsError(try hebrew.date(year: 5785, monthCode: MonthCode(5, isLeap: true), day: 1))
        XCTAssertEqual(try hebrew.date(year: 5785, monthCode: MonthCode(5, isLeap: true), day: 1, overflow: .constrain).monthCode, MonthCode(6))
    }
}
