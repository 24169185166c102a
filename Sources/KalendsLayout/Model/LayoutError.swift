/// Why a layout (or a day axis) could not be computed. Every case names the
/// offending item by id (and its index in the input) and the bad value.
public enum LayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The day's length is not a finite number of seconds above zero.
    case invalidDayLength(Double)
    /// An event's or item's id is the empty string; `location` says where,
    /// as `events[3]` or `allDay[0]`.
    case emptyID(location: String)
    /// Two events or all-day items share an id; `first` and `second` say
    /// where, as `events[3]` or `allDay[0]`.
    case duplicateID(id: String, first: String, second: String)
    /// An event's `start` or `end` is NaN or infinite.
    case nonFiniteTime(id: String, index: Int, field: String, value: Double)
    /// An event ends before it starts.
    case endBeforeStart(id: String, index: Int, start: Double, end: Double)
    /// An all-day item's last day comes before its first day.
    case lastDayBeforeFirstDay(id: String, index: Int, firstDay: Int, lastDay: Int)
    /// A `LayoutOptions` value is out of its allowed range.
    case invalidOption(name: String, value: Double, allowed: String)
    /// A `DayAxis` segment is out of order or out of the day.
    case invalidAxisSegment(index: Int, reason: String)
    /// A pixel size or snapping increment is not a finite positive number.
    case invalidMeasure(name: String, value: Double)
    /// A day laid out for one length drawn on the axis of a day of another
    /// length (a 24-hour layout on a 25-hour axis).
    case axisMismatch(layoutLength: Double, axisLength: Double)

    /// One line saying what is wrong, with the id, index and value.
    public var description: String {
        switch self {
        case .invalidDayLength(let length):
            return "day length \(length) is not a finite number of seconds greater than 0"
        case .emptyID(let location):
            return "\(location) has an empty id"
        case .duplicateID(let id, let first, let second):
            return "id \"\(id)\" is used twice (\(first) and \(second))"
        case .nonFiniteTime(let id, let index, let field, let value):
            return "event \"\(id)\" (index \(index)): \(field) \(value) is not a finite number of seconds"
        case .endBeforeStart(let id, let index, let start, let end):
            return "event \"\(id)\" (index \(index)): end \(end) is before start \(start)"
        case .lastDayBeforeFirstDay(let id, let index, let first, let last):
            return "all-day item \"\(id)\" (index \(index)): last day \(last) is before first day \(first)"
        case .invalidOption(let name, let value, let allowed):
            return "option \(name) = \(value) is out of range (allowed: \(allowed))"
        case .invalidAxisSegment(let index, let reason):
            return "day axis segment \(index): \(reason)"
        case .invalidMeasure(let name, let value):
            return "\(name) \(value) is not a finite number greater than 0"
        case .axisMismatch(let layoutLength, let axisLength):
            return "the layout is of a day of \(layoutLength) seconds, the axis of a day of \(axisLength) seconds"
        }
    }
}
