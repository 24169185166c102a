@testable import KalendsCheck
import XCTest

/// `assume` and `Discard`: a discarded case is neither a pass nor a failure,
/// is counted and reported, and too many of them fail the property.
final class DiscardTests: XCTestCase {
    /// Digits 0 ... 999; about a third are multiples of three (0 more often: it is an edge value).
    static let numbers = Gen.int(in: 0...999)

    func testAPropertyDiscardingEverythingFails() {
        var calls = 0
        let result = Property.check(Self.numbers, config: CheckConfig(runs: 100, seed: 1)) { _ in
            calls += 1
            try assume(false, "never applies")
            return true
        }
        XCTAssertTrue(result.failed, "a property that never ran a case must not pass")
        guard case let .tooManyDiscards(discarded, tried, maxPercent)? = result.failure else {
            return XCTFail("expected tooManyDiscards: \(result.message)")
        }
        // The budget for 100 runs at 50% is 100 discards; the 101st fails.
        XCTAssertEqual(discarded, 101)
        XCTAssertEqual(tried, 101)
        XCTAssertEqual(maxPercent, 50)
        XCTAssertEqual(calls, 101, "the run stops once the share cannot come back under the limit")
        XCTAssertEqual(result.runs, 0)
        XCTAssertEqual(result.discards, 101)
        XCTAssertEqual(result.discardReasons, ["never applies": 101])
        XCTAssertNil(result.counterexample)
        XCTAssertTrue(result.message.contains("101 of 101 cases tried were discarded (100%), more than the 50% allowed"),
                      result.message)
        XCTAssertTrue(result.message.contains("101 never applies"), result.message)
    }

    func testAPropertyDiscardingSomeStillRunsTheRequestedPassingCases() {
        var passing = 0, calls = 0
        let result = Property.check(Self.numbers, config: CheckConfig(runs: 300, seed: 2)) { value in
            calls += 1
            try assume(!value.isMultiple(of: 3), "multiple of three")
            passing += 1
            return value % 3 != 0
        }
        XCTAssertTrue(result.passed, result.message)
        XCTAssertEqual(result.runs, 300)
        XCTAssertEqual(passing, 300, "discards are replaced, not counted as passes")
        XCTAssertGreaterThan(result.discards, 50)
        XCTAssertEqual(calls, result.runs + result.discards)
        XCTAssertEqual(result.discardReasons, ["multiple of three": result.discards])
    }

    func testTheDiscardCountIsReported() {
        let result = Property.check(Self.numbers, config: CheckConfig(runs: 200, seed: 3)) { value in
            if value.isMultiple(of: 5) { throw Discard("multiple of five") }
            try assume(!value.isMultiple(of: 7))
            return true
        }
        XCTAssertTrue(result.passed, result.message)
        let fives = result.discardReasons["multiple of five"] ?? 0
        let sevens = result.discardReasons.first { $0.key.hasPrefix("assume at KalendsCheckTests/DiscardTests.swift:") }?.value ?? 0
        XCTAssertGreaterThan(fives, 0)
        XCTAssertGreaterThan(sevens, 0, "an assume without a reason is named by its place: \(result.discardReasons)")
        XCTAssertEqual(fives + sevens, result.discards)
        let message = result.message
        XCTAssertTrue(message.hasPrefix("KalendsCheck: property passed 200 cases (seed 3, \(result.discards) discarded)."), message)
        XCTAssertTrue(message.contains("Discarded \(result.discards) of \(200 + result.discards) cases tried:"), message)
        XCTAssertTrue(message.contains("\(fives) multiple of five"), message)

        // A failure's report carries the count as well.
        let failing = Property.check(Self.numbers, config: CheckConfig(runs: 1000, seed: 3)) { value in
            try assume(!value.isMultiple(of: 5), "multiple of five")
            return value < 900
        }
        XCTAssertTrue(failing.failed)
        XCTAssertGreaterThan(failing.discards, 0)
        XCTAssertTrue(failing.message.contains("cases, \(failing.discards) discarded: the property returned false"), failing.message)
    }

    func testDiscardedCasesAreNotLabelled() {
        let result = Property.check(Self.numbers, config: CheckConfig(runs: 200, seed: 4)) { value in
            label("seen")
            try assume(value.isMultiple(of: 2))
            classify(true, "even")
            return true
        }
        XCTAssertTrue(result.passed, result.message)
        XCTAssertEqual(result.labels["seen"], 200)
        XCTAssertEqual(result.labels["even"], 200)
        XCTAssertEqual(result.percentage(of: "even"), 100)
    }

