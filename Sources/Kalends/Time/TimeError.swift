/// Why a time, zone or wall-clock reading could not be used.
public enum TimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A field of a time of day is out of range (`hour 25`).
    case invalidTime(field: String, value: Int, allowed: ClosedRange<Int>)
    /// No IANA zone has this name.
    case unknownZone(String)
    /// Under `Disambiguation.reject`: the wall-clock time fell in a gap
    /// (skipped by a forward shift of `skippedSeconds`).
    case skippedLocalTime(String, zone: String, skippedSeconds: Int)
    /// Under `Disambiguation.reject`: the wall-clock time happened twice.
    case repeatedLocalTime(String, zone: String, offsets: [UTCOffset])
    /// A time lies outside the supported span (ISO years -9999 ... 9999).
    case outOfRange(String)

    public var description: String {
        switch self {
        case .invalidTime(let field, let value, let allowed):
            return "\(field) \(value) is out of range \(allowed.lowerBound) ... \(allowed.upperBound)"
        case .unknownZone(let name):
            return "unknown time zone '\(name)': expected an IANA name such as America/New_York or UTC"
        case .skippedLocalTime(let local, let zone, let skipped):
            return "\(local) does not exist in \(zone): the clocks skipped \(TimeError.span(skipped)) there (use --disambiguation compatible, earlier or later)"
        case .repeatedLocalTime(let local, let zone, let offsets):
            return "\(local) happened twice in \(zone), at offsets \(offsets.map(\.description).joined(separator: " and ")) (use --disambiguation compatible, earlier or later)"
        case .outOfRange(let detail):
            return "\(detail) is out of the supported range (ISO years -9999 ... 9999)"
        }
    }

    static func span(_ seconds: Int) -> String {
        seconds % 3600 == 0 ? "\(seconds / 3600) hour\(seconds == 3600 ? "" : "s")" : "\(seconds / 60) minutes"
    }
}
