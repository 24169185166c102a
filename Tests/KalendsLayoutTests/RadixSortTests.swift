import KalendsCheck
@testable import KalendsLayout
import XCTest

final class RadixSortTests: XCTestCase {
    func testDoubleKeysOrderLikeTheDoubles() {
        let values: [Double] = [-.infinity, -1e300, -2, -0.5, -Double.leastNonzeroMagnitude, 0, 1e-300, 1, 86_400, .infinity]
        for (a, b) in zip(values, values.dropFirst()) {
            XCTAssertLessThan(RadixSort.key(a), RadixSort.key(b), "\(a) < \(b)")
        }
        XCTAssertEqual(RadixSort.key(-0.0), RadixSort.key(0.0))
    }

    func testSortsStablyLikeAComparisonSort() {
        // Few distinct keys (many ties) and wide keys; sizes around the
        // comparison-sort cut-off and well past it.
        let key = Gen.frequency([
            (1, Gen.int(in: 0...5).map { UInt64($0) }),
            (1, Gen.uint64()),
            (1, Gen.double(in: -1e6...1e6).map { RadixSort.key($0) }),
        ])
        forAll(key.array(count: 0...2_000), runs: 200) { keys in
            var items = keys.enumerated().map { KeyedIndex(key: $0.element, index: $0.offset) }
            RadixSort.sort(&items)
            let expected = keys.enumerated().sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }
            return items.map(\.index) == expected.map(\.offset)
        }
    }

    func testALargeArrayWithTies() {
        var state: UInt64 = 42
        let keys: [UInt64] = (0..<100_000).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % 5_000
        }
        var items = keys.enumerated().map { KeyedIndex(key: $0.element, index: $0.offset) }
        RadixSort.sort(&items)
        let expected = keys.enumerated().sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }
        XCTAssertEqual(items.map(\.index), expected.map(\.offset))
    }
}
