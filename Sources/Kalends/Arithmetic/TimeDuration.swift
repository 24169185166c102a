/// Hours, minutes, seconds and nanoseconds: the exact part of a duration.
///
/// Time units are elapsed time: `PT24H` across a DST change is 24 real hours,
/// not one calendar day. Fields are kept as given (`PT36H` stays 36 hours);
/// all share one sign.
public struct TimeDuration: Hashable, Sendable {
    /// Hours of 3,600 elapsed seconds.
    public let hours: Int
    /// Minutes of 60 elapsed seconds.
    public let minutes: Int
    /// Elapsed seconds.
    public let seconds: Int
    /// Elapsed nanoseconds (a fraction of a second as written: `PT0.5S` is 500,000,000).
    public let nanoseconds: Int

    /// A time span whose fields all have the same sign.
    public init(hours: Int = 0, minutes: Int = 0, seconds: Int = 0, nanoseconds: Int = 0) throws(DurationError) {
        try DurationSign.check([("hours", hours), ("minutes", minutes), ("seconds", seconds), ("nanoseconds", nanoseconds)])
        self.init(unchecked: hours, minutes, seconds, nanoseconds)
        _ = try exactSeconds()
    }

    init(unchecked hours: Int, _ minutes: Int, _ seconds: Int, _ nanoseconds: Int) {
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// No time at all.
    public static let zero = TimeDuration(unchecked: 0, 0, 0, 0)

    /// -1, 0 or 1.
    public var sign: Int { DurationSign.of([hours, minutes, seconds, nanoseconds]) }
    /// True when every field is 0.
    public var isZero: Bool { sign == 0 }

    /// The whole span as seconds plus a nanosecond part of the same sign
    /// (|nanoseconds| < 1e9); throws when the total does not fit in `Int`.
    public func exactSeconds() throws(DurationError) -> ExactSpan {
        var total = 0
        for (value, factor, field) in [(hours, 3600, "hours"), (minutes, 60, "minutes"), (seconds, 1, "seconds")] {
            let (scaled, o1) = value.multipliedReportingOverflow(by: factor)
            let (sum, o2) = total.addingReportingOverflow(scaled)
            guard !o1, !o2 else { throw .tooLarge(text: "\(self)", field: field) }
            total = sum
        }
        let (sum, overflow) = total.addingReportingOverflow(nanoseconds / 1_000_000_000)
        guard !overflow else { throw .tooLarge(text: "\(self)", field: "nanoseconds") }
        return ExactSpan(seconds: sum, nanoseconds: nanoseconds % 1_000_000_000)
    }

    /// The same span in the other direction.
    public func negated() throws(DurationError) -> TimeDuration {
        guard hours != .min, minutes != .min, seconds != .min, nanoseconds != .min else {
            throw .tooLarge(text: "\(self)", field: "fields")
        }
        return TimeDuration(unchecked: -hours, -minutes, -seconds, -nanoseconds)
    }
}

extension TimeDuration: CustomStringConvertible {
    /// ISO 8601: `PT2H30M`, `PT0.5S`.
    public var description: String { CalendarDuration(unchecked: .zero, self).description }
}

extension TimeDuration: Codable {
    private enum CodingKeys: String, CodingKey { case hours, minutes, seconds, nanoseconds }

    /// Decodes the four fields through `init(hours:minutes:seconds:nanoseconds:)`
    /// (one sign, a total that fits in `Int` seconds).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let hours = try container.decode(Int.self, forKey: .hours)
        let minutes = try container.decode(Int.self, forKey: .minutes)
        let seconds = try container.decode(Int.self, forKey: .seconds)
        let nanoseconds = try container.decode(Int.self, forKey: .nanoseconds)
        do {
            try self.init(hours: hours, minutes: minutes, seconds: seconds, nanoseconds: nanoseconds)
        } catch {
            let key: CodingKeys = switch error {
            case .tooLarge(_, let field): CodingKeys(stringValue: field) ?? .hours
            default: .hours
            }
            throw container.corrupted(key, "\(error)")
        }
    }

    /// Encodes the four fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(hours, forKey: .hours)
        try container.encode(minutes, forKey: .minutes)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(nanoseconds, forKey: .nanoseconds)
    }
}

/// Elapsed time as whole seconds plus nanoseconds of the same sign.
public struct ExactSpan: Hashable, Comparable, Sendable, Codable {
    /// Whole seconds.
    public let seconds: Int
    /// -999,999,999 ... 999,999,999, with the sign of `seconds` (or either when seconds is 0).
    public let nanoseconds: Int

    /// A span; give `nanoseconds` the sign of `seconds`.
    public init(seconds: Int, nanoseconds: Int) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// -1, 0 or 1.
    public var sign: Int { seconds != 0 ? (seconds > 0 ? 1 : -1) : (nanoseconds == 0 ? 0 : (nanoseconds > 0 ? 1 : -1)) }

    public static func < (a: ExactSpan, b: ExactSpan) -> Bool {
        // Compare as seconds * 1e9 + nanoseconds without overflow.
        if a.seconds != b.seconds {
            let difference = a.seconds.subtractingReportingOverflow(b.seconds)
            if !difference.overflow, abs(difference.partialValue) == 1 {
                return (a.seconds - b.seconds) * 1_000_000_000 + (a.nanoseconds - b.nanoseconds) < 0
            }
            return a.seconds < b.seconds
        }
        return a.nanoseconds < b.nanoseconds
    }
}
