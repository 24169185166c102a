/// Proleptic Julian day-number arithmetic, in the same Euclidean-affine style
/// as `GregorianMath`: years counted from March, shifted by whole 4-year
/// cycles to non-negative values, one multiply-and-shift per division.
enum JulianMath {
    /// Days from Julian 0000-03-01 (JD 1,721,118) to 1970-01-01 (JD 2,440,588).
    static let epochShift = 719_470

    /// 4-year cycles added so that years -400,000 ... 600,000 stay non-negative
    /// and below 2^30 days (so `4 n + 3` fits 32 bits).
    private static let cycleShift = 100_000
    private static let yearShift = 4 * cycleShift
    private static let dayShift = epochShift + cycleShift * 1_461
    private static let fastDays = 0..<(1 << 30)
    private static let fastYears = 0..<1_000_000

    /// The day number of a valid proleptic Julian date.
    @inline(__always)
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let isJanuaryOrFebruary = month <= 2
        let shiftedYear = year &+ yearShift &- (isJanuaryOrFebruary ? 1 : 0)
        guard fastYears.contains(shiftedYear) else {
            let cycles = year.floorDivided(by: 4) - 1
            return cycles * 1_461 + dayNumber(year: year - cycles * 4, month: month, day: day)
        }
        let y = UInt32(truncatingIfNeeded: shiftedYear)
        let m = UInt32(truncatingIfNeeded: isJanuaryOrFebruary ? month &+ 12 : month)
        // 365 y + y/4 days before March 1, then (979 m - 2919) / 32 to the month.
        let days = (1_461 &* y) >> 2 &+ (979 &* m &- 2_919) >> 5
        return Int(days) &+ day &- 1 &- dayShift
    }

    /// The proleptic Julian (year, month, day) of a day number.
    @inline(__always)
    static func date(dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        var shifted = dayNumber &+ dayShift
        var extraYears = -yearShift
        if !fastDays.contains(shifted) {
            let z = dayNumber + epochShift
            let cycles = z.floorDivided(by: 1_461)
            shifted = z - cycles * 1_461
            extraYears = cycles * 4
        }
        // 4 n + 3 = 1461 year + r; the day of year is r / 4.
        let n1 = 4 &* UInt32(truncatingIfNeeded: shifted) &+ 3
        let year = n1 / 1_461
        let dayOfYear = (n1 % 1_461) / 4
        let n3 = 2_141 &* dayOfYear &+ 197_913
        let month = n3 >> 16
        let day = (n3 & 0xFFFF) / 2_141 &+ 1
        let isJanuaryOrFebruary = dayOfYear >= 306
        return (Int(year) &+ (isJanuaryOrFebruary ? 1 : 0) &+ extraYears,
                Int(isJanuaryOrFebruary ? month &- 12 : month), Int(day))
    }

    static func isLeapYear(_ year: Int) -> Bool { year & 3 == 0 }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
