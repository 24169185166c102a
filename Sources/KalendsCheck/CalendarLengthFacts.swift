import Kalends

/// The lengths a calendar's facts claim (`CalendarFacts.monthLengths` and
/// `yearLengths`) held to what its engine counts, for property tests of any
/// calendar, built in or defined outside Kalends.
public enum CalendarLengthFacts {
    /// The fewest and most days of the months and of the years counted in `years`.
    public struct Observed: Hashable, Sendable, CustomStringConvertible {
        /// The shortest and longest month seen.
        public var months: ClosedRange<Int>
        /// The shortest and longest year seen.
        public var years: ClosedRange<Int>

        /// `months 29...30, years 353...385`.
        public var description: String { "months \(months), years \(years)" }
    }

    /// Nil when every month of `year` and the year itself have lengths within
    /// the calendar's facts, and the year's length is the sum of its months'
    /// and the distance to the next year's first day; otherwise what is wrong.
    public static func violation(in calendar: any CalendarSystem, year: Int) -> String? {
        let count = calendar.monthsInYear(year)
        var total = 0
        for month in 1...Swift.max(count, 1) {
            let length = calendar.daysInMonth(year: year, month: month)
            guard calendar.monthLengths.contains(length) else {
                return "\(calendar.id) \(year) month \(month) has \(length) days, outside monthLengths \(calendar.monthLengths)"
            }
            total += length
        }
        let yearLength = calendar.daysInYear(year)
        guard calendar.yearLengths.contains(yearLength) else {
            return "\(calendar.id) \(year) has \(yearLength) days, outside yearLengths \(calendar.yearLengths)"
        }
        guard total == yearLength else {
            return "\(calendar.id) \(year): its months add up to \(total) days, daysInYear says \(yearLength)"
        }
        if calendar.supportedYears.contains(year + 1) {
            let span = calendar.dayNumber(year: year + 1, month: 1, day: 1) - calendar.dayNumber(year: year, month: 1, day: 1)
            guard span == yearLength else {
                return "\(calendar.id) \(year) spans \(span) days to the next New Year, daysInYear says \(yearLength)"
            }
        }
        return nil
    }

    /// The extremes counted over `years` (clamped to the supported years).
    public static func observed(in calendar: any CalendarSystem, years: ClosedRange<Int>) -> Observed {
        let years = years.clamped(to: calendar.supportedYears)
        var shortestMonth = Int.max, longestMonth = Int.min, shortestYear = Int.max, longestYear = Int.min
        for year in years {
            var total = 0
            for month in 1...Swift.max(calendar.monthsInYear(year), 1) {
                let length = calendar.daysInMonth(year: year, month: month)
                shortestMonth = Swift.min(shortestMonth, length)
                longestMonth = Swift.max(longestMonth, length)
                total += length
            }
            shortestYear = Swift.min(shortestYear, total)
            longestYear = Swift.max(longestYear, total)
        }
        return Observed(months: shortestMonth...longestMonth, years: shortestYear...longestYear)
    }
}
