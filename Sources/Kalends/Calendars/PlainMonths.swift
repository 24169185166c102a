/// Calendars whose months are always the same list, `M01` ... `M12` (or
/// `M13` for Coptic and Ethiopic), with no leap months: their month codes and
/// positions coincide, so these answers are written once.
protocol PlainMonthCalendar: CalendarSystem {}

extension PlainMonthCalendar {
    @inline(__always)
    public func monthCode(year: Int, month: Int) -> MonthCode {
        MonthCode(month)
    }

    @inline(__always)
    public func month(of code: MonthCode, inYear year: Int) -> Int? {
        !code.isLeap && code.number >= 1 && code.number <= monthsInYear(year) ? code.number : nil
    }

    /// A date that exists takes a direct path (the month code is the month);
    /// anything else, and every error, goes through the shared implementation.
    @inline(__always)
    public func date(year: Int, monthCode: MonthCode, day: Int, overflow: Overflow) throws(ConversionError) -> CalendarDate {
        let month = monthCode.number
        if !monthCode.isLeap && month >= 1 && supportedYears.contains(year) && month <= monthsInYear(year)
            && day >= 1 && day <= daysInMonth(year: year, month: month) {
            let number = dayNumber(year: year, month: month, day: day)
            if DayNumber.supported.contains(number) {
                return CalendarDate(calendar: id, dayNumber: number, year: year, month: month, monthCode: monthCode,
                                    day: day, era: era(ofDay: number, year: year))
            }
        }
        return try standardDate(year: year, monthCode: monthCode, day: day, overflow: overflow)
    }
}

/// Calendars whose years, months and days are the proleptic Gregorian ones
/// (Gregorian, ISO 8601, Japanese): only their eras differ.
protocol GregorianMonthCalendar: PlainMonthCalendar {}

extension GregorianMonthCalendar {
    @inline(__always)
    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let date = GregorianMath.date(dayNumber: day)
        return OrdinalDate(year: date.year, month: date.month, day: date.day)
    }

    @inline(__always)
    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        GregorianMath.dayNumber(year: year, month: month, day: day)
    }

    @inline(__always)
    public func monthsInYear(_ year: Int) -> Int { 12 }

    @inline(__always)
    public func daysInMonth(year: Int, month: Int) -> Int {
        GregorianMath.daysInMonth(year: year, month: month)
    }
}

extension PlainMonthCalendar {
    /// Adding years and months where every year has the same months: one
    /// position on the month line (year * months + month), then the day
    /// clamped. Anything else, and every error, goes through `temporalAdd`;
    /// `ArithmeticFastPathParity` proves the two equal on millions of cases.
    @inline(__always)
    public func adding(_ duration: DateDuration, to date: CalendarDate, overflow: Overflow) throws(ArithmeticError) -> CalendarDate {
        if date.calendar == id, duration.weeks == 0, duration.days == 0, abs(duration.years) < 1_000_000,
           abs(duration.months) < 100_000_000, supportedYears.contains(date.year) {
            let count = monthsInYear(date.year)
            let position = (date.year + duration.years) * count + (date.month - 1) + duration.months
            let year = position.floorDivided(by: count)
            let month = position - year * count + 1
            if supportedYears.contains(year) {
                let length = daysInMonth(year: year, month: month)
                if date.day <= length || overflow == .constrain {
                    let day = Swift.min(date.day, length)
                    let number = dayNumber(year: year, month: month, day: day)
                    if DayNumber.supported.contains(number) {
                        return CalendarDate(calendar: id, dayNumber: number, year: year, month: month,
                                            monthCode: MonthCode(month), day: day, era: era(ofDay: number, year: year))
                    }
                }
            }
        }
        return try temporalAdd(duration, to: date, overflow: overflow)
    }
}
