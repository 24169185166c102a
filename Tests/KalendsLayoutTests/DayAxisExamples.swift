import Foundation
import KalendsLayout
import XCTest

/// America/New_York: 2024-11-03 falls back (00:00-01:59 EDT, then 01:00-23:59
/// EST: 25 hours), 2024-03-10 springs forward (02:00-02:59 never happens:
/// 23 hours). Segments hand-derived from the zone's rules.
final class DayAxisExamples: XCTestCase {
    let fallBack = try! DayAxis(length: 90_000, segments: [
        .init(elapsed: 0, wallClock: 0), .init(elapsed: 7_200, wallClock: 3_600),
    ])
    let springForward = try! DayAxis(length: 82_800, segments: [
        .init(elapsed: 0, wallClock: 0), .init(elapsed: 7_200, wallClock: 10_800),
    ])

    func testTheSecond0130SitsBelowTheFirst() throws {
        XCTAssertEqual(fallBack.elapsedTimes(atWallClock: h(1.5)), [h(1.5), h(2.5)])
        let height = 25 * 48.0
        let first = fallBack.y(atElapsed: h(1.5), height: height)
        let second = fallBack.y(atElapsed: h(2.5), height: height)
        XCTAssertEqual(first, 72)
        XCTAssertEqual(second, 120)
        XCTAssertEqual(fallBack.label(atElapsed: h(1.5)), "01:30")
        XCTAssertEqual(fallBack.label(atElapsed: h(2.5)), "01:30")

        // An event at the second 01:30 is laid out below one at the first.
        let day = try DayLayout(
            events: [LayoutInterval(id: "first", start: h(1.5), end: h(2)), LayoutInterval(id: "second", start: h(2.5), end: h(3))],
            dayLength: fallBack.length)
        let firstTop = try XCTUnwrap(day.placement(of: "first")).top
        let secondTop = try XCTUnwrap(day.placement(of: "second")).top
        XCTAssertLessThan(firstTop, secondTop)
        assertClose(secondTop * 1200, 120)
    }

    func testAFallBackDayHas26HourLinesWith0100Twice() {
        let lines = fallBack.hourLines()
        XCTAssertEqual(lines.count, 26)
        XCTAssertEqual(lines.map(\.label).prefix(5), ["00:00", "01:00", "01:00", "02:00", "03:00"])
        XCTAssertEqual(lines.filter { $0.label == "01:00" }.map(\.occurrence), [1, 2])
        XCTAssertEqual(lines.filter { $0.label == "01:00" }.map(\.elapsed), [3_600, 7_200])
        XCTAssertEqual(lines.last?.label, "24:00")
        XCTAssertEqual(lines.last?.elapsed, 90_000)
        XCTAssertEqual(lines.last?.isDayEnd, true)
        XCTAssertEqual(lines.filter(\.isDayEnd).count, 1)
    }

    func testASpringForwardDayHas24HourLinesWithout0200() {
        let lines = springForward.hourLines()
        XCTAssertEqual(lines.count, 24)
        XCTAssertFalse(lines.contains { $0.label == "02:00" })
        XCTAssertEqual(lines.map(\.label).prefix(4), ["00:00", "01:00", "03:00", "04:00"])
        XCTAssertEqual(lines[2].elapsed, 7_200)
        XCTAssertEqual(springForward.elapsedTimes(atWallClock: h(2.5)), [])
        XCTAssertEqual(springForward.wallClock(atElapsed: h(2.5)), h(3.5))
    }

    func testAnOrdinaryDayHas25HourLines() {
        let lines = DayAxis.standard.hourLines()
        XCTAssertEqual(lines.count, 25)
        XCTAssertEqual(lines.map(\.elapsed), (0...24).map { Double($0) * 3600 })
        XCTAssertEqual(lines[13].label, "13:00")
        XCTAssertTrue(lines.allSatisfy { $0.occurrence == 1 })
    }

    func testADayStartingOffTheHourGetsAStartLine() throws {
        // A zone that skips midnight to 00:30 (a half-hour spring forward at 0:00).
        let axis = try DayAxis(length: 84_600, segments: [.init(elapsed: 0, wallClock: 1_800)])
        let lines = axis.hourLines()
        XCTAssertEqual(lines.first?.label, "00:30")
        XCTAssertEqual(lines[1].label, "01:00")
        XCTAssertEqual(lines[1].elapsed, 1_800)
        XCTAssertEqual(lines.count, 25)
    }

