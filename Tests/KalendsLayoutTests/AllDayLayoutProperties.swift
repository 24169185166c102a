import KalendsCheck
import KalendsLayout
import XCTest

final class AllDayLayoutProperties: XCTestCase {
    func testItemsSharingADayNeverShareALaneAndLanesAreFewest() {
        forAll(EventGen.allDayItems()) { items in
            let lanes = try AllDayLayout(items: items)
            let placements = lanes.placements
            for i in placements.indices {
                for j in placements.indices where j > i && placements[i].lane == placements[j].lane {
                    if placements[i].firstDay <= placements[j].lastDay && placements[j].firstDay <= placements[i].lastDay {
                        return false
                    }
                }
            }
            let busiestDay = (0...27).map { day in items.filter { $0.firstDay <= day && day <= $0.lastDay }.count }.max() ?? 0
            let highestLane = placements.map(\.lane).max().map { $0 + 1 } ?? 0
            return lanes.laneCount == busiestDay && highestLane == busiestDay
        }
    }

    func testLanesDoNotDependOnTheInputOrder() {
        forAll(EventGen.allDayItems(), Gen.int(in: 0...1_000)) { items, rotation in
            let rotated = items.isEmpty ? items : Array(items[(rotation % items.count)...] + items[..<(rotation % items.count)])
            let a = try AllDayLayout(items: items).placements
            let b = try AllDayLayout(items: rotated.reversed()).placements
            return Set(a) == Set(b)
        }
    }
}
