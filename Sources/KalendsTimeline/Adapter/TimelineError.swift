import Kalends
import KalendsLayout

/// Why a day cannot be put on a timeline.
public enum TimelineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The zone's clocks skipped the whole day (Pacific/Apia, 2011-12-30):
    /// there is nothing to lay out.
    case dayNeverHappened(dayNumber: Int, zone: String)
    /// The zone cannot place the day (a day outside the supported instants).
    case time(TimeError)
    /// The day's clock does not make a `DayAxis` (a zone whose data is
    /// inconsistent within the day).
    case axis(LayoutError)

    public var description: String {
        switch self {
        case .dayNeverHappened(let day, let zone): return "\(ISODate(dayNumber: day)) never happened in \(zone)"
        case .time(let error): return error.description
        case .axis(let error): return error.description
        }
    }
}
