import Foundation
import KalendsCheck
import XCTest
@testable import Kalends

/// The TZif reader and POSIX rules: the footer continues each table exactly,
/// damaged data is a placed error and never a trap, rules print as they read.
final class ZoneDataProperties: XCTestCase {
    /// 2027-01-01 UTC: from here to the end of the tables (2037), the rules in force now are what the tables hold.
    static let tableRuleStart = 1_798_761_600

    static let zoneNames: [String] = (try? ZoneSystemParityTests.zoneNames()) ?? []

    /// For every zone with a footer, the footer continues the table: the
    /// type after the last transition is the rule's, a rule with daylight
    /// time makes the table's last change of offset at the seam too (where the
    /// last transition changes only an abbreviation, neither has one there), and after the last transition the zone is the rule.
    func testTheFooterContinuesEveryTableExactly() throws {
        guard !Self.zoneNames.isEmpty else { throw XCTSkip("no zone files in \(ZoneFiles.defaultDirectory)") }
        var checked = 0, withDaylight = 0
        var lastTimes: [String: Int] = [:]
        for name in Self.zoneNames {
            let zone = try ZoneRules(identifier: name)
            guard let rule = zone.recurringRule, let last = zone.data.times.last else { continue }
            lastTimes[name] = last
            let ruleOnly = ZoneRules(identifier: name, rule: rule)
            let lastType = zone.data.types[Int(zone.data.typeIndices[zone.data.times.count - 1])]
            XCTAssertEqual(lastType, ruleOnly.localTimeType(at: Instant(seconds: last)), "\(name): the table's last type is not the rule's")
            if rule.daylight != nil {
                let at = Instant(seconds: last), after = Instant(seconds: last + 1)
                XCTAssertEqual(zone.transitions(from: at, to: after), ruleOnly.transitions(from: at, to: after), name)
                withDaylight += 1
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 300, "zones with a footer")
        XCTAssertGreaterThan(withDaylight, 50, "zones whose footer has daylight time")
        // After the last transition, at random instants up to 200 years on, the zone is its rule.
        let names = lastTimes.keys.sorted()
        forAll(Gen.zip(Gen.element(of: names), Gen.int(in: 0...(200 * 31_556_952))), runs: 2000) { name, later in
            let zone = try ZoneRules(identifier: name)
            guard let rule = zone.recurringRule, let last = lastTimes[name] else { throw TestFailure("\(name) lost its rule") }
            let ruleOnly = ZoneRules(identifier: name, rule: rule)
            let instant = Instant(seconds: last + later)
            guard zone.localTimeType(at: instant) == ruleOnly.localTimeType(at: instant) else {
                throw TestFailure("\(name) at \(instant): table \(zone.localTimeType(at: instant)), rule \(ruleOnly.localTimeType(at: instant))")
            }
            guard zone.nextTransition(after: instant) == ruleOnly.nextTransition(after: instant) else {
                throw TestFailure("\(name) after \(instant): \(String(describing: zone.nextTransition(after: instant))) against the rule's")
            }
            return true
        }
    }

    /// Next and previous transitions and the transitions of a span agree with
    /// each other and with `offset(at:)` in every zone.
    func testTransitionQueriesAgreeWithOffsets() throws {
        guard !Self.zoneNames.isEmpty else { throw XCTSkip("no zone files in \(ZoneFiles.defaultDirectory)") }
        let instants = Gen.int(in: -2_208_988_800...7_258_118_400)
        forAll(Gen.zip(Gen.element(of: Self.zoneNames), instants, Gen.int(in: 1...(3 * 366 * 86_400))), runs: 2000) { name, seconds, length in
            let zone = try ZoneRules(identifier: name)
            let from = Instant(seconds: seconds), to = Instant(seconds: seconds + length)
            let span = zone.transitions(from: from, to: to)
            for transition in span {
                guard zone.offset(at: Instant(seconds: transition.instant.seconds - 1)) == transition.offsetBefore,
                      zone.offset(at: transition.instant) == transition.offsetAfter,
                      transition.offsetBefore != transition.offsetAfter else {
                    throw TestFailure("\(name): \(transition) does not match offset(at:)")
                }
            }
            // The offset is constant between consecutive transitions (probed at the middle).
            var previous = seconds
            for transition in span + [ZoneTransition(instant: to, offsetBefore: .zero, offsetAfter: .zero)] {
                let middle = previous + (transition.instant.seconds - previous) / 2
                let expected = zone.offset(at: Instant(seconds: previous))
                guard zone.offset(at: Instant(seconds: middle)) == expected else {
                    throw TestFailure("\(name): the offset changes at \(middle) without a transition")
                }
                previous = transition.instant.seconds
            }
            let next = zone.nextTransition(after: Instant(seconds: seconds - 1), limitYears: 4)
            guard next == span.first || (span.isEmpty && (next.map { $0.instant >= to } ?? true)) else {
                throw TestFailure("\(name): next transition \(String(describing: next)) but the span has \(String(describing: span.first))")
            }
            let last = zone.previousTransition(before: to, limitYears: 4)
            return last == span.last || (span.isEmpty && (last.map { $0.instant < from } ?? true))
        }
    }

    /// Damaged zone files (bytes changed, cut, counts altered) give a zone or
    /// an `invalidZoneData` error placed inside the data; never a trap.
    func testDamagedTZifDataIsAPlacedError() throws {
        guard !Self.zoneNames.isEmpty else { throw XCTSkip("no zone files in \(ZoneFiles.defaultDirectory)") }
        let files = Self.zoneNames.prefix(400).compactMap { name -> [UInt8]? in
            guard case .bytes(let bytes) = ZoneFiles.read(ZoneFiles.defaultDirectory + "/" + name) else { return nil }
            return bytes
        }
        let edits = Gen<(Int, Int, Int)>.zip(Gen.int(in: 0...3), Gen.int(in: 0...100_000), Gen.int(in: 0...255)).array(count: 1...4)
        var rejected = 0
        forAll(Gen.zip(Gen.int(in: 0...(files.count - 1)), edits), runs: 3000) { fileIndex, changes in
            var bytes = files[fileIndex]
            for (kind, position, value) in changes where !bytes.isEmpty {
                let at = position % bytes.count
                switch kind {
                case 0: bytes[at] = UInt8(value)
                case 1: bytes.removeSubrange(at...)
                // A header count (version 1 or 2 header) set to a random byte.
                case 2: bytes[Swift.min(bytes.count - 1, 20 + value % 24)] = UInt8(truncatingIfNeeded: position)
                default: bytes.insert(UInt8(value), at: at)
                }
            }
            do {
                let zone = try ZoneRules(identifier: "Test/Damaged", tzif: bytes, source: "damaged")
                // Whatever was read answers every query without trapping.
                _ = zone.offset(at: Instant(seconds: 0))
                _ = zone.transitions(from: Instant(seconds: -3_000_000_000), to: Instant(seconds: 5_000_000_000))
                _ = try? zone.resolve(LocalDateTime(unchecked: 19_000, 3_600_000_000_000))
                return true
            } catch let error as TimeError {
                guard case .invalidZoneData(let source, let offset, let reason) = error else {
                    throw TestFailure("not an invalidZoneData error: \(error)")
                }
                rejected += 1
                guard source == "damaged", (0...bytes.count).contains(offset), !reason.isEmpty else {
                    throw TestFailure("badly placed error: \(source) at \(offset) of \(bytes.count): \(reason)")
                }
                return true
            } catch {
                throw TestFailure("not an invalidZoneData error: \(error)")
            }
        }
        XCTAssertGreaterThan(rejected, 0, "some damaged files must be refused")
    }

    /// Examples of refused data, each with its place.
    func testRefusedDataSaysWhereAndWhy() throws {
        func error(_ bytes: [UInt8]) -> String {
            do {
                _ = try ZoneRules(identifier: "X", tzif: bytes, source: "/tmp/x")
                return "accepted"
            } catch {
                return error.description
            }
        }
        XCTAssertEqual(error(Array("not a zone".utf8)), "invalid zone data in /tmp/x at byte offset 10: the data ends inside a 44-byte header")
        XCTAssertEqual(error(Array("TZjf".utf8) + [UInt8](repeating: 0, count: 40)), "invalid zone data in /tmp/x at byte offset 0: expected the magic 'TZif'")
        var header = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 39)
        XCTAssertEqual(error(header), "invalid zone data in /tmp/x at byte offset 36: 0 local time types (1 ... 256)")
        header[39] = 1  // one type
        header[43] = 1  // one abbreviation character
        XCTAssertEqual(error(header), "invalid zone data in /tmp/x at byte offset 44: the data ends inside its version 1 block")
    }

