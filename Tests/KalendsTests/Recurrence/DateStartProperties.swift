import Foundation
import KalendsCheck
import XCTest
@testable import Kalends
import KalendsICalendar

/// A date DTSTART ignores BYHOUR, BYMINUTE and BYSECOND (RFC 5545 section
/// 3.3.10: they "MUST be ignored"): on generated date starts and rules,
/// adding such parts to a rule changes none of its occurrences, nor whether
/// it is empty, and gives exactly one warning that names them.
final class DateStartProperties: XCTestCase {
    /// A DAILY ... YEARLY rule valid by construction, as RRULE text without time parts.
    static let dayRules: Gen<String> = Gen<Int>.int(in: 3...6).flatMap { rawFrequency in
        let frequency = RecurrenceRule.Frequency(rawValue: rawFrequency) ?? .daily
        let values = { @Sendable (range: ClosedRange<Int>, signed: Bool) -> Gen<[Int]> in
            let value = signed ? Gen<Int>.int(in: range).flatMap { v in Gen<Int>.element(of: [v, -v]) } : Gen<Int>.int(in: range)
            return Gen.frequency([(2, Gen.constant([])), (1, value.array(count: 1...3))])
        }
        return Gen<(Int, Int, [Int], [Int])>.zip(
            Gen.frequency([(3, Gen.constant(1)), (1, Gen.int(in: 2...4))]),
            Gen.frequency([(1, Gen.constant(0)), (3, Gen.int(in: 1...30))]),
            values(1...12, false),
            frequency == .weekly ? Gen.constant([]) : values(1...31, true)
        ).flatMap { interval, count, byMonth, byMonthDay in
            Gen<([Int], [Int], [Int])>.zip(
                values(1...7, false),
                frequency == .yearly ? values(1...366, true) : Gen.constant([]),
                values(1...4, true)
            ).map { byDay, byYearDay, setPositions in
                var parts = ["FREQ=\(frequency)"]
                if interval != 1 { parts.append("INTERVAL=\(interval)") }
                if count > 0 { parts.append("COUNT=\(count)") }
                func add(_ name: String, _ values: [Int], _ text: (Int) -> String = String.init) {
                    if !values.isEmpty { parts.append(name + "=" + values.map(text).joined(separator: ",")) }
                }
                add("BYMONTH", byMonth)
                add("BYYEARDAY", byYearDay)
                add("BYMONTHDAY", byMonthDay)
                add("BYDAY", byDay) { ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][$0 - 1] }
                // BYSETPOS needs another part to pick from.
                if !(byMonth.isEmpty && byYearDay.isEmpty && byMonthDay.isEmpty && byDay.isEmpty) { add("BYSETPOS", setPositions) }
                return parts.joined(separator: ";")
            }
        }
    }

    /// BYHOUR, BYMINUTE, BYSECOND values (60 included: a leap second), at least one part given.
    static let timeParts: Gen<(hours: [Int], minutes: [Int], seconds: [Int])> = Gen<([Int], [Int], [Int])>.zip(
        Gen.frequency([(1, Gen.constant([])), (1, Gen<Int>.int(in: 0...23).array(count: 1...3))]),
        Gen.frequency([(1, Gen.constant([])), (1, Gen<Int>.int(in: 0...59).array(count: 1...3))]),
        Gen.frequency([(1, Gen.constant([])), (1, Gen<Int>.int(in: 0...60).array(count: 1...2))])
    ).map { hours, minutes, seconds in
        hours.isEmpty && minutes.isEmpty && seconds.isEmpty ? (hours: [9], minutes: minutes, seconds: seconds) : (hours, minutes, seconds)
    }

    /// A date 1900 ... 2100.
    static let dates: Gen<ISODate> = Gen<Int>.int(in: -25_567...47_482).map { ISODate(dayNumber: $0) }

    func testTimePartsChangeNothingButAWarning() {
        forAll(Gen.zip(Self.dayRules, Self.timeParts, Self.dates), runs: 200) { text, time, date in
            var timed = text
            for (name, values) in [("BYHOUR", time.hours), ("BYMINUTE", time.minutes), ("BYSECOND", time.seconds)] where !values.isEmpty {
                timed += ";\(name)=" + values.map(String.init).joined(separator: ",")
            }
            let plain = try RecurrenceSet(start: .date(date), rules: [try RecurrenceRule(parsing: text)])
            let ignoring = try RecurrenceSet(start: .date(date), rules: [try RecurrenceRule(parsing: timed)])
            let read = try RecurrenceSet(parsing: "DTSTART;VALUE=DATE:\(Self.basic(date))\nRRULE:\(timed)")
            guard plain.warnings.isEmpty else { throw TestFailure("\(text): a warning without time parts: \(plain.warnings)") }
            let expected = RecurrenceWarning.Reason.timeOfDayPartsIgnored(byHour: RecurrenceRule.normalized(time.hours),
                                                                          byMinute: RecurrenceRule.normalized(time.minutes),
                                                                          bySecond: RecurrenceRule.normalized(time.seconds))
            guard ignoring.warnings.map(\.reason) == [expected], read.warnings.map(\.line) == [2] else {
                throw TestFailure("\(timed) from \(date): warnings \(ignoring.warnings), read \(read.warnings)")
            }
            let want = plain.occurrences().prefix(60).map(\.description)
            for (name, set) in [("built", ignoring), ("read", read)] {
                let got = set.occurrences().prefix(60).map(\.description)
                guard got == want else {
                    throw TestFailure("\(timed) from \(date) (\(name)): \(got.prefix(6)) ... vs \(want.prefix(6)) ... without the time parts")
                }
                guard set.emptyRules().map(\.reason) == plain.emptyRules().map(\.reason) else {
                    throw TestFailure("\(timed) from \(date) (\(name)): empty \(set.emptyRules()) vs \(plain.emptyRules())")
                }
            }
            classify(want.count > 1, "has occurrences after DTSTART")
            return true
        }
    }

    static func basic(_ date: ISODate) -> String {
        String(date.description.filter { $0 != "-" })
    }
}
