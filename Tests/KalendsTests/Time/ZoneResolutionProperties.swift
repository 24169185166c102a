import KalendsCheck
import XCTest
@testable import Kalends

/// The fast path of `ZoneRules.resolution(ofWallSeconds:)` (one search of
/// the table when no change lies within two days) against the walk over the
/// changes around the wall time (`walkedResolution`), its reference: the
/// same answer in every zone, at random times and at times around each
/// change, where the fast path must give way.
final class ZoneResolutionProperties: XCTestCase {
    static let zones: [ZoneRules] = ZoneDataProperties.zoneNames.compactMap { try? ZoneRules(identifier: $0) }

    /// Wall seconds near a change of `zone`'s table (within three days), or anywhere in 1800-2200.
    private static func wall(_ zone: ZoneRules, _ rng: inout SplitMix64) -> Int {
        let times = zone.data.times
        if !times.isEmpty && rng.next() % 4 != 0 {
            let change = times[Int(rng.next() % UInt64(times.count))]
            return change + Int(rng.next() % UInt64(6 * 86_400 + 1)) - 3 * 86_400
        }
        return Int(rng.next() % UInt64(400 * 31_556_952)) - 5_364_662_400
    }

    /// A million cases (scaled by KALENDS_PROPERTY_RUNS / 1000), from a fixed seed; about three in
    /// four within three days of a change of the zone's table.
    func testAMillionWallTimesResolveAsTheWalkDoes() throws {
        guard !Self.zones.isEmpty else { throw XCTSkip("no zone files in \(ZoneFiles.defaultDirectory)") }
        let runs = CheckConfig.fromEnvironment(runs: 1_000_000).runs
        var rng = SplitMix64(seed: 0x5A4F_4E45_5245_534F)
        var fast = 0, near = 0
        for index in 0..<runs {
            let zone = Self.zones[index % Self.zones.count]
            let wall = Self.wall(zone, &rng)
            let found = zone.resolution(ofWallSeconds: wall), walked = zone.walkedResolution(ofWallSeconds: wall)
            guard found == walked else {
                XCTFail("\(zone.identifier) at wall second \(wall): \(found), the walk gives \(walked)")
                return
            }
            if zone.data.soleOffset(from: wall - 2 * 86_400, through: wall + 2 * 86_400) != nil { fast += 1 }
            if case .unique = walked {} else { near += 1 }
        }
        // Both paths were taken, and gaps and repeats were met (the cases the fast path must leave to the walk).
        XCTAssertGreaterThan(fast, runs / 10, "cases the fast path answered")
        XCTAssertGreaterThan(near, runs / 1_000, "gaps and repeats (an hour in six days around a change: about one case in 200)")
    }

    /// The same, shrinking: a zone, and a wall time anywhere or around one of its changes.
    func testShrinkingProperty() throws {
        guard !Self.zones.isEmpty else { throw XCTSkip("no zone files in \(ZoneFiles.defaultDirectory)") }
        let input = Gen.zip(Gen.int(in: 0...(Self.zones.count - 1)), Gen.int(in: 0...1_000_000), Gen.int(in: (-3 * 86_400)...(3 * 86_400)),
                            Gen.int(in: -5_364_662_400...7_258_118_400))
        forAll(input, runs: 3000) { zoneIndex, changeIndex, shift, anywhere in
            let zone = Self.zones[zoneIndex]
            let times = zone.data.times
            let wall = times.isEmpty || changeIndex % 4 == 0 ? anywhere : times[changeIndex % times.count] + shift
            return zone.resolution(ofWallSeconds: wall) == zone.walkedResolution(ofWallSeconds: wall)
        }
    }

    /// The fast path's own edges: an empty or reversed span, spans that wrap, and
    /// spans past the table's last change are left to the walk.
    func testTheFastPathAnswersOnlyWithinTheTable() throws {
        let zone = try ZoneRules(identifier: "America/New_York")
        guard let last = zone.data.times.last, let first = zone.data.times.first else { throw XCTSkip("New York has no table here") }
        XCTAssertNil(zone.data.soleOffset(from: 10, through: 10))
        XCTAssertNil(zone.data.soleOffset(from: 10, through: 5))
        XCTAssertNil(zone.data.soleOffset(from: Int.max &- 100, through: Int.max &+ 100))
        XCTAssertNil(zone.data.soleOffset(from: last, through: last + 10))
        XCTAssertNil(zone.data.soleOffset(from: first - 10, through: first + 10), "a change inside the span")
        XCTAssertEqual(zone.data.soleOffset(from: first - 100, through: first - 10), zone.offset(at: Instant(seconds: first - 10)))
        // 2024-07-01T12:00 in New York: daylight time, days from a change.
        XCTAssertEqual(zone.resolution(ofWallSeconds: 1_719_835_200), .unique(UTCOffset(seconds: -4 * 3_600)))
        // 2024-03-10T02:30 is in the spring gap, 2024-11-03T01:30 is repeated.
        XCTAssertEqual(zone.resolution(ofWallSeconds: 1_710_037_800), .gap(before: UTCOffset(seconds: -5 * 3_600), after: UTCOffset(seconds: -4 * 3_600)))
        XCTAssertEqual(zone.resolution(ofWallSeconds: 1_730_597_400),
                       .repeated(earlier: UTCOffset(seconds: -4 * 3_600), later: UTCOffset(seconds: -5 * 3_600)))
    }
}
