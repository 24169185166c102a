import KalendsCheck
import XCTest

/// Shrinking must land on the simplest counterexample, whatever the seed.
final class ShrinkingTests: XCTestCase {
    private let seeds: [UInt64] = [1, 2, 3, 42, 0xDEAD_BEEF]

    func testIntegerShrinksToExactBoundary() {
        for seed in seeds {
            let result = Property.check(Gen.int(in: 0...100_000), config: CheckConfig(seed: seed)) { $0 < 1000 }
            XCTAssertTrue(result.failed, "seed \(seed)")
            XCTAssertEqual(result.counterexample, 1000, "seed \(seed)\n\(result.message)")
        }
    }

    func testNegativeIntegerShrinksTowardZero() {
        for seed in seeds {
            let result = Property.check(Gen.int(in: -1000...1000), config: CheckConfig(seed: seed)) { $0 > -500 }
            XCTAssertEqual(result.counterexample, -500, "seed \(seed)\n\(result.message)")
        }
    }

    func testRangeAboveZeroShrinksTowardLowerBound() {
        for seed in seeds {
            let result = Property.check(Gen.int(in: 50...60), config: CheckConfig(seed: seed)) { _ in false }
            XCTAssertEqual(result.counterexample, 50, "seed \(seed)")
            let below = Property.check(Gen.int(in: -60 ... -50), config: CheckConfig(seed: seed)) { _ in false }
            XCTAssertEqual(below.counterexample, -50, "seed \(seed)")
        }
    }

    func testArraySumShrinksToSingleElement() {
        let arrays = Gen.int(in: 0...1000).array(count: 0...20)
        for seed in seeds {
            let result = Property.check(arrays, config: CheckConfig(seed: seed)) { $0.reduce(0, +) < 100 }
            XCTAssertEqual(result.counterexample, [100], "seed \(seed)\n\(result.message)")
            XCTAssertGreaterThan(result.shrinkSteps, 0)
        }
    }

    func testArrayShrinksToMinimumLength() {
        let arrays = Gen.int(in: 0...9).array(count: 3...10)
        for seed in seeds {
            let result = Property.check(arrays, config: CheckConfig(seed: seed)) { $0.count > 100 }
            XCTAssertEqual(result.counterexample, [0, 0, 0], "seed \(seed)")
        }
    }

    func testMappedGeneratorShrinks() {
        let multiplesOfThree = Gen.int(in: 0...10_000).map { $0 * 3 }
        for seed in seeds {
            let result = Property.check(multiplesOfThree, config: CheckConfig(seed: seed)) { $0 < 500 }
            XCTAssertEqual(result.counterexample, 501, "seed \(seed)\n\(result.message)")
        }
    }

    func testFlatMapShrinksBothStages() {
        // A length first, then exactly that many elements.
        let sized = Gen.int(in: 1...10).flatMap { length in Gen.int(in: 0...100).array(count: length...length) }
        for seed in seeds {
            let result = Property.check(sized, config: CheckConfig(seed: seed)) { $0.allSatisfy { $0 < 50 } }
            XCTAssertEqual(result.counterexample, [50], "seed \(seed)\n\(result.message)")
        }
    }

    func testFilteredGeneratorShrinks() {
        let evens = Gen.int(in: 0...10_000).filter { $0 % 2 == 0 }
        for seed in seeds {
            let result = Property.check(evens, config: CheckConfig(seed: seed)) { $0 < 101 }
            XCTAssertEqual(result.counterexample, 102, "seed \(seed)\n\(result.message)")
        }
    }

    func testZipShrinksEachComponent() {
        let pairs = Gen.zip(Gen.int(in: 0...1000), Gen.int(in: 0...1000))
        for seed in seeds {
            let result = Property.check(pairs, config: CheckConfig(seed: seed)) { $0.0 + $0.1 < 10 }
            let shrunk = result.counterexample
            XCTAssertEqual(shrunk.map { $0.0 + $0.1 }, 10, "seed \(seed)\n\(result.message)")
            XCTAssertEqual(shrunk?.0, 0, "seed \(seed): the first component shrinks first")
        }
    }

    func testDoubleShrinksToWholeNumber() {
        for seed in seeds {
            let result = Property.check(Gen.double(in: -1e6...1e6), config: CheckConfig(seed: seed)) { $0 < 1234.5 }
            XCTAssertEqual(result.counterexample, 1235, "seed \(seed)\n\(result.message)")
        }
    }

    func testOneOfShrinksTowardFirstGenerator() {
        let gen = Gen.oneOf([Gen.constant("first"), Gen.constant("second"), Gen.constant("third")])
        let result = Property.check(gen, config: CheckConfig(seed: 5)) { _ in false }
        XCTAssertEqual(result.counterexample, "first")
        let element = Property.check(Gen.element(of: ["a", "b", "c"]), config: CheckConfig(seed: 5)) { $0 == "a" }
        XCTAssertEqual(element.counterexample, "b")
    }

    func testThrownErrorFailsAndIsReported() {
        struct Boom: Error, CustomStringConvertible {
            var description: String { "boom" }
        }
        let result = Property.check(Gen.int(in: 0...1000), config: CheckConfig(seed: 9)) { value in
            if value >= 10 { throw Boom() }
            return true
        }
        XCTAssertEqual(result.counterexample, 10)
        guard case .threw(let error)? = result.failure else {
            return XCTFail("expected a thrown-error failure, got \(String(describing: result.failure))")
        }
        XCTAssertTrue(error is Boom)
        XCTAssertTrue(result.message.contains("boom"), result.message)
    }

    func testShrinkingIsBoundedByMaxShrinks() {
        let arrays = Gen.int(in: 0...1000).array(count: 0...50)
        let result = Property.check(arrays, config: CheckConfig(seed: 3, maxShrinks: 5)) { $0.reduce(0, +) < 100 }
        XCTAssertTrue(result.failed)
        XCTAssertLessThanOrEqual(result.shrinkAttempts, 5)
        let none = Property.check(arrays, config: CheckConfig(seed: 3, maxShrinks: 0)) { $0.reduce(0, +) < 100 }
        XCTAssertEqual(none.counterexample, none.original)
        XCTAssertEqual(none.shrinkAttempts, 0)
    }
}
