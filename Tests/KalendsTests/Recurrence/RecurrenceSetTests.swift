import XCTest
@testable import Kalends
import KalendsICalendar

/// Examples of the set's semantics, the guide's examples among them (Docs/Recurrence.md).
final class RecurrenceSetTests: XCTestCase {
    func texts(_ set: RecurrenceSet, _ limit: Int = 1_000) -> [String] { set.occurrences().prefix(limit).map(\.description) }

    func testGuideExample() throws {
        let set = try RecurrenceSet(parsing: """
            DTSTART;TZID=America/New_York:19970929T090000
            RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2
            """)
        XCTAssertEqual(texts(set, 3), ["1997-09-29T09:00:00-04:00", "1997-10-30T09:00:00-05:00", "1997-11-27T09:00:00-05:00"])
        let start = try RecurrenceSet(start: .zoned(try LocalDateTime(ISODate(year: 1997, month: 9, day: 2), TimeOfDay(hour: 9)),
                                                    try ZoneRules(identifier: "America/New_York")),
                                      rules: [try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=10")])
        XCTAssertEqual(texts(start).first, "1997-09-02T09:00:00-04:00")
        XCTAssertEqual(texts(start).count, 10)
    }

    /// The rule an iOS tutorial builds with EventKit: daily, every 2 days, on Wednesdays, 20 times:
    /// every other day that is a Wednesday, so every 14 days.
    func testEventKitTutorialRule() throws {
        let set = try RecurrenceSet(parsing: "DTSTART:20240103T100000\nRRULE:FREQ=DAILY;INTERVAL=2;BYDAY=WE;COUNT=20")
        let days = set.occurrences().map(\.local.dayNumber)
        XCTAssertEqual(days.count, 20)
        XCTAssertEqual(Set(zip(days, days.dropFirst()).map { $1 - $0 }), [14])
        XCTAssertEqual(set.occurrences().map(\.description).last, "2024-09-25T10:00:00")
    }

    func testCountLimitsTheRuleBeforeExdate() throws {
        let set = try RecurrenceSet(parsing: "DTSTART:20240101T090000\nRRULE:FREQ=DAILY;COUNT=5\nEXDATE:20240103T090000\nRDATE:20240110T090000")
        XCTAssertEqual(texts(set), ["2024-01-01T09:00:00", "2024-01-02T09:00:00", "2024-01-04T09:00:00", "2024-01-05T09:00:00", "2024-01-10T09:00:00"])
    }

    func testDtstartIsFirstEvenWhenTheRuleDoesNotMatchIt() throws {
        // 2024-01-01 is a Monday; the rule gives Fridays; DTSTART counts toward COUNT.
        let set = try RecurrenceSet(parsing: "DTSTART;VALUE=DATE:20240101\nRRULE:FREQ=WEEKLY;BYDAY=FR;COUNT=3")
        XCTAssertEqual(texts(set), ["2024-01-01", "2024-01-05", "2024-01-12"])
    }

    func testDateExdateRemovesTheWholeDayOfATimedSet() throws {
        let set = try RecurrenceSet(parsing: "DTSTART:20240101T090000\nRRULE:FREQ=DAILY;COUNT=3;BYHOUR=9,17\nEXDATE;VALUE=DATE:20240101")
        XCTAssertEqual(texts(set), ["2024-01-02T09:00:00"])
    }

    func testCRLFLinesAndFoldsWithTabs() throws {
        let set = try RecurrenceSet(parsing: "BEGIN:VEVENT\r\nDTSTART:20240101T090000\r\nRRULE:FREQ=DAILY;\r\n\tCOUNT=2\r\nEND:VEVENT\r\n")
        XCTAssertEqual(texts(set), ["2024-01-01T09:00:00", "2024-01-02T09:00:00"])
    }

    func testPeriodsUtcAndFoldedLines() throws {
        let set = try RecurrenceSet(parsing: """
            DTSTART:19970714T173000Z
            RRULE:FREQ=WEEKLY;COUNT=2;
             BYDAY=MO
            RDATE;VALUE=PERIOD:19970715T120000Z/PT1H30M
            """)
        let occurrences = Array(set.occurrences())
        XCTAssertEqual(occurrences.map(\.description), ["1997-07-14T17:30:00Z", "1997-07-15T12:00:00Z", "1997-07-21T17:30:00Z"])
        XCTAssertEqual(occurrences[1].periodSeconds, 5_400)
    }

    func testErrorsNameTheLineAndThePart() {
        func message(_ text: String) -> String {
            do { _ = try RecurrenceSet(parsing: text); return "no error" } catch { return error.description }
        }
        XCTAssertEqual(message("RRULE:FREQ=DAILY"), "no DTSTART line (e.g. DTSTART:19970902T090000)")
        XCTAssertEqual(message("DTSTART:20240101T090000\nRRULE:FREQ=DAILY;BYDAY=1MO"),
                       "line 2: recurrence rule part BYDAY 'BYDAY=1MO' (character 12) is not allowed with FREQ=DAILY: BYDAY ordinals (1MO, -1FR) need FREQ=MONTHLY or YEARLY")
        XCTAssertEqual(message("DTSTART:20240101T090000\nRRULE:FREQ=DAILY;UNTIL=20240110T000000Z"),
                       "line 2: RRULE FREQ=DAILY;UNTIL=20240110T000000Z: UNTIL must be a floating date-time (YYYYMMDDTHHMMSS) like DTSTART 2024-01-01T09:00:00")
        XCTAssertEqual(message("DTSTART;TZID=Mars/Olympus:20240101T090000"),
                       "line 1: DTSTART: TZID=Mars/Olympus is not a time zone this system knows (unknown time zone 'Mars/Olympus': expected an IANA name such as America/New_York or UTC)")
        XCTAssertEqual(message("DTSTART:20240230T090000"), "line 1: DTSTART: '20240230' is not a date: iso8601 2024-02 has no day 30: days are 1 ... 29")
        XCTAssertEqual(message("DTSTART;VALUE=DATE:20240101\nRRULE:FREQ=HOURLY"),
                       "line 2: RRULE FREQ=HOURLY: FREQ=HOURLY needs a DTSTART with a time, and DTSTART is the date 2024-01-01 (a date recurs DAILY at the finest)")
        // Only the recurrence's lines are bounded; another long one is passed over.
        let long = String(repeating: "1", count: RecurrenceSet.maximumLineLength)
        XCTAssertEqual(message("DTSTART:20240101T090000\nRRULE:FREQ=DAILY;BYMONTHDAY=" + long),
                       "line 2: the RRULE line is 65564 bytes long, more than the 65536 a content line may have (after unfolding)")
        XCTAssertEqual(message("X-LONG:" + long + "\nDTSTART:20240101T090000\nRRULE:FREQ=DAILY;COUNT=0"),
                       "line 3: recurrence rule part COUNT 'COUNT=0' (character 12) has 0, outside 1 ... 2147483647")
        XCTAssertEqual(message("DTSTART:20240101T090000\nEXRULE:FREQ=DAILY"), "line 2: EXRULE was removed from iCalendar by RFC 5545; use EXDATE")
        XCTAssertEqual(message("DTSTART:20240101T090000\nDTSTART:20240102T090000"), "line 2: DTSTART is given more than once")
        XCTAssertEqual(message("DTSTART 20240101"), "line 1: 'DTSTART 20240101' is not an iCalendar content line (NAME:VALUE)")
    }

    func testInstantBoundsNeedAZone() throws {
        let set = try RecurrenceSet(parsing: "DTSTART:20240101T090000\nRRULE:FREQ=DAILY")
        XCTAssertThrowsError(try set.first(after: .instant(Instant(seconds: 0))))
        XCTAssertEqual(try set.first(after: .local(LocalDateTime(ISODate(year: 2030, month: 1, day: 1))))?.description, "2030-01-01T09:00:00")
        XCTAssertEqual(try set.last(before: .local(LocalDateTime(ISODate(year: 2030, month: 1, day: 1))))?.description, "2029-12-31T09:00:00")
        XCTAssertNil(try set.last(before: .local(LocalDateTime(ISODate(year: 2024, month: 1, day: 1), TimeOfDay(hour: 9)))))
    }

    /// A query in 2100 of a COUNT rule from 1970 starts at 2100's period with
    /// the right count: the 20,000th daily occurrence is 2024-10-03 (day 19,999).
    func testCountIsKnownFarFromDtstart() throws {
        let set = try RecurrenceSet(parsing: "DTSTART:19700101T090000\nRRULE:FREQ=DAILY;COUNT=20000")
        XCTAssertEqual(try set.last(before: .local(LocalDateTime(ISODate(year: 2100, month: 1, day: 1))))?.description, "2024-10-03T09:00:00")
        let monthly = try RecurrenceSet(parsing: "DTSTART:19700131T090000\nRRULE:FREQ=MONTHLY;COUNT=1000;BYMONTHDAY=31")
        // Seven months of twelve have a 31st: 142 years give 994, and October 2112 the 1,000th.
        XCTAssertEqual(try monthly.last(before: .local(LocalDateTime(ISODate(year: 2200, month: 1, day: 1))))?.description, "2112-10-31T09:00:00")
    }

    /// Bounds at the ends of Int (far past the supported years) neither trap nor hang.
    func testExtremeBounds() throws {
        for rule in ["FREQ=SECONDLY", "FREQ=HOURLY;INTERVAL=7", "FREQ=DAILY;COUNT=5", "FREQ=WEEKLY;BYDAY=MO,FR", "FREQ=MONTHLY;BYMONTHDAY=31",
                     "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "FREQ=MINUTELY;COUNT=100;BYHOUR=3"] {
            for start in ["DTSTART:20240101T000000", "DTSTART;TZID=America/New_York:20240101T000000"] {
                let set = try RecurrenceSet(parsing: start + "\nRRULE:" + rule)
                let zoned = start.contains("TZID")
                let huge: RecurrenceSet.Bound = zoned ? .instant(Instant(seconds: Int.max, nanosecond: 999_999_999))
                    : .local(LocalDateTime(unchecked: DayNumber.supported.upperBound, 86_399 * 1_000_000_000))
                let tiny: RecurrenceSet.Bound = zoned ? .instant(Instant(seconds: Int.min)) : .local(LocalDateTime(unchecked: DayNumber.supported.lowerBound, 0))
                XCTAssertNil(try set.first(after: huge), rule)
                XCTAssertEqual(try set.first(after: tiny)?.local.isoDate.description, "2024-01-01", rule)
                XCTAssertNotNil(try set.last(before: huge), rule)
                XCTAssertNil(try set.last(before: tiny), rule)
                XCTAssertEqual(Array(try set.occurrences(from: tiny, to: huge).prefix(2)).count, 2, rule)
            }
        }
    }

    func testEmptyRulesSayWhy() throws {
        func reason(_ rule: String, _ start: String = "DTSTART:20240101T000000") throws -> String? {
            try RecurrenceSet(parsing: start + "\nRRULE:" + rule).emptyRules().first?.reason
        }
        XCTAssertEqual(try reason("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30"), "no date has BYMONTH=2 and BYMONTHDAY=30")
        XCTAssertEqual(try reason("FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=31"), "no date has BYMONTH=4 and BYMONTHDAY=31")
        XCTAssertEqual(try reason("FREQ=HOURLY;INTERVAL=2;BYHOUR=3"), "FREQ=HOURLY;INTERVAL=2 from DTSTART never reaches BYHOUR=3")
        XCTAssertEqual(try reason("FREQ=MONTHLY;BYMONTHDAY=1;BYSETPOS=2"), "BYSETPOS=2 lies beyond the instances of every period")
        XCTAssertEqual(try reason("FREQ=DAILY;BYSETPOS=2;BYHOUR=9"), "BYSETPOS=2 lies beyond the at most 1 instance of each day")
        // 2024 has 52 ISO weeks; every 400th year has the same calendar, so week 53 never comes.
        XCTAssertEqual(try reason("FREQ=YEARLY;INTERVAL=400;BYWEEKNO=53"), "none of its dates falls in the periods it steps through from DTSTART (every 400th year)")
        XCTAssertNil(try reason("FREQ=YEARLY;INTERVAL=4;BYWEEKNO=53"))
        XCTAssertNil(try reason("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29"))
    }

    // MARK: A date DTSTART

    /// RFC 5545 section 3.3.10: with a date DTSTART, BYHOUR, BYMINUTE and
    /// BYSECOND "MUST be ignored". The set expands the rule without them and
    /// says what it ignored (the vectors).
    func testTimePartsOfADateStartAreIgnoredWithAWarning() throws {
        let set = try RecurrenceSet(parsing: """
            DTSTART;VALUE=DATE:20241018
            RRULE:FREQ=DAILY;BYMINUTE=1,2,3,4;INTERVAL=2;COUNT=3
            """)
        XCTAssertEqual(set.occurrences().map(\.description), ["2024-10-18", "2024-10-20", "2024-10-22"])
        XCTAssertEqual(set.warnings.count, 1)
        let warning = try XCTUnwrap(set.warnings.first)
        XCTAssertEqual(warning.reason, .timeOfDayPartsIgnored(byHour: [], byMinute: [1, 2, 3, 4], bySecond: []))
        XCTAssertEqual(warning.ignoredParts, ["BYMINUTE=1,2,3,4"])
        XCTAssertEqual(warning.ruleIndex, 0)
        XCTAssertEqual(warning.line, 2)
        XCTAssertEqual(warning.description, "line 2: RRULE FREQ=DAILY;COUNT=3;INTERVAL=2;BYMINUTE=1,2,3,4: BYMINUTE=1,2,3,4 is ignored: "
                       + "DTSTART is the date 2024-10-18, which has no time of day (RFC 5545 section 3.3.10)")
        // The rules are kept as given.
        XCTAssertEqual(set.rules.map(\.description), ["FREQ=DAILY;COUNT=3;INTERVAL=2;BYMINUTE=1,2,3,4"])

        // Built from parts: every rule with such parts has one warning, in order.
        let start = RecurrenceStart.date(try ISODate(year: 2024, month: 10, day: 18))
        let parts = try RecurrenceSet(start: start, rules: [
            try RecurrenceRule(parsing: "FREQ=WEEKLY;COUNT=2"),
            try RecurrenceRule(parsing: "FREQ=MONTHLY;BYHOUR=9,17;BYSECOND=30;COUNT=2"),
        ])
        XCTAssertEqual(parts.occurrences().map(\.description), ["2024-10-18", "2024-10-25", "2024-11-18"])
        XCTAssertEqual(parts.warnings.map(\.ruleIndex), [1])
        XCTAssertEqual(parts.warnings.first?.description, "RRULE 2 (FREQ=MONTHLY;COUNT=2;BYSECOND=30;BYHOUR=9,17): BYHOUR=9,17 and BYSECOND=30 "
                       + "are ignored: DTSTART is the date 2024-10-18, which has no time of day (RFC 5545 section 3.3.10)")
        // A time DTSTART keeps them, with no warning.
        let timed = try RecurrenceSet(parsing: "DTSTART:20241018T000000\nRRULE:FREQ=DAILY;BYMINUTE=1,2;COUNT=3")
        XCTAssertEqual(timed.occurrences().map(\.description), ["2024-10-18T00:00:00", "2024-10-18T00:01:00", "2024-10-18T00:02:00"])
        XCTAssertEqual(timed.warnings, [])
    }

    /// A BYSETPOS that had only time parts beside it picks from the one date
    /// of each period: 1 and -1 keep it, any other position none.
    func testSetPositionWithIgnoredTimePartsPicksTheDate() throws {
        func dates(_ rule: String) throws -> [String] {
            try RecurrenceSet(parsing: "DTSTART;VALUE=DATE:20241018\nRRULE:" + rule).occurrences().map(\.description)
        }
        XCTAssertEqual(try dates("FREQ=DAILY;BYHOUR=9,10;BYSETPOS=-1;COUNT=3"), ["2024-10-18", "2024-10-19", "2024-10-20"])
        XCTAssertEqual(try dates("FREQ=MONTHLY;BYMINUTE=5;BYSETPOS=1;COUNT=2"), ["2024-10-18", "2024-11-18"])
        let never = try RecurrenceSet(parsing: "DTSTART;VALUE=DATE:20241018\nRRULE:FREQ=DAILY;BYHOUR=9,10;BYSETPOS=2;COUNT=3")
        XCTAssertEqual(never.occurrences().map(\.description), ["2024-10-18"])
        XCTAssertEqual(never.emptyRules().first?.reason, "BYSETPOS=2 lies beyond the at most 1 instance of each day")
    }

    /// A rule finer than DAILY cannot step a date: an error (RFC 5545 gives it no meaning).
    func testSubDailyRuleOfADateStartIsAnError() throws {
        let start = RecurrenceStart.date(try ISODate(year: 2024, month: 10, day: 18))
        for frequency in ["HOURLY", "MINUTELY", "SECONDLY"] {
            XCTAssertThrowsError(try RecurrenceSet(start: start, rules: [try RecurrenceRule(parsing: "FREQ=\(frequency);COUNT=3")])) { error in
                XCTAssertEqual("\(error)", "RRULE FREQ=\(frequency);COUNT=3: FREQ=\(frequency) needs a DTSTART with a time, and DTSTART is the date "
                               + "2024-10-18 (a date recurs DAILY at the finest)")
            }
        }
    }

    // MARK: The end of the supported dates

    /// The iterator says when the last supported day, not the rule or the
    /// window, ended the occurrences.
    func testIteratorSaysWhenTheSupportedDatesEndedIt() throws {
        func ended(_ text: String, window: (ISODate, ISODate)? = nil) throws -> (count: Int, rules: [Int]) {
            let set = try RecurrenceSet(parsing: text)
            let occurrences: Occurrences
            if let window {
                occurrences = try set.occurrences(from: .local(try LocalDateTime(window.0)), to: .local(try LocalDateTime(window.1)))
            } else {
                occurrences = set.occurrences()
            }
            var iterator = occurrences.makeIterator()
            var count = 0
            while iterator.next() != nil { count += 1 }
            return (count, iterator.rulesEndedBySupportedRange)
        }
        let counted = try ended("DTSTART;VALUE=DATE:99991201\nRRULE:FREQ=DAILY;COUNT=2147483647")
        XCTAssertEqual(counted.count, 31)
        XCTAssertEqual(counted.rules, [0])
        XCTAssertEqual(try ended("DTSTART:99991230T090000\nRRULE:FREQ=HOURLY").rules, [0])
        XCTAssertEqual(try ended("DTSTART;TZID=America/New_York:99991230T090000\nRRULE:FREQ=DAILY").rules, [0])
        XCTAssertEqual(try ended("DTSTART;VALUE=DATE:99901231\nRRULE:FREQ=YEARLY;INTERVAL=3").rules, [0])
        XCTAssertEqual(try ended("DTSTART;VALUE=DATE:99991201\nRRULE:FREQ=WEEKLY;COUNT=3\nRRULE:FREQ=DAILY").rules, [1])
        // The rule or the window ended first: nothing to say.
        XCTAssertEqual(try ended("DTSTART;VALUE=DATE:99991230\nRRULE:FREQ=DAILY;COUNT=2").rules, [])
        XCTAssertEqual(try ended("DTSTART;VALUE=DATE:99991230\nRRULE:FREQ=DAILY;UNTIL=99991231").rules, [])
        XCTAssertEqual(try ended("DTSTART;VALUE=DATE:99991201\nRRULE:FREQ=DAILY", window: (try ISODate(year: 9999, month: 12, day: 1), try ISODate(year: 9999, month: 12, day: 31))).rules, [])
        XCTAssertEqual(try ended("DTSTART;VALUE=DATE:20240101\nRRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30").rules, [])
    }
}
