import KalendsCheck
import XCTest
@testable import Kalends

/// Dates, date-times and offsets are written from digits into one buffer
/// (`ASCIIDigits`), the calendar files' agenda writes thousands of them:
/// that fast path must print what the plain interpolated form prints,
/// checked on every day of years 0 ... 9999, every offset to the second in
/// a day either way, and a million date-times.
final class DigitFormatParityTests: XCTestCase {
    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// The reference: `YYYY-MM-DD` by interpolation.
    static func date(_ date: ISODate) -> String {
        let digits = String(abs(date.year))
        let year = (date.year < 0 ? "-" : "") + String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
        return "\(year)-\(two(date.month))-\(two(date.day))"
    }

    func testEveryDayOfYears0To9999() throws {
        let first = try ISODate(year: 0, month: 1, day: 1).dayNumber, last = try ISODate(year: 9_999, month: 12, day: 31).dayNumber
        var mismatches: [String] = []
        for day in first...last {
            let date = ISODate(dayNumber: day)
            if date.description != Self.date(date) { mismatches.append("\(day): \(date.description)") }
            if mismatches.count > 5 { break }
        }
        XCTAssertEqual(mismatches, [])
        XCTAssertEqual(last - first + 1, 3_652_425)
        // Outside 0 ... 9999 the general form: a sign, at least four digits.
        XCTAssertEqual(try ISODate(year: -44, month: 3, day: 15).description, "-0044-03-15")
        XCTAssertEqual(try ISODate(year: -9_999, month: 1, day: 2).description, "-9999-01-02")
    }

    func testEveryOffsetToTheSecond() {
        var mismatches: [String] = []
        for seconds in -86_399...86_399 {
            let offset = UTCOffset(seconds: seconds)
            let magnitude = abs(seconds)
            var want = (seconds < 0 ? "-" : "+") + Self.two(magnitude / 3_600) + ":" + Self.two(magnitude % 3_600 / 60)
            if magnitude % 60 != 0 { want += ":" + Self.two(magnitude % 60) }
            if offset.description != want { mismatches.append("\(seconds): \(offset.description) not \(want)") }
            if mismatches.count > 5 { break }
        }
        XCTAssertEqual(mismatches, [])
    }

    func testAMillionDateTimes() throws {
        let first = try ISODate(year: 0, month: 1, day: 1).dayNumber, span = 3_652_425
        // A fixed sequence (SplitMix64): the same cases on every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var mismatches: [String] = []
        for _ in 0..<1_000_000 {
            let day = first + Int(next() % UInt64(span)), second = Int(next() % 86_400)
            let local = LocalDateTime(unchecked: day, second * 1_000_000_000)
            let want = Self.date(ISODate(dayNumber: day)) + "T" + Self.two(second / 3_600) + ":" + Self.two(second / 60 % 60) + ":" + Self.two(second % 60)
            if DateTimeText.format(local) != want { mismatches.append("\(DateTimeText.format(local)) not \(want)") }
            if mismatches.count > 5 { break }
        }
        XCTAssertEqual(mismatches, [])
        // A fraction of a second takes the general form.
        XCTAssertEqual(DateTimeText.format(LocalDateTime(unchecked: first, 500_000_000)), "0000-01-01T00:00:00.5")
    }

    /// A zoned date-time written in one buffer is the date-time and the offset written apart (`Z` in UTC), in
    /// every system zone (offsets of seconds, local mean time, included) at a million instants of 1800 ... 2200.
    func testAMillionZonedDateTimes() throws {
        let zones = ZoneResolutionProperties.zones + [ZoneRules.utc]
        guard zones.count > 1 else { throw XCTSkip("no zone files in \(ZoneFiles.defaultDirectory)") }
        var rng = SplitMix64(seed: 0x5A4F_4E45_4454_4558)
        var mismatches: [String] = []
        let runs = CheckConfig.fromEnvironment(runs: 1_000_000).runs
        for index in 0..<runs {
            let zone = zones[index % zones.count]
            let instant = Instant(seconds: Int(rng.next() % UInt64(400 * 31_556_952)) - 5_364_662_400)
            let zoned = try ZonedDateTime(instant: instant, zone: zone)
            let want = DateTimeText.format(zoned.local) + DateTimeText.offsetText(zoned)
            if DateTimeText.format(zoned) != want { mismatches.append("\(zone.identifier) at \(instant.seconds): \(DateTimeText.format(zoned)) not \(want)") }
            if mismatches.count > 5 { break }
        }
        XCTAssertEqual(mismatches, [])
        XCTAssertEqual(DateTimeText.format(try ZonedDateTime(instant: Instant(seconds: 0), zone: .utc)), "1970-01-01T00:00:00Z")
    }
}
