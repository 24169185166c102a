/// A point on the time line: seconds and nanoseconds since 1970-01-01T00:00:00Z
/// (no leap seconds, as POSIX and Temporal count).
public struct Instant: Hashable, Comparable, Sendable, Codable {
    /// Whole seconds since the epoch (floor).
    public let seconds: Int
    /// 0 ... 999,999,999.
    public let nanosecond: Int

    /// An instant; `nanosecond` outside 0 ..< 1e9 carries into `seconds`.
    public init(seconds: Int, nanosecond: Int = 0) {
        self.seconds = seconds + nanosecond.floorDivided(by: 1_000_000_000)
        self.nanosecond = nanosecond.floorModulo(1_000_000_000)
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

    /// Exact time from this instant to `other`.
    public func span(to other: Instant) -> ExactSpan {
        var s = other.seconds - seconds
        var ns = other.nanosecond - nanosecond
        if s > 0 && ns < 0 { s -= 1; ns += 1_000_000_000 }
        if s < 0 && ns > 0 { s += 1; ns -= 1_000_000_000 }
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

/// A UTC offset in seconds (east positive), as zones give them.
public struct UTCOffset: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Seconds east of UTC.
    public let seconds: Int

    /// An offset of `seconds` east of UTC.
    public init(seconds: Int) { self.seconds = seconds }

    /// UTC itself.
    public static let zero = UTCOffset(seconds: 0)

    /// `+05:30`, `-04:00`; `-04:56:02` when the offset has seconds (local mean time).
    public var description: String {
        let magnitude = seconds.magnitude
        let h = magnitude / 3600, m = magnitude % 3600 / 60, s = magnitude % 60
        var text = (seconds < 0 ? "-" : "+") + Self.two(h) + ":" + Self.two(m)
        if s != 0 { text += ":" + Self.two(s) }
        return text
    }

    private static func two(_ value: UInt) -> String { value < 10 ? "0\(value)" : "\(value)" }

    public static func < (a: UTCOffset, b: UTCOffset) -> Bool { a.seconds < b.seconds }
}
