/// The vertical axis of one day in elapsed time, with the wall clock it
/// shows. A day is `length` seconds long (90 000 when the clocks fall back,
/// 82 800 when they spring forward); `segments` say which wall-clock time
/// each stretch of elapsed time reads, so a renderer can label hours and
/// convert taps to times without a time-zone library.
///
/// ```swift
/// // America/New_York, 2024-11-03: 00:00-01:59 EDT, then 01:00-23:59 EST.
/// let axis = try DayAxis(length: 90_000, segments: [
///     .init(elapsed: 0, wallClock: 0),
///     .init(elapsed: 7_200, wallClock: 3_600)])
/// axis.wallClock(atElapsed: 9_000)   // 5_400: the second 01:30
/// ```
public struct DayAxis: Sendable, Hashable, Codable {
    /// A stretch of the day from `elapsed` until the next segment (or the
    /// day's end), during which the wall clock reads `wallClock` seconds
    /// since midnight at the stretch's start and runs at the same pace.
    public struct Segment: Sendable, Hashable, Codable {
        /// Seconds of elapsed time since the day's start.
        public var elapsed: Double
        /// The wall-clock reading then, in seconds since midnight.
        public var wallClock: Double

        /// A segment starting `elapsed` seconds into the day, reading `wallClock`.
        public init(elapsed: Double, wallClock: Double) {
            self.elapsed = elapsed
            self.wallClock = wallClock
        }
    }

    /// The day's real length in seconds.
    public let length: Double
    /// The wall-clock segments, by increasing `elapsed`, the first at 0.
    public let segments: [Segment]

    /// Creates an axis. Throws `LayoutError` unless `length` is finite and
    /// positive, the first segment starts at 0, segments start strictly in
    /// order inside the day, and every wall-clock reading is finite and >= 0.
    public init(length: Double, segments: [Segment]) throws(LayoutError) {
        guard length.isFinite && length > 0 else { throw .invalidDayLength(length) }
        guard let first = segments.first else {
            throw .invalidAxisSegment(index: 0, reason: "an axis needs at least one segment")
        }
        guard first.elapsed == 0 else {
            throw .invalidAxisSegment(index: 0, reason: "the first segment starts at elapsed \(first.elapsed), not 0")
        }
        for (index, segment) in segments.enumerated() {
            guard segment.elapsed.isFinite && segment.elapsed >= 0 && segment.elapsed < length else {
                throw .invalidAxisSegment(
                    index: index, reason: "elapsed \(segment.elapsed) is outside the day [0, \(length))")
            }
            guard segment.wallClock.isFinite && segment.wallClock >= 0 else {
                throw .invalidAxisSegment(
                    index: index, reason: "wall clock \(segment.wallClock) is not a finite number >= 0")
            }
            if index > 0 && !(segments[index - 1].elapsed < segment.elapsed) {
                throw .invalidAxisSegment(
                    index: index,
                    reason: "elapsed \(segment.elapsed) does not come after \(segments[index - 1].elapsed)")
            }
        }
        self.length = length
        self.segments = segments
    }

    private enum CodingKeys: String, CodingKey {
        case length, segments
    }

    /// Decodes and validates like `init(length:segments:)`: a decoded axis
    /// has the same guarantees as a constructed one (the conversions rely on
    /// a first segment at 0), so bad data is a `DecodingError`, not a trap.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let length = try container.decode(Double.self, forKey: .length)
        let segments = try container.decode([Segment].self, forKey: .segments)
        do {
            try self.init(length: length, segments: segments)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .segments, in: container, debugDescription: error.description)
        }
    }

    /// A day whose wall clock runs without a jump, from midnight.
    public static let standard = DayAxis(uncheckedLength: 86_400)

    /// A day of `length` seconds without a clock change; throws for a length
    /// that is not finite and positive.
    public init(length: Double) throws(LayoutError) {
        try self.init(length: length, segments: [Segment(elapsed: 0, wallClock: 0)])
    }

    private init(uncheckedLength: Double) {
        length = uncheckedLength
        segments = [Segment(elapsed: 0, wallClock: 0)]
    }

    // MARK: Elapsed time and wall clock

    /// The index of the segment containing `elapsed` (clamped into the day).
    func segmentIndex(atElapsed elapsed: Double) -> Int {
        // Binary search for the last segment starting at or before `elapsed`.
        var low = 0
        var high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].elapsed <= elapsed { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The wall-clock reading, in seconds since midnight, at `elapsed`
    /// seconds into the day (clamped to the day; NaN reads as 0).
    public func wallClock(atElapsed elapsed: Double) -> Double {
        let clamped = clampToDay(elapsed)
        let segment = segments[segmentIndex(atElapsed: clamped)]
        return segment.wallClock + (clamped - segment.elapsed)
    }

    /// Every elapsed time at which the wall clock reads `wallClock`: none in
    /// a skipped stretch (02:30 on a spring-forward day), two in a repeated
    /// one (01:30 on a fall-back day), one otherwise. In increasing order.
    public func elapsedTimes(atWallClock wallClock: Double) -> [Double] {
        var result: [Double] = []
        for (index, segment) in segments.enumerated() {
            let segmentEnd = index + 1 < segments.count ? segments[index + 1].elapsed : length
            let elapsed = segment.elapsed + (wallClock - segment.wallClock)
            if elapsed >= segment.elapsed && elapsed < segmentEnd { result.append(elapsed) }
        }
        return result
    }

    /// The wall clock at `elapsed` as `HH:MM` (24-hour; the day's end of a
    /// day ending at midnight reads `24:00`).
    public func label(atElapsed elapsed: Double) -> String {
        WallClockFormat.hoursMinutes(wallClock(atElapsed: elapsed))
    }

    /// The wall clock at the very end of the day (usually 86 400, midnight).
    public var wallClockAtEnd: Double {
        let last = segments[segments.count - 1]
        return last.wallClock + (length - last.elapsed)
    }

    // MARK: Points

    /// The y coordinate of `elapsed` on a day drawn `height` points tall
    /// (top = 0). Linear in elapsed time: a 25-hour day has 25 equal hours.
    public func y(atElapsed elapsed: Double, height: Double) -> Double {
        elapsed / length * height
    }

    /// The elapsed time at y coordinate `y` of a day drawn `height` points
    /// tall, clamped to `[0, length]`. A non-positive height gives 0.
    public func elapsed(atY y: Double, height: Double) -> Double {
        guard height > 0 && height.isFinite else { return 0 }
        return clampToDay(y / height * length)
    }

    func clampToDay(_ elapsed: Double) -> Double {
        guard elapsed == elapsed else { return 0 }  // NaN
        return Swift.min(Swift.max(elapsed, 0), length)
    }
}

/// Formatting of wall-clock seconds without Foundation.
enum WallClockFormat {
    /// `HH:MM`, minutes rounded down; hours are not wrapped (86 400 → `24:00`).
    static func hoursMinutes(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? Int(WholeNumbers.floor(Swift.max(0, Swift.min(seconds, 1e9)))) : 0
        let minutes = whole / 60
        return twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60)
    }

    static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0" + String(value) : String(value)
    }
}
