import KalendsCheck
import XCTest
@testable import Kalends

/// A store checks each series when it opens (`RecurrenceSet.validate`) and
/// builds its set only when a query reaches it: the check must throw
/// exactly what building throws, for every start form, rule and date.
final class RecurrenceSetValidationProperties: XCTestCase {
    static let newYork = (try? ZoneRules(identifier: "America/New_York")) ?? .utc
    static let berlin = (try? ZoneRules(identifier: "Europe/Berlin")) ?? .utc

    /// A wall-clock time on `day` at `minute` (gap and fold times of New York included), `second` seconds in.
    static func local(_ day: Int, _ minute: Int, nanosecond: Int = 0) -> LocalDateTime {
        LocalDateTime(unchecked: day, minute * 60_000_000_000 + nanosecond)
    }

    /// Starts of every form: a date, floating, zoned (New York, UTC), and one with a fraction of a second.
    static let starts: Gen<RecurrenceStart> = Gen.zip(Gen.int(in: 0...4), Gen.int(in: 19_780...19_800), Gen.int(in: 0...1_439))
        .map { form, day, minute in
            switch form {
            case 0: .date(ISODate(dayNumber: day))
            case 1: .floating(local(day, minute))
            case 2: .zoned(local(day, minute), newYork)
            case 3: .zoned(local(day, minute), .utc)
            default: .zoned(local(day, minute, nanosecond: 500_000_000), newYork)
            }
        }

    /// RDATE and EXDATE values of every form (New York's gap on 2024-03-10 within reach).
    static let dates: Gen<RecurrenceDate> = Gen.zip(Gen.int(in: 0...4), Gen.int(in: 19_780...19_800), Gen.int(in: 0...1_439), Gen.int(in: 0...2))
        .map { form, day, minute, period in
            let value: RecurrenceDate.Value
            switch form {
            case 0: value = .date(ISODate(dayNumber: day))
            case 1: value = .floating(local(day, minute))
            case 2: value = .zoned(local(day, minute), newYork)
            case 3: value = .zoned(local(day, minute), berlin)
            default: value = .utc(Instant(seconds: day * 86_400 + minute * 60))
            }
            return RecurrenceDate(value, periodSeconds: period == 0 ? 3_600 : nil)
        }

    func testValidationThrowsWhatBuildingThrows() {
        let rules = RecurrenceRuleTextTests.rules.array(count: 0...2)
        forAll(Gen.zip(Self.starts, rules, Self.dates.array(count: 0...2), Self.dates.array(count: 0...2)), runs: 3_000) { start, rules, dates, exclusions in
            let checked = Result { () throws(RecurrenceError) in
                try RecurrenceSet.validate(start: start, rules: rules, dates: dates, exclusions: exclusions, policy: .rfc5545)
                return true
            }
            let built = Result { () throws(RecurrenceError) in
                _ = try RecurrenceSet(start: start, rules: rules, dates: dates, exclusions: exclusions)
                return true
            }
            guard checked == built else { throw Mismatch("validate gave \(checked), building gave \(built)") }
            // Both outcomes are met often: a check that always (or never) throws would pass otherwise.
            cover(minPercent: 15, (try? built.get()) != nil, "builds")
            cover(minPercent: 15, (try? built.get()) == nil, "refused")
            return true
        }
    }

    struct Mismatch: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
