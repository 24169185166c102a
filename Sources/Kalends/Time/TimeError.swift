/// Why a time, zone or wall-clock reading could not be used.
public enum TimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A field of a time of day is out of range (`hour 25`).
    case invalidTime(field: String, value: Int, allowed: ClosedRange<Int>)
    /// No IANA zone has this name.
    case unknownZone(String)
    /// A name that looks like an offset but is not an IANA zone (`GMT+5`,
    /// `UTC+3`): POSIX and IANA's `Etc/GMT+5` count such signs west of UTC.
    case offsetLikeZoneName(String)
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
        case .offsetLikeZoneName(let name):
            return TimeError.offsetLikeMessage(name)
        case .skippedLocalTime(let local, let zone, let skipped):
            return "\(local) does not exist in \(zone): the clocks skipped \(TimeError.span(skipped)) there"
        case .repeatedLocalTime(let local, let zone, let offsets):
            return "\(local) happened twice in \(zone), at offsets \(offsets.map(\.description).joined(separator: " and "))"
        case .outOfRange(let detail):
            return "\(detail) is out of the supported range (ISO years -9999 ... 9999)"
        }
    }

    /// Why `GMT+5` is refused, with the two spellings that say what was meant.
    static func offsetLikeMessage(_ name: String) -> String {
        let shown = name.count > 60 ? String(name.prefix(60)) + "..." : name
        let sign = name.dropFirst(3).first
        let digits = name.dropFirst(4).prefix { $0.isASCIIDigit }
        guard let hours = Int(digits), hours <= 14, sign == "+" || sign == "-", name.dropFirst(4).count == digits.count else {
            return "'\(shown)' is not an IANA zone: write an IANA name such as Etc/GMT-5 (POSIX signs: 5 hours ahead of UTC), "
                + "or an offset such as +05:00 or UTC-03:00"
        }
        let ahead = sign == "+"
        let two = hours < 10 ? "0\(hours)" : "\(hours)"
        let posix = "Etc/GMT\(ahead ? "-" : "+")\(hours)"
        return "'\(shown)' is not an IANA zone: write \(posix) for \(hours) hours \(ahead ? "ahead of" : "behind") UTC "
            + "as POSIX counts it, or an offset such as \(ahead ? "+" : "-")\(two):00"
    }

    static func span(_ seconds: Int) -> String {
        seconds % 3600 == 0 ? "\(seconds / 3600) hour\(seconds == 3600 ? "" : "s")" : "\(seconds / 60) minutes"
    }
}
