/// A day of the week, numbered as ISO 8601 (1 = Monday ... 7 = Sunday).
public enum Weekday: Int, Sendable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The weekday of a day number.
    public init(dayNumber: Int) {
        self = Weekday(rawValue: DayNumber.isoWeekday(dayNumber)) ?? .monday
    }

    /// ICU's and Foundation's number: 1 = Sunday ... 7 = Saturday.
    public var foundationNumber: Int { rawValue % 7 + 1 }

    public var description: String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][rawValue - 1]
    }

    public static func < (a: Weekday, b: Weekday) -> Bool { a.rawValue < b.rawValue }
}

/// Weekdays within months, and the next or previous given weekday, in any calendar.
extension CalendarSystem {
    /// The `n`-th `weekday` of the `month`-th month of `year`: `n` = 1 ... 5
    /// from the start, -1 ... -5 from the end (-1 is the last).
    ///
    ///     try calendar.date(-1, .friday, year: 2024, month: 3)   // 2024-03-29
    ///
    /// Throws `.noSuchWeekday` when the month has no such day.
    public func date(_ n: Int, _ weekday: Weekday, year: Int, month: Int) throws(ArithmeticError) -> CalendarDate {
        let first: CalendarDate
        do {
            first = try date(year: year, month: month, day: 1)
        } catch {
            throw .conversion(error)
        }
        let length = daysInMonth(year: year, month: month)
        let offset: Int
        if n > 0 {
            offset = (weekday.rawValue - first.weekday).floorModulo(7) + (n - 1) * 7
        } else {
            let lastWeekday = DayNumber.isoWeekday(first.dayNumber + length - 1)
            offset = length - 1 - (lastWeekday - weekday.rawValue).floorModulo(7) + (n + 1) * 7
        }
        guard n != 0, n.magnitude <= 5, (0..<length).contains(offset) else {
            throw .noSuchWeekday(id, year: year, monthCode: first.monthCode, n: n, weekday: weekday)
        }
        return try adding(days: offset, to: first)
    }

    /// The `n`-th `weekday` of `year`: `n` = 1 ... 53 from the start,
    /// -1 ... -53 from the end (RRULE's `FREQ=YEARLY;BYDAY=20MO`).
    ///
    ///     try GregorianCalendar().date(20, .monday, year: 1997)   // 1997-05-19
    ///
    /// Throws `.noSuchWeekdayInYear` when the year has no such day.
    public func date(_ n: Int, _ weekday: Weekday, year: Int) throws(ArithmeticError) -> CalendarDate {
        let start: Int
        do {
            start = try firstDay(ofYear: year)
        } catch {
            throw .conversion(error)
        }
        let length = daysInYear(year)
        let offset: Int
        if n > 0 {
            offset = (weekday.rawValue - DayNumber.isoWeekday(start)).floorModulo(7) + (n - 1) * 7
        } else {
            let lastWeekday = DayNumber.isoWeekday(start + length - 1)
            offset = length - 1 - (lastWeekday - weekday.rawValue).floorModulo(7) + (n + 1) * 7
        }
        guard n != 0, n.magnitude <= 53, (0..<length).contains(offset) else {
            throw .noSuchWeekdayInYear(id, year: year, n: n, weekday: weekday)
        }
        do {
            return try date(dayNumber: start + offset)
        } catch {
            throw .conversion(error)
        }
    }

    /// The `n`-th `weekday` of the month `monthCode` of `year` (the code constrained or rejected by `overflow`).
    public func date(_ n: Int, _ weekday: Weekday, year: Int, monthCode: MonthCode, overflow: Overflow = .reject) throws(ArithmeticError) -> CalendarDate {
        do {
            try checkYear(year)
        } catch {
            throw .conversion(error)
        }
        return try date(n, weekday, year: year, month: try ordinal(of: monthCode, inYear: year, overflow: overflow))
    }

    /// The first `weekday` after `date` (or on it, with `includingSelf`).
    public func next(_ weekday: Weekday, after date: CalendarDate, includingSelf: Bool = false) throws(ArithmeticError) -> CalendarDate {
        var offset = (weekday.rawValue - date.weekday).floorModulo(7)
        if offset == 0 && !includingSelf { offset = 7 }
        return try adding(days: offset, to: date)
    }

    /// The last `weekday` before `date` (or on it, with `includingSelf`).
    public func previous(_ weekday: Weekday, before date: CalendarDate, includingSelf: Bool = false) throws(ArithmeticError) -> CalendarDate {
        var offset = (date.weekday - weekday.rawValue).floorModulo(7)
        if offset == 0 && !includingSelf { offset = 7 }
        return try adding(days: -offset, to: date)
    }
}
