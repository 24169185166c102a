import Kalends

/// The place of an occurrence of a series in time, on the line its DTSTART
/// puts it on: the line of instants (UTC seconds) for a zoned or UTC start,
/// or the wall clock (seconds of a zone-less clock since 1970-01-01T00:00)
/// for a floating or all-day start. Keys of one series compare; keys of two
/// lines do not mean the same and are never mixed.
///
///     let timeline = try SeriesTimeline(start: .zoned(nineAM, newYork))
///     try timeline.key(of: .utc(someInstant))   // SeriesKey(instants, 1710421200)
public struct SeriesKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Which time line the seconds count on.
    public enum Line: Hashable, Sendable {
        /// UTC seconds: the series' times are instants.
        case instants
        /// Wall-clock seconds of no zone: the series' times are floating or dates.
        case wallClock
    }

    /// The line.
    public let line: Line
    /// Seconds on that line.
    public let seconds: Int

    /// A key of `seconds` on `line`.
    public init(_ line: Line, _ seconds: Int) {
        self.line = line
        self.seconds = seconds
    }

    /// Later by `seconds` on the same line (held at the ends of `Int`).
    public func adding(_ seconds: Int) -> SeriesKey {
        SeriesKey(line, self.seconds.clampedSum(seconds))
    }

    /// Seconds from `self` to `other` on their line (held at the ends of `Int`).
    public func distance(to other: SeriesKey) -> Int {
        other.seconds.clampedSum(-self.seconds)
    }

    /// Orders by seconds: keys of one series share their line.
    public static func < (a: SeriesKey, b: SeriesKey) -> Bool { a.seconds < b.seconds }

    public var description: String { "SeriesKey(\(line == .instants ? "instants" : "wall clock"), \(seconds))" }
}

/// A series' time line, from its DTSTART: how its times (occurrences,
/// RECURRENCE-IDs, RDATEs, EXDATEs, UNTIL) become keys, how a time moves
/// along it, and the instants an occurrence covers for a viewer. Times of
/// another form than DTSTART's are placed as RFC 5545's readers place
/// them: a floating time in a zoned series in DTSTART's zone, a date at
/// DTSTART's time of day, an instant in a floating series by the clock of
/// `floatingZone` (the viewer's).
public struct SeriesTimeline: Hashable, Sendable {
    /// DTSTART.
    public let start: ItemTime
    /// The line its keys count on.
    public let line: SeriesKey.Line
    /// The zone of a zoned start (UTC for an instant).
    public let zone: ZoneRules?
    /// The clock instants are read by in a floating or all-day series.
    public let floatingZone: ZoneRules
    /// DTSTART's seconds into its day (0 for a date or an instant).
    let startSecondOfDay: Int

    /// The time line of a series starting at `start`; instants in a floating one read by `floatingZone`'s clock.
    public init(start: ItemTime, floatingZone: ZoneRules = .utc) {
        self.start = start
        self.floatingZone = floatingZone
        switch start {
        case .zoned(let local, let zone):
            line = .instants
            self.zone = zone
            startSecondOfDay = local.nanosecondOfDay / 1_000_000_000
        case .utc:
            line = .instants
            zone = .utc
            startSecondOfDay = 0
        case .floating(let local):
            line = .wallClock
            zone = nil
            startSecondOfDay = local.nanosecondOfDay / 1_000_000_000
        case .date:
            line = .wallClock
            zone = nil
            startSecondOfDay = 0
        }
    }

    /// Whether the series' times are dates (an all-day series).
    public var isAllDay: Bool { start.isDate }

