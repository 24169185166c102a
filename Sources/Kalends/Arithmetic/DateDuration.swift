/// Years, months, weeks and days: the calendar part of a duration.
///
/// These follow the calendar: one month after 31 January is the end of
/// February, one year after 30 Adar I is in Adar (see `Docs/Arithmetic.md`).
/// All fields share one sign.
public struct DateDuration: Hashable, Sendable {
    /// Calendar years (step 1 of adding).
    public let years: Int
    /// Months by ordinal position, leap months counted (step 3).
    public let months: Int
    /// Weeks: 7 days each (step 5).
    public let weeks: Int
    /// Days (step 5).
    public let days: Int

    /// A duration whose fields all have the same sign (zeros go with either).
    ///
    ///     let d = try DateDuration(years: 1, months: 2)   // P1Y2M
    public init(years: Int = 0, months: Int = 0, weeks: Int = 0, days: Int = 0) throws(DurationError) {
        try DurationSign.check([("years", years), ("months", months), ("weeks", weeks), ("days", days)])
        self.years = years
        self.months = months
        self.weeks = weeks
        self.days = days
    }

    init(unchecked years: Int, _ months: Int, _ weeks: Int, _ days: Int) {
        self.years = years
        self.months = months
        self.weeks = weeks
        self.days = days
    }

    /// No time at all.
    public static let zero = DateDuration(unchecked: 0, 0, 0, 0)

    /// `n` days.
    public static func days(_ n: Int) -> DateDuration { DateDuration(unchecked: 0, 0, 0, n) }
    /// `n` weeks.
    public static func weeks(_ n: Int) -> DateDuration { DateDuration(unchecked: 0, 0, n, 0) }
    /// `n` months.
    public static func months(_ n: Int) -> DateDuration { DateDuration(unchecked: 0, n, 0, 0) }
    /// `n` years.
    public static func years(_ n: Int) -> DateDuration { DateDuration(unchecked: n, 0, 0, 0) }

    /// -1, 0 or 1.
    public var sign: Int { DurationSign.of([years, months, weeks, days]) }
    /// True when every field is 0.
    public var isZero: Bool { sign == 0 }

    /// The same span in the other direction; throws only for `Int.min` fields.
    public func negated() throws(DurationError) -> DateDuration {
        guard years != .min, months != .min, weeks != .min, days != .min else {
            throw .tooLarge(text: "\(self)", field: "fields")
        }
        return DateDuration(unchecked: -years, -months, -weeks, -days)
    }
}

extension DateDuration: CustomStringConvertible {
    /// ISO 8601: `P1Y2M3D`, `-P3W`, `P0D`.
    public var description: String { CalendarDuration(unchecked: self, .zero).description }
}

extension DateDuration: Codable {
    private enum CodingKeys: String, CodingKey { case years, months, weeks, days }

    /// Decodes the four fields through `init(years:months:weeks:days:)` (one sign).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let years = try container.decode(Int.self, forKey: .years)
        let months = try container.decode(Int.self, forKey: .months)
        let weeks = try container.decode(Int.self, forKey: .weeks)
        let days = try container.decode(Int.self, forKey: .days)
        do {
            try self.init(years: years, months: months, weeks: weeks, days: days)
        } catch {
            throw container.corrupted(.years, "\(error)")
        }
    }

    /// Encodes the four fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(years, forKey: .years)
        try container.encode(months, forKey: .months)
        try container.encode(weeks, forKey: .weeks)
        try container.encode(days, forKey: .days)
    }
}

/// The same-sign rule shared by every duration type.
enum DurationSign {
    static func of(_ values: [Int]) -> Int {
        for value in values where value != 0 { return value > 0 ? 1 : -1 }
        return 0
    }

    static func check(_ fields: [(String, Int)]) throws(DurationError) {
        let positive = fields.filter { $0.1 > 0 }
        let negative = fields.filter { $0.1 < 0 }
        guard positive.isEmpty || negative.isEmpty else {
            throw .mixedSigns(fields: (positive + negative).map { "\($0.0) \($0.1)" }.joined(separator: ", "))
        }
    }
}
