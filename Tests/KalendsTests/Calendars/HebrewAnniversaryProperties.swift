import KalendsCheck
import XCTest
@testable import Kalends

/// Properties of Hebrew birthdays and yahrzeits, on generated events and
/// target years.
///
/// What holds (Docs/Recurrence.md, "Hebrew anniversaries"):
/// - For every event day and every Hebrew year whose days are all supported,
///   both anniversaries exist (no throw) and lie in that Hebrew year: CC's
///   roll-over past a month's end (30 Heshvan to 1 Kislev, 30 Kislev to 1
///   Tevet, a birthday's 30 Adar I to 1 Nisan) never leaves the year.
/// - Where the target year has the event's month code and day, the
///   anniversary is that date, except for the yahrzeit rules that look
///   elsewhere: 30 Heshvan or 30 Kislev when the year after the death lacked
///   it, and Adar of a common year, which is Adar I in a leap year.
/// - Otherwise the anniversary is within one day of Temporal's constrained
///   date (Adar I as Adar, the day clamped to the month), except for a death
///   on 30 Adar I in a common year (30 Shevat) and the Adar rule above.
final class HebrewAnniversaryProperties: XCTestCase {
    static let hebrew = Calendars.hebrew
    /// Hebrew years all of whose days are supported (the first and last are cut by ISO -9999 and 9999).
    static let wholeYears = (hebrew.supportedYears.lowerBound + 1)...(hebrew.supportedYears.upperBound - 1)

    /// Event days: anywhere, or on the days the rules treat specially (the
    /// 29th and 30th of Heshvan, Kislev, Shevat, Adar I and Adar, in any year).
    static let eventDay: Gen<Int> = Gen.frequency([
        (1, Gen.dayNumber(near: hebrew)),
        (2, Gen<(Int, MonthCode, Int)>.zip(
            Gen.int(in: wholeYears),
            Gen.element(of: [MonthCode(2), MonthCode(3), MonthCode(5), MonthCode(5, isLeap: true), MonthCode(6)]),
            Gen.int(in: 28...30)
        ).map { year, code, day in
            // Constrained, so Adar I of a common year is Adar and a missing 30th the 29th.
            (try? hebrew.date(year: year, monthCode: code, day: day, overflow: .constrain).dayNumber) ?? 0
        }),
    ])

    /// An event day and a target year: near it (the years people ask for) or anywhere.
    static let eventAndYear: Gen<(Int, Int)> = eventDay.flatMap { day in
        let year = hebrew.ordinalDate(ofDay: day).year
        let near = max(wholeYears.lowerBound, year - 3)...min(wholeYears.upperBound, year + 120)
        return Gen.frequency([(3, Gen.int(in: near)), (1, Gen.int(in: wholeYears))]).map { (day, $0) }
    }

    static let kinds = Gen.element(of: HebrewAnniversary.Kind.allCases)

    /// Whether CC's yahrzeit takes another month or day than the event's,
    /// even where the target year has the event's month code and day.
    static func yahrzeitLooksElsewhere(_ death: CalendarDate, inYear year: Int) -> Bool {
        let next = HebrewMath.YearShape(length: hebrew.daysInYear(death.year + 1))
        if death.day == 30 && death.monthCode == MonthCode(2) && !next.isComplete { return true }
        if death.day == 30 && death.monthCode == MonthCode(3) && next.isDeficient { return true }
        return death.monthCode == MonthCode(6) && !hebrew.isLeapYear(death.year) && hebrew.isLeapYear(year)
    }

    func testAnniversariesExistAndFallInTheTargetYear() {
        forAll(Self.eventAndYear, Self.kinds, runs: 3000) { event, kind in
            let (day, year) = event
            let result = try HebrewAnniversary.date(kind, of: try Self.hebrew.date(dayNumber: day), inYear: year)
            guard result.year == year, result.calendar == CalendarIdentifier(.hebrew) else {
                throw TestFailure("\(kind) of day \(day) in \(year) is \(result)")
            }
            return true
        }
    }

    func testTheSameMonthCodeAndDayWhereTheYearHasIt() {
        forAll(Self.eventAndYear, Self.kinds, runs: 3000) { event, kind in
            let (day, year) = event
            let date = try Self.hebrew.date(dayNumber: day)
            let result = try HebrewAnniversary.date(kind, of: date, inYear: year)
            guard let plain = try? Self.hebrew.date(year: year, monthCode: date.monthCode, day: date.day) else {
                throw Discard("the year lacks the event's month code and day")
            }
            try assume(!(kind == .yahrzeit && Self.yahrzeitLooksElsewhere(date, inYear: year)), "a yahrzeit that looks elsewhere")
            guard result == plain else { throw TestFailure("\(kind) of \(date) in \(year) is \(result), not \(plain)") }
            return true
        }
    }

    func testOtherwiseWithinADayOfTheConstrainedDate() {
        forAll(Self.eventAndYear, Self.kinds, runs: 3000) { event, kind in
            let (day, year) = event
            let date = try Self.hebrew.date(dayNumber: day)
            let result = try HebrewAnniversary.date(kind, of: date, inYear: year)
            let commonYearAdar = date.monthCode == MonthCode(6) && !Self.hebrew.isLeapYear(date.year)
            if kind == .yahrzeit && commonYearAdar && Self.hebrew.isLeapYear(year) {
                // CC's month 12 is Adar I in a leap year.
                let adarI = try Self.hebrew.date(year: year, monthCode: MonthCode(5, isLeap: true), day: date.day)
                guard result == adarI else { throw TestFailure("yahrzeit of \(date) in \(year) is \(result), not \(adarI)") }
                return true
            }
            if kind == .yahrzeit && date.monthCode == MonthCode(5, isLeap: true) && date.day == 30 && !Self.hebrew.isLeapYear(year) {
                let shevat = try Self.hebrew.date(year: year, monthCode: MonthCode(5), day: 30)
                guard result == shevat else { throw TestFailure("yahrzeit of \(date) in \(year) is \(result), not \(shevat)") }
                return true
            }
            let constrained = try Self.hebrew.date(year: year, monthCode: date.monthCode, day: date.day, overflow: .constrain)
            guard abs(result.dayNumber - constrained.dayNumber) <= 1 else {
                throw TestFailure("\(kind) of \(date) in \(year) is \(result), more than a day from \(constrained)")
            }
            return true
        }
    }

