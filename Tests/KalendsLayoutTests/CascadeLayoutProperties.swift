import KalendsCheck
import KalendsLayout
import KalendsLayoutReference
import XCTest

final class CascadeLayoutProperties: XCTestCase {
    private func cascade(_ events: [LayoutInterval], dayLength: Double = 86_400, touching: Bool = false) throws -> DayLayout {
        try DayLayout(
            events: events, dayLength: dayLength, mode: .cascade, options: LayoutOptions(touchingEventsOverlap: touching))
    }

    func testEqualsTheLiteralReference() {
        forAll(EventGen.events(), EventGen.dayLength, Gen.bool) { events, dayLength, touching in
            let day = try self.cascade(events, dayLength: dayLength, touching: touching)
            let reference = NaiveCascade.layout(visibleEvents(events, dayLength: dayLength), touching: touching)
            return day.events.map { ReferenceSlot(id: $0.id, column: $0.column, columns: $0.columns, x: $0.x, width: $0.width) }
                == reference
        }
    }

    func testTheContractRules() {
        forAll(EventGen.events(), Gen.bool) { events, touching in
            let day = try self.cascade(events, touching: touching)
            let visible = visibleEvents(events, dayLength: 86_400)
            let overlapping = { (i: Int, j: Int) in referenceOverlaps(visible[i], visible[j], touching: touching) }
            for i in visible.indices {
                let placement = day.events[i]
                guard placement.x >= 0, placement.width > 0, placement.x + placement.width <= 1 + 1e-12 else { return false }
                let partners = visible.indices.filter { $0 != i && overlapping(i, $0) }
                // An event overlapping nothing: x 0, width 1.
                if partners.isEmpty && (placement.x != 0 || placement.width != 1) { return false }
                for j in partners {
                    let other = day.events[j]
                    if visible[i].start < visible[j].start && !(placement.x < other.x) { return false }
                    if visible[i].start == visible[j].start && placement.x == other.x { return false }
                }
            }
            // Each cluster has a card at x 0.
            for cluster in NaivePacked.clusters(visible, touching: touching)
            where !cluster.contains(where: { day.events[$0].x == 0 }) {
                return false
            }
            return true
        }
    }

    func testTheOutputDoesNotDependOnTheInputOrder() {
        forAll(EventGen.eventsAndShuffle()) { pair in
            let original = try self.cascade(pair.0)
            let reordered = try self.cascade(pair.1)
            let byID = Dictionary(uniqueKeysWithValues: original.events.map { ($0.id, $0) })
            return reordered.events.allSatisfy { byID[$0.id] == $0 }
        }
    }
}
