import Foundation
import KalendsCheck
import XCTest
@testable import Kalends

/// Slicing properties over random spans, zones with odd rules, and calendars.
final class DayRangesProperties: XCTestCase {
    static let zones = ["America/Sao_Paulo", "Pacific/Apia", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Chatham",
                        "Africa/Casablanca", "America/New_York", "Asia/Jerusalem", "Europe/London", "America/St_Johns",
                        "Asia/Tehran", "UTC"]
    static let calendars: [CalendarID] = [.iso8601, .hebrew, .persian, .islamicCivil, .coptic, .chinese]

    /// A random span of up to 120 days starting 1900 ... 2100 (where zone data is rich), in seconds.
    static let spans: Gen<(Int, Int)> = {
        let from = -2_208_988_800, to = 4_102_444_800
        return Gen<(Int, Int)>.zip(Gen.int(in: from...to), Gen.frequency([(3, Gen.int(in: 0...(120 * 86_400))), (1, Gen.int(in: 0...7200))]))
            .map { start, length in (start, start + length) }
    }()

    func testSlicesCoverTheSpanExactlyWithConstantDates() throws {
        let input = Gen<((Int, Int), String, CalendarID, SliceUnit)>.zip(
            Self.spans, Gen.element(of: Self.zones), Gen.element(of: Self.calendars), Gen.element(of: SliceUnit.allCases))
        forAll(input, runs: 400) { span, zoneName, calendarID, unit in
            let zone = try ZoneRules(identifier: zoneName)
            let calendar = try Calendars.system(calendarID)
            let start = Instant(seconds: span.0), end = Instant(seconds: span.1)
            let slices = Array(try DaySlices(from: start, to: end, zone: zone, calendar: calendar, unit: unit,
                                             weekRules: WeekRules(firstWeekday: 1 + span.0.floorModulo(7))))
            func fail(_ why: String) -> TestFailure {
                TestFailure("\(zoneName) \(calendarID) \(unit) [\(start), \(end)): \(why)")
            }
            if start == end {
                guard slices.isEmpty else { throw fail("an empty span has slices") }
                return true
            }
            guard let first = slices.first, let last = slices.last else { throw fail("no slices") }
            guard first.start == start, last.end == end else { throw fail("does not cover the span") }
            for (a, b) in zip(slices, slices.dropFirst()) {
                guard a.end == b.start else { throw fail("gap or overlap between \(a.first.iso) and \(b.first.iso)") }
                // Days between consecutive units are days that never happened (zero length).
                for skipped in (a.first.dayNumber + a.days)..<b.first.dayNumber {
                    let interval = try zone.interval(ofDay: skipped)
                    guard interval.start == interval.end else { throw fail("day \(skipped) is missing") }
                }
                guard b.first.dayNumber >= a.first.dayNumber + a.days else { throw fail("units overlap") }
            }
            for slice in slices {
                guard slice.start < slice.end, slice.unitStart <= slice.start, slice.end <= slice.unitEnd else { throw fail("bounds") }
                // Every instant of the slice has a local date inside the unit.
                let firstDay = zone.dayNumber(of: slice.start)
                let lastDay = zone.dayNumber(of: Instant(seconds: slice.end.seconds - 1))
                guard firstDay >= slice.first.dayNumber, lastDay <= slice.first.dayNumber + slice.days - 1 else {
                    throw fail("local dates \(firstDay)...\(lastDay) leave the unit of \(slice.first.iso)")
                }
                if slice.isWhole && unit == .day && firstDay != slice.first.dayNumber { throw fail("day starts on another date") }
            }
            return true
        }
    }

