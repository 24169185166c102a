import Kalends
import KalendsCheck
import XCTest

/// Temporal's add and until over Symmetry454, as properties: month
/// arithmetic against a plain month-line oracle (every year has 12 months),
/// `.constrain` against `.reject`, and add/until inverse to each other.
final class Symmetry454ArithmeticProperties: XCTestCase {
    let calendar = Symmetry454Calendar()

    /// Days of ISO -9000 ... 9000, so most durations stay in range.
    static let days: Gen<Int> = Gen.frequency([
        (3, Symmetry454Gen.days.map { Swift.min(Swift.max($0, -4_006_000), 2_567_000) }),
        (1, Gen.int(in: -62_091...84_006)),
    ])

    /// Years and months, at most 11 months, one sign: balanced, so `until`
    /// in years gives exactly these fields back when nothing was clamped.
    static let monthDurations: Gen<(Int, Int, Bool)> = Gen.zip(Gen.int(in: 0...60), Gen.int(in: 0...11), Gen.bool)

    func isOutOfRange(_ error: any Error) -> Bool {
        if case ArithmeticError.outOfRange = error { return true }
        return false
    }

    /// Years and months move along the month line, the day kept or, under
    /// `.constrain`, clamped to the month's end; `.reject` throws exactly
    /// when clamping was needed; with nothing clamped, `until` gives the
    /// duration back, weeks and days (under a month) included.
    func testAddThenUntilGivesTheDurationBack() {
        let input = Gen.zip(Self.days, Self.monthDurations, Gen.int(in: 0...27))
        forAll(input, runs: 3000) { day, parts, days in
            let (years, months, negative) = parts
            let sign = negative ? -1 : 1
            let start = try calendar.date(dayNumber: day)
            let monthsOnly = try DateDuration(years: sign * years, months: sign * months)
            let constrained: CalendarDate
            do {
                constrained = try calendar.adding(monthsOnly, to: start, overflow: .constrain)
            } catch {
                guard isOutOfRange(error) else { throw error }
                label("out of range")
                return true
            }
            // The oracle: position on the month line, then the day clamped.
            let position = (start.year + sign * years) * 12 + (start.month - 1) + sign * months
            let year = position >= 0 ? position / 12 : -((11 - position) / 12), month = position - year * 12 + 1
            let length = calendar.daysInMonth(year: year, month: month)
            guard (constrained.year, constrained.month, constrained.day) == (year, month, min(start.day, length)) else {
                throw TestFailure("\(start.fields) + \(monthsOnly) = \(constrained.fields), expected \(year)-\(month)-\(min(start.day, length))")
            }
            let clamped = start.day > length
            cover(minPercent: 2, clamped, "clamped")
            classify(start.month == 12 && start.day > 28, "from the leap week")
            do {
                let rejected = try calendar.adding(monthsOnly, to: start, overflow: .reject)
                guard !clamped, rejected == constrained else {
                    throw TestFailure("\(start.fields) + \(monthsOnly) under reject = \(rejected.fields), constrain \(constrained.fields)")
                }
            } catch let error as ArithmeticError {
                guard clamped, case .dayNotInMonth(_, year, let code, start.day, length) = error, code == MonthCode(month) else {
                    throw TestFailure("\(start.fields) + \(monthsOnly) under reject threw \(error) (clamped: \(clamped))")
                }
                return true
            }
            // Not clamped: add the days too, and until gives the whole duration back.
            let duration = try DateDuration(years: sign * years, months: sign * months, days: sign * days)
            let end: CalendarDate
            do {
                end = try calendar.adding(duration, to: start, overflow: .reject)
            } catch {
                guard isOutOfRange(error) else { throw error }
                return true
            }
            guard end == (try calendar.adding(duration, to: start, overflow: .constrain)) else {
                throw TestFailure("\(start.fields) + \(duration): reject and constrain disagree without clamping")
            }
            let back = try calendar.until(start, end, largestUnit: .years)
            cover(minPercent: 50, true, "until checked")
            guard back == duration else {
                throw TestFailure("\(start.fields) + \(duration) = \(end.fields), but until gives \(back)")
            }
            // Months and years keep the weekday when the day was kept: every month starts on Monday.
            return constrained.weekday == start.weekday
        }
    }

