import Foundation
import KalendsCheck
import XCTest

/// The XCTest `forAll` glue: passing properties, labels, and a failure fixture for humans.
final class XCTestGlueTests: XCTestCase {
    func testForAllRunsTheConfiguredNumberOfCases() {
        let result = forAll(Gen.int(in: -1000...1000)) { $0 + 0 == $0 }
        XCTAssertTrue(result.passed)
        XCTAssertEqual(result.runs, CheckConfig.fromEnvironment().runs)
        let explicit = forAll(Gen.bool, runs: 200) { $0 || !$0 }
        XCTAssertEqual(explicit.runs, CheckConfig.fromEnvironment(runs: 200).runs)
    }

    func testTwoAndThreeArgumentForms() {
        let small = Gen.int(in: -1_000_000...1_000_000)
        forAll(small, small) { a, b in a + b == b + a }
        forAll(small, small, small) { a, b, c in (a + b) + c == a + (b + c) }
    }

    func testLabelsReachTheResultThroughForAll() {
        let result = forAll(Gen.int(in: 1...3000), runs: 1000) { year in
            classify(year > 0, "AD")
            classify(year % 4 == 0, "divisible by 4")
            return year > 0
        }
        XCTAssertEqual(result.labels["AD"], result.runs)
        XCTAssertLessThanOrEqual(result.labels["divisible by 4"] ?? 0, result.runs)
    }

    /// Deliberately false, to show a real report. Run with:
    /// `KALENDS_DEMO_FAILURE=1 swift test --filter XCTestGlueTests`
    func testDemoFailure() throws {
        try XCTSkipUnless(
            ProcessInfo.processInfo.environment["KALENDS_DEMO_FAILURE"] == "1",
            "set KALENDS_DEMO_FAILURE=1 to see a failing property's report")
        forAll(Gen.int(in: 0...100_000)) { value in
            label(value.isMultiple(of: 2) ? "even" : "odd")
            return value < 1000
        }
    }
}
