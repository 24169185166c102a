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

    /// Years added (a whole number of 30-year cycles, 10,631 days each) so
    /// that the cycle arithmetic runs on unsigned numbers.
    private static let yearShift = 30 * 10_000
    private static let dayShift = 10_631 * 10_000

    /// `year` shifted to a non-negative count of years, or nil far outside
    /// any calendar's range (the signed formulas answer there).
    @inline(__always)
    private static func shifted(_ year: Int) -> UInt? {
        let value = year &+ yearShift
        return value >= 0 && value < (1 << 40) ? UInt(bitPattern: value) : nil
    }

    static func isLeapYear(_ year: Int) -> Bool {
        // 330 k ≡ 0 (mod 30), so the shift leaves the remainder alone.
        guard let y = shifted(year) else { return (14 &+ 11 &* year).floorModulo(30) < 11 }
        return (14 &+ 11 &* y) % 30 < 11
    }

    /// Days from the epoch to 1 Muharram of `year`: 354 a year plus the leap
    /// days so far, floor((3 + 11 year) / 30).
    @inline(__always)
    static func daysBefore(year: Int) -> Int {
        guard let y = shifted(year) else { return 354 &* (year &- 1) &+ (3 &+ 11 &* year).floorDivided(by: 30) }
        return 354 &* (year &- 1) &+ Int(bitPattern: (3 &+ 11 &* y) / 30) &- 11 &* 10_000
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
        let shiftedDays = elapsed &+ dayShift
        var year: Int
        if shiftedDays >= 0 && shiftedDays < (1 << 40) {
            // The year whose start is the last at or before the day: the
            // inverse of daysBefore(year:) for the 30-year pattern (the
            // correction below never fires; a test checks every day).
            year = Int(bitPattern: (30 &* UInt(bitPattern: shiftedDays) &+ 10_646) / 10_631) &- yearShift
        } else {
            year = (30 * elapsed + 10_646).floorDivided(by: 10_631)
        }
        var dayOfYear = elapsed &- daysBefore(year: year)
        if dayOfYear < 0 {
            year &-= 1
            dayOfYear = elapsed &- daysBefore(year: year)
        } else if dayOfYear >= 354 && dayOfYear >= 354 &+ (isLeapYear(year) ? 1 : 0) {
            year &+= 1
            dayOfYear = elapsed &- daysBefore(year: year)
        }
        // Month starts are ceil(29.5 k); the month is floor(2 d / 59), at most 12.
        let month = Swift.min(Int(bitPattern: UInt(bitPattern: 2 &* dayOfYear) / 59), 11) &+ 1
        return (year, month, dayOfYear &- daysBefore(month: month) &+ 1)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        month == 12 ? (isLeapYear(year) ? 30 : 29) : 30 &- ((month &- 1) & 1)
    }
}
