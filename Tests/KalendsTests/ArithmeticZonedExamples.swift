import Kalends
import XCTest

/// Date-times in zones: DST gaps and repeats, calendar versus exact units.
final class ArithmeticZonedExamples: XCTestCase {
    let iso = try! Calendars.system(.iso8601)

    func zoned(_ text: String, _ zone: String, _ disambiguation: Disambiguation = .compatible) throws -> ZonedDateTime {
        let parsed = try DateTimeText.parse(text, in: iso)
        let rules = try ZoneRules(identifier: zone)
        if case .offset(let offset)? = parsed.zone {
            let instant = Instant(seconds: parsed.local.dayNumber * 86_400 + parsed.local.nanosecondOfDay / 1_000_000_000 - offset.seconds)
            return try ZonedDateTime(instant: instant, zone: rules)
        }
        return try ZonedDateTime(local: parsed.local, zone: rules, disambiguation: disambiguation)
    }

    func testADayAcrossSpringForwardKeepsTheWallClock() throws {
        let start = try zoned("2024-03-09T09:00", "America/New_York")
        XCTAssertEqual(start.description, "2024-03-09T09:00:00-05:00")
        let day = try start.adding(try CalendarDuration(parsing: "P1D"), in: iso)
        XCTAssertEqual(day.description, "2024-03-10T09:00:00-04:00")
        XCTAssertEqual(start.instant.span(to: day.instant).seconds, 23 * 3600)
        let hours = try start.adding(try CalendarDuration(parsing: "PT24H"), in: iso)
        XCTAssertEqual(hours.description, "2024-03-10T10:00:00-04:00")
        XCTAssertEqual(try start.until(day, in: iso, largestUnit: .days).description, "P1D")
        XCTAssertEqual(try start.until(day, in: iso, largestUnit: .hours).description, "PT23H")
        XCTAssertEqual(try start.until(hours, in: iso, largestUnit: .days).description, "P1DT1H")
        // Back again.
        XCTAssertEqual(try day.adding(try CalendarDuration(parsing: "-P1D"), in: iso), start)
    }

    func testGapUnderEachDisambiguation() throws {
        let ny = try ZoneRules(identifier: "America/New_York")
        let local = try LocalDateTime(try ISODate(year: 2024, month: 3, day: 10), try TimeOfDay(hour: 2, minute: 30))
        XCTAssertEqual(ny.possibleOffsets(for: local), [])
        let expected: [(Disambiguation, String)] = [(.compatible, "2024-03-10T03:30:00-04:00"), (.later, "2024-03-10T03:30:00-04:00"),
                                                      (.earlier, "2024-03-10T01:30:00-05:00")]
        for (disambiguation, text) in expected {
            let resolution = try ny.resolve(local, disambiguation)
            XCTAssertEqual(resolution.adjustment, .gap(seconds: 3600))
            XCTAssertEqual(try ZonedDateTime(instant: resolution.instant, zone: ny).description, text, "\(disambiguation)")
        }
        XCTAssertThrowsError(try ny.resolve(local, .reject)) { error in
            guard case TimeError.skippedLocalTime(_, "America/New_York", 3600) = error else { return XCTFail("\(error)") }
        }
        // Adding a day onto the gap moves forward under compatible.
        let before = try zoned("2024-03-09T02:30", "America/New_York")
        let result = try before.addingReportingAdjustment(try CalendarDuration(parsing: "P1D"), in: iso)
        XCTAssertEqual(result.result.description, "2024-03-10T03:30:00-04:00")
        XCTAssertEqual(result.adjustment, .gap(seconds: 3600))
        XCTAssertThrowsError(try before.adding(try CalendarDuration(parsing: "P1D"), in: iso, disambiguation: .reject))
    }

