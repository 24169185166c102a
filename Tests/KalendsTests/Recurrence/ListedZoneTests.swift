import Foundation
import KalendsCheck
import XCTest
@testable import Kalends

/// A zone given by its transitions (the VTIMEZONE form) behaves exactly as
/// the system zone it was copied from, inside the copied span.
final class ListedZoneTests: XCTestCase {
    static let names = ["America/New_York", "Australia/Lord_Howe", "Pacific/Apia", "Europe/Dublin", "America/Sao_Paulo"]
    static let from = Instant(seconds: -2_208_988_800), to = Instant(seconds: 4_102_444_800)   // 1900 ... 2100

    static func copy(_ name: String) throws -> (ZoneRules, ZoneRules) {
        let system = try ZoneRules(identifier: name)
        let transitions = system.transitions(from: from, to: to)
        let listed = try ZoneRules(identifier: name, initialOffset: system.offset(at: from), transitions: transitions)
        return (system, listed)
    }

    func testListedZonesAnswerAsTheSystemZone() throws {
        let copies = try Dictionary(uniqueKeysWithValues: Self.names.map { ($0, try Self.copy($0)) })
        let seconds = Gen<Int>.int(in: (Self.from.seconds + 3 * 86_400)...(Self.to.seconds - 3 * 86_400))
        forAll(Gen.zip(Gen.element(of: Self.names), seconds), runs: 3_000) { name, value in
            guard let (system, listed) = copies[name] else { throw TestFailure("no copy of \(name)") }
            guard system.offset(at: Instant(seconds: value)) == listed.offset(at: Instant(seconds: value)) else {
                throw TestFailure("\(name) at \(value): offsets differ")
            }
            let wall = LocalDateTime(unchecked: value.floorDivided(by: 86_400), value.floorModulo(86_400) * 1_000_000_000)
            guard system.resolution(of: wall) == listed.resolution(of: wall) else { throw TestFailure("\(name) \(wall): resolutions differ") }
            return true
        }
        for name in Self.names {
            guard let (system, listed) = copies[name] else { continue }
            XCTAssertNotEqual(system, listed, "a listed zone is its own value")
            let start = try LocalDateTime(ISODate(year: 1990, month: 1, day: 1), TimeOfDay(hour: 2, minute: 30))
            let rule = try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=5000")
            let a = try RecurrenceSet(start: .zoned(start, system), rules: [rule]).occurrences().map(\.description)
            let b = try RecurrenceSet(start: .zoned(start, listed), rules: [rule]).occurrences().map(\.description)
            XCTAssertEqual(a, b, name)
        }
    }

    func testTransitionsMustChain() {
        let hour = UTCOffset(seconds: 3600), zero = UTCOffset(seconds: 0)
        XCTAssertThrowsError(try ZoneRules(identifier: "X/Bad", initialOffset: zero, transitions: [
            ZoneTransition(instant: Instant(seconds: 100), offsetBefore: hour, offsetAfter: zero)])) { error in
            XCTAssertEqual("\(error)", "the transitions of zone X/Bad do not chain: transition 1 at 1970-01-01T00:01:40Z starts from +01:00, but the offset then is +00:00")
        }
        XCTAssertThrowsError(try ZoneRules(identifier: "X/Bad", initialOffset: zero, transitions: [
            ZoneTransition(instant: Instant(seconds: 100), offsetBefore: zero, offsetAfter: hour),
            ZoneTransition(instant: Instant(seconds: 50), offsetBefore: hour, offsetAfter: zero)]))
        XCTAssertEqual(try ZoneRules(identifier: "X/Fixed", initialOffset: hour, transitions: []).offset(at: Instant(seconds: 0)), hour)
    }
}
