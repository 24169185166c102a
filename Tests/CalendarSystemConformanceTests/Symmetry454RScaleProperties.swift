import Kalends
import KalendsCheck
import XCTest

/// RSCALE=SYMMETRY454 (RFC 7529) in a calendar registered through the
/// public API: rules read, validated and expanded through `CalendarSystem`
/// alone, held to the same naive reading as the built-in calendars'
/// (KalendsCheck's `RScaleOracle`, which `RScaleProperties` runs over them).
final class Symmetry454RScaleProperties: XCTestCase {
    let calendar = Symmetry454Calendar()

    override func setUp() {
        super.setUp()
        XCTAssertNoThrow(try Calendars.register(calendar))
    }

    /// The calendar opens by name, as RSCALE and the CLI's names do.
    func testRegisteredCalendarOpensByName() throws {
        XCTAssertEqual(try Calendars.identifier(named: "SYMMETRY454"), Symmetry454Calendar.identifier)
        XCTAssertEqual(try Calendars.system(named: "symmetry454").name, "Symmetry454")
        let rule = try RecurrenceRule(parsing: "RSCALE=SYMMETRY454;FREQ=MONTHLY;BYMONTHDAY=35;SKIP=BACKWARD")
        XCTAssertEqual(rule.rscale, Symmetry454Calendar.identifier)
        XCTAssertEqual(rule.description, "RSCALE=SYMMETRY454;FREQ=MONTHLY;BYMONTHDAY=35;SKIP=BACKWARD")
        // BYMONTHDAY reaches the calendar's longest month (35), BYYEARDAY its longest year (371).
        XCTAssertNoThrow(try RecurrenceRule(parsing: "RSCALE=SYMMETRY454;FREQ=YEARLY;BYYEARDAY=-371"))
        XCTAssertThrowsError(try RecurrenceRule(parsing: "RSCALE=SYMMETRY454;FREQ=MONTHLY;BYMONTHDAY=36")) { error in
            XCTAssertEqual("\(error)", "recurrence rule part BYMONTHDAY 'BYMONTHDAY=36' (character 33) has 36, outside -35 ... -1 or 1 ... 35")
        }
        XCTAssertThrowsError(try RecurrenceRule(parsing: "RSCALE=SYMMETRY454;FREQ=YEARLY;BYMONTH=5L")) { error in
            XCTAssertEqual("\(error)", "recurrence rule part BYMONTH 'BYMONTH=5L' (character 32) has 5L, outside the months of RSCALE=SYMMETRY454: 1 ... 12, no leap months")
        }
    }

    /// Published shape: every month ends on a Sunday, so the last day of each
    /// month (BYMONTHDAY=-1) is day 28 or 35; December has 35 in leap years.
    func testLastDaysOfMonths() throws {
        let start = try calendar.date(year: 2026, month: 1, day: 1)
        let set = try RecurrenceSet(start: .date(ISODate(dayNumber: start.dayNumber)),
                                    rules: [try RecurrenceRule(parsing: "RSCALE=SYMMETRY454;FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=13")])
        let days = try set.occurrences().dropFirst().map { try calendar.date(dayNumber: $0.local.dayNumber) }
        XCTAssertEqual(days.map(\.day), [28, 35, 28, 28, 35, 28, 28, 35, 28, 28, 35, calendar.isLeapYear(2026) ? 35 : 28])
        XCTAssertEqual(days.map(\.month), Array(1...12))
        XCTAssertTrue(days.allSatisfy { $0.weekday == 7 })
    }

    /// The engine equals the naive reading on generated rules (YEARLY,
    /// MONTHLY, WEEKLY, DAILY with BYMONTH, BYMONTHDAY positive and negative,
    /// BYDAY, BYYEARDAY, BYWEEKNO, BYSETPOS, INTERVAL): every occurrence's
    /// fields have the rule's parts, and every such date is an occurrence, in order, once.
    func testRulesEqualTheNaiveReading() {
        forAll(RScaleOracle.rules(calendar, skip: false), RScaleOracle.starts, runs: 150) { text, start in
            if let mismatch = try RScaleOracle.mismatch(text, start: start) { throw TestFailure(mismatch) }
            return true
        }
    }

    /// With SKIP=OMIT, BACKWARD and FORWARD: BYMONTHDAY 29 ... 35 and their
    /// negatives are missing from the 28-day months, and move as RFC 7529 says.
    func testSkipEqualsTheNaiveReading() {
        forAll(RScaleOracle.rules(calendar, skip: true), RScaleOracle.starts, runs: 150) { text, start in
            cover(minPercent: 5, text.contains("SKIP=BACKWARD"), "BACKWARD")
            cover(minPercent: 5, text.contains("SKIP=FORWARD"), "FORWARD")
            if let mismatch = try RScaleOracle.mismatch(text, start: start) { throw TestFailure(mismatch) }
            return true
        }
    }

    /// SKIP keeps every OMIT date and adds only a month's last (BACKWARD) or
    /// first (FORWARD) day, sorted and without repeats.
    func testSkipAddsOnlyTheNearestValidDates() {
        let gen = Gen.zip(Gen.element(of: [29, 31, 35, -29, -31, -35]).array(count: 1...2), RScaleOracle.starts,
                          Gen.element(of: [RecurrenceRule.Frequency.monthly, .yearly]))
        forAll(gen, runs: 150) { monthDays, start, frequency in
            if let violation = try RScaleOracle.skipViolation(calendar, frequency: frequency, monthDays: monthDays, start: start) {
                throw TestFailure(violation)
            }
            return true
        }
    }

    /// COUNT gives the first COUNT occurrences, and UNTIL (the last of them) the same.
    func testCountAndUntilEndTheRule() {
        let gen = Gen.zip(RScaleOracle.rules(calendar, skip: true), RScaleOracle.starts, Gen.int(in: 1...30))
        forAll(gen, runs: 150) { text, start, count in
            if let violation = try RScaleOracle.endViolation(text, start: start, count: count) { throw TestFailure(violation) }
            return true
        }
    }
}
