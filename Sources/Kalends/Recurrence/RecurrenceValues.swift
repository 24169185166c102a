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
    /// The forms of the value: a date, a floating or zoned wall-clock time, or a UTC instant.
    public typealias Value = ItemTime

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
///
/// Stored as plain numbers and the zone's one reference, so occurrences are
/// cheap to make, copy and compare; `value` gives the date, floating time or
/// `ZonedDateTime`.
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

    /// The wall-clock time (midnight for a date), after any move out of a gap.
    public let local: LocalDateTime
    /// What the zone did to the wall-clock time the rule computed: `.none`,
    /// `.gap` (moved out of a gap), `.repeated` (one of two instances chosen).
    public let adjustment: LocalTimeAdjustment
    /// For an RDATE PERIOD: its length in seconds.
    public let periodSeconds: Int?
    /// Seconds on the line the set orders by: UTC seconds for zoned sets,
    /// wall-clock seconds for floating and date sets.
    let key: Int
    /// The zone of a zoned occurrence.
    let zone: ZoneRules?
    let isDate: Bool

    init(value: Value, adjustment: LocalTimeAdjustment = .none, periodSeconds: Int? = nil, key: Int) {
        switch value {
        case .date(let date): local = LocalDateTime(unchecked: date.dayNumber, 0); zone = nil; isDate = true
        case .floating(let wall): local = wall; zone = nil; isDate = false
        case .zoned(let zoned): local = zoned.local; zone = zoned.zone; isDate = false
        }
        self.adjustment = adjustment
        self.periodSeconds = periodSeconds
        self.key = key
    }

    /// A floating or date occurrence at wall-clock seconds `key` (the engine's hot path).
    init(wall key: Int, isDate: Bool) {
        let day = key.floorDivided(by: 86_400)
        local = LocalDateTime(unchecked: day, (key - day * 86_400) * 1_000_000_000)
        self.key = key
        self.isDate = isDate
        zone = nil
        adjustment = .none
        periodSeconds = nil
    }

    /// A zoned occurrence read once by its zone (the engine's hot path).
    init(wall: Int, utc: Int, zone: ZoneRules) {
        let day = wall.floorDivided(by: 86_400)
        local = LocalDateTime(unchecked: day, (wall - day * 86_400) * 1_000_000_000)
        key = utc
        self.zone = zone
        isDate = false
        adjustment = .none
        periodSeconds = nil
    }

    /// The occurrence as a date, floating time or zoned time.
    public var value: Value {
        if isDate { return .date(ISODate(dayNumber: local.dayNumber)) }
        guard let zone else { return .floating(local) }
        return .zoned(ZonedDateTime(unchecked: Instant(seconds: key, normalizedNanosecond: 0), zone: zone,
                                    offset: UTCOffset(seconds: local.wallSeconds.seconds - key), local: local))
    }

    /// The instant, for a zoned occurrence.
    public var instant: Instant? { zone == nil ? nil : Instant(seconds: key, normalizedNanosecond: 0) }

    /// The offset from UTC, for a zoned occurrence.
    public var offset: UTCOffset? { zone == nil ? nil : UTCOffset(seconds: local.wallSeconds.seconds - key) }

    /// `1997-09-02`, `1997-09-02T09:00:00`, or `1997-09-02T09:00:00-04:00` (`...Z` in UTC).
    public var description: String {
        var bytes: [UInt8] = []
        appendText(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `description`'s bytes: what a writer of millions of lines uses.
    public func appendText(to bytes: inout [UInt8]) {
        let date = ISODate(dayNumber: local.dayNumber)
        if date.year >= 0 && date.year <= 9999 {
            Self.append(year: date.year, month: date.month, day: date.day, to: &bytes)
        } else {
            // Years outside 0 ... 9999 as ISODate writes them.
            bytes.append(contentsOf: date.description.utf8)
        }
        if isDate { return }
        let utc = zone?.isUTC ?? false
        let offset: Int? = zone == nil || utc ? nil : local.wallSeconds.seconds - key
        Self.appendClock(local.nanosecondOfDay / 1_000_000_000, offset: offset, utc: utc, to: &bytes)
    }

    /// Appends the UTC form (`1997-09-02T13:00:00Z`) of a zoned occurrence; nothing otherwise.
    public func appendUTCText(to bytes: inout [UInt8]) {
        guard zone != nil else { return }
        let day = key.floorDivided(by: 86_400)
        let date = ISODate(dayNumber: day)
        if date.year >= 0 && date.year <= 9999 {
            Self.append(year: date.year, month: date.month, day: date.day, to: &bytes)
        } else {
            bytes.append(contentsOf: date.description.utf8)
        }
        Self.appendClock(key - day * 86_400, offset: nil, utc: true, to: &bytes)
    }

    /// `YYYY-MM-DD` for years 0 ... 9999, in one append.
    static func append(year: Int, month: Int, day: Int, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { buffer in
            buffer[0] = UInt8(truncatingIfNeeded: 48 + year / 1000)
            buffer[1] = UInt8(truncatingIfNeeded: 48 + year / 100 % 10)
            buffer[2] = UInt8(truncatingIfNeeded: 48 + year / 10 % 10)
            buffer[3] = UInt8(truncatingIfNeeded: 48 + year % 10)
            buffer[4] = UInt8(ascii: "-")
            buffer[5] = UInt8(truncatingIfNeeded: 48 + month / 10)
            buffer[6] = UInt8(truncatingIfNeeded: 48 + month % 10)
            buffer[7] = UInt8(ascii: "-")
            buffer[8] = UInt8(truncatingIfNeeded: 48 + day / 10)
            buffer[9] = UInt8(truncatingIfNeeded: 48 + day % 10)
            bytes.append(contentsOf: UnsafeBufferPointer(buffer))
        }
    }

    /// `THH:MM:SS`, then `Z`, nothing, or the offset (`-04:00`, `+00:17:30` with seconds), in one append.
    static func appendClock(_ second: Int, offset: Int?, utc: Bool, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            func two(_ value: Int, at index: Int) {
                buffer[index] = UInt8(truncatingIfNeeded: 48 + value / 10)
                buffer[index + 1] = UInt8(truncatingIfNeeded: 48 + value % 10)
            }
            buffer[0] = UInt8(ascii: "T")
            two(second / 3600, at: 1)
            buffer[3] = UInt8(ascii: ":")
            two(second / 60 % 60, at: 4)
            buffer[6] = UInt8(ascii: ":")
            two(second % 60, at: 7)
            var count = 9
            if utc {
                buffer[9] = UInt8(ascii: "Z")
                count = 10
            } else if let offset {
                let magnitude = Int(offset.magnitude)
                buffer[9] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
                two(magnitude / 3600, at: 10)
                buffer[12] = UInt8(ascii: ":")
                two(magnitude / 60 % 60, at: 13)
                count = 15
                if magnitude % 60 != 0 {
                    buffer[15] = UInt8(ascii: ":")
                    two(magnitude % 60, at: 16)
                    count = 18
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// In time order.
    public static func < (a: Occurrence, b: Occurrence) -> Bool { a.key < b.key }
}