    /// The key of `time`.
    /// - Throws: `TimeError` for a time its zone cannot place (outside the supported range).
    public func key(of time: ItemTime) throws(TimeError) -> SeriesKey {
        switch line {
        case .instants:
            let zone = self.zone ?? .utc
            switch time {
            case .zoned(let local, let own): return SeriesKey(.instants, try own.resolve(local).instant.seconds)
            case .utc(let instant): return SeriesKey(.instants, instant.seconds)
            case .floating(let local): return SeriesKey(.instants, try zone.resolve(local).instant.seconds)
            case .date(let date):
                let local = try LocalDateTime(dayNumber: date.dayNumber, time: TimeOfDay(secondOfDay: startSecondOfDay))
                return SeriesKey(.instants, try zone.resolve(local).instant.seconds)
            }
        case .wallClock:
            switch time {
            case .zoned(let local, _), .floating(let local):
                return SeriesKey(.wallClock, isAllDay ? local.dayNumber * 86_400 : local.wallSecondsClamped)
            case .date(let date): return SeriesKey(.wallClock, date.dayNumber * 86_400 + startSecondOfDay)
            case .utc(let instant):
                // An all-day series compares an instant by its UTC date, as libical and icalendar do.
                if isAllDay { return SeriesKey(.wallClock, instant.seconds.floorDivided(by: 86_400) * 86_400) }
                let local = try ZonedDateTime(instant: instant, zone: floatingZone).local
                return SeriesKey(.wallClock, local.wallSecondsClamped)
            }
        }
    }

    /// The key of an occurrence of the series' recurrence.
    public func key(of occurrence: Occurrence) -> SeriesKey {
        if let instant = occurrence.instant { return SeriesKey(.instants, instant.seconds) }
        return SeriesKey(.wallClock, occurrence.local.wallSecondsClamped)
    }

    /// The occurrence's time as a file writes it (an instant of a UTC series as `.utc`).
    public func time(of occurrence: Occurrence) -> ItemTime {
        switch occurrence.value {
        case .date(let date): return .date(date)
        case .floating(let local): return .floating(local)
        case .zoned(let zoned): return zoned.zone.isUTC ? .utc(zoned.instant) : .zoned(zoned.local, zoned.zone)
        }
    }

    /// `time` moved by `seconds` along the series' line (elapsed time for
    /// a series of instants, the wall clock otherwise; a date by the whole
    /// days in it), kept in its own form.
    /// - Throws: `TimeError` when the moved time leaves the supported range.
    public func moving(_ time: ItemTime, by seconds: Int) throws(TimeError) -> ItemTime {
        if case .date(let date) = time {
            return .date(try Self.date(dayNumber: date.dayNumber.clampedSum(seconds.floorDivided(by: 86_400))))
        }
        let moved = try key(of: time).adding(seconds)
        switch (line, time) {
        case (.instants, .zoned(_, let own)):
            return .zoned(try ZonedDateTime(instant: Instant(seconds: moved.seconds), zone: own).local, own)
        case (.instants, .utc):
            return .utc(try Self.instant(moved.seconds))
        case (.instants, .floating):
            return .floating(try ZonedDateTime(instant: Instant(seconds: moved.seconds), zone: zone ?? .utc).local)
        case (.wallClock, .zoned(_, let own)):
            return .zoned(try Self.local(wallSeconds: moved.seconds), own)
        case (.wallClock, .floating):
            return .floating(try Self.local(wallSeconds: moved.seconds))
        case (.wallClock, .utc):
            return .utc(try floatingZone.resolve(try Self.local(wallSeconds: moved.seconds)).instant)
        case (_, .date):
            return time
        }
    }

    /// The seconds along the line from `from` to `to` (what `moving` moves by).
    /// - Throws: `TimeError` for a time its zone cannot place.
    public func distance(from: ItemTime, to: ItemTime) throws(TimeError) -> Int {
        try key(of: from).distance(to: try key(of: to))
    }

    static func instant(_ seconds: Int) throws(TimeError) -> Instant {
        guard Instant.supportedSeconds.contains(seconds) else { throw .outOfRange("the instant \(seconds) s after 1970") }
        return Instant(seconds: seconds)
    }

    static func date(dayNumber: Int) throws(TimeError) -> ISODate {
        guard DayNumber.supported.contains(dayNumber) else { throw .outOfRange("day \(dayNumber)") }
        return ISODate(dayNumber: dayNumber)
    }

    /// The wall-clock time `seconds` after 1970-01-01T00:00.
    static func local(wallSeconds seconds: Int) throws(TimeError) -> LocalDateTime {
        let day = seconds.floorDivided(by: 86_400)
        return try LocalDateTime(dayNumber: day, time: TimeOfDay(secondOfDay: seconds - day * 86_400))
    }
}

