import KalendsLayout
import XCTest

/// Days whose columns were worked out by hand from CalendarKit's
/// `recalculateEventLayout`: sort by start (stable), join the open group when
/// the closed interval meets the group's longest or last event, k equal
/// columns per group in group order.
final class CalendarKitLayoutExamples: XCTestCase {
    func testNestedEventsGetThreeColumnsWhereTwoWouldDo() throws {
        // A 9-12 opens the group; B 9-10 meets A; C 10-11 meets A (the
        // longest) and touches B. One group of three: CalendarKit's known
        // imperfection, since B and C could share a column.
        let result = try slots([event("A", 9, 12), event("B", 9, 10), event("C", 10, 11)], mode: .calendarkit)
        XCTAssertEqual(result["A"], Slot(0, of: 3, x: 0, width: 1.0 / 3))
        XCTAssertEqual(result["B"], Slot(1, of: 3, x: 1.0 / 3, width: 1.0 / 3))
        XCTAssertEqual(result["C"], Slot(2, of: 3, x: 2.0 / 3, width: 1.0 / 3))
    }

    func testTouchingEventsAreGrouped() throws {
        // DateInterval.intersects is closed: 9-10 and 10-11 share 10:00.
        let result = try slots([event("A", 9, 10), event("B", 10, 11)], mode: .calendarkit)
        XCTAssertEqual(result["A"], Slot(0, of: 2, x: 0, width: 0.5))
        XCTAssertEqual(result["B"], Slot(1, of: 2, x: 0.5, width: 0.5))
    }

    func testTouchingStaysGroupedEvenWhenTheOptionSaysOtherwise() throws {
        // `touchingEventsOverlap` is for packed and cascade; CalendarKit's own
        // rule always counts touching.
        let options = LayoutOptions(touchingEventsOverlap: false)
        let result = try slots([event("A", 9, 10), event("B", 10, 11)], mode: .calendarkit, options: options)
        XCTAssertEqual(result["B"]?.columns, 2)
    }

    func testSeparatedEventsGetFullWidth() throws {
        let result = try slots([event("A", 9, 10), event("B", 10.5, 11)], mode: .calendarkit)
        XCTAssertEqual(result["A"], Slot(0, of: 1, x: 0, width: 1))
        XCTAssertEqual(result["B"], Slot(0, of: 1, x: 0, width: 1))
    }

    func testEqualStartsKeepInputOrder() throws {
        // Stable sort: B is given first, so it takes column 0.
        let result = try slots([event("B", 9, 10), event("A", 9, 12), event("C", 10, 11)], mode: .calendarkit)
        XCTAssertEqual(result["B"]?.column, 0)
        XCTAssertEqual(result["A"]?.column, 1)
        XCTAssertEqual(result["C"]?.column, 2)
    }

    func testOneLongEventSqueezesEveryShortOne() throws {
        // Issue #113 / #244: the long event keeps the group open, so six
        // events share six columns although two would do.
        var events = [event("long", 8, 18)]
        for hour in 9...13 { events.append(event("s\(hour)", Double(hour), Double(hour) + 0.5)) }
        let result = try slots(events, mode: .calendarkit)
        XCTAssertEqual(result["long"], Slot(0, of: 6, x: 0, width: 1.0 / 6))
        for (index, hour) in (9...13).enumerated() {
            XCTAssertEqual(result["s\(hour)"]?.column, index + 1)
            XCTAssertEqual(result["s\(hour)"]?.columns, 6)
        }
    }

    func testShortEventsThatCouldSpanStayNarrow() throws {
        // Issue #244 / #357: A 9:00-9:30, B 9:00-12:00 (becomes the longest),
        // C 10:00-10:30 and D 11:00-11:30 meet B: four quarter columns,
        // though A, C and D never overlap each other.
        let result = try slots(
            [event("A", 9, 9.5), event("B", 9, 12), event("C", 10, 10.5), event("D", 11, 11.5)], mode: .calendarkit)
        XCTAssertEqual(result["A"], Slot(0, of: 4, x: 0, width: 0.25))
        XCTAssertEqual(result["B"], Slot(1, of: 4, x: 0.25, width: 0.25))
        XCTAssertEqual(result["C"], Slot(2, of: 4, x: 0.5, width: 0.25))
        XCTAssertEqual(result["D"], Slot(3, of: 4, x: 0.75, width: 0.25))
    }

