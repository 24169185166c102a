import Foundation
import KalendsCheck
import Testing

/// The Swift Testing glue: `forAllTesting` and `Property.expect`.
struct SwiftTestingGlueTests {
    @Test func reversingTwiceIsIdentity() {
        let result = forAllTesting(Gen.int(in: -100...100).array(count: 0...20)) { $0.reversed().reversed() == $0 }
        #expect(result.passed)
    }

    @Test func multiArgumentAndExpectSpellings() {
        forAllTesting(Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) { a, b in max(a, b) >= min(a, b) }
        let result = Property.expect(Gen.double(in: -1e9...1e9)) { value in
            classify(value * 0 == 0, "finite")
            return value * 1 == value
        }
        #expect(result.passed)
        #expect(result.labels["finite"] == result.runs)
    }

    @Test func aFailingPropertyRecordsExactlyOneIssue() {
        let issues = IssueCounter()
        withKnownIssue {
            // Fails on every case (so also under KALENDS_PROPERTY_RUNS=1); shrinks to the bound nearest 0.
            forAllTesting(Gen.int(in: 1000...100_000)) { $0 < 1000 }
        } matching: { issue in
            issues.increment()
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("Counterexample") && text.contains(": 1000")
                && text.contains("KALENDS_SEED=") && text.contains("--filter 'KalendsCheckTests.*aFailingPropertyRecordsExactlyOneIssue'")
        }
        #expect(issues.count == 1)
    }

    /// Deliberately false, to show a real report. Run with:
    /// `KALENDS_DEMO_FAILURE=1 swift test --filter SwiftTestingGlueTests`
    @Test(.enabled(if: ProcessInfo.processInfo.environment["KALENDS_DEMO_FAILURE"] == "1"))
    func demoFailure() {
        forAllTesting(Gen.int(in: 0...1000).array(count: 0...20)) { $0.reduce(0, +) < 100 }
    }
}

/// Counts issues seen by `withKnownIssue`'s `@Sendable` matcher.
/// A class (with a lock) because the matcher may run on another thread.
private final class IssueCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    var count: Int { lock.withLock { value } }

    func increment() { lock.withLock { value += 1 } }
}