    func testShrinkingKeepsToCasesTheAssumptionAccepts() {
        let result = Property.check(Gen.int(in: 0...100_000), config: CheckConfig(seed: 5)) { value in
            try assume(value.isMultiple(of: 2), "odd")
            return value < 1001
        }
        XCTAssertTrue(result.failed)
        XCTAssertEqual(result.counterexample, 1002, "the smallest even failing value; 1001 is discarded, not a counterexample")
    }

    func testReplayingTheSeedIsDeterministic() {
        let property: (Int) throws -> Bool = { value in
            try assume(!value.isMultiple(of: 3), "multiple of three")
            return value < 900
        }
        // Seed nil: random, like a real first run; KALENDS_SEED sets the config's seed.
        let failing = Property.check(Self.numbers, config: CheckConfig(), property)
        XCTAssertTrue(failing.failed, failing.message)
        let seed = EnvironmentSettings(parsing: ["KALENDS_SEED": "\(failing.seed)"]).seed
        let replay = Property.check(Self.numbers, config: CheckConfig(seed: seed), property)
        XCTAssertEqual(replay.runs, 1, "the reported seed regenerates the failing case first")
        XCTAssertEqual(replay.original, failing.original)
        XCTAssertEqual(replay.counterexample, failing.counterexample)

        // A passing run and a run with too many discards replay exactly from their seed.
        let holds: (Int) throws -> Bool = { value in
            try assume(!value.isMultiple(of: 3), "multiple of three")
            return true
        }
        for (percent, expectFailure) in [(50.0, false), (10.0, true)] {
            let first = Property.check(Self.numbers, config: CheckConfig(runs: 200, seed: 0x5EED, maxDiscardPercent: percent), holds)
            let second = Property.check(Self.numbers, config: CheckConfig(runs: 200, seed: first.seed, maxDiscardPercent: percent), holds)
            XCTAssertEqual(first.failed, expectFailure, first.message)
            XCTAssertEqual(first.seed, 0x5EED)
            XCTAssertEqual(second.discards, first.discards)
            XCTAssertEqual(second.discardReasons, first.discardReasons)
            XCTAssertEqual(second.runs, first.runs)
            XCTAssertEqual(second.message, first.message)
        }
    }

    func testTheDiscardShareIsConfigurable() {
        // Three in four discarded: too many by default, allowed at 90%.
        let property: (Int) throws -> Bool = { value in
            try assume(value.isMultiple(of: 4), "not a multiple of four")
            return true
        }
        let strict = Property.check(Self.numbers, config: CheckConfig(runs: 200, seed: 6), property)
        guard case .tooManyDiscards? = strict.failure else { return XCTFail("expected tooManyDiscards: \(strict.message)") }
        let loose = Property.check(Self.numbers, config: CheckConfig(runs: 200, seed: 6, maxDiscardPercent: 90), property)
        XCTAssertTrue(loose.passed, loose.message)
        XCTAssertEqual(loose.runs, 200)

        // Through the XCTest glue as well.
        let glued = forAll(Self.numbers, runs: 200, maxDiscardPercent: 90, property)
        XCTAssertTrue(glued.passed, glued.message)

        // None allowed: the first discard fails.
        let none = Property.check(Self.numbers, config: CheckConfig(runs: 200, seed: 6, maxDiscardPercent: 0), property)
        guard case .tooManyDiscards(1, _, 0)? = none.failure else { return XCTFail("expected one discard to fail: \(none.message)") }

        for invalid in [100, -1, 150, Double.nan] {
            let result = Property.check(Self.numbers, config: CheckConfig(maxDiscardPercent: invalid), property)
            guard case .invalidConfiguration? = result.failure else {
                return XCTFail("maxDiscardPercent \(invalid) should be refused: \(result.message)")
            }
        }
    }

    func testTheDiscardBudget() {
        XCTAssertEqual(CheckConfig(runs: 100).discardBudget, 100, "50% of the cases tried: as many discards as runs")
        XCTAssertEqual(CheckConfig(runs: 100, maxDiscardPercent: 75).discardBudget, 300)
        XCTAssertEqual(CheckConfig(runs: 100, maxDiscardPercent: 20).discardBudget, 25)
        XCTAssertEqual(CheckConfig(runs: 3).discardBudget, CheckConfig.minimumDiscardBudget, "a few cases are not judged on noise")
        XCTAssertEqual(CheckConfig(runs: 100, maxDiscardPercent: 0).discardBudget, 0)
        XCTAssertEqual(CheckConfig(runs: Int.max, maxDiscardPercent: 99.9).discardBudget, Int.max / 2, "saturates")
    }
}