    func testRepeatUnderEachDisambiguation() throws {
        let ny = try ZoneRules(identifier: "America/New_York")
        let local = try LocalDateTime(try ISODate(year: 2024, month: 11, day: 3), try TimeOfDay(hour: 1, minute: 30))
        XCTAssertEqual(ny.possibleOffsets(for: local), [UTCOffset(seconds: -4 * 3600), UTCOffset(seconds: -5 * 3600)])
        for (disambiguation, text) in [(Disambiguation.compatible, "2024-11-03T01:30:00-04:00"), (.earlier, "2024-11-03T01:30:00-04:00"),
                                       (.later, "2024-11-03T01:30:00-05:00")] {
            let resolution = try ny.resolve(local, disambiguation)
            XCTAssertEqual(resolution.adjustment, .repeated)
            XCTAssertEqual(try ZonedDateTime(instant: resolution.instant, zone: ny).description, text)
        }
        XCTAssertThrowsError(try ny.resolve(local, .reject)) { error in
            guard case TimeError.repeatedLocalTime = error else { return XCTFail("\(error)") }
        }
        // A day across fall back is 25 hours.
        let start = try zoned("2024-11-02T12:00", "America/New_York")
        let next = try start.adding(try CalendarDuration(parsing: "P1D"), in: iso)
        XCTAssertEqual(start.instant.span(to: next.instant).seconds, 25 * 3600)
        XCTAssertEqual(try start.until(next, in: iso, largestUnit: .hours).description, "PT25H")
    }

    func testLondonAndSydneyTransitions() throws {
        let london = try ZoneRules(identifier: "Europe/London")
        let spring = london.transitions(from: Instant(seconds: 1_711_670_400), to: Instant(seconds: 1_711_929_600)) // 2024-03-29 ... 04-01
        XCTAssertEqual(spring.count, 1)
        XCTAssertEqual(spring.first?.instant.description, "2024-03-31T01:00:00Z")
        XCTAssertEqual(spring.first?.offsetBefore, .zero)
        XCTAssertEqual(spring.first?.offsetAfter, UTCOffset(seconds: 3600))
        // 01:30 on 2024-03-31 does not exist in London; 01:30 on 2024-10-27 happens twice.
        let gap = try LocalDateTime(try ISODate(year: 2024, month: 3, day: 31), try TimeOfDay(hour: 1, minute: 30))
        XCTAssertEqual(try ZonedDateTime(local: gap, zone: london).description, "2024-03-31T02:30:00+01:00")
        let overlap = try LocalDateTime(try ISODate(year: 2024, month: 10, day: 27), try TimeOfDay(hour: 1, minute: 30))
        XCTAssertEqual(london.possibleOffsets(for: overlap).count, 2)
        XCTAssertEqual(try ZonedDateTime(local: overlap, zone: london, disambiguation: .later).description, "2024-10-27T01:30:00Z"
            .replacingOccurrences(of: "Z", with: "+00:00"))

        // Sydney: clocks go back at 03:00 on 2024-04-07 and forward at 02:00 on 2024-10-06.
        let sydney = try ZoneRules(identifier: "Australia/Sydney")
        let april = try zoned("2024-04-06T12:00", "Australia/Sydney")
        XCTAssertEqual(april.description, "2024-04-06T12:00:00+11:00")
        let aprilNext = try april.adding(try CalendarDuration(parsing: "P1D"), in: iso)
        XCTAssertEqual(aprilNext.description, "2024-04-07T12:00:00+10:00")
        XCTAssertEqual(april.instant.span(to: aprilNext.instant).seconds, 25 * 3600)
        let october = try LocalDateTime(try ISODate(year: 2024, month: 10, day: 6), try TimeOfDay(hour: 2, minute: 15))
        XCTAssertEqual(try sydney.resolve(october, .compatible).adjustment, .gap(seconds: 3600))
        XCTAssertEqual(try ZonedDateTime(local: october, zone: sydney).description, "2024-10-06T03:15:00+11:00")
        let next = sydney.nextTransition(after: Instant(seconds: 1_712_000_000))
        XCTAssertEqual(next?.instant.description, "2024-04-06T16:00:00Z")
        XCTAssertEqual(next?.offsetAfter, UTCOffset(seconds: 36_000))
    }

