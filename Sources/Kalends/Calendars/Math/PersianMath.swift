/// The arithmetic Persian (Solar Hijri) calendar exactly as ICU 72 computes
/// it: a 33-year rule (8 leap years in 33, `(25 y + 11) mod 33 < 8`), year
/// starts at 365 (y - 1) + floor((8 y + 21) / 33) days after the epoch,
/// six months of 31 days, five of 30, and Esfand of 29 (30 in leap years).
enum PersianMath {
    /// Day number of 1 Farvardin 1 AP (Julian 622-03-19, JD 1,948,320).
    static let epoch = 1_948_320 - 2_440_588

    static func isLeapYear(_ year: Int) -> Bool {
        (25 &* year &+ 11).floorModulo(33) < 8
    }

    /// Days from the epoch to 1 Farvardin of `year`.
    @inline(__always)
    static func daysBefore(year: Int) -> Int {
        365 &* (year &- 1) &+ (8 &* year &+ 21).floorDivided(by: 33)
    }

    /// Days from 1 Farvardin to the first of `month` (1 ... 12): 31 per month
    /// for the first six, then 30.
    @inline(__always)
    static func daysBefore(month: Int) -> Int {
        month <= 7 ? 31 &* (month &- 1) : 30 &* (month &- 1) &+ 6
    }

    @inline(__always)
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        epoch &+ daysBefore(year: year) &+ daysBefore(month: month) &+ day &- 1
    }

    @inline(__always)
    static func date(dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let elapsed = dayNumber &- epoch
        // The mean year is 12,053 / 33 days; the estimate is exact or one
        // year late, which the day of year shows.
        var year = 1 &+ (33 &* elapsed &+ 3).floorDivided(by: 12_053)
        var dayOfYear = elapsed &- daysBefore(year: year)
        if dayOfYear < 0 {
            year &-= 1
            dayOfYear = elapsed &- daysBefore(year: year)
        } else if dayOfYear >= 365 + (isLeapYear(year) ? 1 : 0) {
            year &+= 1
            dayOfYear = elapsed &- daysBefore(year: year)
        }
        let month = dayOfYear < 186 ? dayOfYear / 31 &+ 1 : (dayOfYear &- 6) / 30 &+ 1
        return (year, month, dayOfYear &- daysBefore(month: month) &+ 1)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        month <= 6 ? 31 : (month < 12 ? 30 : (isLeapYear(year) ? 30 : 29))
    }
}
