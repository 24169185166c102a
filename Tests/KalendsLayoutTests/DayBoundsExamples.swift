import KalendsLayout
import XCTest

/// Clipping at the day's bounds, dropped events, the minimum height.
final class DayBoundsExamples: XCTestCase {
    func testGeometryIsAFractionOfTheDay() throws {
        let day = try DayLayout(events: [event("a", 9, 10.5)])
        let a = try XCTUnwrap(day.placement(of: "a"))
        XCTAssertEqual(a.top, 0.375)
        XCTAssertEqual(a.height, 0.0625)
        XCTAssertEqual(a.start, h(9))
        XCTAssertEqual(a.end, h(10.5))
    }

    func testALongDayIsTallerSoEachHourIsShorter() throws {
        let day = try DayLayout(events: [event("a", 9, 10)], dayLength: 90_000)
        let a = try XCTUnwrap(day.placement(of: "a"))
        assertClose(a.top, 9.0 / 25)
        assertClose(a.height, 1.0 / 25)
    }

    func testEventsCrossingMidnightAreClipped() throws {
        let day = try DayLayout(events: [event("night", -1, 1), event("late", 23, 25)])
        let night = try XCTUnwrap(day.placement(of: "night"))
        XCTAssertEqual(night.top, 0)
        assertClose(night.height, 1.0 / 24)
        XCTAssertEqual(night.start, 0)
        let late = try XCTUnwrap(day.placement(of: "late"))
        assertClose(late.top, 23.0 / 24)
        assertClose(late.top + late.height, 1)
        XCTAssertEqual(late.end, 86_400)
    }

    func testEventsOutsideTheDayAreDroppedAndReported() throws {
        let events = [
            event("before", -3, -1), event("endsAtMidnight", -1, 0), event("after", 24, 25),
            event("instantAtEnd", 24, 24), event("instantAtStart", 0, 0), event("kept", 9, 10),
        ]
        let day = try DayLayout(events: events)
        XCTAssertEqual(day.dropped, ["before", "endsAtMidnight", "after", "instantAtEnd"])
        XCTAssertEqual(day.events.map(\.id), ["instantAtStart", "kept"])
    }

    func testClippingHappensBeforePackingSoTheVisiblePartsDecide() throws {
        // Yesterday's 22:00-00:30 and today's 00:30-01:00 don't overlap.
        let result = try slots([event("y", -2, 0.5), event("t", 0.5, 1)], mode: .packed)
        XCTAssertEqual(result["y"]?.width, 1)
        XCTAssertEqual(result["t"]?.width, 1)
    }

    func testZeroLengthAndShortEventsGetTheMinimumHeight() throws {
        let day = try DayLayout(events: [event("zero", 9, 9), event("short", 10, 10 + 5.0 / 60), event("long", 11, 12)])
        assertClose(try XCTUnwrap(day.placement(of: "zero")).height, 900 / 86_400)
        assertClose(try XCTUnwrap(day.placement(of: "short")).height, 900 / 86_400)
        assertClose(try XCTUnwrap(day.placement(of: "long")).height, 1.0 / 24)
        XCTAssertEqual(try XCTUnwrap(day.placement(of: "short")).end, h(10 + 5.0 / 60))
    }

    func testTheMinimumHeightIsCutAtTheDaysEnd() throws {
        let day = try DayLayout(events: [event("lastMinutes", 23 + 55.0 / 60, 23 + 55.0 / 60)])
        let placement = try XCTUnwrap(day.placement(of: "lastMinutes"))
        assertClose(placement.top + placement.height, 1)
        assertClose(placement.height, 300 / 86_400)
    }

    func testAZeroMinimumHeightKeepsInstantsFlat() throws {
        let day = try DayLayout(events: [event("zero", 9, 9)], options: LayoutOptions(minimumHeight: 0))
        XCTAssertEqual(try XCTUnwrap(day.placement(of: "zero")).height, 0)
    }

    func testTheMinimumHeightCanTakePartInOverlaps() throws {
        // An instant at 9:00 and an event at 9:05 do not overlap in time,
        // but the instant's 15-minute box reaches over the event.
        let events = [event("ping", 9, 9), event("call", 9 + 5.0 / 60, 10)]
        let plain = try slots(events, mode: .packed)
        XCTAssertEqual(plain["ping"]?.width, 1)
        XCTAssertEqual(plain["call"]?.width, 1)
        let options = LayoutOptions(minimumHeightCountsForOverlap: true)
        let extended = try slots(events, mode: .packed, options: options)
        XCTAssertEqual(extended["ping"], Slot(0, of: 2, x: 0, width: 0.5))
        XCTAssertEqual(extended["call"], Slot(1, of: 2, x: 0.5, width: 0.5))
    }

    func testEveryModeKeepsFractionsInsideTheColumn() throws {
        let events = [event("a", -1, 3), event("b", 2, 2), event("c", 2, 30), event("d", 23.9, 23.9)]
        for mode in LayoutMode.allCases {
            let day = try DayLayout(events: events, mode: mode)
            for placement in day.events {
                XCTAssert(placement.x >= 0 && placement.x + placement.width <= 1 + 1e-12, "\(mode) \(placement)")
                XCTAssert(placement.top >= 0 && placement.top + placement.height <= 1 + 1e-12, "\(mode) \(placement)")
            }
        }
    }
}
