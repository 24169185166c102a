import Foundation
import XCTest
@testable import Kalends

/// The English month names Kalends prints by default (the calendars'
/// `monthName` tables) are a cache of ICU's: each equals what ICU writes
/// with pattern `MMMM` in locale `en` for that calendar and month, so the
/// default output needs no ICU format at start-up and still says what ICU
/// says. The differences are exactly `MonthNames.englishOverrides`.
final class MonthNameTableTests: XCTestCase {
    /// Whether Kalends' `ours` for ICU's `icu` is an override's rule: its
    /// example pair with the ordinal changed (`Leap Fourth Month` for `Fourth Monthbis`).
    static func isOverride(_ id: CalendarID, ours: String, icu: String) -> Bool {
        MonthNames.englishOverrides.contains { entry in
            guard entry.calendars.contains(id) else { return false }
            let ordinals = ["First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth", "Tenth", "Eleventh", "Twelfth"]
            return ordinals.contains { ordinal in
                entry.icu.replacingOccurrences(of: "Second", with: ordinal) == icu
                    && entry.kalends.replacingOccurrences(of: "Second", with: ordinal) == ours
            }
        }
    }

    func testEveryMonthNameIsICUsEnglishName() throws {
        let first = try ISODate(year: 2019, month: 1, day: 1).dayNumber
        let last = try ISODate(year: 2027, month: 12, day: 31).dayNumber
        var mismatches: [String] = []
        var leapMonths = 0, months = 0
        var overridden: Set<CalendarID> = []
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
                let icu = try format.string(from: date, secondsOfDay: 0, fieldByField: false)  // ICU's own text, no override
                if ours != icu { overridden.insert(id) }
                if ours != icu && !Self.isOverride(id, ours: ours, icu: icu) { mismatches.append("\(id) \(date.monthCode) (leap year: \(leapYear)): Kalends '\(ours)', ICU '\(icu)'") }
            }
        }
        XCTAssertEqual(mismatches, [], mismatches.joined(separator: "\n"))
        // Every override is used: no entry outlives the difference it explains.
        XCTAssertEqual(overridden, Set(MonthNames.englishOverrides.flatMap(\.calendars)))
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
