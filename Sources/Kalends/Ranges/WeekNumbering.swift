/// Week-of-year numbers in any calendar: week 1 is the first week (starting on
/// `rules.firstWeekday`) that has at least `rules.minimumDaysInFirstWeek` days
/// of the calendar's year; earlier days belong to the last week of the year
/// before, as ICU counts them.
public struct WeekOfYear: Hashable, Sendable, Codable {
    /// The year the week belongs to (may differ from the day's own year).
    public let year: Int
    /// The week's number in that year, from 1.
    public let week: Int

    /// The week of `day` in `calendar` under `rules`.
    public init(day: Int, calendar: any CalendarSystem, rules: WeekRules) throws(ConversionError) {
        let date = try calendar.date(dayNumber: day)
        var year = date.year
        var start = Self.firstWeekStart(year: year, calendar: calendar, rules: rules)
        if day < start {
            year -= 1
            start = Self.firstWeekStart(year: year, calendar: calendar, rules: rules)
        } else if calendar.supportedYears.contains(year + 1) {
            let next = Self.firstWeekStart(year: year + 1, calendar: calendar, rules: rules)
            if day >= next {
                year += 1
                start = next
            }
        }
        self.year = year
        self.week = (day - start) / 7 + 1
    }

    /// ISO 8601's week of a day (Gregorian years, Monday weeks, minimum 4 days).
    public static func iso(_ day: Int) -> WeekOfYear? {
        guard let gregorian = try? Calendars.system(.iso8601) else { return nil }
        return try? WeekOfYear(day: day, calendar: gregorian, rules: .iso)
    }

    static func firstWeekStart(year: Int, calendar: any CalendarSystem, rules: WeekRules) -> Int {
        let first = calendar.dayNumber(year: year, month: 1, day: 1)
        let offset = rules.offsetInWeek(first)
        return 7 - offset >= rules.minimumDaysInFirstWeek ? first - offset : first - offset + 7
    }
}
