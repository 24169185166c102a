/// Calendars whose months are always the same list, `M01` ... `M12` (or
/// `M13` for Coptic and Ethiopic), with no leap months: their month codes and
/// positions coincide, so these answers are written once.
protocol PlainMonthCalendar: CalendarSystem {}

extension PlainMonthCalendar {
    public func monthCode(year: Int, month: Int) -> MonthCode {
        MonthCode(month)
    }

    public func month(of code: MonthCode, inYear year: Int) -> Int? {
        !code.isLeap && code.number >= 1 && code.number <= monthsInYear(year) ? code.number : nil
    }
}
