#if canImport(Glibc)
import Glibc
#endif
import Foundation
import XCTest
@testable import Kalends

/// Kalends' TZif reader against glibc's `localtime_r` (which reads the same
/// files with its own code) on every zone in /usr/share/zoneinfo: at every
/// transition from 1900 to 2100 (a second before, at, a second after), at
/// the middle of each span between them, and on a fixed grid of instants.
/// Offset, daylight flag and abbreviation must agree.
final class ZoneSystemParityTests: XCTestCase {
    /// 1900-01-01 and 2100-01-01, UTC.
    static let from = -2_208_988_800, to = 4_102_444_800

    /// Every TZif file under the zone directory, as zone names (right/ and
    /// posix/ trees left out: right/ has leap seconds, which Kalends refuses;
    /// posix/ repeats the top level).
    static func zoneNames() throws -> [String] {
        let root = ZoneFiles.defaultDirectory
        guard let walker = FileManager.default.enumerator(atPath: root) else {
            throw XCTSkip("no zone directory at \(root)")
        }
        var names: [String] = []
        while let path = walker.nextObject() as? String {
            if path.hasPrefix("right") || path.hasPrefix("posix") || path == "localtime" { continue }
            guard case .bytes(let bytes) = ZoneFiles.read(root + "/" + path), TZifReader.looksLikeTZif(bytes) else { continue }
            names.append(path)
        }
        return names.sorted()
    }

    /// What glibc says of `seconds` in the zone `TZ` names now.
    static func glibc(_ seconds: Int) -> (offset: Int, isDST: Bool, abbreviation: String) {
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return (Int.min, false, "") }
        let abbreviation = parts.tm_zone.map { String(cString: $0) } ?? ""
        return (Int(parts.tm_gmtoff), parts.tm_isdst > 0, abbreviation)
    }

    func testEveryZoneAgreesWithGlibcFrom1900To2100() throws {
        let names = try Self.zoneNames()
        XCTAssertGreaterThan(names.count, 300, "the system's tzdata should have hundreds of zones")
        let saved = getenv("TZ").map { String(cString: $0) }
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
        }
        var compared = 0, failures: [String] = []
        for name in names {
            let zone = try ZoneRules(identifier: name)
            setenv("TZ", ":" + name, 1)
            tzset()
            var instants: [Int] = []
            var previous = Self.from
            for transition in zone.transitions(from: Instant(seconds: Self.from), to: Instant(seconds: Self.to)) {
                let at = transition.instant.seconds
                instants += [previous + (at - previous) / 2, at - 1, at, at + 1]
                previous = at
            }
            instants.append(previous + (Self.to - previous) / 2)
            // A grid through the whole span, ten days apart, catches changes that keep the offset.
            instants += stride(from: Self.from, to: Self.to, by: 864_000)
            for seconds in instants {
                let ours = zone.localTimeType(at: Instant(seconds: seconds))
                let theirs = Self.glibc(seconds)
                compared += 1
                if ours.offset.seconds != theirs.offset || ours.isDaylightSaving != theirs.isDST || ours.abbreviation != theirs.abbreviation {
                    if failures.count < 20 {
                        failures.append("\(name) at \(seconds): Kalends \(ours.offset) dst \(ours.isDaylightSaving) \(ours.abbreviation), glibc \(theirs)")
                    }
                }
            }
        }
        XCTAssertEqual(failures, [], "of \(compared) instants in \(names.count) zones")
        XCTAssertGreaterThan(compared, 100_000)
    }

    /// The zone `TZ` names, as Kalends reads `TZ`, against glibc for POSIX
    /// strings (with and without daylight rules) and file names. (Not RFC
    /// 8536's all-year daylight rule `EST5EDT4,0/0,J365/25`: glibc reads it
    /// as standard time for the first hours of each UTC year; see
    /// `ZoneDataProperties.testAllYearDaylightRuleStaysInDaylightTime`.)
    func testTZStringsAgreeWithGlibc() throws {
        let saved = getenv("TZ").map { String(cString: $0) }
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
        }
        let values = ["EST5EDT,M3.2.0,M11.1.0", "CET-1CEST,M3.5.0,M10.5.0/3", "AEST-10AEDT,M10.1.0,M4.1.0/3", "<+0330>-3:30",
                      "JST-9", "IST-2IDT,M3.4.4/26,M10.5.0", "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1",
                      "NZST-12NZDT,M9.5.0,M4.1.0/3", "XXX3YYY,J60/1,J300", "AAA4BBB,59/0:30,300/1:15:30", ":Europe/Dublin",
                      "/usr/share/zoneinfo/America/Sao_Paulo", "Asia/Kolkata", "UTC0", "<+14>-14"]
        for value in values {
            let zone = ZoneRules.system(tz: value)
            setenv("TZ", value, 1)
            tzset()
            for seconds in stride(from: 946_684_800, to: 4_102_444_800, by: 86_400 * 3 + 3_607) {
                let theirs = Self.glibc(seconds)
                XCTAssertEqual(zone.offset(at: Instant(seconds: seconds)).seconds, theirs.offset, "\(value) at \(seconds)")
                if zone.offset(at: Instant(seconds: seconds)).seconds != theirs.offset { break }
            }
        }
    }
}
