import KalendsCheck
import XCTest

/// `label`, `classify` and `cover` count cases and enforce coverage.
final class ClassificationTests: XCTestCase {
    func testLabelsCountCasesOncePerCase() {
        let result = Property.check(Gen.int(in: 0...99), config: CheckConfig(runs: 1000, seed: 3)) { value in
            label("any")
            label("any")
            classify(value < 10, "small")
            classify(value >= 10, "large")
            return true
        }
        XCTAssertTrue(result.passed, result.message)
        XCTAssertEqual(result.labels["any"], 1000)
        let small = result.labels["small"] ?? 0
        let large = result.labels["large"] ?? 0
        XCTAssertEqual(small + large, 1000)
        XCTAssertGreaterThan(small, 0)
        XCTAssertGreaterThan(large, small)
        XCTAssertEqual(result.percentage(of: "small"), Double(small) / 10)
        XCTAssertTrue(result.message.contains("small"), result.message)
    }

    func testLabelOutsideAPropertyIsIgnored() {
        label("stray")
        classify(true, "stray")
        cover(minPercent: 100, "stray")
        let result = Property.check(Gen.bool, config: CheckConfig(runs: 10, seed: 1)) { _ in true }
        XCTAssertNil(result.labels["stray"])
        XCTAssertTrue(result.passed)
    }

    func testShrinkReplaysAreNotCounted() {
        let result = Property.check(Gen.int(in: 0...1000), config: CheckConfig(seed: 4)) { value in
            label("seen")
            return value < 500
        }
        XCTAssertTrue(result.failed)
        XCTAssertGreaterThan(result.shrinkAttempts, 0)
        XCTAssertEqual(result.labels["seen"], result.runs)
    }

    func testCoverFailsWhenThresholdIsNotReached() {
        let result = Property.check(Gen.int(in: 0...999), config: CheckConfig(runs: 500, seed: 3)) { value in
            cover(minPercent: 50, value == 7, "seven")
            return true
        }
        XCTAssertTrue(result.failed)
        XCTAssertNil(result.counterexample, "coverage failures have no counterexample")
        guard case .insufficientCoverage(let shortfalls)? = result.failure else {
            return XCTFail("expected a coverage failure: \(result.message)")
        }
        XCTAssertEqual(shortfalls.map(\.label), ["seven"])
        XCTAssertEqual(shortfalls.first?.requiredPercent, 50)
        XCTAssertTrue(result.message.contains("\"seven\" reached"), result.message)
    }

    func testCoverDeclaredSeparatelyFromClassify() {
        let failing = Property.check(Gen.int(in: 0...2), config: CheckConfig(runs: 300, seed: 3)) { value in
            cover(minPercent: 90, "zero")
            classify(value == 0, "zero")
            return true
        }
        XCTAssertTrue(failing.failed)
        let passing = Property.check(Gen.int(in: 0...2), config: CheckConfig(runs: 300, seed: 3)) { value in
            cover(minPercent: 5, "zero")
            classify(value == 0, "zero")
            return true
        }
        XCTAssertTrue(passing.passed, passing.message)
    }

    func testCoverIsNotJudgedOnTinyRuns() {
        let few = CheckConfig(runs: CheckConfig.minimumRunsForCoverage - 1, seed: 3)
        let result = Property.check(Gen.int(in: 0...999), config: few) { value in
            cover(minPercent: 50, value == 7, "seven")
            return true
        }
        XCTAssertTrue(result.passed, result.message)
    }
}
