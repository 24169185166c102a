/// A civil (wall-clock, zone-less) date-time: a day number and the
/// nanoseconds since that day's midnight. Calendar-free: view its day in any
/// calendar with `CalendarSystem.date(dayNumber:)`.
public struct LocalDateTime: Hashable, Comparable, Sendable {
    /// Days since 1970-01-01; see `DayNumber`.
    public let dayNumber: Int
    /// 0 ..< 86,400,000,000,000.
    public let nanosecondOfDay: Int

    static let nanosecondsPerDay = 86_400_000_000_000

    /// A date-time from a day number and a time of day.
    public init(dayNumber: Int, time: TimeOfDay = .midnight) throws(TimeError) {
        guard DayNumber.supported.contains(dayNumber) else {
            throw .outOfRange("day \(dayNumber)")
        }
        self.init(unchecked: dayNumber, time.nanosecondOfDay)
    }

    /// A date-time from ISO fields.
    ///
    ///     try LocalDateTime(ISODate(year: 2024, month: 3, day: 10), TimeOfDay(hour: 2, minute: 30))
    public init(_ date: ISODate, _ time: TimeOfDay = .midnight) throws(TimeError) {
        try self.init(dayNumber: date.dayNumber, time: time)
    }

    init(unchecked dayNumber: Int, _ nanosecondOfDay: Int) {
        self.dayNumber = dayNumber
        self.nanosecondOfDay = nanosecondOfDay
    }

    /// The time of day.
    public var time: TimeOfDay { TimeOfDay(nanosecondOfDay: nanosecondOfDay) }
    /// The ISO date.
    public var isoDate: ISODate { ISODate(dayNumber: dayNumber) }

    /// Seconds since 1970-01-01T00:00 on the same wall clock, and the nanosecond.
    package var wallSeconds: (seconds: Int, nanosecond: Int) {
        (dayNumber * 86_400 + nanosecondOfDay / 1_000_000_000, nanosecondOfDay % 1_000_000_000)
    }

    /// The wall-clock reading of `instant` at `offset`.
    package init(_ instant: Instant, offset: UTCOffset) throws(TimeError) {
        let (seconds, overflow) = instant.seconds.addingReportingOverflow(offset.seconds)
        let day = seconds.floorDivided(by: 86_400)
        guard !overflow, DayNumber.supported.contains(day) else { throw .outOfRange("\(instant) at offset \(offset)") }
        self.init(unchecked: day, seconds.floorModulo(86_400) * 1_000_000_000 + instant.nanosecond)
    }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        (a.dayNumber, a.nanosecondOfDay) < (b.dayNumber, b.nanosecondOfDay)
    }
}

extension LocalDateTime: CustomStringConvertible {
    /// `2024-03-15T09:30:00` (ISO, no offset: floating).
    public var description: String { DateTimeText.format(self) }
}

/// A time of day, 00:00 ... 23:59:59.999999999.
public struct TimeOfDay: Hashable, Comparable, Sendable {
    /// Nanoseconds since midnight, 0 ..< 86,400,000,000,000.
    public let nanosecondOfDay: Int

    /// 00:00.
    public static let midnight = TimeOfDay(nanosecondOfDay: 0)

    init(nanosecondOfDay: Int) { self.nanosecondOfDay = nanosecondOfDay }

    /// A validated time of day (hour 0 ... 23, minute and second 0 ... 59).
    public init(hour: Int, minute: Int = 0, second: Int = 0, nanosecond: Int = 0) throws(TimeError) {
        guard (0...23).contains(hour) else { throw .invalidTime(field: "hour", value: hour, allowed: 0...23) }
        guard (0...59).contains(minute) else { throw .invalidTime(field: "minute", value: minute, allowed: 0...59) }
        guard (0...59).contains(second) else { throw .invalidTime(field: "second", value: second, allowed: 0...59) }
        guard (0...999_999_999).contains(nanosecond) else {
            throw .invalidTime(field: "nanosecond", value: nanosecond, allowed: 0...999_999_999)
        }
        nanosecondOfDay = ((hour * 60 + minute) * 60 + second) * 1_000_000_000 + nanosecond
    }

    /// 0 ... 23.
    public var hour: Int { nanosecondOfDay / 3_600_000_000_000 }
    /// 0 ... 59.
    public var minute: Int { nanosecondOfDay / 60_000_000_000 % 60 }
    /// 0 ... 59.
    public var second: Int { nanosecondOfDay / 1_000_000_000 % 60 }
    /// 0 ... 999,999,999.
    public var nanosecond: Int { nanosecondOfDay % 1_000_000_000 }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.nanosecondOfDay < b.nanosecondOfDay }
}

extension LocalDateTime: Codable {
    private enum CodingKeys: String, CodingKey { case dayNumber, nanosecondOfDay }

    /// Decodes `{"dayNumber": ..., "nanosecondOfDay": ...}`; refuses a day
    /// outside `DayNumber.supported` or a time outside the day.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let day = try container.decode(Int.self, forKey: .dayNumber)
        let nanosecond = try container.decode(Int.self, forKey: .nanosecondOfDay)
        guard DayNumber.supported.contains(day) else {
            throw container.corrupted(.dayNumber, "day number \(day) is out of the supported range \(DayNumber.supported.lowerBound) ... \(DayNumber.supported.upperBound)")
        }
        guard (0..<Self.nanosecondsPerDay).contains(nanosecond) else {
            throw container.corrupted(.nanosecondOfDay, "nanosecond of day \(nanosecond) is out of range 0 ... \(Self.nanosecondsPerDay - 1)")
        }
        self.init(unchecked: day, nanosecond)
    }

    /// Encodes the day number and the nanosecond of the day.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(dayNumber, forKey: .dayNumber)
        try container.encode(nanosecondOfDay, forKey: .nanosecondOfDay)
    }
}

extension TimeOfDay: Codable {
    private enum CodingKeys: String, CodingKey { case nanosecondOfDay }

    /// Decodes `{"nanosecondOfDay": ...}`; refuses a value outside the day.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let nanosecond = try container.decode(Int.self, forKey: .nanosecondOfDay)
        guard (0..<LocalDateTime.nanosecondsPerDay).contains(nanosecond) else {
            throw container.corrupted(.nanosecondOfDay, "nanosecond of day \(nanosecond) is out of range 0 ... \(LocalDateTime.nanosecondsPerDay - 1)")
        }
        self.init(nanosecondOfDay: nanosecond)
    }

    /// Encodes the nanosecond of the day.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(nanosecondOfDay, forKey: .nanosecondOfDay)
    }
}
