/// Calendars whose months are always the same list, `M01` ... `M12` (or
/// `M13` for Coptic and Ethiopic), with no leap months: their month codes and
/// positions coincide, so these answers (and direct fields -> day paths) are
/// written once. Public so that a calendar defined outside Kalends gets them too.
public protocol PlainMonthCalendar: CalendarSystem {}

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
        if let number = dayNumberIfValid(year: year, monthCode: monthCode, day: day) {
            return CalendarDate(calendar: id, dayNumber: number, year: year, month: monthCode.number, monthCode: monthCode,
                                day: day, era: era(ofDay: number, year: year))
        }
        return try standardDate(year: year, monthCode: monthCode, day: day, overflow: overflow)
    }

    /// The direct path for the day number alone.
    @inline(__always)
    public func dayNumberIfValid(year: Int, monthCode: MonthCode, day: Int) -> Int? {
        let month = monthCode.number
        // Unsigned comparisons test 1 ... n in one step each.
        guard !monthCode.isLeap, UInt(bitPattern: month &- 1) < UInt(bitPattern: monthsInYear(year)),
              supportedYears.contains(year),
              UInt(bitPattern: day &- 1) < UInt(bitPattern: daysInMonth(year: year, month: month))
        else { return nil }
        let number = dayNumber(year: year, month: month, day: day)
        return DayNumber.supported.contains(number) ? number : nil
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
    public func daysInYear(_ year: Int) -> Int { GregorianMath.isLeapYear(year) ? 366 : 365 }

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
        // Range tests rather than `abs`, which branches on the sign (a
        // misprediction for every other random duration).
        if date.calendar == id, duration.weeks == 0, duration.days == 0, (-999_999...999_999).contains(duration.years),
           (-99_999_999...99_999_999).contains(duration.months), supportedYears.contains(date.year) {
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
