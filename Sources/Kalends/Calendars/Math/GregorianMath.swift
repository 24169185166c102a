/// Proleptic Gregorian day-number arithmetic (no Foundation, no tables).
///
/// Euclidean affine functions after Neri and Schneider, "Euclidean affine
/// functions and their application to calendar algorithms" (2022): the year
/// is counted from March (so February, the only irregular month, ends it),
/// days are shifted by whole 400-year cycles so every quantity is unsigned,
/// and each division is one multiply-and-shift over 32- or 64-bit integers.
///
/// Fields -> day is `@inlinable` (with its constants as computed properties,
/// which fold, where a stored `static let` would be a call across modules),
/// so that code holding a `GregorianCalendar` compiles it into its own loops.
@usableFromInline
package enum GregorianMath {
    /// Days from 0000-03-01 to 1970-01-01.
    @inlinable static var epochShift: Int { 719_468 }

    /// 400-year cycles added so that every day of years -409,600 ... 2,500,000
    /// maps to a non-negative count below 2^30 (so `4 n + 3` fits 32 bits).
    @inlinable static var cycleShift: Int { 1_024 }
    @inlinable static var yearShift: Int { 400 * cycleShift }
    @inlinable static var dayShift: Int { epochShift + cycleShift * 146_097 }
    private static let fastDays = 0..<(1 << 30)
    @inlinable static var fastYears: Range<Int> { 0..<2_900_000 }

    /// The day number of a valid proleptic Gregorian date.
    @inlinable @inline(__always)
    package static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        // January and February end the previous computational year; as a
        // 0/1 number, not a branch, since random months mispredict.
        let isJanuaryOrFebruary = month <= 2 ? 1 : 0
        let shiftedYear = year &+ yearShift &- isJanuaryOrFebruary
        guard fastYears.contains(shiftedYear) else {
            return farDayNumber(year: year, month: month, day: day)
        }
        let y = UInt32(truncatingIfNeeded: shiftedYear)
        let m = UInt32(truncatingIfNeeded: month &+ 12 &* isJanuaryOrFebruary)
        let century = y / 100
        // Days before March 1 of the shifted year: 365 y + y/4 - y/100 + y/400.
        let yearDays = UInt32(truncatingIfNeeded: (1_461 &* UInt64(y)) >> 2) &- century &+ century / 4
        // Days from March 1 to the first of month m (3 ... 14): (979 m - 2919) / 32.
        let monthDays = (979 &* m &- 2_919) >> 5
        return Int(yearDays &+ monthDays) &+ day &- 1 &- dayShift
    }

    /// The day number of March 1 of `year`: the start of the computational
    /// year, so one affine function (no month arithmetic).
    @inline(__always)
    static func dayNumberOfMarchFirst(_ year: Int) -> Int {
        let shiftedYear = year &+ yearShift
        guard fastYears.contains(shiftedYear) else { return dayNumber(year: year, month: 3, day: 1) }
        let y = UInt32(truncatingIfNeeded: shiftedYear)
        let century = y / 100
        let yearDays = UInt32(truncatingIfNeeded: (1_461 &* UInt64(y)) >> 2) &- century &+ century / 4
        return Int(yearDays) &- dayShift
    }

    /// The proleptic Gregorian (year, month, day) of a day number.
    @inline(__always)
    static func date(dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = dayNumber &+ dayShift
        guard fastDays.contains(shifted) else { return farDate(dayNumber: dayNumber) }
        let fields = computationalDate(UInt32(truncatingIfNeeded: shifted))
        return (fields.year &- yearShift, fields.month, fields.day)
    }

    /// The date of `n` days after 0000-03-01 of a calendar shifted to
    /// non-negative years (`n < 2^30`): Neri and Schneider's `to_date`.
    @inline(__always)
    private static func computationalDate(_ n: UInt32) -> (year: Int, month: Int, day: Int) {
        // Century and day of century: 4n + 3 = 146,097 century + r, day = r / 4.
        let n1 = 4 &* n &+ 3
        let century = n1 / 146_097
        let dayOfCentury = (n1 % 146_097) / 4
        // Year of century and day of year through one 64-bit product:
        // 2,939,745 / 2^32 approximates 1 / 1461 closely enough for a century.
        let n2 = 4 &* dayOfCentury &+ 3
        let product = 2_939_745 &* UInt64(n2)
        let yearOfCentury = UInt32(truncatingIfNeeded: product >> 32)
        let dayOfYear = UInt32(truncatingIfNeeded: product) / 2_939_745 / 4
        // Month (3 ... 14) and day from one affine function of the day of year.
        let n3 = 2_141 &* dayOfYear &+ 197_913
        let month = n3 >> 16
        let day = (n3 & 0xFFFF) / 2_141 &+ 1
        let isJanuaryOrFebruary = dayOfYear >= 306
        let year = 100 &* century &+ yearOfCentury &+ (isJanuaryOrFebruary ? 1 : 0)
        return (Int(year), Int(isJanuaryOrFebruary ? month &- 12 : month), Int(day))
    }

    /// Days outside the fast span: split off whole 400-year cycles first.
    /// Exact for every `Int` (no step can overflow: the cycles are split off
    /// before the epoch shift is added).
    private static func farDate(dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        // Truncating division, then the floor correction on the count itself:
        // cycles * 146_097 would overflow for Int.min.
        var cycles = dayNumber / 146_097
        var remainder = dayNumber % 146_097
        if remainder < 0 {
            remainder += 146_097
            cycles -= 1
        }
        // 0 ..< 146_097 + epochShift: at most a few cycles more.
        let rest = remainder + epochShift
        let more = rest / 146_097
        let fields = computationalDate(UInt32(truncatingIfNeeded: rest - more * 146_097))
        return (fields.year + (cycles + more) * 400, fields.month, fields.day)
    }

    /// Years outside the fast span: split off whole 400-year cycles first.
    /// Exact for the year of any `Int` day; wrapping (garbage, never a trap)
    /// for years no day number has, which callers never pass (unchecked input).
    @usableFromInline
    static func farDayNumber(year: Int, month: Int, day: Int) -> Int {
        let cycles = year.floorDivided(by: 400) &- 1
        return cycles &* 146_097 &+ dayNumber(year: year &- cycles &* 400, month: month, day: day)
    }

    /// Leap-year test without branches (a test that branches on the year
    /// costs a misprediction on every few random dates).
    @inlinable @inline(__always)
    static func isLeapYear(_ year: Int) -> Bool {
        // Divisible by 100 means leap only when divisible by 400, i.e. by 16.
        year & (year % 100 == 0 ? 15 : 3) == 0
    }

    /// The length of a month (1 ... 12) without branches: the common year's
    /// length, plus one for February of a leap year.
    @inlinable @inline(__always)
    package static func daysInMonth(year: Int, month: Int) -> Int {
        let leapDay = (month == 2 ? 1 : 0) & (isLeapYear(year) ? 1 : 0)
        return commonYearDaysInMonth(month) &+ leapDay
    }

    /// The length of a month (1 ... 12) in a common year: lengths less 28, two
    /// bits a month from bit 2 (3, 0, 3, 2, 3, 2, 3, 3, 2, 3, 2, 3).
    @inlinable @inline(__always)
    static func commonYearDaysInMonth(_ month: Int) -> Int {
        28 &+ (0x3BB_EECC &>> (2 &* month)) & 3
    }
}
