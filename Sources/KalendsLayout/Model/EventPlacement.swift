/// Where one timed event goes in its day column. Horizontal values are
/// fractions of the column's width, vertical ones fractions of the day's real
/// length (a 25-hour day is 25 hours tall), so any renderer scales them.
public struct EventPlacement: Sendable, Hashable, Codable {
    /// The event's id.
    public var id: String
    /// The event's column in its cluster (in `cascade` mode: its stacking depth).
    public var column: Int
    /// How many columns (cascade: depths) the event's cluster has.
    public var columns: Int
    /// Left edge, as a fraction of the column width (0...1).
    public var x: Double
    /// Width, as a fraction of the column width (0...1, `x + width <= 1`).
    public var width: Double
    /// Top edge, as a fraction of the day's length (0...1).
    public var top: Double
    /// Height, as a fraction of the day's length (`top + height <= 1`);
    /// at least the minimum height unless cut at the day's end.
    public var height: Double
    /// The visible part of the event in seconds, after clipping to the day
    /// (before the minimum height is applied): handy for labels.
    public var start: Double
    /// See `start`.
    public var end: Double

    /// Creates a placement (the engine does this; public for renderer tests).
    public init(
        id: String, column: Int, columns: Int,
        x: Double, width: Double, top: Double, height: Double,
        start: Double, end: Double
    ) {
        self.id = id
        self.column = column
        self.columns = columns
        self.x = x
        self.width = width
        self.top = top
        self.height = height
        self.start = start
        self.end = end
    }
}

/// The lane of an all-day or multi-day item: lane 0 is the top row.
public struct AllDayPlacement: Sendable, Hashable, Codable {
    /// The item's id.
    public var id: String
    /// The row the item sits in; items in one lane never share a day.
    public var lane: Int
    /// The first day column the item covers.
    public var firstDay: Int
    /// The last day column the item covers, inclusive.
    public var lastDay: Int

    /// Creates a placement (the engine does this; public for renderer tests).
    public init(id: String, lane: Int, firstDay: Int, lastDay: Int) {
        self.id = id
        self.lane = lane
        self.firstDay = firstDay
        self.lastDay = lastDay
    }
}