extension TimeOfDay {
    /// The time `secondOfDay` seconds after midnight (0 ..< 86,400).
    init(secondOfDay: Int) throws(TimeError) {
        try self.init(hour: secondOfDay / 3_600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60)
    }
}

extension LocalDateTime {
    /// Seconds since 1970-01-01T00:00 on the wall clock (whole seconds).
    var wallSecondsClamped: Int {
        dayNumber.clampedProduct(86_400).clampedSum(nanosecondOfDay / 1_000_000_000)
    }
}

/// The instants one occurrence covers for a viewer, and its end as the
/// file's form would write it.
public struct OccurrenceSpan: Hashable, Sendable {
    /// The first instant.
    public let start: Instant
    /// The instant after the last (equal to `start` for an occurrence of no length).
    public let end: Instant
    /// The end in the start's form: a date (exclusive) for an all-day occurrence.
    public let endTime: ItemTime

    /// Whether [start, end) meets `window`; an occurrence of no length is its start instant.
    public func overlaps(_ window: Range<Instant>) -> Bool {
        start == end ? window.contains(start) : start < window.upperBound && end > window.lowerBound
    }
}

extension SeriesTimeline {
    /// What an occurrence starting at `start` (at `startInstant`, when its
    /// recurrence placed it already) and lasting `length` covers for a viewer
    /// in `viewer`: a date from the start of its day there, at least one
    /// whole day; a floating time by the viewer's clock; a nominal length's
    /// days on the wall clock of the start's zone (23 or 25 hours over a DST change).
    /// - Throws: `TimeError` when the occurrence reaches outside the supported range.
    public static func span(start: ItemTime, startInstant: Instant? = nil, length: ItemLength,
                            viewer: ZoneRules) throws(TimeError) -> OccurrenceSpan {
        switch start {
        case .date(let date):
            let days: Int
            switch length {
            case .exact(let seconds): days = seconds.floorDivided(by: 86_400) + (seconds.floorModulo(86_400) == 0 ? 0 : 1)
            case .nominal(let whole, let seconds): days = whole.clampedSum(seconds > 0 ? (seconds + 86_399) / 86_400 : 0)
            }
            // An all-day occurrence takes at least its own day.
            let endDay = try SeriesTimeline.date(dayNumber: date.dayNumber.clampedSum(Swift.max(1, days)))
            return OccurrenceSpan(start: try viewer.startOfDay(date.dayNumber), end: try viewer.startOfDay(endDay.dayNumber), endTime: .date(endDay))
        case .floating(let local):
            let end: LocalDateTime
            switch length {
            case .exact(let seconds): end = try SeriesTimeline.local(wallSeconds: local.wallSecondsClamped.clampedSum(seconds))
            case .nominal(let days, let seconds):
                end = try SeriesTimeline.local(wallSeconds: local.wallSecondsClamped.clampedSum(days.clampedProduct(86_400)).clampedSum(seconds))
            }
            let from = try viewer.resolve(local).instant, to = try viewer.resolve(end).instant
            return OccurrenceSpan(start: from, end: Swift.max(from, to), endTime: .floating(end))
        case .zoned(let local, let zone):
            let from: Instant
            if let startInstant { from = startInstant } else { from = try zone.resolve(local).instant }
            let to: Instant
            switch length {
            case .exact(let seconds): to = try SeriesTimeline.instant(from.seconds.clampedSum(seconds))
            case .nominal(let days, let seconds):
                let wall = try LocalDateTime(dayNumber: local.dayNumber.clampedSum(days), time: local.time)
                to = try SeriesTimeline.instant(try zone.resolve(wall).instant.seconds.clampedSum(seconds))
            }
            let end = try ZonedDateTime(instant: Swift.max(from, to), zone: zone)
            return OccurrenceSpan(start: from, end: end.instant, endTime: .zoned(end.local, zone))
        case .utc(let instant):
            let seconds: Int
            switch length {
            case .exact(let exact): seconds = exact
            case .nominal(let days, let exact): seconds = days.clampedProduct(86_400).clampedSum(exact)
            }
            let end = try SeriesTimeline.instant(instant.seconds.clampedSum(Swift.max(0, seconds)))
            return OccurrenceSpan(start: instant, end: end, endTime: .utc(end))
        }
    }
}
