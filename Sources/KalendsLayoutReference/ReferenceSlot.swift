import KalendsLayout

/// The horizontal result of a reference layout for one event.
public struct ReferenceSlot: Sendable, Hashable, CustomStringConvertible {
    public var id: String
    public var column: Int
    public var columns: Int
    public var x: Double
    public var width: Double

    public init(id: String, column: Int, columns: Int, x: Double, width: Double) {
        self.id = id
        self.column = column
        self.columns = columns
        self.x = x
        self.width = width
    }

    public var description: String {
        "\(id): column \(column)/\(columns) x \(x) width \(width)"
    }
}

/// The overlap rule of the CLI contract, spelled out case by case:
/// half-open `[s, e)`; a zero-length event is the instant `s`; with
/// `touching`, closed intervals `[s, e]`.
public func referenceOverlaps(_ a: LayoutInterval, _ b: LayoutInterval, touching: Bool) -> Bool {
    if touching { return a.start <= b.end && b.start <= a.end }
    let aIsInstant = a.start == a.end
    let bIsInstant = b.start == b.end
    switch (aIsInstant, bIsInstant) {
    case (true, true): return a.start == b.start
    case (true, false): return b.start <= a.start && a.start < b.end
    case (false, true): return a.start <= b.start && b.start < a.end
    case (false, false): return a.start < b.end && b.start < a.end
    }
}