    func testAnOverlapWithAMiddleEventIsMissed() throws {
        // A 8-11 is the longest, B 10-12:30, C 10:15-10:30 is the last. D
        // 12-13 overlaps B, but B is neither the longest nor the last: D opens
        // a new group at full width and is drawn over B.
        let result = try slots(
            [event("A", 8, 11), event("B", 10, 12.5), event("C", 10.25, 10.5), event("D", 12, 13)],
            mode: .calendarkit)
        XCTAssertEqual(result["A"], Slot(0, of: 3, x: 0, width: 1.0 / 3))
        XCTAssertEqual(result["B"], Slot(1, of: 3, x: 1.0 / 3, width: 1.0 / 3))
        XCTAssertEqual(result["C"], Slot(2, of: 3, x: 2.0 / 3, width: 1.0 / 3))
        XCTAssertEqual(result["D"], Slot(0, of: 1, x: 0, width: 1))
    }

    func testTheFirstOfEquallyLongEventsIsTheLongest() throws {
        // A 9-10 and B 9:30-10:30 are both an hour; the stable sort makes A
        // the longest. C 9:40-9:50 becomes the last. D 10:15 meets neither A
        // (ends 10:00) nor C: new group, although it overlaps B.
        let result = try slots(
            [event("A", 9, 10), event("B", 9.5, 10.5), event("C", 9 + 40.0 / 60, 9 + 50.0 / 60),
             event("D", 10.25, 11)],
            mode: .calendarkit)
        XCTAssertEqual(result["A"]?.columns, 3)
        XCTAssertEqual(result["C"]?.column, 2)
        XCTAssertEqual(result["D"], Slot(0, of: 1, x: 0, width: 1))
    }

    func testGroupsUseTheUnclippedIntervals() throws {
        // A runs from 14:00 the day before (-10 h) to 01:00: 11 hours, the
        // longest, though only 1 hour is visible. B 0-5 joins, E 0:30-0:45
        // joins and is the last. D 3-4 meets neither A (ends 1:00) nor E: a new
        // group. With clipped intervals B (5 h) would be the longest and D
        // would join it.
        let result = try slots(
            [event("A", -10, 1), event("B", 0, 5), event("E", 0.5, 0.75), event("D", 3, 4)], mode: .calendarkit)
        XCTAssertEqual(result["A"]?.columns, 3)
        XCTAssertEqual(result["B"]?.column, 1)
        XCTAssertEqual(result["E"]?.column, 2)
        XCTAssertEqual(result["D"], Slot(0, of: 1, x: 0, width: 1))
    }

    func testZeroLengthEventsJoinWhatTheyTouch() throws {
        let result = try slots(
            [event("Z", 9, 9), event("A", 9, 10), event("Y", 10, 10), event("X", 10.5, 10.5)], mode: .calendarkit)
        XCTAssertEqual(result["Z"]?.columns, 3)
        XCTAssertEqual(result["A"]?.column, 1)
        XCTAssertEqual(result["Y"]?.column, 2)
        XCTAssertEqual(result["X"], Slot(0, of: 1, x: 0, width: 1))
    }

    func testGapNarrowsAllButTheLastColumn() throws {
        let options = LayoutOptions(gap: 0.02)
        let result = try slots([event("A", 9, 10), event("B", 9, 10)], mode: .calendarkit, options: options)
        XCTAssertEqual(result["A"]?.width ?? 0, 0.48, accuracy: 1e-12)
        XCTAssertEqual(result["B"]?.width, 0.5)
    }
}
