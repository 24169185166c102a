import XCTest
@testable import Kalends

final class DayRangesExamples: XCTestCase {
    private func day(_ y: Int, _ m: Int, _ d: Int) throws -> Int { try ISODate(year: y, month: m, day: d).dayNumber }
    private func text(_ instant: Instant, _ zone: ZoneRules) throws -> String {
        DateTimeText.format(try ZonedDateTime(instant: instant, zone: zone))
    }

    func testNewYorkDSTDays() throws {
        let zone = try ZoneRules(identifier: "America/New_York")
        let spring = try zone.interval(ofDay: day(2024, 3, 10))
        XCTAssertEqual(spring.end.seconds - spring.start.seconds, 23 * 3600)
        XCTAssertEqual(try text(spring.start, zone), "2024-03-10T00:00:00-05:00")
        XCTAssertEqual(try text(spring.end, zone), "2024-03-11T00:00:00-04:00")
        let fall = try zone.interval(ofDay: day(2024, 11, 3))
        XCTAssertEqual(fall.end.seconds - fall.start.seconds, 25 * 3600)
    }

    func testSaoPauloDayStartsAtOne() throws {
        let zone = try ZoneRules(identifier: "America/Sao_Paulo")
        let start = try zone.startOfDay(day(2018, 11, 4))
        XCTAssertEqual(try text(start, zone), "2018-11-04T01:00:00-02:00")
    }

    func testApiaSkipsDecember30() throws {
        let zone = try ZoneRules(identifier: "Pacific/Apia")
        let skipped = try zone.interval(ofDay: day(2011, 12, 30))
        XCTAssertEqual(skipped.start, skipped.end, "2011-12-30 never happened in Samoa")
        let from = try zone.startOfDay(day(2011, 12, 29)), to = try zone.startOfDay(day(2012, 1, 1))
        let dates = try DaySlices(from: from, to: to, zone: zone, calendar: Calendars.system(.iso8601)).map { $0.first.iso.description }
        XCTAssertEqual(dates, ["2011-12-29", "2011-12-31"])
    }

    func testHalfHourAndQuarterHourZones() throws {
        let lordHowe = try ZoneRules(identifier: "Australia/Lord_Howe")
        let fall = try lordHowe.interval(ofDay: day(2024, 4, 7))
        XCTAssertEqual(fall.end.seconds - fall.start.seconds, 24 * 3600 + 1800, "Lord Howe moves its clocks by 30 minutes")
        let kathmandu = try ZoneRules(identifier: "Asia/Kathmandu")
        XCTAssertEqual(try text(kathmandu.startOfDay(day(1986, 1, 1)), kathmandu), "1986-01-01T00:15:00+05:45")
    }

    func testHebrewMonthsSliceAtLocalMidnight() throws {
        let zone = try ZoneRules(identifier: "Asia/Jerusalem")
        let hebrew = try Calendars.system(.hebrew)
        let from = try zone.startOfDay(hebrew.date(year: 5784, monthCode: MonthCode(5, isLeap: true), day: 1).dayNumber)
        let to = try zone.startOfDay(hebrew.date(year: 5784, monthCode: MonthCode(8), day: 1).dayNumber)
        let months = Array(try DaySlices(from: from, to: to, zone: zone, calendar: hebrew, unit: .month))
        XCTAssertEqual(months.map { $0.first.monthCode.description }, ["M05L", "M06", "M07"])
        XCTAssertEqual(months.map(\.days), [30, 29, 30])
        // Israel moved its clocks forward on 2024-03-29, inside Adar II.
        XCTAssertEqual(months[1].seconds, 29 * 86_400 - 3600)
    }

    func testWeeksStartingSaturday() throws {
        let zone = ZoneRules.utc
        let from = try zone.startOfDay(day(2024, 3, 1)), to = try zone.startOfDay(day(2024, 4, 1))
        let weeks = Array(try DaySlices(from: from, to: to, zone: zone, calendar: Calendars.system(.persian), unit: .week,
                                        weekRules: WeekRules(firstWeekday: 6)))
        XCTAssertEqual(weeks.map { $0.first.iso.description }, ["2024-02-24", "2024-03-02", "2024-03-09", "2024-03-16", "2024-03-23", "2024-03-30"])
        XCTAssertFalse(weeks[0].isWhole)
        XCTAssertEqual(weeks[0].seconds, 86_400)
        XCTAssertEqual(weeks[1].seconds, 7 * 86_400)
    }

