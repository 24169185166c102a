import Foundation
import KalendsCheck
import XCTest
@testable import Kalends
import KalendsICalendar

/// RSCALE and SKIP (RFC 7529): the standard's examples, and the engine
/// against a naive reading on generated rules in every calendar
/// (KalendsCheck's `RScaleOracle`, which CalendarSystemConformanceTests
/// runs over a registered calendar too).
final class RScaleProperties: XCTestCase {
    typealias Frequency = RecurrenceRule.Frequency

    // MARK: The standard's examples

    func testEveryExampleOfRFC7529() throws {
        let vectors = try RFC5545VectorTests.vectors("rfc7529-examples.txt")
        XCTAssertGreaterThanOrEqual(vectors.count, 15)
        for vector in vectors {
            let set = try RecurrenceSet(parsing: vector.lines)
            XCTAssertEqual(set.occurrences().prefix(1_000).map(RFC5545VectorTests.wall), vector.expected, vector.title)
        }
    }

    /// Days SKIP moves out of their period come out in order, once: a
    /// MONTHLY -31st (BACKWARD puts February's on 31 January) and a 31st
    /// beside the 1st (FORWARD puts April's on 1 May, which is May's own 1st).
    func testMovedDatesMergeInOrderWithoutRepeats() throws {
        let set = try RecurrenceSet(parsing: """
            DTSTART;VALUE=DATE:20150101
            RRULE:RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=1,31;SKIP=FORWARD;UNTIL=20150701
            """)
        XCTAssertEqual(set.occurrences().map(RFC5545VectorTests.wall),
                       ["20150101", "20150131", "20150201", "20150301", "20150331", "20150401", "20150501", "20150531",
                        "20150601", "20150701"])
        // A window that starts on 1 March still sees February's 31st moved there (once).
        let window = try set.occurrences(from: .local(LocalDateTime(ISODate(year: 2015, month: 3, day: 1), TimeOfDay(hour: 0))),
                                         to: .local(LocalDateTime(ISODate(year: 2015, month: 4, day: 2), TimeOfDay(hour: 0))))
        XCTAssertEqual(window.map(RFC5545VectorTests.wall), ["20150301", "20150331", "20150401"])
    }

    /// A MONTHLY rule's BYMONTH limits the month before its days expand, so
    /// a date SKIP moves into the next month is kept (libical drops it).
    func testMonthlyBYMONTHLimitsThePeriodBeforeSkip() throws {
        let set = try RecurrenceSet(parsing: """
            DTSTART;VALUE=DATE:20150131
            RRULE:RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTH=1,2;BYMONTHDAY=31;SKIP=FORWARD;COUNT=4
            """)
        XCTAssertEqual(set.occurrences().map(RFC5545VectorTests.wall), ["20150131", "20150301", "20160131", "20160301"])
    }

    func testEmptyRulesInOtherCalendarsSayWhy() throws {
        let start = RecurrenceStart.date(try ISODate(year: 2012, month: 11, day: 18))
        let chinese = try RecurrenceSet(start: start, rules: [try RecurrenceRule(parsing: "RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=31")])
        XCTAssertEqual(chinese.emptyRules().first?.reason, "no month of the Chinese calendar has 31 days or more (BYMONTHDAY=31)")
        XCTAssertEqual(chinese.occurrences().map(\.description), ["2012-11-18"])
        // 30 Adar I falls on Purim's weekday, never a Monday: found by the walk, bounded by 400 years.
        let hebrew = try RecurrenceSet(start: start, rules: [try RecurrenceRule(parsing: "RSCALE=HEBREW;FREQ=DAILY;BYMONTH=5L;BYMONTHDAY=30;BYDAY=MO")])
        XCTAssertNotNil(hebrew.emptyRules().first)
        XCTAssertEqual(hebrew.occurrences().map(\.description), ["2012-11-18"])
    }

    // MARK: Generated rules

    /// The calendars RSCALE can name (ISO 8601 counts as the Gregorian one).
    static let calendars = CalendarID.allCases.filter { $0 != .iso8601 }

    static func days(_ set: RecurrenceSet, through end: Int) -> [Int] {
        set.occurrences().prefix { $0.local.dayNumber < end + 40 }.map(\.local.dayNumber)
    }

    /// The engine equals the naive reading on thousands of rules per
    /// calendar without SKIP: every occurrence's fields in the RSCALE
    /// calendar have the rule's parts, and every such date is an occurrence.
    func testEveryCalendarEqualsTheNaiveReading() throws {
        for calendar in Self.calendars {
            try checkAgainstNaive(calendar, skip: false, runs: 60)
        }
    }

    /// With SKIP=BACKWARD or FORWARD (and OMIT), BYMONTHDAY rules in every calendar.
    func testSkipEqualsTheNaiveReading() throws {
        for calendar in Self.calendars {
            try checkAgainstNaive(calendar, skip: true, runs: 60)
        }
    }

    private func checkAgainstNaive(_ calendar: CalendarID, skip: Bool, runs: Int) throws {
        let system = try Calendars.system(calendar)
        forAll(RScaleOracle.rules(system, skip: skip), RScaleOracle.starts, runs: runs) { text, start in
            if let mismatch = try RScaleOracle.mismatch(text, start: start) { throw TestFailure(mismatch) }
            return true
        }
    }

    /// SKIP=BACKWARD and FORWARD keep every OMIT date, add only dates that
    /// end a month (BACKWARD) or start one (FORWARD), and never repeat one.
    func testSkipAddsOnlyTheNearestValidDates() throws {
        let gen = Gen.zip(Gen.element(of: Self.calendars), Gen.element(of: [29, 30, 31, -29, -30, -31]).array(count: 1...2), RScaleOracle.starts,
                          Gen.element(of: [RecurrenceRule.Frequency.monthly, .yearly]))
        forAll(gen, runs: 300) { calendar, monthDays, start, frequency in
            if let violation = try RScaleOracle.skipViolation(try Calendars.system(calendar), frequency: frequency, monthDays: monthDays, start: start) {
                throw TestFailure(violation)
            }
            return true
        }
    }

    /// RSCALE=GREGORIAN (SKIP=OMIT) gives exactly the plain RFC 5545 rule's occurrences.
    func testGregorianRScaleEqualsThePlainRule() throws {
        forAll(RecurrenceProperties.rules, RecurrenceProperties.starts, runs: 300) { text, start in
            let plain = try RecurrenceSet(start: .floating(start), rules: [try RecurrenceRule(parsing: text)])
            let scaled = try RecurrenceSet(start: .floating(start), rules: [try RecurrenceRule(parsing: "RSCALE=GREGORIAN;" + text)])
            let a = plain.occurrences().prefix(200).map(\.key), b = scaled.occurrences().prefix(200).map(\.key)
            guard a == b else { throw TestFailure("\(text): RSCALE=GREGORIAN differs") }
            return true
        }
    }
}
