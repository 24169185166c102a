import KalendsLayout
import XCTest

final class CascadeLayoutExamples: XCTestCase {
    func testALoneEventIsFullWidth() throws {
        let result = try slots([event("A", 9, 10)], mode: .cascade)
        XCTAssertEqual(result["A"], Slot(0, of: 1, x: 0, width: 1))
    }

    func testALaterOverlappingEventIsIndented() throws {
        let result = try slots([event("A", 9, 11), event("B", 10, 12)], mode: .cascade)
        XCTAssertEqual(result["A"], Slot(0, of: 2, x: 0, width: 1))
        XCTAssertEqual(result["B"], Slot(1, of: 2, x: 0.12, width: 0.88))
    }

    func testEqualStartsGetDistinctDepthsLongerFirst() throws {
        let result = try slots([event("short", 9, 10), event("long", 9, 11)], mode: .cascade)
        XCTAssertEqual(result["long"]?.x, 0)
        XCTAssertEqual(result["short"]?.x, 0.12)
    }

    func testEventsThatDoNotOverlapShareADepth() throws {
        // B and C sit on A and never overlap each other: both at depth 1.
        let result = try slots([event("A", 9, 12), event("B", 9.5, 10), event("C", 10.5, 11)], mode: .cascade)
        XCTAssertEqual(result["B"], Slot(1, of: 2, x: 0.12, width: 0.88))
        XCTAssertEqual(result["C"], Slot(1, of: 2, x: 0.12, width: 0.88))
    }

    func testADeepStaircaseShrinksTheIndentToKeepCardsReadable() throws {
        // Ten events each overlapping the next: depths 0...9 (a card must be
        // right of every earlier card it overlaps). Indent min(0.12, 0.5 / 9).
        let events = (0..<10).map { event("s\($0)", 9 + Double($0) * 0.5, 10 + Double($0) * 0.5) }
        let result = try slots(events, mode: .cascade)
        let indent = 0.5 / 9
        for index in 0..<10 {
            XCTAssertEqual(result["s\(index)"]?.column, index)
            assertClose(result["s\(index)"]?.x ?? -1, Double(index) * indent)
        }
        assertClose(result["s9"]?.width ?? 0, 0.5)
    }

    func testTouchingCardsAreSeparateClusters() throws {
        let result = try slots([event("A", 9, 10), event("B", 10, 11)], mode: .cascade)
        XCTAssertEqual(result["B"], Slot(0, of: 1, x: 0, width: 1))
    }

    func testIndentAndMinimumWidthAreOptions() throws {
        let options = LayoutOptions(cascadeIndent: 0.2, cascadeMinimumWidth: 0.7)
        let result = try slots(
            [event("A", 9, 12), event("B", 9.5, 12), event("C", 10, 12)], mode: .cascade, options: options)
        assertClose(result["B"]?.x ?? 0, 0.15)
        assertClose(result["C"]?.x ?? 0, 0.3)
        assertClose(result["C"]?.width ?? 0, 0.7)
    }
}
