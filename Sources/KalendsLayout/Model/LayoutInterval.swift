/// An event with a time of day, as the layout engine sees it: an id and a
/// half-open interval `[start, end)` in seconds of elapsed time since the
/// start of the day being laid out.
///
/// `start` may be negative (the event began the day before) and `end` may
/// exceed the day's length (it runs into the next day); the engine clips.
/// A zero-length event (`start == end`) is the instant `start`.
public struct LayoutInterval: Sendable, Hashable, Codable {
    /// Unique among the events and all-day items of one layout call.
    public var id: String
    /// Seconds since the start of the day (elapsed time, not wall-clock time).
    public var start: Double
    /// Seconds since the start of the day; `end >= start`.
    public var end: Double

    /// Creates an event; validation happens when it is laid out.
    public init(id: String, start: Double, end: Double) {
        self.id = id
        self.start = start
        self.end = end
    }
}

/// An all-day or multi-day item spanning the day columns `firstDay...lastDay`
/// of a view (day indices, e.g. 0...6 in a week view).
public struct LayoutAllDaySpan: Sendable, Hashable, Codable {
    /// Unique among the items (and timed events) of one layout call.
    public var id: String
    /// The first day column the item covers.
    public var firstDay: Int
    /// The last day column the item covers, inclusive; `lastDay >= firstDay`.
    public var lastDay: Int

    /// Creates an item; validation happens when it is packed.
    public init(id: String, firstDay: Int, lastDay: Int) {
        self.id = id
        self.firstDay = firstDay
        self.lastDay = lastDay
    }

    /// A single-day all-day item on day column `day`.
    public init(id: String, day: Int) {
        self.init(id: id, firstDay: day, lastDay: day)
    }
}
