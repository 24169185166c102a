import XCTest
@testable import Kalends

/// The English month names Kalends prints by default (the calendars'
/// `monthName` tables) are a cache of ICU's: each equals what ICU writes
/// with pattern `MMMM` in locale `en` for that calendar and month, so the
/// default output needs no ICU format at start-up and still says what ICU
/// says. The documented exceptions are listed in `exceptions`.
final class MonthNameTableTests: XCTestCase {
    /// (calendar, month code, Kalends' name, ICU's name): where Kalends writes
    /// another name than ICU's English, and why.
    /// None today: Chinese and Dangi leap months are ICU's own `bis` form
    /// ("Second Monthbis"), and Hebrew M06 is "Adar" or "Adar II" as in ICU.
    static let exceptions: [(CalendarID, String, String, String)] = []

    func testEveryMonthNameIsICUsEnglishName() throws {
        let first = try ISODate(year: 2019, month: 1, day: 1).dayNumber
        let last = try ISODate(year: 2027, month: 12, day: 31).dayNumber
        var mismatches: [String] = []
        var leapMonths = 0, months = 0
        for id in CalendarID.allCases {
            let calendar = try Calendars.system(id)
            let format = try LocalizedDateFormat(locale: "en", calendar: id, pattern: "MMMM")
            var checked = Set<String>()
            for day in first...last {
                let date = try calendar.date(dayNumber: day)
                guard date.day == 1 else { continue }
                let leapYear = calendar.monthsInYear(date.year) > 12
                let key = "\(date.monthCode)\(leapYear ? "+" : "")"
                guard checked.insert(key).inserted else { continue }
                months += 1
                if date.monthCode.isLeap { leapMonths += 1 }
                let ours = DateJSON.monthName(date, in: calendar)
                let icu = try format.string(from: date)
                let excepted = Self.exceptions.contains { $0.0 == id && $0.1 == "\(date.monthCode)" && $0.2 == ours && $0.3 == icu }
                if ours != icu && !excepted { mismatches.append("\(id) \(date.monthCode) (leap year: \(leapYear)): Kalends '\(ours)', ICU '\(icu)'") }
            }
        }
        XCTAssertEqual(mismatches, [], mismatches.joined(separator: "\n"))
        // Every month of every calendar, in common and leap years: Hebrew Adar I, Chinese and Dangi leap months.
        XCTAssertGreaterThanOrEqual(months, 19 * 12 + 13)
        XCTAssertGreaterThanOrEqual(leapMonths, 1 + 2 * 3)
    }

    /// The English weekday names of the text output (`DateJSON.weekdayNames`) are ICU's `EEEE` in `en`.
    func testWeekdayNamesAreICUsEnglishNames() throws {
        let format = try LocalizedDateFormat(locale: "en", calendar: .gregorian, pattern: "EEEE")
        let monday = try ISODate(year: 2024, month: 3, day: 11).dayNumber
        for offset in 0..<7 {
            let date = try Calendars.system(.gregorian).date(dayNumber: monday + offset)
            XCTAssertEqual(DateJSON.weekdayNames[offset], try format.string(from: date))
        }
    }
}
