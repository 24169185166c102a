import KalendsLayout
import XCTest

final class PackedLayoutExamples: XCTestCase {
    func testNestedEventsShareTwoColumns() throws {
        // The day CalendarKit spreads over three columns needs two.
        let result = try slots([event("A", 9, 12), event("B", 9, 10), event("C", 10, 11)], mode: .packed)
        XCTAssertEqual(result["A"], Slot(0, of: 2, x: 0, width: 0.5))
        XCTAssertEqual(result["B"], Slot(1, of: 2, x: 0.5, width: 0.5))
        XCTAssertEqual(result["C"], Slot(1, of: 2, x: 0.5, width: 0.5))
    }

    func testTouchingEventsDoNotOverlapByDefault() throws {
        let result = try slots([event("A", 9, 10), event("B", 10, 11)], mode: .packed)
        XCTAssertEqual(result["A"], Slot(0, of: 1, x: 0, width: 1))
        XCTAssertEqual(result["B"], Slot(0, of: 1, x: 0, width: 1))
    }

    func testTouchingEventsOverlapWhenAsked() throws {
        let options = LayoutOptions(touchingEventsOverlap: true)
        let result = try slots([event("A", 9, 10), event("B", 10, 11)], mode: .packed, options: options)
        XCTAssertEqual(result["A"], Slot(0, of: 2, x: 0, width: 0.5))
        XCTAssertEqual(result["B"], Slot(1, of: 2, x: 0.5, width: 0.5))
    }

    func testShortEventsUnderALongOneShareOneColumn() throws {
        var events = [event("long", 8, 18)]
        for hour in 9...13 { events.append(event("s\(hour)", Double(hour), Double(hour) + 0.5)) }
        let result = try slots(events, mode: .packed)
        XCTAssertEqual(result["long"], Slot(0, of: 2, x: 0, width: 0.5))
        for hour in 9...13 { XCTAssertEqual(result["s\(hour)"], Slot(1, of: 2, x: 0.5, width: 0.5)) }
    }

    func testShortEventsWidenIntoFreeColumns() throws {
        // B 9-11 is longest at 9:00 and takes column 0; A and C (9-10, by id)
        // take 1 and 2. D 10:00-10:30 takes column 1 (A ended) and widens over
        // column 2 (C ended at 10:00) to the right edge.
        let result = try slots(
            [event("A", 9, 10), event("B", 9, 11), event("C", 9, 10), event("D", 10, 10.5)], mode: .packed)
        XCTAssertEqual(result["B"], Slot(0, of: 3, x: 0, width: 1.0 / 3))
        XCTAssertEqual(result["A"], Slot(1, of: 3, x: 1.0 / 3, width: 1.0 / 3))
        XCTAssertEqual(result["C"], Slot(2, of: 3, x: 2.0 / 3, width: 1.0 / 3))
        XCTAssertEqual(result["D"], Slot(1, of: 3, x: 1.0 / 3, width: 2.0 / 3))
    }

    func testWideningStopsAtTheFirstBusyColumn() throws {
        // a 9:00-12:00 col 0, b 9:00-10:00 col 1, c 9:05-12:00 col 2,
        // d 9:10-10:00 col 3. e 10:00-11:00 takes column 1; column 2 is busy
        // (c), so e stays one column wide although column 3 is free.
        let result = try slots(
            [event("a", 9, 12), event("b", 9, 10), event("c", 9 + 5.0 / 60, 12), event("d", 9 + 10.0 / 60, 10),
             event("e", 10, 11)],
            mode: .packed)
        XCTAssertEqual(result["e"], Slot(1, of: 4, x: 0.25, width: 0.25))
        XCTAssertEqual(result["d"], Slot(3, of: 4, x: 0.75, width: 0.25))
    }

    func testANewClusterStartsOverAtColumnZero() throws {
        // x and y (9-10) take columns 0 and 1, z 9:00-9:30 column 2, and
        // w 9:30-10:00 reuses column 2: a cluster of three columns. Everything
        // has ended by 10:00, so v 10-11 is a cluster of its own, full width.
        let result = try slots(
            [event("x", 9, 10), event("y", 9, 10), event("z", 9, 9.5), event("w", 9.5, 10), event("v", 10, 11)],
            mode: .packed)
        XCTAssertEqual(result["z"], Slot(2, of: 3, x: 2.0 / 3, width: 1.0 / 3))
        XCTAssertEqual(result["w"], Slot(2, of: 3, x: 2.0 / 3, width: 1.0 / 3))
        XCTAssertEqual(result["v"], Slot(0, of: 1, x: 0, width: 1))
    }

    func testIdenticalIntervalsAreOrderedById() throws {
        let result = try slots([event("c", 9, 10), event("a", 9, 10), event("b", 9, 10)], mode: .packed)
        XCTAssertEqual(result["a"]?.column, 0)
        XCTAssertEqual(result["b"]?.column, 1)
        XCTAssertEqual(result["c"]?.column, 2)
        XCTAssertEqual(result["c"]?.columns, 3)
    }

    func testAChainNeedsTwoColumns() throws {
        // Each overlaps the next; at most two at once.
        let result = try slots(
            [event("A", 9, 10), event("B", 9.5, 10.5), event("C", 10, 11), event("D", 10.5, 11.5)], mode: .packed)
        XCTAssertEqual(result["A"], Slot(0, of: 2, x: 0, width: 0.5))
        XCTAssertEqual(result["B"], Slot(1, of: 2, x: 0.5, width: 0.5))
        XCTAssertEqual(result["C"], Slot(0, of: 2, x: 0, width: 0.5))
        XCTAssertEqual(result["D"], Slot(1, of: 2, x: 0.5, width: 0.5))
    }

    func testAZeroLengthEventIsTheInstantAtItsStart() throws {
        // Z at 10:00 overlaps B 10-11 (10 <= 10 < 11) but not A 9-10.
        let result = try slots([event("A", 9, 10), event("B", 10, 11), event("Z", 10, 10)], mode: .packed)
        XCTAssertEqual(result["A"], Slot(0, of: 1, x: 0, width: 1))
        XCTAssertEqual(result["B"], Slot(0, of: 2, x: 0, width: 0.5))
        XCTAssertEqual(result["Z"], Slot(1, of: 2, x: 0.5, width: 0.5))
    }

    func testZeroLengthEventsAtOneInstantOverlap() throws {
        let result = try slots([event("p", 9, 9), event("q", 9, 9), event("r", 9.5, 9.5)], mode: .packed)
        XCTAssertEqual(result["p"], Slot(0, of: 2, x: 0, width: 0.5))
        XCTAssertEqual(result["q"], Slot(1, of: 2, x: 0.5, width: 0.5))
        XCTAssertEqual(result["r"], Slot(0, of: 1, x: 0, width: 1))
    }

    func testGapIsLeftBetweenNeighboursOnly() throws {
        let options = LayoutOptions(gap: 0.02)
        let result = try slots(
            [event("A", 9, 12), event("B", 9, 10), event("solo", 13, 14)], mode: .packed, options: options)
        assertClose(result["A"]?.width ?? 0, 0.48)
        XCTAssertEqual(result["B"]?.width, 0.5)
        XCTAssertEqual(result["solo"]?.width, 1)
    }

    func testTheGapNeverTakesMoreThanHalfABox() throws {
        let options = LayoutOptions(gap: 0.3)
        let events = (0..<4).map { event("e\($0)", 9, 10) }
        let result = try slots(events, mode: .packed, options: options)
        assertClose(result["e0"]?.width ?? 0, 0.125)
        XCTAssertEqual(result["e3"]?.width, 0.25)
    }
}
