import KalendsCheck
import XCTest
@testable import Kalends

/// The fixed-step fast path (one instance a period: daily, weekly on one
/// weekday, sub-daily without limits) equals the general engine, instance
/// by instance, from DTSTART and from windows, near the ends of the
/// supported years too: about two million instances by default.
final class FastPathParityTests: XCTestCase {
    static let rules: Gen<String> = Gen<((Int, Int), Int, Int, Int)>.zip(
        Gen.zip(Gen.int(in: 0...4), Gen.frequency([(4, Gen.int(in: 1...3)), (2, Gen.int(in: 4...400)), (1, Gen.int(in: 401...2_000_000))])),
        Gen.int(in: 0...2), Gen.int(in: 1...7), Gen.int(in: 0...59)
    ).map { kindAndInterval, end, weekday, minute in
        let (kind, interval) = kindAndInterval
        let codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        var parts: [String]
        switch kind {
        case 0: parts = ["FREQ=DAILY"]
        case 1: parts = ["FREQ=WEEKLY", "BYDAY=" + codes[weekday - 1], "WKST=" + codes[(weekday + minute) % 7]]
        case 2: parts = ["FREQ=HOURLY", "BYMINUTE=\(minute)"]
        case 3: parts = ["FREQ=MINUTELY", "BYSECOND=\(minute)"]
        default: parts = ["FREQ=SECONDLY"]
        }
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if end == 1 { parts.append("COUNT=\(1 + minute * 17)") }
        if end == 2 { parts.append("UNTIL=20300101T000000") }
        return parts.joined(separator: ";")
    }

    static let starts: Gen<LocalDateTime> = Gen<(Int, Int)>.zip(
        Gen.frequency([(6, Gen.int(in: -30_000...60_000)), (1, Gen.int(in: (DayNumber.supported.upperBound - 400)...DayNumber.supported.upperBound)),
                       (1, Gen.int(in: DayNumber.supported.lowerBound...(DayNumber.supported.lowerBound + 400)))]),
        Gen.int(in: 0...86_399)
    ).map { day, second in LocalDateTime(unchecked: day, second * 1_000_000_000) }

    /// Days of 1901 ... 2106, where the zones are tabulated: zoned DTSTARTs.
    static let zonedDays = -25_000...50_000
    static let zonedStarts: Gen<LocalDateTime> = Gen<(Int, Int)>.zip(Gen.int(in: zonedDays), Gen.int(in: 0...86_399))
        .map { day, second in LocalDateTime(unchecked: day, second * 1_000_000_000) }

    func testFixedStepEqualsTheGeneralEngine() throws {
        forAll(Gen.zip(Self.rules, Self.starts, Gen.int(in: 0...(400 * 86_400))), runs: 2_000) { text, start, offset in
            let rule = try RecurrenceRule(parsing: text)
            let fast = try RecurrenceSet(start: .floating(start), rules: [rule])
            guard fast.expansions[0].engine.fixedStep != nil else { throw TestFailure("\(text) takes no fast path") }
            var reference = fast
            reference.referenceExpansion = true
            let a = fast.occurrences().prefix(1_000).map(\.key), b = reference.occurrences().prefix(1_000).map(\.key)
            guard a == b else { throw TestFailure("\(text) from \(start): fast \(a.prefix(5)) reference \(b.prefix(5))") }
            let low = LocalDateTime(unchecked: Swift.min(start.dayNumber + offset / 86_400, DayNumber.supported.upperBound), 0)
            let c = try fast.occurrences(from: .local(low)).prefix(50).map(\.key)
            let d = try reference.occurrences(from: .local(low)).prefix(50).map(\.key)
            guard c == d else { throw TestFailure("\(text) from \(start) after \(low): fast \(c.prefix(5)) reference \(d.prefix(5))") }
            return true
        }
    }

    func testZonedFixedStepEqualsTheGeneralEngine() throws {
        let zones = ["America/New_York", "Pacific/Apia", "Australia/Lord_Howe", "Europe/London"]
        // 200 cases, all of them checked (300 draws checked about 170 while
        // DTSTARTs outside the zones' table were counted as passes).
        forAll(Gen.zip(Self.rules, Self.zonedStarts, Gen.element(of: zones), Gen.element(of: LocalTimePolicy.allCases)), runs: 200) { text, start, name, policy in
            // A zoned DTSTART takes a UTC UNTIL.
            let rule = try RecurrenceRule(parsing: text.replacingOccurrences(of: "UNTIL=20300101T000000", with: "UNTIL=20300101T000000Z"))
            try assume(Self.zonedDays.contains(start.dayNumber), "DTSTART outside 1901 ... 2106, where the zones are tabulated")
            let fast = try RecurrenceSet(start: .zoned(start, try ZoneRules(identifier: name)), rules: [rule], policy: policy)
            var reference = fast
            reference.referenceExpansion = true
            let a = fast.occurrences().prefix(500).map { $0 }, b = reference.occurrences().prefix(500).map { $0 }
            guard a == b else { throw TestFailure("\(text) from \(start) in \(name): fast \(a.prefix(3)) reference \(b.prefix(3))") }
            return true
        }
    }
}
