/// The duration between two dates in a calendar, as Temporal's
/// NonISODateUntil computes it: the most whole years, then months, then weeks
/// (only when weeks are the largest unit), then days that do not pass the end.
///
/// "Pass" is Temporal's NonISODateSurpasses: a candidate counts the start's
/// day unclamped, so 2024-01-31 until 2024-02-29 in months is `P29D` (one
/// month would reach "February 31", past the end). The result always
/// satisfies `adding(until(a, b), to: a) == b` under `.constrain`.
extension CalendarSystem {
    /// The duration from `start` to `end`, balanced up to `largestUnit`
    /// (negative when `end` is earlier).
    ///
    ///     try calendar.until(jan31, feb29, largestUnit: .months)   // P29D
    public func until(_ start: CalendarDate, _ end: CalendarDate) throws(ArithmeticError) -> DateDuration {
        // Through the requirement, so a call on `any CalendarSystem` reaches the engine's specialized copy.
        try until(start, end, largestUnit: .days)
    }

    /// The duration from `start` to `end`, balanced up to `largestUnit`.
    public func until(_ start: CalendarDate, _ end: CalendarDate, largestUnit: DateUnit) throws(ArithmeticError) -> DateDuration {
        if start.dayNumber == end.dayNumber { return .zero }
        if largestUnit <= .weeks {
            let days = end.dayNumber - start.dayNumber
            return largestUnit == .weeks ? DateDuration(unchecked: 0, 0, days / 7, days % 7) : .days(days)
        }
        let a = try own(start), b = try own(end)
        let sign = a.dayNumber < b.dayNumber ? 1 : -1
        // Years: only the target year can be in doubt.
        var years = 0
        if largestUnit == .years {
            years = b.year - a.year
            if years != 0, try surpasses(a, b, sign: sign, years: years) { years -= sign }
        }
        // Months: the start's month code in the year reached, constrained.
        let year = a.year + years
        let firstMonth = try ordinal(of: a.monthCode, inYear: year, overflow: .constrain)
        var months = monthsBetween(year: year, month: firstMonth, toYear: b.year, toMonth: b.month)
        if months != 0, sign * (a.day - b.day) > 0 { months -= sign }
        // Weeks and days from the start's day, clamped, in the month reached.
        let (y, m) = try shiftMonth(year: year, month: firstMonth, by: months)
        let day = Swift.min(a.day, Swift.max(daysInMonth(year: y, month: m), 1))
        let remaining = b.dayNumber - dayNumber(year: y, month: m, day: day)
        return DateDuration(unchecked: years, months, 0, remaining)
    }

    /// Temporal's `date.since(other)`: `until(date, other)` negated, so the
    /// months are counted from `date` (not always `until(other, date)`).
    public func since(_ date: CalendarDate, _ other: CalendarDate, largestUnit: DateUnit = .days) throws(ArithmeticError) -> DateDuration {
        let forward = try until(date, other, largestUnit: largestUnit)
        return DateDuration(unchecked: -forward.years, -forward.months, -forward.weeks, -forward.days)
    }

    /// NonISODateSurpasses for a whole number of years and no months: does
    /// the start moved by `years` pass `b` in the direction `sign`?
    private func surpasses(_ a: CalendarDate, _ b: CalendarDate, sign: Int, years: Int) throws(ArithmeticError) -> Bool {
        let year = a.year + years
        if year != b.year { return sign * (year - b.year) > 0 }
        // First by month code, the start's day unclamped.
        let byCode = a.monthCode != b.monthCode
            ? (sign > 0 ? a.monthCode > b.monthCode : a.monthCode < b.monthCode)
            : sign * (a.day - b.day) > 0
        if byCode { return true }
        // Then by ordinal month of the code constrained to that year.
        let month = try ordinal(of: a.monthCode, inYear: year, overflow: .constrain)
        if month != b.month { return sign * (month - b.month) > 0 }
        return sign * (a.day - b.day) > 0
    }
}

extension CalendarDate {
    /// The duration from this date to `other` in this date's calendar; see
    /// `CalendarSystem.until(_:_:largestUnit:)`.
    public func until(_ other: CalendarDate, largestUnit: DateUnit = .days) throws(ArithmeticError) -> DateDuration {
        try engine().until(self, other, largestUnit: largestUnit)
    }

    /// The duration from `other` to this date (Temporal's `since`): the
    /// negation of `until(other)` in this calendar.
    public func since(_ other: CalendarDate, largestUnit: DateUnit = .days) throws(ArithmeticError) -> DateDuration {
        try engine().since(self, other, largestUnit: largestUnit)
    }
}