    func testZoneFilesByNameAndByPathAreEqual() throws {
        let named = try ZoneRules(identifier: "America/New_York")
        let byPath = try ZoneRules.file("/usr/share/zoneinfo/America/New_York")
        XCTAssertEqual(named, byPath)
        XCTAssertEqual(named.hashValue, byPath.hashValue)
        XCTAssertEqual(ZoneRules.system(tz: ":America/New_York"), named)
        // The same name with other content is another zone.
        let rule = try XCTUnwrap(named.recurringRule)
        XCTAssertNotEqual(ZoneRules(identifier: "America/New_York", rule: rule), named)
        XCTAssertEqual(named.abbreviation(at: Instant(seconds: 1_720_000_000)), "EDT")
        XCTAssertTrue(named.isDaylightSaving(at: Instant(seconds: 1_720_000_000)))
        XCTAssertEqual(named.abbreviation(at: Instant(seconds: 1_700_000_000)), "EST")
    }

    func testNamesThatAreNotZones() {
        for name in ["America", "zone.tab", "../../etc/passwd", "/etc/passwd", "America/Nowhere", "right/America/New_York",
                     "tzdata.zi", "", "America//New_York", "a\u{0}b", String(repeating: "A", count: 300)] {
            XCTAssertThrowsError(try ZoneRules(identifier: name), name) { error in
                guard case .unknownZone = error as? TimeError else { return XCTFail("\(name): \(error)") }
            }
        }
        XCTAssertThrowsError(try ZoneRules.file("/usr/share/zoneinfo/right/America/New_York")) { error in
            guard case .invalidZoneData(_, _, let reason) = error as? TimeError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("leap-second"), reason)
        }
    }

    // MARK: POSIX rules

    static let ruleDates: Gen<ZoneRuleDate> = {
        let day = Gen<ZoneRuleDate.Day>.oneOf([
            Gen.int(in: 1...365).map { .julianSkippingLeapDay($0) },
            Gen.int(in: 0...365).map { .zeroBasedDayOfYear($0) },
            Gen.zip(Gen.int(in: 1...12), Gen.int(in: 1...5), Gen.int(in: 0...6)).map { .monthWeekday(month: $0, week: $1, weekday: $2) },
        ])
        let time = Gen.frequency([(3, Gen.constant(7_200)), (1, Gen.int(in: -167 * 3600...167 * 3600))])
        return Gen.zip(day, time).map { ZoneRuleDate(day: $0, secondsOfDay: $1) }
    }()

    static let rules: Gen<RecurringZoneRule> = {
        let names = Gen.element(of: ["EST", "CET", "IST", "+0530", "-03", "AEDT", "ABCDEFGH"])
        let offsets = Gen.int(in: -24 * 3600...24 * 3600)
        let standard = Gen.zip(names, offsets).map { ZoneLocalTimeType(offset: UTCOffset(seconds: $1), isDaylightSaving: false, abbreviation: $0) }
        let daylight = Gen.zip(names, offsets, ruleDates, ruleDates).map { name, offset, start, end in
            RecurringZoneRule.Daylight(type: ZoneLocalTimeType(offset: UTCOffset(seconds: offset), isDaylightSaving: true, abbreviation: name),
                                       start: start, end: end)
        }
        return Gen.zip(standard, Gen.frequency([(1, Gen.constant(nil)), (4, daylight.map { Optional($0) })]))
            .map { RecurringZoneRule(standard: $0, daylight: $1) }
    }()

    func testRulesReadBackAsTheyPrint() {
        forAll(Self.rules, runs: 3000) { rule in
            let reread = try RecurringZoneRule(posix: rule.description)
            guard reread == rule else { throw TestFailure("\(rule.description) reads as \(reread.description)") }
            return true
        }
    }

    /// Under any rule, each year has its changes, and the type between
    /// changes is the one the last change set.
    func testRuleChangesAgreeWithTheTypeInForce() {
        forAll(Gen.zip(Self.rules, Gen.int(in: -4_000_000_000...7_000_000_000)), runs: 3000) { rule, seconds in
            let zone = ZoneRules(identifier: "Test", rule: rule)
            guard let next = zone.nextTransition(after: Instant(seconds: seconds), limitYears: 3) else {
                // No change within three years: only a rule with one offset, or daylight all year.
                let constant = zone.offset(at: Instant(seconds: seconds)) == zone.offset(at: Instant(seconds: seconds + 2 * 31_556_952))
                guard constant else { throw TestFailure("\(rule): the offset changes but no transition is found after \(seconds)") }
                return true
            }
            guard next.instant.seconds > seconds, zone.offset(at: Instant(seconds: next.instant.seconds - 1)) == next.offsetBefore,
                  zone.offset(at: next.instant) == next.offsetAfter else {
                throw TestFailure("\(rule): next \(next) after \(seconds) does not match the offsets")
            }
            let previous = zone.previousTransition(before: Instant(seconds: next.instant.seconds + 1))
            guard previous == next else { throw TestFailure("\(rule): next after \(seconds) is \(next), previous before it + 1 s is \(String(describing: previous))") }
            return true
        }
    }

    /// RFC 8536 section 3.3.1: `EST5EDT4,0/0,J365/25` is daylight time all year.
    func testAllYearDaylightRuleStaysInDaylightTime() throws {
        let zone = try ZoneRules(posix: "EST5EDT4,0/0,J365/25")
        for seconds in stride(from: 946_684_800, to: 4_102_444_800, by: 3_600 * 97) {
            XCTAssertEqual(zone.offset(at: Instant(seconds: seconds)), UTCOffset(seconds: -14_400), "\(seconds)")
        }
        XCTAssertNil(zone.nextTransition(after: Instant(seconds: 946_684_800)))
    }

    func testPOSIXExamples() throws {
        let us = try RecurringZoneRule(posix: "EST5EDT,M3.2.0,M11.1.0")
        XCTAssertEqual(us.standard, ZoneLocalTimeType(offset: UTCOffset(seconds: -18_000), isDaylightSaving: false, abbreviation: "EST"))
        XCTAssertEqual(us.daylight?.type.offset, UTCOffset(seconds: -14_400))
        XCTAssertEqual(us.description, "EST5EDT,M3.2.0,M11.1.0")
        // glibc's default dates for a daylight name without them: the US rule.
        XCTAssertEqual(try RecurringZoneRule(posix: "EST5EDT"), us)
        let zone = ZoneRules(identifier: "US", rule: us)
        // 2024-03-10 07:00 UTC (2:00 EST) and 2024-11-03 06:00 UTC (2:00 EDT).
        XCTAssertEqual(zone.transitions(from: Instant(seconds: 1_704_067_200), to: Instant(seconds: 1_735_689_600)).map(\.instant.seconds),
                       [1_710_054_000, 1_730_613_600])
        for (text, message) in [
            ("EST", "invalid POSIX TZ string 'EST' at byte 4: expected the offset of EST, such as 5 or -5:30"),
            ("E5", "invalid POSIX TZ string 'E5' at byte 2: expected a zone name of at least three letters (EST) or <+05>"),
            ("EST5EDT,M13.1.0,M11.1.0", "invalid POSIX TZ string 'EST5EDT,M13.1.0,M11.1.0' at byte 10: expected a month 1 ... 12 after 'M'"),
            ("EST25", "invalid POSIX TZ string 'EST25' at byte 4: hours 25 are more than 24"),
            ("<+05", "invalid POSIX TZ string '<+05' at byte 5: a '<' is not closed by '>'"),
            ("EST5EDT,M3.2.0/168,M11.1.0", "invalid POSIX TZ string 'EST5EDT,M3.2.0/168,M11.1.0' at byte 16: hours 168 are more than 167"),
        ] {
            XCTAssertThrowsError(try RecurringZoneRule(posix: text)) { XCTAssertEqual("\($0)", message) }
        }
        XCTAssertThrowsError(try RecurringZoneRule(posix: String(repeating: "A", count: 10_000))) { error in
            XCTAssertLessThan("\(error)".count, 200, "the echo is cut")
        }
    }

    /// A zone given as a VTIMEZONE gives it: listed transitions, then a yearly
    /// rule. It equals the system's zone wherever both are defined.
    func testListedTransitionsWithARuleAfterThemEqualTheSystemZone() throws {
        let system = try ZoneRules(identifier: "America/New_York")
        let rule = try RecurringZoneRule(posix: "EST5EDT,M3.2.0,M11.1.0")
        // 2000 ... 2009: the listed part spans the 2007 change of the US rule.
        let from = Instant(seconds: 946_684_800), to = Instant(seconds: 1_262_304_000)
        let listed = try ZoneRules(identifier: "America/New_York", initialOffset: system.offset(at: from),
                                   transitions: system.transitions(from: from, to: to), tail: rule)
        forAll(Gen.int(in: from.seconds...4_102_444_800), runs: 2000) { seconds in
            let instant = Instant(seconds: seconds)
            guard listed.offset(at: instant) == system.offset(at: instant) else {
                throw TestFailure("at \(seconds): listed \(listed.offset(at: instant)), system \(system.offset(at: instant))")
            }
            return listed.nextTransition(after: instant) == system.nextTransition(after: instant)
        }
        XCTAssertEqual(listed.recurringRule, rule)
        XCTAssertNotEqual(listed, system, "same name, other content (no abbreviations, no table before 2000)")
    }

    /// A zone round-trips through Codable by its identifier, a POSIX one included.
    func testZonesDecodeFromTheirIdentifiers() throws {
        for zone in [try ZoneRules(identifier: "Europe/Paris"), ZoneRules.utc, ZoneRules.fixed(UTCOffset(seconds: 19_800)),
                     try ZoneRules(posix: "CET-1CEST,M3.5.0,M10.5.0/3"), ZoneRules.system(tz: "AEST-10AEDT,M10.1.0,M4.1.0/3")] {
            let data = try JSONEncoder().encode([zone])
            XCTAssertEqual(try JSONDecoder().decode([ZoneRules].self, from: data), [zone], zone.identifier)
        }
        XCTAssertThrowsError(try JSONDecoder().decode([ZoneRules].self, from: Data(#"["Mars/Olympus"]"#.utf8)))
    }
}
