/// The largest unit a date difference is balanced up to.
public enum DateUnit: String, Sendable, Codable, CaseIterable, Comparable {
    case days, weeks, months, years

    private var rank: Int {
        switch self {
        case .days: 0
        case .weeks: 1
        case .months: 2
        case .years: 3
        }
    }

    public static func < (a: DateUnit, b: DateUnit) -> Bool { a.rank < b.rank }
}

/// The largest unit a date-time difference is balanced up to
/// (`kalends diff --largest-unit`).
public enum DurationUnit: String, Sendable, Codable, CaseIterable {
    case years, months, weeks, days, hours, minutes, seconds

    /// The calendar unit, or nil for hours and smaller.
    public var dateUnit: DateUnit? {
        switch self {
        case .years: .years
        case .months: .months
        case .weeks: .weeks
        case .days: .days
        case .hours, .minutes, .seconds: nil
        }
    }
}
