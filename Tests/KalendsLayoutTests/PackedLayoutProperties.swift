import KalendsCheck
import KalendsLayout
import KalendsLayoutReference
import XCTest

final class PackedLayoutProperties: XCTestCase {
    /// Lays out with packed mode; fails the property on a thrown error.
    private func packed(_ events: [LayoutInterval], dayLength: Double, touching: Bool) throws -> DayLayout {
        try DayLayout(
            events: events, dayLength: dayLength, mode: .packed,
            options: LayoutOptions(touchingEventsOverlap: touching))
    }

    func testEqualsTheLiteralReference() {
        forAll(EventGen.events(), EventGen.dayLength, Gen.bool) { events, dayLength, touching in
            let day = try self.packed(events, dayLength: dayLength, touching: touching)
            let reference = NaivePacked.layout(visibleEvents(events, dayLength: dayLength), touching: touching)
            return day.events.map { ReferenceSlot(id: $0.id, column: $0.column, columns: $0.columns, x: $0.x, width: $0.width) }
                == reference
        }
    }

    func testEventsOverlappingInTimeNeverOverlapOnScreen() {
        forAll(EventGen.events(), EventGen.dayLength, Gen.bool) { events, dayLength, touching in
            let day = try self.packed(events, dayLength: dayLength, touching: touching)
            let visible = visibleEvents(events, dayLength: dayLength)
            for i in visible.indices {
                for j in visible.indices where j > i && referenceOverlaps(visible[i], visible[j], touching: touching) {
                    let a = day.events[i], b = day.events[j]
                    if a.x + a.width > b.x + 1e-9 && b.x + b.width > a.x + 1e-9 { return false }
                }
            }
            return true
        }
    }

    func testEachClusterHasAsManyColumnsAsItsLargestOverlap() {
        forAll(EventGen.events(), EventGen.dayLength, Gen.bool) { events, dayLength, touching in
            let day = try self.packed(events, dayLength: dayLength, touching: touching)
            let visible = visibleEvents(events, dayLength: dayLength)
            for cluster in NaivePacked.clusters(visible, touching: touching) {
                // The most events overlapping at one instant: some event's start is such an instant.
                let largest = cluster.map { member in
                    let instant = LayoutInterval(id: "t", start: visible[member].start, end: visible[member].start)
                    return cluster.filter { referenceOverlaps(visible[$0], instant, touching: touching) }.count
                }.max() ?? 0
                if !cluster.allSatisfy({ day.events[$0].columns == largest }) { return false }
            }
            return true
        }
    }

    func testNoEventCouldWidenByOneMoreColumn() {
        forAll(EventGen.events(), EventGen.dayLength, Gen.bool) { events, dayLength, touching in
            let day = try self.packed(events, dayLength: dayLength, touching: touching)
            let visible = visibleEvents(events, dayLength: dayLength)
            for (index, placement) in day.events.enumerated() {
                let span = Int((placement.width * Double(placement.columns)).rounded())
                let next = placement.column + span
                guard next < placement.columns else { continue }
                let blocked = day.events.indices.contains { other in
                    other != index
                        && day.events[other].column <= next
                        && next < day.events[other].column
                            + Int((day.events[other].width * Double(day.events[other].columns)).rounded())
                        && referenceOverlaps(visible[index], visible[other], touching: touching)
                }
                if !blocked { return false }
            }
            return true
        }
    }

    func testFractionsStayInsideTheColumnAndTheDay() {
        forAll(EventGen.events(), EventGen.dayLength) { events, dayLength in
            let day = try self.packed(events, dayLength: dayLength, touching: false)
            return day.events.allSatisfy { p in
                p.x >= 0 && p.width > 0 && p.x + p.width <= 1 + 1e-12
                    && p.top >= 0 && p.height >= 0 && p.top + p.height <= 1 + 1e-12
                    && p.column >= 0 && p.column < p.columns
            }
        }
    }

    func testTheOutputDoesNotDependOnTheInputOrder() {
        forAll(EventGen.eventsAndShuffle(), Gen.bool) { pair, touching in
            let (events, shuffled) = pair
            let original = try self.packed(events, dayLength: 86_400, touching: touching)
            let reordered = try self.packed(shuffled, dayLength: 86_400, touching: touching)
            let byID = Dictionary(uniqueKeysWithValues: original.events.map { ($0.id, $0) })
            return reordered.events.allSatisfy { byID[$0.id] == $0 }
                && Set(original.dropped) == Set(reordered.dropped)
        }
    }
}