    func testPointsAndTimesConvertBothWays() {
        XCTAssertEqual(fallBack.elapsed(atY: 120, height: 1200), h(2.5))
        XCTAssertEqual(fallBack.elapsed(atY: -10, height: 1200), 0)
        XCTAssertEqual(fallBack.elapsed(atY: 5000, height: 1200), 90_000)
        XCTAssertEqual(fallBack.elapsed(atY: 10, height: 0), 0)
    }

    func testSnappingIsInElapsedTime() {
        XCTAssertEqual(DayAxis.standard.snapped(h(9) + 7 * 60, to: 900), h(9))
        XCTAssertEqual(DayAxis.standard.snapped(h(9) + 8 * 60, to: 900), h(9.25))
        XCTAssertEqual(DayAxis.standard.snapped(-500, to: 900), 0)
        XCTAssertEqual(DayAxis.standard.snapped(86_390, to: 900), 86_400)
        XCTAssertEqual(DayAxis.standard.snapped(1234, to: 0), 1234)
        // On the fall-back day the quarter hours still read as quarter hours.
        let snapped = fallBack.snapped(h(2) + 20 * 60, to: 900)
        XCTAssertEqual(fallBack.label(atElapsed: snapped), "01:15")
    }

    func testDraggingKeepsTheDurationAndTheDay() {
        // 48 pt per hour: dragging 30 pt (37.5 min) snaps to +30 or +45 min.
        let height = 24 * 48.0
        let moved = DayAxis.standard.dragged(start: h(9), end: h(10), translationY: 30, height: height, increment: 900)
        XCTAssertEqual(moved.start, h(9.75))
        XCTAssertEqual(moved.end, h(10.75))
        let atEnd = DayAxis.standard.dragged(start: h(22), end: h(23.5), translationY: 500, height: height, increment: 900)
        XCTAssertEqual(atEnd.start, h(22.5))
        XCTAssertEqual(atEnd.end, h(24))
    }

    func testResizingKeepsAtLeastOneIncrement() {
        let height = 24 * 48.0
        let bottom = DayAxis.standard.resized(
            start: h(9), end: h(10), edge: .bottom, translationY: -100, height: height, increment: 900)
        XCTAssertEqual(bottom.start, h(9))
        XCTAssertEqual(bottom.end, h(9.25))
        let top = DayAxis.standard.resized(
            start: h(9), end: h(10), edge: .top, translationY: -12, height: height, increment: 900)
        XCTAssertEqual(top.start, h(8.75))
        XCTAssertEqual(top.end, h(10))
    }

    func testInvalidAxesAreRejected() {
        let cases: [(Double, [DayAxis.Segment])] = [
            (0, [.init(elapsed: 0, wallClock: 0)]),
            (86_400, []),
            (86_400, [.init(elapsed: 10, wallClock: 0)]),
            (86_400, [.init(elapsed: 0, wallClock: 0), .init(elapsed: 0, wallClock: 3_600)]),
            (86_400, [.init(elapsed: 0, wallClock: 0), .init(elapsed: 86_400, wallClock: 3_600)]),
            (86_400, [.init(elapsed: 0, wallClock: .nan)]),
        ]
        for (length, segments) in cases {
            XCTAssertNotNil(layoutError { _ = try DayAxis(length: length, segments: segments) }, "\(segments)")
        }
    }
}

final class DayAxisCodingExamples: XCTestCase {
    func testAnAxisRoundTripsThroughJSON() throws {
        let axis = try DayAxis(length: 90_000, segments: [.init(elapsed: 0, wallClock: 0), .init(elapsed: 7_200, wallClock: 3_600)])
        let data = try JSONEncoder().encode(axis)
        XCTAssertEqual(try JSONDecoder().decode(DayAxis.self, from: data), axis)
    }

    func testAnInvalidDecodedAxisIsADecodingErrorNotATrap() {
        for json in [#"{"length":86400,"segments":[]}"#, #"{"length":-1,"segments":[{"elapsed":0,"wallClock":0}]}"#] {
            XCTAssertThrowsError(try JSONDecoder().decode(DayAxis.self, from: Data(json.utf8))) { error in
                XCTAssertTrue(error is DecodingError, "\(error)")
            }
        }
    }
}