    /// A zone and a day, half the time the local day of one of the zone's
    /// transitions (or a day either side), where day boundaries are hard.
    static let zoneDays: Gen<(Int, String)> = Gen<(Int, String, Int, Int)>.zip(
        Gen.int(in: -25_567...47_846), Gen.element(of: zones), Gen.int(in: 0...15), Gen.int(in: -1...1)
    ).map { day, zoneName, pick, shift in
        guard pick % 2 == 0, let zone = try? ZoneRules(identifier: zoneName) else { return (day, zoneName) }
        let transitions = zone.transitions(from: Instant(seconds: day * 86_400), to: Instant(seconds: (day + 3 * 366) * 86_400))
        guard !transitions.isEmpty else { return (day, zoneName) }
        let transition = transitions[pick % transitions.count]
        return (zone.dayNumber(of: transition.instant) + shift, zoneName)
    }

    func testStartOfDayAgreesWithFoundation() throws {
        forAll(Self.zoneDays, runs: 1000) { day, zoneName in
            let zone = try ZoneRules(identifier: zoneName)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone.timeZone
            let ours = try zone.interval(ofDay: day)
            // Foundation has no interval for a day the zone skipped (2011-12-30 in Pacific/Apia).
            try assume(ours.start < ours.end, "a day that never happened")
            // Foundation's interval of the day containing the day's first instant.
            let probe = Date(timeIntervalSince1970: Double(ours.start.seconds))
            guard let theirs = calendar.dateInterval(of: .day, for: probe) else { throw TestFailure("no interval") }
            let same = Int(theirs.start.timeIntervalSince1970) == ours.start.seconds
                && Int(theirs.end.timeIntervalSince1970) == ours.end.seconds
            if !same { throw TestFailure("\(zoneName) day \(ISODate(dayNumber: day)): ours \(ours), Foundation \(theirs)") }
            return true
        }
    }

    func testEventSegmentsPartitionTheEvent() throws {
        let input = Gen<((Int, Int), String)>.zip(Self.spans, Gen.element(of: Self.zones))
        let iso = try Calendars.system(.iso8601)
        forAll(input, runs: 500) { span, zoneName in
            let zone = try ZoneRules(identifier: zoneName)
            let segments = try EventSegmentation.segments(start: Instant(seconds: span.0), end: Instant(seconds: span.1), zone: zone, calendar: iso)
            guard let first = segments.first, let last = segments.last else { return false }
            let adjacent = zip(segments, segments.dropFirst()).allSatisfy { $0.end == $1.start && $0.day.dayNumber < $1.day.dayNumber }
            let flags = segments.enumerated().allSatisfy { index, segment in
                segment.continuesFromPreviousDay == (index > 0) && segment.continuesToNextDay == (index < segments.count - 1)
            }
            let total = segments.reduce(0) { $0 + $1.seconds }
            return first.start.seconds == span.0 && last.end.seconds == span.1 && adjacent && flags && total == span.1 - span.0
        }
    }
}

/// The fast day-start cursor against `ZoneRules.startOfDay`, its reference.
final class DayStartCursorParity: XCTestCase {
    func testEveryDayOf1900To2100InEveryTestZone() throws {
        var checked = 0
        for name in DayRangesProperties.zones {
            let zone = try ZoneRules(identifier: name)
            var cursor = DayStartCursor(zone: zone)
            for day in -25_567...47_846 {
                let fast = try cursor.startOfDay(day)
                let reference = try zone.startOfDay(day)
                if fast != reference {
                    XCTFail("\(name) \(ISODate(dayNumber: day)): cursor \(fast), reference \(reference)")
                    return
                }
                checked += 1
            }
        }
        XCTAssertEqual(checked, 12 * 73_414)
    }

    func testRandomDaysInRandomOrder() throws {
        let input = Gen<([Int], String)>.zip(Gen.int(in: DayNumber.supported).array(count: 1...40), Gen.element(of: DayRangesProperties.zones))
        forAll(input, runs: 2000) { days, name in
            let zone = try ZoneRules(identifier: name)
            var cursor = DayStartCursor(zone: zone)
            return try days.allSatisfy { try cursor.startOfDay($0) == zone.startOfDay($0) }
        }
    }
}
