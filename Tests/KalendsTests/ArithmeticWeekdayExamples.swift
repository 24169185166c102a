import Kalends
import KalendsCheck
import XCTest

/// Weekdays in months, next/previous weekday and business days.
final class ArithmeticWeekdayExamples: XCTestCase {
    let iso = try! Calendars.system(.iso8601)
    let hebrew = try! Calendars.system(.hebrew)

    func text(_ date: CalendarDate) -> String { CalendarDateText.format(date) }

    func testNthWeekdayOfMonth() throws {
        XCTAssertEqual(text(try iso.date(1, .monday, year: 2024, month: 9)), "2024-09-02")       // Labor Day
        XCTAssertEqual(text(try iso.date(4, .thursday, year: 2024, month: 11)), "2024-11-28")    // Thanksgiving
        XCTAssertEqual(text(try iso.date(-1, .monday, year: 2024, month: 5)), "2024-05-27")      // Memorial Day
        XCTAssertEqual(text(try iso.date(-1, .friday, year: 2024, month: 3)), "2024-03-29")
        XCTAssertEqual(text(try iso.date(5, .friday, year: 2024, month: 3)), "2024-03-29")
        XCTAssertEqual(text(try iso.date(-5, .friday, year: 2024, month: 3)), "2024-03-01")
        XCTAssertEqual(text(try iso.date(2, .sunday, year: 2024, month: 3)), "2024-03-10")
        for n in [5, -5, 0, 6] {
            XCTAssertThrowsError(try iso.date(n, .monday, year: 2024, month: 2), "\(n)") { error in
                guard case ArithmeticError.noSuchWeekday = error else { return XCTFail("\(error)") }
            }
        }
        // Hebrew: the last Saturday of Adar I 5784 (a 30-day month) and of Adar 5785.
        XCTAssertEqual(try hebrew.date(-1, .saturday, year: 5784, monthCode: MonthCode(5, isLeap: true)).iso.description, "2024-03-09")
        XCTAssertThrowsError(try hebrew.date(1, .saturday, year: 5785, monthCode: MonthCode(5, isLeap: true)))
        XCTAssertEqual(try hebrew.date(1, .saturday, year: 5785, monthCode: MonthCode(5, isLeap: true), overflow: .constrain).iso.description,
                       "2025-03-01")
    }

    func testNextAndPrevious() throws {
        let friday = try CalendarDateText.parse("2024-03-15", in: iso)
        XCTAssertEqual(text(try iso.next(.monday, after: friday)), "2024-03-18")
        XCTAssertEqual(text(try iso.next(.friday, after: friday)), "2024-03-22")
        XCTAssertEqual(text(try iso.next(.friday, after: friday, includingSelf: true)), "2024-03-15")
        XCTAssertEqual(text(try iso.previous(.monday, before: friday)), "2024-03-11")
        XCTAssertEqual(text(try iso.previous(.friday, before: friday)), "2024-03-08")
        XCTAssertEqual(text(try iso.previous(.friday, before: friday, includingSelf: true)), "2024-03-15")
        XCTAssertEqual(Weekday.sunday.foundationNumber, 1)
        XCTAssertEqual(Weekday.saturday.foundationNumber, 7)
    }

    func testWeekendsFromLocales() throws {
        XCTAssertEqual(try Weekend(locale: "en_US"), .saturdaySunday)
        XCTAssertEqual(try Weekend(locale: "he_IL"), .fridaySaturday)
        XCTAssertEqual(try Weekend(locale: "ar_SA"), .fridaySaturday)
        XCTAssertEqual(try Weekend(locale: "de_DE"), .saturdaySunday)
    }

