import KalendsCheck
import XCTest
@testable import Kalends

/// Text ICU writes from Kalends' fields shows Kalends' date where ICU 72's own
/// calendars are off. Its Chinese and Dangi calendars share their year caches: once one
/// has computed a year, the other can move whole months of that year (1916,
/// 1944, 2028 ... found in review). Formatted text must still show Kalends'
/// month and day, whichever calendar was formatted first: days of both
/// calendars, interleaved, in one process.
final class FormattedFieldsProperties: XCTestCase {
    func testTheMonthAndDayAreKalendsWhateverWasFormattedBefore() throws {
        let chinese = try Calendars.system(.chinese), dangi = try Calendars.system(.dangi)
        let formats = [try LocalizedDateFormat(calendar: .chinese, pattern: "MMMM d"), try LocalizedDateFormat(calendar: .dangi, pattern: "MMMM d")]
        let first = try ISODate(year: 1800, month: 1, day: 1).dayNumber, last = try ISODate(year: 2200, month: 12, day: 31).dayNumber
        // Pairs of days: a day of one calendar, then one of the other in the same or a nearby year.
        let cases = Gen.zip(Gen.int(in: first...last), Gen.int(in: -400...400), Gen.int(in: 0...1))
        forAll(cases, runs: 2_000) { day, offset, order in
            for (index, dayNumber) in [(order, day), (1 - order, day + offset)] {
                let system = index == 0 ? chinese : dangi
                let date = try system.date(dayNumber: dayNumber)
                let code = date.monthCode
                // ICU's English month name, with Kalends' override for a leap month ("Leap Second Month").
                let expected = system.monthName(code, leapYear: false) + " \(date.day)"
                let text = try formats[index].string(from: date)
                guard text == expected else { throw TestFailure("\(system.id) day \(dayNumber) (\(date)): '\(text)', expected '\(expected)'") }
            }
            return true
        }
    }

    /// ICU 72 puts every Indian day before Julian Day 0 a day late (Conformance.md):
    /// the day of the month written is still Kalends' day, in every calendar,
    /// across the supported range.
    func testTheDayOfTheMonthIsKalendsAcrossTheRange() throws {
        let ids: [CalendarID] = [.indian, .gregorian, .julian, .persian, .coptic, .ethiopic, .hebrew, .islamicCivil, .buddhist]
        let systems = try ids.map { try Calendars.system($0) }
        let formats = try ids.map { try LocalizedDateFormat(calendar: $0, pattern: "d") }
        let days = Gen.oneOf([Gen.int(in: DayNumber.supported), Gen.int(in: -2_600_000 ... -2_400_000)])  // around Julian Day 0
        forAll(Gen.zip(Gen.int(in: 0...(ids.count - 1)), days), runs: 3_000) { index, day in
            let date = try systems[index].date(dayNumber: day)
            let text = try formats[index].string(from: date)
            guard text == "\(date.day)" else { throw TestFailure("\(ids[index]) day \(day) (\(date)): '\(text)'") }
            return true
        }
    }
}
