import Kalends
import KalendsCheck
import XCTest

/// Arithmetic invariants, run over every calendar (engine `.standard`).
///
/// Engines backed by ICU cost up to ~250 µs a call, so each calendar gets a
/// share of the cases (`runs(for:)`), scaled by `KALENDS_PROPERTY_RUNS`.
final class ArithmeticProperties: XCTestCase {
    /// Cases per calendar: the rule-based engines get more.
    func runs(for id: CalendarID) -> Int {
        id == .hebrew || id == .iso8601 ? 1500 : 250
    }

    /// Day numbers: mostly ISO 1800 ... 2200, sometimes anywhere in ISO -9000 ... 9000.
    static let days: Gen<Int> = Gen.frequency([
        (4, Gen.int(in: -62_091...84_006)),
        (1, Gen.int(in: -4_006_000...2_567_000)),
    ])

    /// A date duration with one sign, some fields zero.
    static let durations: Gen<DateDuration> = Gen.zip(
        Gen.zip(Gen.int(in: 0...3).map { $0 == 0 ? 0 : $0 * 7 - 12 }, Gen.int(in: -40...40)),
        Gen.zip(Gen.int(in: -30...30), Gen.int(in: -400...400)),
        Gen.int(in: 0...15), Gen.bool
    ).map { parts in
        let ((years, months), (weeks, days)) = (parts.0, parts.1)
        let mask = parts.2, negative = parts.3
        func part(_ value: Int, _ bit: Int) -> Int { mask & (1 << bit) == 0 ? 0 : (negative ? -abs(value) : abs(value)) }
        return (try? DateDuration(years: part(years, 0), months: part(months, 1), weeks: part(weeks, 2), days: part(days, 3))) ?? .zero
    }

    func eachCalendar(_ body: (any CalendarSystem, Int) throws -> Void) rethrows {
        for id in CalendarID.allCases {
            guard let calendar = try? Calendars.system(id) else {
                XCTFail("no engine for \(id)")
                continue
            }
            try body(calendar, runs(for: id))
        }
    }

    /// A date whose fields give its day number back. ICU's Indian calendar
    /// does not for some days before Julian Day 0 (day -2440561 reads as
    /// -4791-09-30, which maps to the next day): an engine defect the Parity
    /// tests own, so arithmetic properties discard such days.
    func date(_ calendar: any CalendarSystem, _ day: Int) throws -> CalendarDate {
        let date = try calendar.date(dayNumber: day)
        try assume(calendar.dayNumber(year: date.year, month: date.month, day: date.day) == day,
                   "a day whose fields do not map back to it (ICU's Indian calendar before Julian Day 0)")
        return date
    }

    func isOutOfRange(_ error: any Error) -> Bool {
        if case ArithmeticError.outOfRange = error { return true }
        return false
    }

    func testAddingUntilGivesTheEnd() {
        eachCalendar { calendar, runs in
            forAll(Gen.zip(Self.days, Self.days, Gen.element(of: DateUnit.allCases)), runs: runs) { a, b, unit in
                let start = try date(calendar, a), end = try date(calendar, b)
                let duration: DateDuration
                do {
                    duration = try calendar.until(start, end, largestUnit: unit)
                } catch {
                    throw TestFailure("\(calendar.id): until(\(CalendarDateText.format(start)), \(CalendarDateText.format(end)), \(unit)) threw \(error)")
                }
                let signs = [duration.years, duration.months, duration.weeks, duration.days].map { $0.signum() }
                // One sign; balanced: with years or months, the days left are less than a month's worth.
                guard signs.allSatisfy({ $0 == 0 || $0 == (b - a).signum() }), unit < .months || duration.days.magnitude <= 31 else {
                    throw TestFailure("\(calendar.id): until(\(CalendarDateText.format(start)), \(CalendarDateText.format(end))) = \(duration), not one balanced sign")
                }
                let back = try calendar.adding(duration, to: start)
                guard back.dayNumber == b else {
                    XCTFail("\(calendar.id): \(CalendarDateText.format(start)) + \(duration) = \(CalendarDateText.format(back)), expected \(CalendarDateText.format(end))")
                    return false
                }
                return try calendar.since(start, end, largestUnit: unit) == (try duration.negated())
            }
        }
    }

    func testResultsAreValidDatesAndRejectThrowsExactlyWhenConstrainClamps() {
        eachCalendar { calendar, runs in
            forAll(Gen.zip(Self.days, Self.durations), runs: runs) { day, duration in
                let start = try date(calendar, day)
                let constrained: CalendarDate
                do {
                    constrained = try calendar.adding(duration, to: start, overflow: .constrain)
                } catch {
                    return isOutOfRange(error)
                }
                // A valid date: its fields are those of its day number.
                guard constrained == (try calendar.date(dayNumber: constrained.dayNumber)), constrained.day >= 1,
                      constrained.day <= calendar.daysInMonth(year: constrained.year, month: constrained.month) else {
                    throw TestFailure("\(calendar.id): \(CalendarDateText.format(start)) + \(duration) = \(constrained), not a valid date")
                }
                // Clamping, seen from outside: the start's month code is missing in
                // the year reached, or the day changed (only years and months can clamp).
                let yearMonth = try DateDuration(years: duration.years, months: duration.months)
                let reached = try calendar.adding(yearMonth, to: start, overflow: .constrain)
                let codeExists = try calendar.monthCodes(inYear: start.year + duration.years).contains(start.monthCode)
                let clamped = !yearMonth.isZero && (!codeExists || reached.day != start.day)
                let consistent: Bool
                do {
                    let rejected = try calendar.adding(duration, to: start, overflow: .reject)
                    consistent = !clamped && rejected == constrained
                } catch ArithmeticError.monthCodeNotInYear {
                    consistent = clamped && !codeExists
                } catch ArithmeticError.dayNotInMonth {
                    consistent = clamped
                }
                return consistent
            }
        }
    }

