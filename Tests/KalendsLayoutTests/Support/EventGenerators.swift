import KalendsCheck
import KalendsLayout

/// Generators of days of events. Times sit mostly on a quarter-hour grid so
/// equal starts, identical intervals and touching events are common; some
/// are arbitrary seconds; some reach outside the day.
enum EventGen {
    /// Day lengths: ordinary, spring-forward and fall-back days.
    static let dayLength: Gen<Double> = Gen.frequency([(4, .constant(86_400)), (1, .constant(82_800)), (1, .constant(90_000))])

    /// A start time in seconds, from 2 hours before the day to 2 hours after an ordinary day.
    static let start: Gen<Double> = Gen.frequency([
        (6, Gen.int(in: -8...104).map { Double($0) * 900 }),
        (2, Gen.int(in: 32...48).map { Double($0) * 900 }),  // a busy morning: big clusters
        (1, Gen.double(in: -7_200...93_600)),
    ])

    /// A duration in seconds: instants, quarter hours, arbitrary, long.
    static let duration: Gen<Double> = Gen.frequency([
        (1, .constant(0)),
        (6, Gen.int(in: 1...12).map { Double($0) * 900 }),
        (1, Gen.double(in: 0...14_400)),
        (1, Gen.int(in: 4...30).map { Double($0) * 3_600 }),
    ])

    /// Events with ids `e0`, `e1`, ... in input order.
    static func events(count: ClosedRange<Int> = 0...30) -> Gen<[LayoutInterval]> {
        Gen.zip(start, duration).array(count: count).map { pairs in
            pairs.enumerated().map { index, pair in
                LayoutInterval(id: "e\(index)", start: pair.0, end: pair.0 + pair.1)
            }
        }
    }

    /// Events with a permutation of them (for order-independence checks).
    static func eventsAndShuffle(count: ClosedRange<Int> = 0...30) -> Gen<([LayoutInterval], [LayoutInterval])> {
        events(count: count).flatMap { events in
            Gen.int(in: 0...1_000_000).array(count: events.count...events.count).map { keys in
                let shuffled = zip(keys, events).enumerated()
                    .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
                    .map { $0.element.1 }
                return (events, shuffled)
            }
        }
    }

    /// All-day items with ids `d0`, `d1`, ... over a two-week strip.
    static func allDayItems(count: ClosedRange<Int> = 0...25) -> Gen<[LayoutAllDaySpan]> {
        Gen.zip(Gen.int(in: 0...13), Gen.frequency([(4, Gen.int(in: 0...2)), (1, Gen.int(in: 0...13))]))
            .array(count: count)
            .map { pairs in
                pairs.enumerated().map { index, pair in
                    LayoutAllDaySpan(id: "d\(index)", firstDay: pair.0, lastDay: pair.0 + pair.1)
                }
            }
    }
}

/// The events the engine keeps for a day of `dayLength`, unclipped.
func keptEvents(_ events: [LayoutInterval], dayLength: Double) -> [LayoutInterval] {
    events.filter { event in
        event.start == event.end
            ? event.start >= 0 && event.start < dayLength
            : event.start < dayLength && event.end > 0
    }
}

/// The kept events clipped to `[0, dayLength]`: what packed and cascade lay out.
func visibleEvents(_ events: [LayoutInterval], dayLength: Double) -> [LayoutInterval] {
    keptEvents(events, dayLength: dayLength).map {
        LayoutInterval(id: $0.id, start: max($0.start, 0), end: min($0.end, dayLength))
    }
}