    func testEventSegments() throws {
        let zone = try ZoneRules(identifier: "America/New_York")
        let iso = try Calendars.system(.iso8601)
        let start = try ZonedDateTime(local: LocalDateTime(ISODate(year: 2024, month: 3, day: 9), TimeOfDay(hour: 14)), zone: zone).instant
        let end = try ZonedDateTime(local: LocalDateTime(ISODate(year: 2024, month: 3, day: 11), TimeOfDay(hour: 10)), zone: zone).instant
        let segments = try EventSegmentation.segments(start: start, end: end, zone: zone, calendar: iso)
        XCTAssertEqual(segments.map { $0.day.iso.description }, ["2024-03-09", "2024-03-10", "2024-03-11"])
        XCTAssertEqual(segments.map(\.seconds), [10 * 3600, 23 * 3600, 10 * 3600])
        XCTAssertEqual(segments.map(\.continuesFromPreviousDay), [false, true, true])
        XCTAssertEqual(segments.map(\.continuesToNextDay), [true, true, false])
        // Ending exactly at midnight does not touch the next day; zero length belongs to its day.
        let midnight = try zone.startOfDay(day(2024, 3, 12))
        XCTAssertEqual(try EventSegmentation.segments(start: end, end: midnight, zone: zone, calendar: iso).count, 1)
        let instant = try EventSegmentation.segments(start: midnight, end: midnight, zone: zone, calendar: iso)
        XCTAssertEqual(instant.map { $0.day.iso.description }, ["2024-03-12"])
        XCTAssertThrowsError(try EventSegmentation.segments(start: end, end: start, zone: zone, calendar: iso))
        let allDay = try EventSegmentation.allDaySegments(firstDay: day(2024, 3, 9), endDay: day(2024, 3, 11), zone: zone, calendar: iso)
        XCTAssertEqual(allDay.map(\.seconds), [24 * 3600, 23 * 3600])
        XCTAssertTrue(allDay.allSatisfy(\.isAllDay))
    }

    func testBadSpans() throws {
        let zone = ZoneRules.utc
        let iso = try Calendars.system(.iso8601)
        XCTAssertThrowsError(try DaySlices(from: Instant(seconds: 10), to: Instant(seconds: 0), zone: zone, calendar: iso)) { error in
            XCTAssertTrue("\(error)".contains("before START"))
        }
        XCTAssertThrowsError(try DaySlices(from: Instant(seconds: Int.min), to: Instant(seconds: 0), zone: zone, calendar: iso))
        XCTAssertThrowsError(try zone.startOfDay(Int.max))
        XCTAssertEqual(Array(try DaySlices(from: Instant(seconds: 5), to: Instant(seconds: 5), zone: zone, calendar: iso)).count, 0)
    }
}

final class DayClockExamples: XCTestCase {
    func testFallBackAndSpringForwardClocks() throws {
        let zone = try ZoneRules(identifier: "America/New_York")
        let fall = try DayClock(day: ISODate(year: 2024, month: 11, day: 3).dayNumber, zone: zone)
        XCTAssertEqual(fall.length, 90_000)
        XCTAssertEqual(fall.segments.map(\.elapsed), [0, 7_200])
        XCTAssertEqual(fall.segments.map(\.wallClock), [0, 3_600])
        let spring = try DayClock(day: ISODate(year: 2024, month: 3, day: 10).dayNumber, zone: zone)
        XCTAssertEqual(spring.length, 82_800)
        XCTAssertEqual(spring.segments.map(\.wallClock), [0, 10_800])
        let saoPaulo = try DayClock(day: ISODate(year: 2018, month: 11, day: 4).dayNumber, zone: ZoneRules(identifier: "America/Sao_Paulo"))
        XCTAssertEqual(saoPaulo.segments.map(\.wallClock), [3_600], "the day's clock starts at 01:00")
    }
}

final class DayRangesEdgeExamples: XCTestCase {
    func testUnitsAreCutAtTheSupportedRange() throws {
        let zone = ZoneRules.utc
        let iso = try Calendars.system(.iso8601)
        let lower = try zone.startOfDay(DayNumber.supported.lowerBound)
        let weeks = Array(try DaySlices(from: lower, to: Instant(seconds: lower.seconds + 19 * 86_400), zone: zone, calendar: iso,
                                        unit: .week, weekRules: WeekRules(firstWeekday: 3)))
        XCTAssertEqual(weeks.first?.start, lower)
        XCTAssertEqual(weeks.first?.first.dayNumber, DayNumber.supported.lowerBound)
        XCTAssertEqual(weeks.reduce(0) { $0 + $1.seconds }, 19 * 86_400)
        let upper = try zone.startOfDay(DayNumber.supported.upperBound + 1)
        let last = Array(try DaySlices(from: Instant(seconds: upper.seconds - 6 * 86_400), to: upper, zone: zone, calendar: iso,
                                       unit: .week, weekRules: WeekRules(firstWeekday: 1)))
        XCTAssertEqual(last.last?.end, upper)
        XCTAssertEqual(last.reduce(0) { $0 + $1.seconds }, 6 * 86_400)
    }
}
