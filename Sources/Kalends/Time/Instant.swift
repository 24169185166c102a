/// A point on the time line: seconds and nanoseconds since 1970-01-01T00:00:00Z
/// (no leap seconds, as POSIX and Temporal count).
public struct Instant: Hashable, Comparable, Sendable {
    /// Whole seconds since the epoch (floor).
    public let seconds: Int
    /// 0 ... 999,999,999.
    public let nanosecond: Int

    /// An instant; `nanosecond` outside 0 ..< 1e9 carries into `seconds`.
    /// A carry past `Int.min` or `Int.max` seconds saturates there (such an
    /// instant is far outside `supportedSeconds`, which checked APIs refuse).
    public init(seconds: Int, nanosecond: Int = 0) {
        let (sum, overflow) = seconds.addingReportingOverflow(nanosecond.floorDivided(by: 1_000_000_000))
        if overflow {
            self.seconds = seconds < 0 ? .min : .max
            self.nanosecond = seconds < 0 ? 0 : 999_999_999
        } else {
            self.seconds = sum
            self.nanosecond = nanosecond.floorModulo(1_000_000_000)
        }
    }

    /// An instant from seconds and a nanosecond already in 0 ... 999,999,999.
    init(seconds: Int, normalizedNanosecond: Int) {
        self.seconds = seconds
        self.nanosecond = normalizedNanosecond
    }

    /// The instants Kalends supports: the days of ISO years -9999 ... 9999.
    public static let supportedSeconds: ClosedRange<Int> =
        DayNumber.supported.lowerBound * 86_400...(DayNumber.supported.upperBound * 86_400 + 86_399)

    /// This instant moved by exact elapsed time; throws past the supported span.
    public func adding(_ span: ExactSpan) throws(TimeError) -> Instant {
        let (sum, overflow) = seconds.addingReportingOverflow(span.seconds)
        guard !overflow else { throw .outOfRange("\(self) + \(span.seconds) s") }
        let result = Instant(seconds: sum, nanosecond: nanosecond + span.nanoseconds)
        guard Instant.supportedSeconds.contains(result.seconds) else { throw .outOfRange("\(self) + \(span.seconds) s") }
        return result
    }

    /// Exact time from this instant to `other`. Between instants more than
    /// `Int.max` seconds apart (never two supported ones) the span saturates
    /// at `Int.min` or `Int.max` seconds; `checkedSpan(to:)` throws instead.
    public func span(to other: Instant) -> ExactSpan {
        (try? checkedSpan(to: other)) ?? ExactSpan(seconds: other < self ? .min : .max, nanoseconds: 0)
    }

    /// Exact time from this instant to `other`; throws `TimeError.outOfRange`
    /// when the seconds between them do not fit in `Int`.
    public func checkedSpan(to other: Instant) throws(TimeError) -> ExactSpan {
        let (difference, overflow) = other.seconds.subtractingReportingOverflow(seconds)
        var ns = other.nanosecond - nanosecond
        var s = difference
        // A borrow moves s toward 0, so it cannot overflow once the difference fits.
        if s > 0 && ns < 0 { s -= 1; ns += 1_000_000_000 }
        if s < 0 && ns > 0 { s += 1; ns -= 1_000_000_000 }
        guard !overflow else { throw .outOfRange("the span from \(self) to \(other)") }
        return ExactSpan(seconds: s, nanoseconds: ns)
    }

    public static func < (a: Instant, b: Instant) -> Bool {
        (a.seconds, a.nanosecond) < (b.seconds, b.nanosecond)
    }
}

extension Instant: CustomStringConvertible {
    /// RFC 3339 in UTC: `2024-03-10T07:00:00Z`.
    public var description: String {
        DateTimeText.format(LocalDateTime(unchecked: seconds.floorDivided(by: 86_400), (seconds.floorModulo(86_400)) * 1_000_000_000 + nanosecond)) + "Z"
    }
}

extension Instant: Codable {
    private enum CodingKeys: String, CodingKey { case seconds, nanosecond }

    /// Decodes `{"seconds": ..., "nanosecond": ...}`; refuses a nanosecond
    /// outside 0 ... 999,999,999 (the form `encode(to:)` writes).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let seconds = try container.decode(Int.self, forKey: .seconds)
        let nanosecond = try container.decode(Int.self, forKey: .nanosecond)
        guard (0...999_999_999).contains(nanosecond) else {
            throw container.corrupted(.nanosecond, "nanosecond \(nanosecond) is out of range 0 ... 999999999")
        }
        self.init(seconds: seconds, normalizedNanosecond: nanosecond)
    }

    /// Encodes the seconds and the nanosecond.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(nanosecond, forKey: .nanosecond)
    }
}

/// A UTC offset in seconds (east positive), as zones give them.
public struct UTCOffset: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seconds east of UTC.
    public let seconds: Int

    /// The offsets a zone can have: strictly within a day either side of UTC
    /// (as Temporal bounds them).
    public static let allowedSeconds: ClosedRange<Int> = -86_399...86_399

    /// An offset of `seconds` east of UTC, clamped to `allowedSeconds`;
    /// `init(validatingSeconds:)` throws instead.
    public init(seconds: Int) { self.seconds = Swift.min(Swift.max(seconds, Self.allowedSeconds.lowerBound), Self.allowedSeconds.upperBound) }

    /// An offset of `seconds` east of UTC; throws `TimeError.invalidTime`
    /// outside `allowedSeconds`.
    public init(validatingSeconds seconds: Int) throws(TimeError) {
        guard Self.allowedSeconds.contains(seconds) else {
            throw .invalidTime(field: "offset seconds", value: seconds, allowed: Self.allowedSeconds)
        }
        self.seconds = seconds
    }

    /// UTC itself.
    public static let zero = UTCOffset(seconds: 0)

    /// `+05:30`, `-04:00`; `-04:56:02` when the offset has seconds (local mean time).
    public var description: String {
        let magnitude = seconds.magnitude
        let h = magnitude / 3600, m = magnitude % 3600 / 60, s = magnitude % 60
        if s == 0 && h < 100 {
            return String(unsafeUninitializedCapacity: 6) { buffer in
                buffer[0] = seconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
                ASCIIDigits.write(Int(h), width: 2, into: buffer, at: 1)
                buffer[3] = UInt8(ascii: ":")
                ASCIIDigits.write(Int(m), width: 2, into: buffer, at: 4)
                return 6
            }
        }
        var text = (seconds < 0 ? "-" : "+") + Self.two(h) + ":" + Self.two(m)
        if s != 0 { text += ":" + Self.two(s) }
        return text
    }

    private static func two(_ value: UInt) -> String { value < 10 ? "0\(value)" : "\(value)" }

    public static func < (a: UTCOffset, b: UTCOffset) -> Bool { a.seconds < b.seconds }
}

extension UTCOffset: Codable {
    private enum CodingKeys: String, CodingKey { case seconds }

    /// Decodes `{"seconds": ...}` through `init(validatingSeconds:)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let seconds = try container.decode(Int.self, forKey: .seconds)
        do {
            try self.init(validatingSeconds: seconds)
        } catch {
            throw container.corrupted(.seconds, "\(error)")
        }
    }

    /// Encodes the seconds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seconds, forKey: .seconds)
    }
}