    /// A death on 30 Heshvan or 30 Kislev follows its first anniversary: when
    /// that year lacked the 30th, the yahrzeit is always the month's last day
    /// (29th or 30th); when it had it, the 30th, or the next month's 1st.
    func testThirtiethOfHeshvanAndKislevFollowTheFirstAnniversary() {
        // The death year moves on to the first that has the 30th (one comes
        // within a few years), so few cases are discarded.
        let deaths = Gen<(Int, MonthCode, Int)>.zip(Gen.int(in: Self.wholeYears), Gen.element(of: [MonthCode(2), MonthCode(3)]),
                                                     Gen.int(in: Self.wholeYears)).map { deathYear, code, year in
            let withThirtieth = (deathYear...Self.wholeYears.upperBound).lazy
                .first { Self.hebrew.daysInMonth(year: $0, month: code.number) == 30 } ?? deathYear
            return (withThirtieth, code, year)
        }
        forAll(deaths, runs: 2000) { deathYear, code, year in
            guard let death = try? Self.hebrew.date(year: deathYear, monthCode: code, day: 30) else {
                throw Discard("the death year has no 30th of the month")
            }
            let result = try HebrewAnniversary.yahrzeit(of: death, inYear: year)
            // Heshvan and Kislev are months 2 and 3 of every year; the year
            // after the death may lie past the supported days (AM 13760).
            let firstHasThirtieth = Self.hebrew.daysInMonth(year: deathYear + 1, month: code.number) == 30
            let targetHasThirtieth = Self.hebrew.daysInMonth(year: year, month: code.number) == 30
            let expected: CalendarDate
            if !firstHasThirtieth || targetHasThirtieth {
                expected = try Self.hebrew.date(year: year, monthCode: code, day: targetHasThirtieth ? 30 : 29)
            } else {
                expected = try Self.hebrew.date(year: year, monthCode: MonthCode(code.number + 1), day: 1)
            }
            guard result == expected else { throw TestFailure("yahrzeit of \(death) in \(year) is \(result), not \(expected)") }
            return true
        }
    }

    /// The two rules differ only at the 30th of Heshvan and Kislev, at 30 Adar
    /// I in a common year, and for Adar of a common year in a leap one.
    func testBirthdayAndYahrzeitAgreeOutsideTheirRules() {
        forAll(Self.eventAndYear, runs: 3000) { day, year in
            let date = try Self.hebrew.date(dayNumber: day)
            let birthday = try HebrewAnniversary.birthday(of: date, inYear: year)
            let yahrzeit = try HebrewAnniversary.yahrzeit(of: date, inYear: year)
            let differs = (date.day == 30 && [MonthCode(2), MonthCode(3), MonthCode(5, isLeap: true)].contains(date.monthCode))
                || (date.monthCode == MonthCode(6) && !Self.hebrew.isLeapYear(date.year) && Self.hebrew.isLeapYear(year))
            guard differs || birthday == yahrzeit else {
                throw TestFailure("\(date) in \(year): birthday \(birthday), yahrzeit \(yahrzeit)")
            }
            return true
        }
    }

    /// In the event's own year the birthday is the event itself; so is the
    /// yahrzeit, unless its Heshvan or Kislev rule applies.
    func testTheEventsOwnYearGivesTheEvent() {
        forAll(Self.eventDay, runs: 2000) { day in
            let date = try Self.hebrew.date(dayNumber: day)
            try assume(Self.wholeYears.contains(date.year), "an event outside the whole supported years")
            guard try HebrewAnniversary.birthday(of: date, inYear: date.year) == date else { throw TestFailure("birthday of \(date)") }
            let yahrzeit = try HebrewAnniversary.yahrzeit(of: date, inYear: date.year)
            return yahrzeit == date || Self.yahrzeitLooksElsewhere(date, inYear: date.year)
        }
    }

    /// The event may be given in any calendar: only its day counts.
    func testTheEventsCalendarDoesNotMatter() {
        forAll(Self.eventAndYear, Gen.calendarID, runs: 500) { event, id in
            let (day, year) = event
            let other = try Calendars.system(id).date(dayNumber: day)
            let hebrewDate = try Self.hebrew.date(dayNumber: day)
            for kind in HebrewAnniversary.Kind.allCases {
                guard try HebrewAnniversary.date(kind, of: other, inYear: year) == HebrewAnniversary.date(kind, of: hebrewDate, inYear: year) else {
                    throw TestFailure("\(kind) of \(other) in \(year)")
                }
            }
            return true
        }
    }

    /// Years outside the supported ones are errors, never traps.
    func testAnyYearIsAnAnswerOrAnError() {
        forAll(Self.eventDay, Gen.int64(in: Int64.min...Int64.max), Self.kinds, runs: 1000) { day, year, kind in
            let date = try Self.hebrew.date(dayNumber: day)
            do {
                _ = try HebrewAnniversary.date(kind, of: date, inYear: Int(year))
                return Self.hebrew.supportedYears.contains(Int(year))
            } catch {
                return !Self.wholeYears.contains(Int(year))
            }
        }
    }
}
