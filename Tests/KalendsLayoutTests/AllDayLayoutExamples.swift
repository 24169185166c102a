import KalendsLayout
import XCTest

final class AllDayLayoutExamples: XCTestCase {
    func testAWeekPacksIntoTheFewestLanes() throws {
        // trip Mon-Thu (1...4), holiday Tue (2), conference Wed-Fri (3...5),
        // weekend Fri-Sat (5...6). At most two share a day: two lanes.
        let lanes = try AllDayLayout(items: [
            LayoutAllDaySpan(id: "weekend", firstDay: 5, lastDay: 6),
            LayoutAllDaySpan(id: "trip", firstDay: 1, lastDay: 4),
            LayoutAllDaySpan(id: "holiday", day: 2),
            LayoutAllDaySpan(id: "conference", firstDay: 3, lastDay: 5),
        ])
        XCTAssertEqual(lanes.laneCount, 2)
        let lane = Dictionary(uniqueKeysWithValues: lanes.placements.map { ($0.id, $0.lane) })
        XCTAssertEqual(lane, ["trip": 0, "holiday": 1, "conference": 1, "weekend": 0])
        XCTAssertEqual(lanes.placements.map(\.id), ["weekend", "trip", "holiday", "conference"])
    }

    func testLongerItemsGoFirstOnTheSameDay() throws {
        let lanes = try AllDayLayout(items: [LayoutAllDaySpan(id: "day", day: 0), LayoutAllDaySpan(id: "week", firstDay: 0, lastDay: 6)])
        XCTAssertEqual(lanes.placements.first { $0.id == "week" }?.lane, 0)
        XCTAssertEqual(lanes.placements.first { $0.id == "day" }?.lane, 1)
    }

    func testNoItemsNoLanes() throws {
        XCTAssertEqual(try AllDayLayout(items: []).laneCount, 0)
    }

    func testDayLayoutCarriesTheLanes() throws {
        let day = try DayLayout(
            events: [event("a", 9, 10)], allDay: [LayoutAllDaySpan(id: "birthday", day: 0), LayoutAllDaySpan(id: "trip", day: 0)])
        XCTAssertEqual(day.allDayLaneCount, 2)
        XCTAssertEqual(day.allDay.map(\.lane), [0, 1])
    }
}