    func testBusinessDays() throws {
        let thursday = try CalendarDateText.parse("2024-03-14", in: iso)
        let western = BusinessDays()
        XCTAssertEqual(text(try western.adding(1, to: thursday, in: iso)), "2024-03-15")
        XCTAssertEqual(text(try western.adding(2, to: thursday, in: iso)), "2024-03-18")
        XCTAssertEqual(text(try western.adding(-4, to: thursday, in: iso)), "2024-03-08")
        XCTAssertEqual(text(try western.adding(0, to: thursday, in: iso)), "2024-03-14")
        let israel = BusinessDays(weekend: try Weekend(locale: "he_IL"))
        XCTAssertEqual(text(try israel.adding(1, to: thursday, in: iso)), "2024-03-17")
        // A holiday on Friday 2024-03-15 pushes the next business day to Monday.
        let holiday = try CalendarDateText.parse("2024-03-15", in: iso).dayNumber
        let withHoliday = BusinessDays(holidays: [holiday])
        XCTAssertEqual(text(try withHoliday.adding(1, to: thursday, in: iso)), "2024-03-18")
        XCTAssertEqual(withHoliday.count(from: thursday.dayNumber, to: thursday.dayNumber + 7), 4)
        // 261 business days in 2024 (Monday to Friday).
        let start = try CalendarDateText.parse("2023-12-31", in: iso), end = try CalendarDateText.parse("2024-12-31", in: iso)
        XCTAssertEqual(western.count(from: start, to: end), 262)
        XCTAssertThrowsError(try BusinessDays(weekend: Weekend(Set(Weekday.allCases))).adding(1, to: thursday, in: iso))
        // Hebrew dates use the same rules.
        let hebrewDate = try hebrew.date(dayNumber: thursday.dayNumber)
        XCTAssertEqual(try israel.adding(1, to: hebrewDate, in: hebrew).iso.description, "2024-03-17")
    }

    func testBusinessDaysProperties() {
        let weekends = [Weekend.saturdaySunday, .fridaySaturday, Weekend([.sunday])]
        let holidaySets = Gen.int(in: 19_000...20_000).array(count: 0...30)
        forAll(Gen.zip(Gen.int(in: 19_000...20_000), Gen.int(in: -800...800), Gen.element(of: weekends), holidaySets), runs: 500) { day, n, weekend, holidays in
            let calendar = try Calendars.system(.iso8601)
            let business = BusinessDays(weekend: weekend, holidays: Set(holidays))
            let start = try calendar.date(dayNumber: day)
            let end = try business.adding(n, to: start, in: calendar)
            // The result is a business day (unless n is 0), and exactly n business days away.
            return (n == 0 || business.isBusinessDay(end.dayNumber)) && business.count(from: start, to: end) == n
        }
    }

    func testNthWeekdayInEveryCalendar() {
        for id in CalendarID.allCases {
            let calendar: any CalendarSystem
            do {
                calendar = try Calendars.system(id)
            } catch {
                // A calendar that cannot open is a failure, not a calendar to leave out.
                XCTFail("cannot open the \(id) calendar: \(error)")
                continue
            }
            forAll(Gen.zip(Gen.int(in: -62_091...84_006), Gen.element(of: Weekday.allCases), Gen.element(of: [1, 2, 3, 4, -1, -2])), runs: 40) { day, weekday, n in
                let date = try calendar.date(dayNumber: day)
                let found: CalendarDate
                do {
                    found = try calendar.date(n, weekday, year: date.year, month: date.month)
                } catch ArithmeticError.noSuchWeekday {
                    // Only a short month (the Coptic and Ethiopic 13th) lacks a 2nd ... 4th weekday.
                    return calendar.daysInMonth(year: date.year, month: date.month) < 7 * n.magnitude
                }
                // Same month, right weekday, and n weeks from the month's edge.
                let neighbour = try? calendar.adding(days: n > 0 ? -7 : 7, to: found)
                return found.weekday == weekday.rawValue && found.year == date.year && found.month == date.month
                    && (neighbour.map { $0.month != found.month || $0.year != found.year } ?? true) == (n.magnitude == 1)
            }
        }
    }
}