    /// For any two days and any largest unit, `until` is balanced and one-signed,
    /// and adding it to the start (under `.constrain`) lands on the end.
    func testUntilThenAddLandsOnTheEnd() {
        forAll(Gen.zip(Self.days, Self.days, Gen.element(of: DateUnit.allCases)), runs: 3000) { a, b, unit in
            let start = try calendar.date(dayNumber: a), end = try calendar.date(dayNumber: b)
            let duration = try calendar.until(start, end, largestUnit: unit)
            let parts = [duration.years, duration.months, duration.weeks, duration.days]
            guard parts.allSatisfy({ $0 == 0 || $0.signum() == (b - a).signum() }) else {
                throw TestFailure("until(\(start.fields), \(end.fields), \(unit)) = \(duration): mixed signs")
            }
            // Balanced: with months, fewer days than the longest month (35); weeks only when asked.
            guard unit < .months || duration.days.magnitude < 35, unit == .weeks || duration.weeks == 0,
                  unit == .years || duration.years == 0, unit >= .months || duration.months == 0 else {
                throw TestFailure("until(\(start.fields), \(end.fields), \(unit)) = \(duration): not balanced")
            }
            if unit <= .weeks {
                guard duration.weeks * 7 + duration.days == b - a else { throw TestFailure("\(duration) is not \(b - a) days") }
            }
            let landed = try calendar.adding(duration, to: start)
            guard landed.dayNumber == b else {
                throw TestFailure("\(start.fields) + \(duration) = \(landed.fields), expected \(end.fields)")
            }
            return try calendar.since(start, end, largestUnit: unit) == (try duration.negated())
        }
    }

    /// The 29th ... 35th day of a 35-day month plus one month: the next month
    /// has 28 days (or is a leap December), so constrain gives the 28th and
    /// reject throws `.dayNotInMonth`.
    func testOneMonthFromAFiveWeekMonthsEnd() {
        let input = Gen.zip(Gen.int(in: -9000...9000), Gen.element(of: [2, 5, 8, 11, 12]), Gen.int(in: 29...35))
        forAll(input, runs: 2000) { year, month, day in
            try assume(calendar.daysInMonth(year: year, month: month) == 35, "December of a year without the leap week")
            let start = try calendar.date(year: year, month: month, day: day)
            let next = try calendar.adding(.months(1), to: start)
            let nextLength = calendar.daysInMonth(year: next.year, month: next.month)
            classify(month == 11 && nextLength == 35, "into a leap December")
            classify(month == 12, "from the leap week")
            guard next.month == month % 12 + 1, next.day == min(day, nextLength) else {
                throw TestFailure("\(start.fields) + P1M = \(next.fields)")
            }
            do {
                let rejected = try calendar.adding(.months(1), to: start, overflow: .reject)
                return nextLength == 35 && rejected == next
            } catch ArithmeticError.dayNotInMonth(_, next.year, MonthCode(next.month), day, 28) {
                return nextLength == 28
            }
        }
    }

    /// Weeks and days are plain day counts; weeks keep the weekday.
    func testWeeksAndDaysAreDayCounts() {
        forAll(Gen.zip(Self.days, Gen.int(in: -2000...2000), Gen.int(in: 0...30), Gen.bool), runs: 2000) { day, weeks, magnitude, negative in
            // A duration has one sign: the days take the weeks' (or their own without weeks).
            let days = (weeks < 0 || (weeks == 0 && negative)) ? -magnitude : magnitude
            let start = try calendar.date(dayNumber: day)
            let moved = try calendar.adding(try DateDuration(weeks: weeks, days: days), to: start)
            let byWeeks = try calendar.adding(.weeks(weeks), to: start)
            let byDays = try calendar.adding(days: 7 * weeks + days, to: start)
            return byWeeks.weekday == start.weekday && byWeeks.dayNumber == day + 7 * weeks
                && moved.dayNumber == day + 7 * weeks + days && byDays == moved
        }
    }
}
