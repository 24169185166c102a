/// A horizontal line of the day view where the wall clock shows a whole
/// hour, or the day's start or end.
public struct HourLine: Sendable, Hashable, Codable {
    /// Seconds of elapsed time since the day's start.
    public var elapsed: Double
    /// The wall-clock reading there, in seconds since midnight.
    public var wallClock: Double
    /// `HH:MM`, e.g. `01:00`; the end of a day ending at midnight is `24:00`.
    public var label: String
    /// 1 the first time the day shows this wall-clock time, 2 when the
    /// clocks fell back and it comes again (the second `01:00`).
    public var occurrence: Int
    /// Whether this is the line closing the day at `elapsed == length`.
    public var isDayEnd: Bool

    /// Creates a line (`DayAxis.hourLines()` does this; public for renderer tests).
    public init(elapsed: Double, wallClock: Double, label: String, occurrence: Int, isDayEnd: Bool) {
        self.elapsed = elapsed
        self.wallClock = wallClock
        self.label = label
        self.occurrence = occurrence
        self.isDayEnd = isDayEnd
    }
}

extension DayAxis {
    /// The hour lines of the day, top to bottom: one at every elapsed time
    /// where the wall clock shows a whole hour, one at the day's start (even
    /// if the day starts off the hour) and one closing the day at its end.
    ///
    /// So the count is the day's hours plus one: 25 lines on a 24-hour day
    /// (`00:00` ... `23:00`, `24:00`), 26 on a 25-hour day (`01:00` twice),
    /// 24 on a 23-hour day (no `02:00`).
    public func hourLines() -> [HourLine] {
        var lines: [HourLine] = []
        var seen: [Double: Int] = [:]

        func add(elapsed: Double, wallClock: Double, isDayEnd: Bool) {
            let occurrence = (seen[wallClock] ?? 0) + 1
            seen[wallClock] = occurrence
            lines.append(HourLine(
                elapsed: elapsed, wallClock: wallClock,
                label: WallClockFormat.hoursMinutes(wallClock),
                occurrence: occurrence, isDayEnd: isDayEnd))
        }

        for (index, segment) in segments.enumerated() {
            let segmentEnd = index + 1 < segments.count ? segments[index + 1].elapsed : length
            if index == 0 && !WholeNumbers.isMultiple(segment.wallClock, of: 3600) {
                add(elapsed: 0, wallClock: segment.wallClock, isDayEnd: false)
            }
            // Whole hours h * 3600 with segment.wallClock <= h * 3600 < wall clock at segmentEnd.
            var hour = WholeNumbers.ceil(segment.wallClock / 3600)
            while true {
                let elapsed = segment.elapsed + (hour * 3600 - segment.wallClock)
                if !(elapsed < segmentEnd) { break }
                add(elapsed: elapsed, wallClock: hour * 3600, isDayEnd: false)
                hour += 1
            }
        }
        add(elapsed: length, wallClock: wallClockAtEnd, isDayEnd: true)
        return lines
    }
}