    func testAddThenSubtractReturnsWhenNothingClamped() {
        // One unit at a time: with several, subtracting undoes them in another order.
        let single = Gen.zip(Gen.element(of: DateUnit.allCases), Gen.int(in: -300...300)).map { unit, n -> DateDuration in
            switch unit {
            case .years: .years(n / 10)
            case .months: .months(n)
            case .weeks: .weeks(n)
            case .days: .days(n * 30)
            }
        }
        eachCalendar { calendar, runs in
            forAll(Gen.zip(Self.days, single), runs: runs) { day, duration in
                let start = try date(calendar, day)
                let there: CalendarDate
                do {
                    there = try calendar.adding(duration, to: start, overflow: .reject)
                } catch ArithmeticError.monthCodeNotInYear, ArithmeticError.dayNotInMonth {
                    // Rejected exactly when constraining would have clamped.
                    let constrained = try calendar.adding(duration, to: start, overflow: .constrain)
                    return constrained.day != start.day || constrained.monthCode != start.monthCode
                } catch {
                    // Only leaving the supported range may fail otherwise.
                    guard isOutOfRange(error) else { throw error }
                    return true
                }
                // Nothing clamped, so subtracting the same duration must come back.
                let back = try calendar.subtracting(duration, from: there, overflow: .reject)
                guard back == start else {
                    throw TestFailure("\(calendar.id): \(CalendarDateText.format(start)) + \(duration) = \(CalendarDateText.format(there)), minus it = \(CalendarDateText.format(back))")
                }
                return true
            }
        }
    }

    func testAddingDaysMovesTheDayNumber() {
        eachCalendar { calendar, runs in
            forAll(Gen.zip(Self.days, Gen.int(in: -100_000...100_000)), runs: runs) { day, n in
                let start = try date(calendar, day)
                do {
                    let result = try calendar.adding(.days(n), to: start)
                    let viaWeeks = try calendar.adding(try DateDuration(weeks: n / 7, days: n % 7), to: start)
                    return result.dayNumber == day + n && viaWeeks == result && result.calendar == calendar.id
                } catch {
                    return isOutOfRange(error) && !DayNumber.supported.contains(day + n)
                }
            }
        }
    }

    func testDurationTextRoundTrips() {
        let field = Gen.frequency([(3, Gen.constant(0)), (3, Gen.int(in: 1...100)), (1, Gen.int(in: 1...999_999_999_999))])
        let durations = Gen.zip(Gen.zip(field, field, field, field), Gen.zip(field, field, field), Gen.int(in: 0...999_999_999), Gen.bool)
            .map { parts -> CalendarDuration in
                let ((y, mo, w, d), (h, mi, s), ns, negative) = parts
                let k = negative ? -1 : 1
                return (try? CalendarDuration(date: DateDuration(years: k * y, months: k * mo, weeks: k * w, days: k * d),
                                              time: TimeDuration(hours: k * h, minutes: k * mi, seconds: k * s, nanoseconds: k * (ns % 3 == 0 ? 0 : ns)))) ?? .zero
            }
        forAll(durations, runs: 2000) { duration in
            let text = duration.description
            let back = try CalendarDuration(parsing: text)
            return back == duration && back.description == text
        }
    }

    /// Date-times in a zone with DST: adding until gives the end; a wall-clock
    /// time that exists once comes back unchanged.
    func testZonedAddingUntilGivesTheEnd() throws {
        let iso = try Calendars.system(.iso8601)
        let zones = try ["America/New_York", "Europe/London", "Australia/Sydney", "Australia/Lord_Howe", "Pacific/Apia"].map(ZoneRules.init(identifier:))
        let seconds = Gen.int(in: 1_200_000_000...1_800_000_000)
        let units: [DurationUnit] = [.years, .months, .weeks, .days, .hours, .minutes]
        forAll(Gen.zip(seconds, seconds, Gen.element(of: zones), Gen.element(of: units)), runs: 1000) { a, b, zone, unit in
            let start = try ZonedDateTime(instant: Instant(seconds: a), zone: zone)
            let end = try ZonedDateTime(instant: Instant(seconds: b), zone: zone)
            let duration = try start.until(end, in: iso, largestUnit: unit)
            let back = try start.adding(duration, in: iso)
            guard back == end else {
                XCTFail("\(zone): \(start) + \(duration) = \(back), expected \(end)")
                return false
            }
            guard let resolved = try? zone.resolve(start.local, .reject) else {
                return zone.possibleOffsets(for: start.local).count == 2
            }
            return resolved.instant == start.instant
        }
    }

    func testLocalAddingUntilGivesTheEnd() throws {
        let calendars = try [CalendarID.iso8601, .hebrew].map { try Calendars.system($0) }
        let moments = Gen.zip(Gen.int(in: -62_091...84_006), Gen.int(in: 0...86_399))
        forAll(Gen.zip(moments, moments, Gen.element(of: DurationUnit.allCases), Gen.element(of: [0, 1])), runs: 1000) { a, b, unit, which in
            let calendar = calendars[which]
            let start = try LocalDateTime(dayNumber: a.0, time: TimeOfDay(hour: a.1 / 3600, minute: a.1 / 60 % 60, second: a.1 % 60))
            let end = try LocalDateTime(dayNumber: b.0, time: TimeOfDay(hour: b.1 / 3600, minute: b.1 / 60 % 60, second: b.1 % 60))
            let duration = try start.until(end, in: calendar, largestUnit: unit)
            return try start.adding(duration, in: calendar) == end
        }
    }
}
