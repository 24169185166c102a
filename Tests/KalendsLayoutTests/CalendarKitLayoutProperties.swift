import KalendsCheck
import KalendsLayout
import KalendsLayoutReference
import XCTest

final class CalendarKitLayoutProperties: XCTestCase {
    func testEqualsTheLiteralCalendarKitAlgorithm() {
        forAll(EventGen.events(count: 0...40), EventGen.dayLength, runs: 3_000) { events, dayLength in
            let day = try DayLayout(events: events, dayLength: dayLength, mode: .calendarkit)
            let reference = NaiveCalendarKit.layout(keptEvents(events, dayLength: dayLength))
            return day.events.map { ReferenceSlot(id: $0.id, column: $0.column, columns: $0.columns, x: $0.x, width: $0.width) }
                == reference
        }
    }

    func testGroupsAreContiguousRunsInStartOrder() {
        forAll(EventGen.events(), EventGen.dayLength) { events, dayLength in
            let day = try DayLayout(events: events, dayLength: dayLength, mode: .calendarkit)
            let kept = keptEvents(events, dayLength: dayLength)
            // Walking the events by start (ties in input order), columns count
            // 0, 1, ..., k-1 and start over at 0 with the next group.
            let order = kept.indices.sorted { (kept[$0].start, $0) < (kept[$1].start, $1) }
            var expected = 0
            var columns = 0
            for index in order {
                let placement = day.events[index]
                if placement.column == 0 {
                    if expected != columns { return false }
                    expected = 0
                    columns = placement.columns
                }
                if placement.column != expected || placement.columns != columns { return false }
                expected += 1
            }
            return expected == columns
        }
    }
}
