/// The Indian national (Saka) calendar as ICU defines it: year Y begins on
/// Gregorian March 22 of Y + 78 (March 21 when that Gregorian year is leap);
/// Chaitra has 30 days (31 in those years), the next five months 31, the
/// last six 30.
enum IndianMath {
    /// Saka year Y begins in Gregorian year Y + 78.
    static let gregorianOffset = 78

    /// True when Chaitra has 31 days (the year is 366 days long).
    @inline(__always)
    static func isLeapYear(_ year: Int) -> Bool {
        GregorianMath.isLeapYear(year &+ gregorianOffset)
    }

    /// The day number of 1 Chaitra of `year`.
    @inline(__always)
    static func firstDay(ofYear year: Int) -> Int {
        let gregorianYear = year &+ gregorianOffset
        // March 22, or March 21 in a Gregorian leap year.
        return GregorianMath.dayNumberOfMarchFirst(gregorianYear) &+ 21 &- (GregorianMath.isLeapYear(gregorianYear) ? 1 : 0)
    }

    /// Days from 1 Chaitra to the first of `month` (1 ... 12).
    @inline(__always)
    static func daysBefore(month: Int, leap: Bool) -> Int {
        guard month > 1 else { return 0 }
        let chaitra = leap ? 31 : 30
        return month <= 7 ? chaitra &+ 31 &* (month &- 2) : chaitra &+ 155 &+ 30 &* (month &- 7)
    }

    @inline(__always)
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        firstDay(ofYear: year) &+ daysBefore(month: month, leap: isLeapYear(year)) &+ day &- 1
    }

    @inline(__always)
    static func date(dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        var year = GregorianMath.date(dayNumber: dayNumber).year &- gregorianOffset
        var start = firstDay(ofYear: year)
        if dayNumber < start {
            year &-= 1
            start = firstDay(ofYear: year)
        }
        let dayOfYear = dayNumber &- start
        let leap = isLeapYear(year)
        let chaitra = leap ? 31 : 30
        let month: Int
        if dayOfYear < chaitra {
            month = 1
        } else if dayOfYear < chaitra &+ 155 {
            month = (dayOfYear &- chaitra) / 31 &+ 2
        } else {
            month = (dayOfYear &- chaitra &- 155) / 30 &+ 7
        }
        return (year, month, dayOfYear &- daysBefore(month: month, leap: leap) &+ 1)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 1: isLeapYear(year) ? 31 : 30
        case 2...6: 31
        default: 30
        }
    }
}
