/// The Alexandrian calendar shared by Coptic and Ethiopic: twelve months of
/// 30 days and a 13th of 5 (6 in a leap year), leap years being those with
/// `year mod 4 == 3`. The epoch is the first day of year 0, as ICU counts it.
enum CopticMath {
    /// Day number of 1 Thout 0 AM (Coptic; Julian 283-08-29, JD 1,824,665).
    static let copticEpoch = 1_824_665 - 2_440_588
    /// Day number of 1 Meskerem 0 (Ethiopic, Amete Mihret; JD 1,723,856).
    static let ethiopicEpoch = 1_723_856 - 2_440_588
    /// Amete Alem years are Amete Mihret years + 5500.
    static let ameteAlemOffset = 5_500

    /// 4-year cycles added so the cycle arithmetic stays unsigned.
    private static let cycleShift = 100_000
    private static let fastDays = 0..<(1 << 30)

    static func isLeapYear(_ year: Int) -> Bool { year & 3 == 3 }

    /// The day number of `day` in month `month` (1 ... 13) of `year`.
    @inline(__always)
    static func dayNumber(year: Int, month: Int, day: Int, epoch: Int) -> Int {
        epoch &+ 365 &* year &+ (year >> 2) &+ 30 &* (month &- 1) &+ day &- 1
    }

    /// Year, month (1 ... 13) and day of a day number.
    @inline(__always)
    static func date(dayNumber: Int, epoch: Int) -> (year: Int, month: Int, day: Int) {
        var days = dayNumber &- epoch &+ cycleShift &* 1_461
        var yearBase = -4 &* cycleShift
        if !fastDays.contains(days) {
            let z = dayNumber - epoch
            let cycles = z.floorDivided(by: 1_461)
            days = z - cycles * 1_461
            yearBase = cycles * 4
        }
        // Year starts fall at 365 y + floor(y / 4), so y = (4 n + 3) / 1461.
        let n1 = 4 &* UInt32(truncatingIfNeeded: days) &+ 3
        let year = n1 / 1_461
        let dayOfYear = (n1 % 1_461) / 4
        let month = dayOfYear / 30
        return (Int(year) &+ yearBase, Int(month) &+ 1, Int(dayOfYear &- 30 &* month) &+ 1)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        month < 13 ? 30 : (isLeapYear(year) ? 6 : 5)
    }
}
