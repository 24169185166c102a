@testable import KalendsCheck
import XCTest

/// KALENDS_SEED / KALENDS_PROPERTY_RUNS parsing, run scaling and the replay filter.
final class EnvironmentTests: XCTestCase {
    func testValidValuesAreRead() {
        let settings = EnvironmentSettings(parsing: ["KALENDS_SEED": "12345", "KALENDS_PROPERTY_RUNS": " 50 "])
        XCTAssertEqual(settings.seed, 12345)
        XCTAssertEqual(settings.propertyRuns, 50)
        XCTAssertEqual(settings.warnings, [])
        XCTAssertEqual(EnvironmentSettings(parsing: ["KALENDS_SEED": "0xFF"]).seed, 255)
        XCTAssertEqual(EnvironmentSettings(parsing: ["KALENDS_SEED": "18446744073709551615"]).seed, UInt64.max)
        XCTAssertEqual(EnvironmentSettings(parsing: [:]), EnvironmentSettings(parsing: ["UNRELATED": "x"]))
    }

    func testGarbageIsIgnoredWithOneWarningEach() {
        for garbage in ["abc", "-5", "", "1e3", "0xZZ", "18446744073709551616"] {
            let settings = EnvironmentSettings(parsing: ["KALENDS_SEED": garbage])
            XCTAssertNil(settings.seed, garbage)
            XCTAssertEqual(settings.warnings.count, 1, garbage)
            XCTAssertTrue(settings.warnings.first?.contains("KALENDS_SEED") ?? false)
        }
        for garbage in ["lots", "0", "-3", "", "2.5"] {
            let settings = EnvironmentSettings(parsing: ["KALENDS_PROPERTY_RUNS": garbage])
            XCTAssertNil(settings.propertyRuns, garbage)
            XCTAssertEqual(settings.warnings.count, 1, garbage)
            XCTAssertTrue(settings.warnings.first?.contains("KALENDS_PROPERTY_RUNS") ?? false)
        }
    }

    func testRunsResolution() {
        XCTAssertEqual(CheckConfig.resolvedRuns(explicit: nil, environmentRuns: nil), 1000)
        XCTAssertEqual(CheckConfig.resolvedRuns(explicit: 200, environmentRuns: nil), 200)
        XCTAssertEqual(CheckConfig.resolvedRuns(explicit: nil, environmentRuns: 50), 50)
        XCTAssertEqual(CheckConfig.resolvedRuns(explicit: 200, environmentRuns: 50), 10)
        XCTAssertEqual(CheckConfig.resolvedRuns(explicit: 5, environmentRuns: 50), 1, "never scaled to zero")
        XCTAssertEqual(CheckConfig.resolvedRuns(explicit: 300, environmentRuns: 10_000), 3000)
        XCTAssertEqual(CheckConfig.resolvedRuns(explicit: Int.max, environmentRuns: Int.max), Int.max)
        XCTAssertEqual(CheckConfig.resolvedRuns(explicit: 0, environmentRuns: 50), 0, "left for the runner to reject")
    }

    func testConfigFromSettings() {
        let settings = EnvironmentSettings(parsing: ["KALENDS_SEED": "7", "KALENDS_PROPERTY_RUNS": "100"])
        let config = CheckConfig.fromEnvironment(runs: 500, settings: settings)
        XCTAssertEqual(config.seed, 7)
        XCTAssertEqual(config.runs, 50)
        XCTAssertEqual(CheckConfig.fromEnvironment(runs: nil, settings: EnvironmentSettings(parsing: [:])), CheckConfig())
    }

    func testReplayFilterPattern() {
        XCTAssertEqual(
            ReplayFilter.pattern(file: "/work/Tests/KalendsCheckTests/ShrinkingTests.swift", function: "testInt()"),
            "KalendsCheckTests.*testInt")
        XCTAssertEqual(ReplayFilter.pattern(file: "KalendsCheckTests/Glue.swift", function: "roundTrip(x:)"), "KalendsCheckTests.*roundTrip")
        XCTAssertEqual(ReplayFilter.pattern(file: "Loose.swift", function: "testA()"), "testA")
    }
}
