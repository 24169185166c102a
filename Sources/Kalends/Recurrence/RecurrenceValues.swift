/// DTSTART of a recurrence: a date, a floating (zone-less) wall-clock time,
/// or a wall-clock time in a zone (UTC included, which prints with `Z`).
/// The rules expand in its form: dates give dates, zoned times instants.
public enum RecurrenceStart: Hashable, Sendable, CustomStringConvertible {
    /// `DTSTART;VALUE=DATE:19970902`.
    case date(ISODate)
    /// `DTSTART:19970902T090000`.
    case floating(LocalDateTime)
    /// `DTSTART;TZID=America/New_York:19970902T090000`, or `...Z` with `ZoneRules.utc`.
    case zoned(LocalDateTime, ZoneRules)

    /// The wall-clock time (midnight for a date).
    public var local: LocalDateTime {
        switch self {
        case .date(let date): return LocalDateTime(unchecked: date.dayNumber, 0)
        case .floating(let local), .zoned(let local, _): return local
        }
    }

    /// The zone, for a zoned start.
    public var zone: ZoneRules? {
        if case .zoned(_, let zone) = self { return zone }
        return nil
    }

    /// True for a date.
    public var isDate: Bool {
        if case .date = self { return true }
        return false
    }

    /// `1997-09-02`, `1997-09-02T09:00:00`, or `1997-09-02T09:00:00 America/New_York`.
    public var description: String {
        switch self {
        case .date(let date): return date.description
        case .floating(let local): return local.description
        case .zoned(let local, let zone): return zone.isUTC ? local.description + "Z" : local.description + " " + zone.identifier
        }
    }
}

/// One RDATE or EXDATE value: a date, a floating or zoned wall-clock time,
/// or a UTC instant; an RDATE may be a PERIOD, whose length is kept.
public struct RecurrenceDate: Hashable, Sendable, CustomStringConvertible {
    /// The forms of the value.
    public enum Value: Hashable, Sendable {
        /// `VALUE=DATE:19970714`.
        case date(ISODate)
        /// `19970714T123000` (floating).
        case floating(LocalDateTime)
        /// `TZID=Europe/Paris:19970714T123000`.
        case zoned(LocalDateTime, ZoneRules)
        /// `19970714T123000Z`.
        case utc(Instant)
    }

    /// The start.
    public let value: Value
    /// For an RDATE PERIOD: its length in seconds (from its end or duration).
    public let periodSeconds: Int?

    /// A value, with the length of its PERIOD when it is one.
    public init(_ value: Value, periodSeconds: Int? = nil) {
        self.value = value
        self.periodSeconds = periodSeconds
    }

    public var description: String {
        switch value {
        case .date(let date): return date.description
        case .floating(let local): return local.description
        case .zoned(let local, let zone): return local.description + " " + zone.identifier
        case .utc(let instant): return instant.description
        }
    }
}

/// How a wall-clock occurrence that a zone skips (a gap) or repeats (a
/// fold) becomes an instant.
public enum LocalTimePolicy: String, Hashable, Sendable, CaseIterable, Codable {
    /// RFC 5545 section 3.3.5: a time in a gap moves forward by the gap's
    /// length (02:30 on a spring-forward day becomes 03:30); a repeated time
    /// takes its first instance.
    case rfc5545
    /// A time in a gap moves back by the gap's length (02:30 becomes 01:30,
    /// read before the change); a repeated time takes its first instance.
    case earlier
    /// A time in a gap moves forward (as `rfc5545`); a repeated time takes its second instance.
    case later
    /// A time in a gap is not an occurrence (and does not count toward
    /// COUNT); a repeated time takes its first instance.
    case skip
}

/// One occurrence of a recurrence.
public struct Occurrence: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The forms an occurrence takes, following DTSTART's.
    public enum Value: Hashable, Sendable {
        /// A date (a date DTSTART).
        case date(ISODate)
        /// A floating wall-clock time.
        case floating(LocalDateTime)
        /// An instant in DTSTART's zone.
        case zoned(ZonedDateTime)
    }

    /// The occurrence.
    public let value: Value
    /// What the zone did to the wall-clock time the rule computed: `.none`,
    /// `.gap` (moved out of a gap), `.repeated` (one of two instances chosen).
    public let adjustment: LocalTimeAdjustment
    /// For an RDATE PERIOD: its length in seconds.
    public let periodSeconds: Int?
    /// Seconds on the line the set orders by: UTC seconds for zoned sets,
    /// wall-clock seconds for floating and date sets.
    let key: Int

    init(value: Value, adjustment: LocalTimeAdjustment = .none, periodSeconds: Int? = nil, key: Int) {
        self.value = value
        self.adjustment = adjustment
        self.periodSeconds = periodSeconds
        self.key = key
    }

    /// The wall-clock time (midnight for a date).
    public var local: LocalDateTime {
        switch value {
        case .date(let date): return LocalDateTime(unchecked: date.dayNumber, 0)
        case .floating(let local): return local
        case .zoned(let zoned): return zoned.local
        }
    }

    /// The instant, for a zoned occurrence.
    public var instant: Instant? {
        if case .zoned(let zoned) = value { return zoned.instant }
        return nil
    }

    /// `1997-09-02`, `1997-09-02T09:00:00`, or `1997-09-02T09:00:00-04:00` (`...Z` in UTC).
    public var description: String {
        switch value {
        case .date(let date): return date.description
        case .floating(let local): return local.description
        case .zoned(let zoned): return zoned.description
        }
    }

    /// In time order.
    public static func < (a: Occurrence, b: Occurrence) -> Bool { a.key < b.key }
}

/// Why a recurrence (a DTSTART with its rules, RDATEs and EXDATEs) cannot be
/// expanded, or its iCalendar text read.
public struct RecurrenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// The 1-based line of the iCalendar text, when read from text.
    public let line: Int?

    /// An error; the content-line reader adds the line.
    public init(_ message: String, line: Int? = nil) {
        self.message = message
        self.line = line
    }

    public var description: String { (line.map { "line \($0): " } ?? "") + message }
}
