import Kalends
import KalendsCheck
import XCTest

/// The shared invariants of every calendar, over Symmetry454: round trips
/// between day numbers and fields, and continuity from one day to the next.
final class Symmetry454ConversionProperties: XCTestCase {
    let calendar = Symmetry454Calendar()

    func testDayToFieldsToDayRoundTrips() {
        forAll(Symmetry454Gen.days, runs: 3000) { day in
            let date = try calendar.date(dayNumber: day)
            cover(minPercent: 1, date.month == 12 && date.day > 28, "leap week")
            classify(date.day == 1, "first of a month")
            let fields = calendar.ordinalDate(ofDay: day)
            guard fields == OrdinalDate(year: date.year, month: date.month, day: date.day) else {
                throw TestFailure("ordinalDate(ofDay: \(day)) = \(fields), date(dayNumber:) = \(date.fields)")
            }
            guard (1...12).contains(date.month), (1...calendar.daysInMonth(year: date.year, month: date.month)).contains(date.day),
                  date.monthCode == MonthCode(date.month) else {
                throw TestFailure("day \(day): fields \(date.fields) \(date.monthCode) are not valid")
            }
            let byOrdinal = try calendar.date(year: date.year, month: date.month, day: date.day)
            let byCode = try calendar.date(year: date.year, monthCode: date.monthCode, day: date.day)
            let checked = try calendar.checkedDayNumber(year: date.year, month: date.month, day: date.day)
            let direct = calendar.dayNumberIfValid(year: date.year, monthCode: date.monthCode, day: date.day)
            let throughOverflow = try calendar.dayNumber(year: date.year, monthCode: date.monthCode, day: date.day, overflow: .reject)
            for (how, other) in [("ordinal", byOrdinal), ("month code", byCode)] where other != date {
                throw TestFailure("day \(day) = \(date.fields) rebuilt by \(how) is \(other.fields) (day \(other.dayNumber))")
            }
            guard checked == day, direct == day, throughOverflow == day else {
                throw TestFailure("day \(day) = \(date.fields): checked \(checked), ifValid \(String(describing: direct)), overflow \(throughOverflow)")
            }
            // Every month starts on a Monday, so the day of the month fixes the weekday.
            guard date.weekday == (date.day - 1) % 7 + 1 else {
                throw TestFailure("\(date.fields) is weekday \(date.weekday)")
            }
            return try calendar.dayOfYear(of: date) == day - calendar.firstDay(ofYear: date.year) + 1
        }
    }

    /// The month and year lengths its facts claim hold in sampled years, and
    /// both bounds occur within one 293-year leap cycle.
    func testLengthFactsHold() {
        forAll(Gen.int(in: calendar.supportedYears), runs: 1000) { year in
            if let violation = CalendarLengthFacts.violation(in: calendar, year: year) { throw TestFailure(violation) }
            return true
        }
        let seen = CalendarLengthFacts.observed(in: calendar, years: 2000...2293)
        XCTAssertEqual(seen.months, calendar.monthLengths)
        XCTAssertEqual(seen.years, calendar.yearLengths)
    }

    func testFieldsToDayToFieldsRoundTrips() {
        forAll(Symmetry454Gen.fields, runs: 3000) { fields in
            let number = calendar.dayNumber(year: fields.year, month: fields.month, day: fields.day)
            guard DayNumber.supported.contains(number) else {
                // Only the last days of Symmetry454 9999 reach past ISO 9999-12-31; building them must fail.
                label("past the supported days")
                return fields.year == 9999 && (try? calendar.date(year: fields.year, month: fields.month, day: fields.day)) == nil
            }
            let date = try calendar.date(dayNumber: number)
            guard date.year == fields.year, date.month == fields.month, date.day == fields.day else {
                throw TestFailure("\(fields) -> day \(number) -> \(date.fields)")
            }
            return try calendar.date(year: fields.year, month: fields.month, day: fields.day, overflow: .reject).dayNumber == number
        }
    }

    /// Day number + 1 is the next date (next day, first of the next month, or
    /// New Year) and the next weekday.
    func testNextDayIsContinuous() {
        let days = Symmetry454Gen.days.map { Swift.min($0, DayNumber.supported.upperBound - 1) }
        forAll(days, runs: 3000) { day in
            let today = try calendar.date(dayNumber: day)
            let tomorrow = try calendar.date(dayNumber: day + 1)
            let length = calendar.daysInMonth(year: today.year, month: today.month)
            let expected: (Int, Int, Int)
            if today.day < length {
                expected = (today.year, today.month, today.day + 1)
            } else if today.month < 12 {
                label("month end")
                expected = (today.year, today.month + 1, 1)
            } else {
                label("year end")
                expected = (today.year + 1, 1, 1)
            }
            guard (tomorrow.year, tomorrow.month, tomorrow.day) == expected else {
                throw TestFailure("day \(day) = \(today.fields), day + 1 = \(tomorrow.fields), expected \(expected)")
            }
            return tomorrow.weekday == today.weekday % 7 + 1
        }
    }

    /// Years have 52 or 53 whole weeks, the 53rd exactly in leap years, and
    /// their months add up to them.
    func testYearsAreWholeWeeks() {
        let years = Gen.int(in: calendar.supportedYears.lowerBound...(calendar.supportedYears.upperBound - 1))
        forAll(years, runs: 2000) { year in
            let length = try calendar.firstDay(ofYear: year + 1) - calendar.firstDay(ofYear: year)
            let months = try (1...calendar.checkedMonthsInYear(year)).map { try calendar.checkedDaysInMonth(year: year, month: $0) }
            classify(calendar.isLeapYear(year), "leap")
            let start = try calendar.date(dayNumber: calendar.firstDay(ofYear: year))
            return length == (calendar.isLeapYear(year) ? 371 : 364) && months.reduce(0, +) == length
                && start.weekday == 1 && (start.month, start.day) == (1, 1)
        }
    }
}
