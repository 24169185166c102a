import KalendsLayout
import XCTest

final class LayoutValidationExamples: XCTestCase {
    func testEndBeforeStartNamesTheEvent() {
        let error = layoutError { _ = try DayLayout(events: [event("ok", 1, 2), event("backwards", 10, 9)]) }
        XCTAssertEqual(error, .endBeforeStart(id: "backwards", index: 1, start: h(10), end: h(9)))
        XCTAssertEqual(error?.description, "event \"backwards\" (index 1): end 32400.0 is before start 36000.0")
    }

    func testNonFiniteTimesAreRejected() {
        let nan = layoutError { _ = try DayLayout(events: [LayoutInterval(id: "n", start: .nan, end: 10)]) }
        guard case .nonFiniteTime(id: "n", index: 0, field: "start", _)? = nan else {
            return XCTFail("got \(String(describing: nan))")
        }
        let infinite = layoutError { _ = try DayLayout(events: [LayoutInterval(id: "i", start: 0, end: .infinity)]) }
        XCTAssertEqual(infinite, .nonFiniteTime(id: "i", index: 0, field: "end", value: .infinity))
    }

    func testIdsMustBeUniqueAcrossEventsAndAllDayItems() {
        let twice = layoutError { _ = try DayLayout(events: [event("a", 1, 2), event("a", 3, 4)]) }
        XCTAssertEqual(twice, .duplicateID(id: "a", first: "events[0]", second: "events[1]"))
        let across = layoutError {
            _ = try DayLayout(events: [event("x", 1, 2)], allDay: [LayoutAllDaySpan(id: "x", day: 0)])
        }
        XCTAssertEqual(across?.description, "id \"x\" is used twice (events[0] and allDay[0])")
    }

    func testTheFirstProblemInInputOrderIsReported() {
        // The second use of "b" (index 2) comes before the second "a" (index 3).
        let ids = ["a", "b", "b", "a"]
        let duplicate = layoutError { _ = try DayLayout(events: ids.map { event($0, 1, 2) }) }
        XCTAssertEqual(duplicate, .duplicateID(id: "b", first: "events[1]", second: "events[2]"))
        let emptyFirst = layoutError { _ = try DayLayout(events: ["", "a", "a"].map { event($0, 1, 2) }) }
        XCTAssertEqual(emptyFirst, .emptyID(location: "events[0]"))
        let duplicateFirst = layoutError { _ = try DayLayout(events: ["a", "a", ""].map { event($0, 1, 2) }) }
        XCTAssertEqual(duplicateFirst, .duplicateID(id: "a", first: "events[0]", second: "events[1]"))
        let third = layoutError { _ = try DayLayout(events: ["x", "y", "x", "x"].map { event($0, 1, 2) }) }
        XCTAssertEqual(third, .duplicateID(id: "x", first: "events[0]", second: "events[2]"))
    }

    func testManyEqualIdsAreFoundQuickly() {
        let events = (0..<50_000).map { _ in event("same", 1, 2) }
        let error = layoutError { _ = try DayLayout(events: events) }
        XCTAssertEqual(error, .duplicateID(id: "same", first: "events[0]", second: "events[1]"))
    }

    func testEmptyIdsAreRejected() {
        let error = layoutError { _ = try DayLayout(events: [event("", 1, 2)]) }
        XCTAssertEqual(error, .emptyID(location: "events[0]"))
    }

    func testDayLengthMustBePositiveAndFinite() {
        for length in [0, -86_400, Double.nan, Double.infinity] {
            let error = layoutError { _ = try DayLayout(events: [], dayLength: length) }
            guard case .invalidDayLength? = error else { return XCTFail("\(length): \(String(describing: error))") }
        }
    }

    func testOptionsOutOfRangeAreRejected() {
        let cases: [(LayoutOptions, String)] = [
            (LayoutOptions(minimumHeight: 3601), "minimumHeight"),
            (LayoutOptions(minimumHeight: -1), "minimumHeight"),
            (LayoutOptions(gap: 0.5), "gap"),
            (LayoutOptions(gap: .nan), "gap"),
            (LayoutOptions(cascadeIndent: 0), "cascadeIndent"),
            (LayoutOptions(cascadeMinimumWidth: 1), "cascadeMinimumWidth"),
        ]
        for (options, name) in cases {
            let error = layoutError { _ = try DayLayout(events: [], options: options) }
            guard case .invalidOption(name: name, _, _)? = error else {
                return XCTFail("\(name): \(String(describing: error))")
            }
        }
    }

    func testAllDayItemsMustNotEndBeforeTheyStart() {
        let error = layoutError { _ = try AllDayLayout(items: [LayoutAllDaySpan(id: "trip", firstDay: 3, lastDay: 1)]) }
        XCTAssertEqual(error?.description, "all-day item \"trip\" (index 0): last day 1 is before first day 3")
    }

    func testExtremeButFiniteValuesDoNotTrap() throws {
        let events = [
            LayoutInterval(id: "huge", start: -Double.greatestFiniteMagnitude, end: Double.greatestFiniteMagnitude),
            LayoutInterval(id: "tiny", start: Double.leastNonzeroMagnitude, end: Double.leastNonzeroMagnitude * 2),
            LayoutInterval(id: "big-instant", start: 1e300, end: 1e300),
        ]
        for mode in LayoutMode.allCases {
            let day = try DayLayout(events: events, mode: mode)
            XCTAssertEqual(day.events.map(\.id), ["huge", "tiny"])
            XCTAssertEqual(day.dropped, ["big-instant"])
        }
        let lanes = try AllDayLayout(items: [LayoutAllDaySpan(id: "all", firstDay: Int.min, lastDay: Int.max)])
        XCTAssertEqual(lanes.laneCount, 1)
    }
}
