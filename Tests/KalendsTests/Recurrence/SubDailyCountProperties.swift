import KalendsCheck
import XCTest
@testable import Kalends

/// Hourly, minutely and secondly rules limited by the time of day only
/// (BYHOUR, BYMINUTE, BYSECOND) repeat with the day, so a window query with
/// COUNT counts the instances before the window by whole day-cycles instead
/// of walking to it (`PeriodCounts`). The fast count must equal the walk
/// from DTSTART: windows (and `instanceCount`) of such rules against the
/// filtered walk, for steps that divide the day and steps that do not.
final class SubDailyCountProperties: XCTestCase {
    static let rules: Gen<String> = Gen.zip(
        Gen.element(of: ["SECONDLY", "MINUTELY", "HOURLY"]),
        Gen.frequency([(3, Gen.int(in: 1...5)), (2, Gen.int(in: 6...1_000)), (1, Gen.element(of: [7, 11, 13, 97, 1_931]))]),
        Gen.zip(Gen.int(in: 0...23).array(count: 0...3), Gen.int(in: 0...59).array(count: 0...3), Gen.int(in: 0...59).array(count: 0...2)),
        Gen.int(in: 0...6)
    ).map { frequency, interval, parts, _ in
        var text = "FREQ=\(frequency);INTERVAL=\(interval)"
        func list(_ name: String, _ values: [Int]) { if !values.isEmpty { text += ";\(name)=" + Set(values).sorted().map(String.init).joined(separator: ",") } }
        list("BYHOUR", parts.0)
        if frequency != "HOURLY" || parts.1.count < 2 { list("BYMINUTE", parts.1) }
        if frequency == "SECONDLY" { list("BYSECOND", parts.2) }
        return text
    }

    static let newYork = (try? ZoneRules(identifier: "America/New_York")) ?? .utc

    func testWindowsWithCountEqualTheWalk() {
        let windows = Gen.zip(Gen.int(in: 0...(12 * 86_400)), Gen.int(in: 1...7_200))
        forAll(Gen.zip(Gen.zip(Self.rules, Gen.int(in: 19_780...19_800), Gen.int(in: 0...86_399)), windows, Gen.zip(Gen.bool, Gen.int(in: 0...8))), runs: 400) { rule, window, choice in
            let (text, day, random) = rule
            let (zoned, short) = choice
            let endless = try RecurrenceRule(parsing: text)
            let step = endless.interval * [RecurrenceRule.Frequency.secondly: 1, .minutely: 60, .hourly: 3_600][endless.frequency, default: 1]
            // The walk is the reference: keep it to a few hundred thousand periods.
            try assume(window.0 / step < 400_000, "too many periods to walk")
            // DTSTART on a time the rule takes, as people write them (its period then holds an instance).
            let second = (endless.byHour.first ?? random / 3_600) * 3_600 + (endless.byMinute.first ?? random / 60 % 60) * 60
                + (endless.bySecond.first ?? random % 60)
            let local = LocalDateTime(unchecked: day, second * 1_000_000_000)
            let start: RecurrenceStart = zoned ? .zoned(local, Self.newYork) : .floating(local)
            let low = local.wallSeconds.seconds + window.0, high = low + window.1
            let lowTime = LocalDateTime(unchecked: low.floorDivided(by: 86_400), low.floorModulo(86_400) * 1_000_000_000)
            let highTime = LocalDateTime(unchecked: high.floorDivided(by: 86_400), high.floorModulo(86_400) * 1_000_000_000)
            // A COUNT that ends the series in the window, or a little after it: where a miscount shows.
            let before = try RecurrenceSet(start: start, rules: [endless]).occurrences(from: .local(local), to: .local(highTime)).reduce(0) { n, _ in n + 1 }
            let set = try RecurrenceSet(start: start, rules: [try endless.ending(.count(Swift.max(1, before + 3 - short)))])
            let lowKey = try set.key(.local(lowTime), roundingUp: true)
            let walked = Array(try set.occurrences(from: .local(local), to: .local(highTime))).filter { $0.key >= lowKey }
            let windowed = Array(try set.occurrences(from: .local(lowTime), to: .local(highTime)))
            guard windowed == walked else {
                throw Mismatch("\(text) from \(start) in [\(lowTime), \(highTime)): \(windowed.prefix(3)) walked \(walked.prefix(3))")
            }
            cover(minPercent: 10, !windowed.isEmpty, "occurrences in the window")
            // Past the stream's margin of three days the window starts at its period, counting COUNT by cycles.
            cover(minPercent: 20, window.0 > 4 * 86_400, "counted, not walked")
            return true
        }
    }

    struct Mismatch: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
