@testable import KalendsCheck
import XCTest

/// Generators stay in range, hit their edge values, and fail clearly on bad arguments.
final class GeneratorTests: XCTestCase {
    func testIntEdgeBias() throws {
        for seed: UInt64 in [1, 2, 3] {
            let values = try Gen.int(in: -1000...1000).sample(seed: seed, count: 1000)
            XCTAssertTrue(values.allSatisfy { (-1000...1000).contains($0) })
            for edge in [0, 1, -1, -1000, 1000] {
                XCTAssertTrue(values.contains(edge), "seed \(seed): \(edge) never drawn")
            }
        }
    }

    func testFullWidthIntegerRanges() throws {
        let ints = try Gen.int(in: Int.min...Int.max).sample(seed: 3, count: 1000)
        XCTAssertTrue(ints.contains(Int.min) && ints.contains(Int.max) && ints.contains(0))
        let unsigned = try Gen.uint64(in: 10...20).sample(seed: 3, count: 500)
        XCTAssertTrue(unsigned.allSatisfy { (10...20).contains($0) })
        XCTAssertTrue(unsigned.contains(10) && unsigned.contains(20))
        let single = try Gen.int64(in: 7...7).sample(seed: 3, count: 10)
        XCTAssertEqual(single, Array(repeating: 7, count: 10))
    }

    func testIntegerEncodingRoundTrips() {
        let ranges: [ClosedRange<Int64>] = [-1000...1000, -3...1000, -1000...3, 5...90, -90 ... -5, Int64.min...Int64.max]
        for range in ranges {
            let encoding = SignedIntegerEncoding(range)
            for value in [range.lowerBound, range.upperBound, 0, 1, -1, 4, -4] where range.contains(value) {
                XCTAssertEqual(encoding.value(for: encoding.choice(for: value)), value, "\(range) \(value)")
            }
            XCTAssertEqual(encoding.value(for: 0), range.contains(0) ? 0 : (range.lowerBound > 0 ? range.lowerBound : range.upperBound))
        }
    }

    func testDoubleStaysInRangeAndHitsEdges() throws {
        let values = try Gen.double(in: -2.5...1e6).sample(seed: 8, count: 1000)
        XCTAssertTrue(values.allSatisfy { (-2.5...1e6).contains($0) })
        for edge in [0, -2.5, 1e6, 1, -1] {
            XCTAssertTrue(values.contains(edge), "\(edge) never drawn")
        }
        XCTAssertTrue(values.contains { $0 != $0.rounded() }, "no fractional values drawn")
        let infinite = try Gen.double(in: -Double.infinity...Double.infinity).sample(seed: 8, count: 500)
        XCTAssertFalse(infinite.contains { $0.isNaN })
        XCTAssertTrue(infinite.contains(.infinity) && infinite.contains(-.infinity))
        let positive = try Gen.double(in: 0.25...0.75).sample(seed: 8, count: 500)
        XCTAssertTrue(positive.allSatisfy { (0.25...0.75).contains($0) })
    }

    func testBoolAndChoiceGenerators() throws {
        XCTAssertEqual(Set(try Gen.bool.sample(seed: 1, count: 100)), [false, true])
        XCTAssertEqual(Set(try Gen.element(of: ["a", "b", "c"]).sample(seed: 1, count: 100)), ["a", "b", "c"])
        XCTAssertEqual(try Gen.constant(5).sample(seed: 1, count: 3), [5, 5, 5])
        let weighted = Gen.frequency([(0, Gen.constant("never")), (9, Gen.constant("often")), (1, Gen.constant("rare"))])
        let drawn = try weighted.sample(seed: 1, count: 1000)
        XCTAssertFalse(drawn.contains("never"))
        XCTAssertGreaterThan(drawn.filter { $0 == "often" }.count, drawn.filter { $0 == "rare" }.count * 3)
        // Shrinking moves toward index 0, which has weight 0: it must still never run.
        let shrunk = Property.check(weighted, config: CheckConfig(seed: 1)) { _ in false }
        XCTAssertEqual(shrunk.counterexample, "often")
    }

    func testArrayLengthsRespectCount() throws {
        let arrays = try Gen.int(in: 0...9).array(count: 2...6).sample(seed: 4, count: 500)
        XCTAssertTrue(arrays.allSatisfy { (2...6).contains($0.count) })
        XCTAssertEqual(Set(arrays.map(\.count)), Set(2...6))
        XCTAssertEqual(try Gen.bool.array(count: 0...0).sample(seed: 4, count: 3), [[], [], []])
    }

    func testImpossibleFilterFailsClearly() {
        let line: UInt = #line + 1
        let never = Gen.int(in: 0...10).filter { _ in false }
        let result = Property.check(never, config: CheckConfig(seed: 1)) { _ in true }
        XCTAssertTrue(result.failed)
        XCTAssertEqual(result.runs, 1, "fails on the first case instead of retrying forever")
        guard case .generationFailed(.filterExhausted(let rejections, let file, let filterLine))? = result.failure else {
            return XCTFail("expected an exhausted filter, got \(result.message)")
        }
        XCTAssertEqual(rejections, 101)
        XCTAssertEqual(filterLine, line)
        XCTAssertTrue(file.hasSuffix("GeneratorTests.swift"), file)
        XCTAssertTrue(result.message.contains("GeneratorTests.swift:\(line) rejected 101 candidates"), result.message)
        XCTAssertThrowsError(try never.sample(seed: 1, count: 1))
    }

    func testInvalidArgumentsFailThePropertyInsteadOfTrapping() {
        let cases: [(String, CheckResult<Int>)] = [
            ("element", Property.check(Gen<Int>.element(of: []), config: CheckConfig(seed: 1)) { _ in true }),
            ("oneOf", Property.check(Gen<Int>.oneOf([]), config: CheckConfig(seed: 1)) { _ in true }),
            ("zero weights", Property.check(Gen.frequency([(0, Gen.constant(1))]), config: CheckConfig(seed: 1)) { _ in true }),
            ("negative weight", Property.check(Gen.frequency([(-1, Gen.constant(1)), (2, Gen.constant(2))]), config: CheckConfig(seed: 1)) { _ in true }),
            ("negative count", Property.check(Gen.int(in: 0...1).array(count: -2...3).map(\.count), config: CheckConfig(seed: 1)) { _ in true }),
            ("negative maxRejections", Property.check(Gen.int(in: 0...1).filter({ _ in true }, maxRejections: -1), config: CheckConfig(seed: 1)) { _ in true }),
            ("zero runs", Property.check(Gen.int(in: 0...1), config: CheckConfig(runs: 0)) { _ in true }),
        ]
        for (name, result) in cases {
            XCTAssertTrue(result.failed, name)
            XCTAssertTrue(result.message.contains("GeneratorTests.swift:") || name == "zero runs", "\(name): \(result.message)")
        }
        if case .invalidConfiguration? = cases.last?.1.failure {} else { XCTFail("zero runs should be a configuration failure") }
    }

    func testRecursiveGeneratorWithoutBaseCaseIsStopped() {
        // Deliberately missing a base case: every branch recurses.
        @Sendable func endless() -> Gen<Int> { Gen.constant(0).flatMap { _ in Gen.int(in: 0...1).flatMap { _ in endless() } } }
        let result = Property.check(endless(), config: CheckConfig(seed: 1)) { _ in true }
        guard case .generationFailed(.nestingTooDeep)? = result.failure else {
            return XCTFail("expected the nesting limit to stop generation, got \(result.message)")
        }
    }
}
