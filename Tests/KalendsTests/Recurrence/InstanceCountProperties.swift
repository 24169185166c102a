import KalendsCheck
import XCTest
@testable import Kalends

/// `RecurrenceSet.instanceCount`, what an edit that ends a series before an
/// occurrence lowers COUNT to, counted in closed form where the rule allows
/// it: a rule with that COUNT must give exactly the occurrences the series
/// had before the occurrence (so the edit keeps them all, and no more),
/// for rules of every frequency and shape, RSCALE and SKIP included, in
/// zones with DST changes, floating and all-day; and on simple rules with a
/// COUNT of 2^31-1 it must be the arithmetic count, found without walking.
final class InstanceCountProperties: XCTestCase {
    static let newYork = (try? ZoneRules(identifier: "America/New_York")) ?? .utc
    static let berlin = (try? ZoneRules(identifier: "Europe/Berlin")) ?? .utc

    /// Rules people write, of every frequency (sub-daily ones with steps that keep a walk short).
    static let rules: Gen<String> = {
        let byDay = Gen.element(of: ["", ";BYDAY=MO,TH", ";BYDAY=1MO,-1FR", ";BYDAY=TU", ";BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"])
        let daily = Gen.zip(Gen.element(of: ["DAILY", "WEEKLY"]), Gen.int(in: 1...3), byDay).map { frequency, interval, day -> String in
            let days = frequency == "DAILY" && day.contains("1MO") ? "" : day.replacingOccurrences(of: ";BYSETPOS=-1", with: frequency == "DAILY" ? "" : ";BYSETPOS=-1")
            return "FREQ=\(frequency);INTERVAL=\(interval)" + (frequency == "WEEKLY" && days.contains("1MO") ? ";BYDAY=MO" : days)
        }
        let monthly = Gen.zip(Gen.element(of: ["MONTHLY", "YEARLY"]), Gen.int(in: 1...2),
                              Gen.element(of: ["", ";BYMONTHDAY=31", ";BYMONTHDAY=1,15", ";BYDAY=1MO,-1FR", ";BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"]))
            .map { "FREQ=\($0.0);INTERVAL=\($0.1)\($0.2)" }
        let scaled = Gen.element(of: ["RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=30;SKIP=FORWARD",
                                      "RSCALE=CHINESE;FREQ=MONTHLY;BYMONTHDAY=30;SKIP=BACKWARD",
                                      "RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=FORWARD",
                                      "RSCALE=ISLAMIC-CIVIL;FREQ=MONTHLY;BYMONTHDAY=30"])
        let subDaily = Gen.zip(Gen.element(of: ["HOURLY", "MINUTELY", "SECONDLY"]), Gen.int(in: 1...7),
                               Gen.element(of: ["", ";BYHOUR=1,2,3,9", ";BYDAY=SU"]))
            .map { frequency, step, parts in
                let interval = ["HOURLY": step, "MINUTELY": step * 53, "SECONDLY": step * 1_931][frequency] ?? step
                return "FREQ=\(frequency);INTERVAL=\(interval)\(parts)"
            }
        return Gen.frequency([(4, daily), (3, monthly), (1, scaled), (2, subDaily)])
    }()

    /// Starts of every form, around New York's and Berlin's changes of 2024.
    static let starts: Gen<RecurrenceStart> = Gen.zip(Gen.int(in: 0...4), Gen.int(in: 19_770...19_820), Gen.int(in: 0...1_439))
        .map { form, day, minute in
            let local = LocalDateTime(unchecked: day, minute * 60_000_000_000)
            switch form {
            case 0: return .date(ISODate(dayNumber: day))
            case 1: return .floating(local)
            case 2: return .zoned(local, newYork)
            case 3: return .zoned(local, berlin)
            default: return .zoned(local, .utc)
            }
        }