    func testPlainDateTimeArithmetic() throws {
        let start = try DateTimeText.parse("2024-01-31T22:00", in: iso).local
        XCTAssertEqual(try start.adding(try CalendarDuration(parsing: "P1M"), in: iso).description, "2024-02-29T22:00:00")
        XCTAssertEqual(try start.adding(try CalendarDuration(parsing: "PT3H"), in: iso).description, "2024-02-01T01:00:00")
        XCTAssertEqual(try start.adding(try CalendarDuration(parsing: "-PT23H"), in: iso).description, "2024-01-30T23:00:00")
        XCTAssertEqual(try start.adding(try CalendarDuration(parsing: "P1MT3H"), in: iso).description, "2024-03-01T01:00:00")
        let end = try DateTimeText.parse("2024-03-01T06:30:00.5", in: iso).local
        // One month from 31 January would pass the end (which borrows a day: 29 February 22:00 + 8:30:00.5).
        XCTAssertEqual(try start.until(end, in: iso, largestUnit: .months).description, "P29DT8H30M0.5S")
        XCTAssertEqual(try start.adding(try CalendarDuration(parsing: "P29DT8H30M0.5S"), in: iso), end)
        XCTAssertEqual(try start.until(end, in: iso, largestUnit: .days).description, "P29DT8H30M0.5S")
        XCTAssertEqual(try start.until(end, in: iso, largestUnit: .hours).description, "PT704H30M0.5S")
        XCTAssertEqual(try end.until(start, in: iso, largestUnit: .days).description, "-P29DT8H30M0.5S")
    }

    func testDateTimeTextPositions() throws {
        let good = ["2024-03-15T09:30:00", "2024-03-15T09:30:00Z", "20240315T093000Z", "2024-03-15T09:30:00.123+05:30",
                    "2024-03-15t09:30-0400", "2024-03-15T09", "2024-03-10T09:00-05:00[America/New_York]"]
        for text in good { XCTAssertNoThrow(try DateTimeText.parse(text, in: iso), text) }
        let p = try DateTimeText.parse("20240315T093000Z", in: iso)
        XCTAssertEqual(p.zone, .utc)
        XCTAssertEqual(p.time.map(DateTimeText.format), "09:30:00")
        let bad: [(String, Int)] = [("2024-03-15T25:00", 11), ("2024-03-15T09:61", 14), ("2024-03-15T09:30:00X", 19),
                                    ("2024-03-15T09:30:00.", 20), ("2024-03-15T09:30+5", 17), ("2024-03-15T0", 11)]
        for (text, position) in bad {
            XCTAssertThrowsError(try DateTimeText.parse(text, in: iso), text) { error in
                guard case DateTimeTextError.malformed(_, let at, _) = error else { return XCTFail("\(text): \(error)") }
                XCTAssertEqual(at, position, "\(text): \(error)")
            }
        }
        XCTAssertThrowsError(try DateTimeText.parse("2023-02-29T09:00", in: iso)) { error in
            guard case DateTimeTextError.date = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try ZoneRules(identifier: "Mars/Olympus_Mons"))
    }

    func testZonedValuesAreCodable() throws {
        let values = [try zoned("2024-03-10T09:00", "America/New_York"), try zoned("2024-03-10T09:00+05:30", "UTC")
            .inZone(.fixed(UTCOffset(seconds: 19_800)))]
        let data = try JSONEncoder().encode(values)
        let back = try JSONDecoder().decode([ZonedDateTime].self, from: data)
        XCTAssertEqual(back, values)
        XCTAssertEqual(back.map(\.description), ["2024-03-10T09:00:00-04:00", "2024-03-10T09:00:00+05:30"])
    }
}
