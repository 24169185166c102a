import Kalends
import KalendsCheck
import XCTest

/// `DaySlices` over Symmetry454: days, weeks, months and years of a calendar
/// the library does not know, in zones with odd rules.
final class Symmetry454DayRangesProperties: XCTestCase {
    let calendar = Symmetry454Calendar()

    static let zones = ["UTC", "America/Sao_Paulo", "Pacific/Apia", "Australia/Lord_Howe", "Asia/Kathmandu", "Europe/London"]

    /// A span starting in 1900 ... 2100 (where zone data is rich), up to 800
    /// days long (so year slices see two or three years), sometimes a few hours.
    static let spans: Gen<(Int, Int)> = Gen.zip(
        Gen.int(in: -2_208_988_800...4_102_444_800),
        Gen.frequency([(3, Gen.int(in: 0...(800 * 86_400))), (1, Gen.int(in: 0...7200))])
    ).map { start, length in (start, start + length) }

    /// Slices cover the span exactly, without gaps or overlaps; each is a
    /// whole Symmetry454 unit clipped to the span: a day, a week from the
    /// rules' first weekday, a month of 28 or 35 days from its 1st, a year of
    /// 364 or 371 days from 1 January.
    func testSlicesCoverTheSpanExactly() {
        let input = Gen.zip(Self.spans, Gen.element(of: Self.zones), Gen.element(of: SliceUnit.allCases), Gen.int(in: 1...7))
        forAll(input, runs: 300) { span, zoneName, unit, firstWeekday in
            let zone = try ZoneRules(identifier: zoneName)
            let start = Instant(seconds: span.0), end = Instant(seconds: span.1)
            let rules = WeekRules(firstWeekday: firstWeekday)
            let slices = Array(try DaySlices(from: start, to: end, zone: zone, calendar: calendar, unit: unit, weekRules: rules))
            func fail(_ why: String) -> TestFailure {
                TestFailure("\(zoneName) \(unit) [\(start), \(end)) week from \(firstWeekday): \(why)")
            }
            if start == end {
                guard slices.isEmpty else { throw fail("an empty span has slices") }
                return true
            }
            guard let first = slices.first, let last = slices.last else { throw fail("no slices") }
            guard first.start == start, last.end == end else { throw fail("does not cover the span") }
            for (a, b) in zip(slices, slices.dropFirst()) {
                guard a.end == b.start else { throw fail("gap or overlap between \(a.first.fields) and \(b.first.fields)") }
                // Days between consecutive units never happened in the zone (zero length).
                for skipped in (a.first.dayNumber + a.days)..<b.first.dayNumber {
                    let interval = try zone.interval(ofDay: skipped)
                    guard interval.start == interval.end else { throw fail("day \(skipped) is missing") }
                }
                guard b.first.dayNumber >= a.first.dayNumber + a.days else { throw fail("units overlap") }
            }
            for slice in slices {
                guard slice.start < slice.end, slice.unitStart <= slice.start, slice.end <= slice.unitEnd else { throw fail("bounds") }
                let unitFirst = slice.first
                // The unit's first day, in the slicing calendar's own fields.
                guard unitFirst == (try calendar.date(dayNumber: unitFirst.dayNumber)) else { throw fail("first \(unitFirst.fields) is not Symmetry454's") }
                let shapeRight: Bool
                switch unit {
                case .day:
                    shapeRight = slice.days == 1
                case .week:
                    shapeRight = slice.days == 7 && unitFirst.weekday == firstWeekday
                case .month:
                    shapeRight = unitFirst.day == 1 && slice.days == calendar.daysInMonth(year: unitFirst.year, month: unitFirst.month)
                        && [28, 35].contains(slice.days)
                case .year:
                    shapeRight = (unitFirst.month, unitFirst.day) == (1, 1) && slice.days == (calendar.isLeapYear(unitFirst.year) ? 371 : 364)
                }
                guard shapeRight else { throw fail("unit from \(unitFirst.fields) has \(slice.days) days") }
                // Every instant of the slice has a local date inside the unit.
                let firstDay = zone.dayNumber(of: slice.start)
                let lastDay = zone.dayNumber(of: Instant(seconds: slice.end.seconds - 1))
                guard firstDay >= unitFirst.dayNumber, lastDay <= unitFirst.dayNumber + slice.days - 1 else {
                    throw fail("local dates \(firstDay)...\(lastDay) leave the unit of \(unitFirst.fields)")
                }
            }
            classify(slices.count > 1, "several slices")
            return true
        }
    }

    /// In UTC, a whole Symmetry454 year slices into 12 months of 4, 5, 4 weeks
    /// (a 5-week December in a leap year), into 52 or 53 Monday weeks, each
    /// month a whole number of them, and into one year.
    func testAWholeYearInUTC() {
        forAll(Gen.int(in: -9000...9000), runs: 200) { year in
            let firstDay = try calendar.firstDay(ofYear: year), nextYear = try calendar.firstDay(ofYear: year + 1)
            let start = Instant(seconds: firstDay * 86_400), end = Instant(seconds: nextYear * 86_400)
            func slice(_ unit: SliceUnit) throws -> [DaySlice] {
                Array(try DaySlices(from: start, to: end, zone: .utc, calendar: calendar, unit: unit, weekRules: .iso))
            }
            let months = try slice(.month), weeks = try slice(.week), years = try slice(.year), days = try slice(.day)
            let leap = calendar.isLeapYear(year)
            classify(leap, "leap")
            let monthStarts = Set(months.map(\.first.dayNumber))
            return months.map(\.days) == [28, 35, 28, 28, 35, 28, 28, 35, 28, 28, 35, leap ? 35 : 28]
                && months.allSatisfy(\.isWhole) && months.map(\.first.month) == Array(1...12)
                && weeks.count == (leap ? 53 : 52) && weeks.allSatisfy { $0.isWhole && $0.first.weekday == 1 }
                && monthStarts.isSubset(of: Set(weeks.map(\.first.dayNumber)))
                && years.count == 1 && years[0].isWhole && years[0].first.year == year
                && days.count == nextYear - firstDay
        }
    }
}