    func testACountOfTheInstancesBeforeAnOccurrenceKeepsExactlyTheEarlierOccurrences() {
        forAll(Gen.zip(Self.starts, Self.rules, Gen.int(in: 2...60), Gen.int(in: 0...59)), runs: 2_000) { start, text, count, pick in
            let rule = try RecurrenceRule(parsing: text + ";COUNT=\(count)")
            guard !(start.isDate && rule.frequency < .daily) else { throw Discard("a date recurs daily at the finest") }
            let set = try RecurrenceSet(start: start, rules: [rule])
            let all = Array(set.occurrences())
            guard !all.isEmpty else { throw Discard("no occurrence") }
            let occurrence = all[pick % all.count]
            let bound: RecurrenceSet.Bound = occurrence.instant.map { .instant($0) } ?? .local(occurrence.local)
            guard let before = try set.instanceCount(ofRule: 0, before: bound, walkLimit: 10_000_000) else { throw Failure("nil under the limit") }
            let earlier = all.filter { $0 < occurrence }
            guard before > 0 else {
                guard earlier.isEmpty else { throw Failure("0 instances before \(occurrence), but \(earlier.count) occurrences") }
                return true
            }
            let ended = try RecurrenceSet(start: start, rules: [try rule.ending(.count(before))])
            let kept = Array(ended.occurrences())
            guard kept == earlier else {
                throw Failure("\(text);COUNT=\(count) from \(start), before \(occurrence): COUNT=\(before) gives \(kept.count), the series had \(earlier.count) before")
            }
            cover(minPercent: 20, before > 3, "several before")
            cover(minPercent: 5, rule.frequency < .daily, "sub-daily")
            return true
        }
    }

    /// With COUNT=2^31-1 and an occurrence far away, a rule of one instance a period is counted without walking to it.
    func testSimpleRulesAreCountedByArithmeticHoweverFar() {
        let steps = ["SECONDLY": 1, "MINUTELY": 60, "HOURLY": 3_600, "DAILY": 86_400]
        forAll(Gen.zip(Gen.element(of: Array(steps.keys).sorted()), Gen.int(in: 1...9), Gen.int(in: 0...2_000_000_000), Gen.bool), runs: 300) { frequency, interval, index, utc in
            let step = (steps[frequency] ?? 1) * interval
            let local = LocalDateTime(unchecked: 19_723, 9 * 3_600_000_000_000)   // 2024-01-01 09:00
            let start: RecurrenceStart = utc ? .zoned(local, .utc) : .floating(local)
            let rule = try RecurrenceRule(parsing: "FREQ=\(frequency);INTERVAL=\(interval);COUNT=\(RecurrenceRule.maximumCount)")
            let set = try RecurrenceSet(start: start, rules: [rule])
            let seconds = 19_723 * 86_400 + 9 * 3_600 + index.multipliedReportingOverflow(by: step).partialValue % 200_000_000_000
            guard seconds < 253_402_214_400 else { throw Discard("past 9999") }
            let bound: RecurrenceSet.Bound = utc ? .instant(Instant(seconds: seconds)) : .local(LocalDateTime(unchecked: seconds / 86_400, seconds % 86_400 * 1_000_000_000))
            // A walk limit far below the distance: only the closed form can answer.
            let counted = try set.instanceCount(ofRule: 0, before: bound, walkLimit: 1_000_000)
            let expected = Swift.min(RecurrenceRule.maximumCount, (seconds - (19_723 * 86_400 + 9 * 3_600) + step - 1) / step)
            guard counted == expected else { throw Failure("\(frequency) every \(interval): \(String(describing: counted)), expected \(expected)") }
            return true
        }
    }

    /// A rule that cannot be counted in closed form (SKIP that spills) is walked, at most the limit.
    func testAWalkPastItsLimitSaysSo() throws {
        let start = RecurrenceStart.date(ISODate(dayNumber: 19_723))
        let rule = try RecurrenceRule(parsing: "RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=FORWARD;COUNT=2147483647")
        let set = try RecurrenceSet(start: start, rules: [rule])
        let far = RecurrenceSet.Bound.local(LocalDateTime(unchecked: 19_723 + 365 * 200, 0))
        XCTAssertNil(try set.instanceCount(ofRule: 0, before: far, walkLimit: 100))
        let before = try set.occurrences(from: .local(LocalDateTime(unchecked: 19_723, 0)), to: far).reduce(0) { count, _ in count + 1 }
        XCTAssertGreaterThan(before, 2_000)
        XCTAssertEqual(try set.instanceCount(ofRule: 0, before: far, walkLimit: 10_000), before)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
