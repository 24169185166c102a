/// The tabular Islamic calendar: a 30-year cycle of 10,631 days with leap
/// years 2, 5, 7, 10, 13, 16, 18, 21, 24, 26, 29 (ICU's and Calendrical
/// Calculations' pattern); months alternate 30 and 29 days, and the 12th has
/// 30 in a leap year.
enum IslamicArithmeticMath {
    /// Day number of 1 Muharram 1 AH with the civil (Friday) epoch,
    /// Julian 622-07-16 (JD 1,948,440).
    static let civilEpoch = 1_948_440 - 2_440_588
    /// The astronomical (Thursday) epoch of `islamic-tbla`, a day earlier.
    static let thursdayEpoch = civilEpoch - 1

    /// Cycles added so that the cycle arithmetic stays non-negative.
    private static let cycleShift = 10_000
    private static let fastDays = 0..<(1 << 31)

    static func isLeapYear(_ year: Int) -> Bool {
        (14 &+ 11 &* year).floorModulo(30) < 11
    }

    /// Days from the epoch to 1 Muharram of `year`: 354 a year plus the leap
    /// days so far, floor((3 + 11 year) / 30).
    @inline(__always)
    static func daysBefore(year: Int) -> Int {
        354 &* (year &- 1) &+ (3 &+ 11 &* year).floorDivided(by: 30)
    }

    /// Days from 1 Muharram to the first of month `month` (1 ... 12): ceil(29.5 (month - 1)).
    @inline(__always)
    static func daysBefore(month: Int) -> Int {
        (59 &* (month &- 1) &+ 1) >> 1
    }

    @inline(__always)
    static func dayNumber(year: Int, month: Int, day: Int, epoch: Int) -> Int {
        epoch &+ daysBefore(year: year) &+ daysBefore(month: month) &+ day &- 1
    }

    @inline(__always)
    static func date(dayNumber: Int, epoch: Int) -> (year: Int, month: Int, day: Int) {
        let elapsed = dayNumber &- epoch
        var year: Int
        let shifted = elapsed &+ cycleShift &* 10_631
        if fastDays.contains(shifted) {
            // The year whose start is the last at or before the day: the
            // inverse of daysBefore(year:), exact for the 30-year pattern.
            year = Int((30 &* UInt64(shifted) &+ 10_646) / 10_631) &- 30 &* cycleShift
        } else {
            year = (30 * elapsed + 10_646).floorDivided(by: 10_631)
        }
        var dayOfYear = elapsed &- daysBefore(year: year)
        if dayOfYear < 0 {
            year &-= 1
            dayOfYear = elapsed &- daysBefore(year: year)
        } else if dayOfYear >= 354 + (isLeapYear(year) ? 1 : 0) {
            year &+= 1
            dayOfYear = elapsed &- daysBefore(year: year)
        }
        // Month starts are ceil(29.5 k); the month is floor(2 d / 59), at most 12.
        let month = Swift.min((2 &* dayOfYear) / 59, 11) &+ 1
        return (year, month, dayOfYear &- daysBefore(month: month) &+ 1)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        month == 12 ? (isLeapYear(year) ? 30 : 29) : 30 &- ((month &- 1) & 1)
    }
}
