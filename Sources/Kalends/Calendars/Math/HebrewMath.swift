/// The fixed Hebrew calendar from its rules: the molad of Tishri and the
/// four postponements (dehiyyot), as in Reingold & Dershowitz,
/// *Calendrical Calculations*, ch. 8. Pure integer arithmetic.
///
/// Years are Anno Mundi; day numbers count from 1970-01-01. Months are
/// counted from Tishri (1) in the order the year has them.
enum HebrewMath {
    /// Day number of 1 Tishri AM 1 (Julian -3760-10-07, RD -1,373,427).
    static let epoch = -1_373_427 - 719_163
    /// Parts (halakim) in a day and in a mean month (29 d 12 h 793 p).
    static let partsPerDay = 25_920
    static let partsPerMonth = 765_433

    /// True for the 7 leap years of every 19 (3, 6, 8, 11, 14, 17, 19).
    @inline(__always)
    static func isLeapYear(_ year: Int) -> Bool {
        (7 * year + 1).floorModulo(19) < 7
    }

    /// Months from the epoch's molad to the molad of Tishri of `year`.
    static func monthsElapsed(before year: Int) -> Int {
        (235 * year - 234).floorDivided(by: 19)
    }

    /// Days from the epoch to the molad's day of Tishri `year`, after the
    /// postponement that keeps Rosh Hashanah off Sunday, Wednesday, Friday
    /// (lo ADU rosh) and the one for a molad at or after noon.
    static func elapsedDays(_ year: Int) -> Int {
        let months = monthsElapsed(before: year)
        let parts = 12_084 + 13_753 * months
        let days = 29 * months + parts.floorDivided(by: partsPerDay)
        return (3 * (days + 1)).floorModulo(7) < 3 ? days + 1 : days
    }

    /// The postponements that keep year lengths in 353...355 and 383...385
    /// (GaTaRaD and BeTUTaKPaT).
    static func yearLengthCorrection(_ year: Int) -> Int {
        yearLengthCorrection(previous: elapsedDays(year - 1), present: elapsedDays(year), next: elapsedDays(year + 1))
    }

    /// The same rule from the elapsed days of the year and its neighbours
    /// (the year table computes each year's once).
    @inline(__always)
    static func yearLengthCorrection(previous: Int, present: Int, next: Int) -> Int {
        if next - present == 356 { return 2 }
        if present - previous == 382 { return 1 }
        return 0
    }

    /// The day number of 1 Tishri `year` (Rosh Hashanah).
    static func newYear(_ year: Int) -> Int {
        epoch + elapsedDays(year) + yearLengthCorrection(year)
    }

    /// The year containing `day`, from a close estimate corrected by at most two steps.
    static func year(containing day: Int) -> Int {
        // Mean year: 35,975,351 / 98,496 days.
        var year = ((day - epoch) * 98_496).floorDivided(by: 35_975_351) + 1
        while newYear(year) > day { year -= 1 }
        while newYear(year + 1) <= day { year += 1 }
        return year
    }

    /// Month lengths of a year from its length: Heshvan is 30 days in a
    /// complete year (355/385), Kislev 29 in a deficient one (353/383).
    static func monthLengths(yearLength: Int, leap: Bool) -> [Int] {
        let heshvan = yearLength % 10 == 5 ? 30 : 29
        let kislev = yearLength % 10 == 3 ? 29 : 30
        return leap
            ? [30, heshvan, kislev, 29, 30, 30, 29, 30, 29, 30, 29, 30, 29]
            : [30, heshvan, kislev, 29, 30, 29, 30, 29, 30, 29, 30, 29]
    }

    /// The month code of the `month`-th month of a year.
    @inline(__always)
    static func monthCode(month: Int, leap: Bool) -> MonthCode {
        if leap {
            if month == 6 { return MonthCode(5, isLeap: true) }
            return MonthCode(month < 6 ? month : month - 1)
        }
        return MonthCode(month)
    }

    /// The position of `code` in a year, or nil (Adar I in a common year).
    @inline(__always)
    static func month(of code: MonthCode, leap: Bool) -> Int? {
        if code.isLeap { return leap && code.number == 5 ? 6 : nil }
        guard (1...12).contains(code.number) else { return nil }
        return leap && code.number >= 6 ? code.number + 1 : code.number
    }
}

extension HebrewMath {
    /// The shape of a year: whether it is leap (Adar I), complete (Heshvan
    /// has 30 days) or deficient (Kislev has 29).
    struct YearShape: Equatable {
        let isLeap: Bool
        let isComplete: Bool
        let isDeficient: Bool

        /// The shape of a year of `length` days (353 ... 355, 383 ... 385).
        @inline(__always)
        init(length: Int) {
            isLeap = length > 360
            let kind = isLeap ? length &- 380 : length &- 350
            isComplete = kind == 5
            isDeficient = kind == 3
        }
    }

    /// Days from 1 Tishri to the first of `month` (1-based; `monthCount + 1`
    /// gives the year length), by arithmetic: a regular common year
    /// alternates 30 and 29 days from Tishri, so month k starts
    /// ceil(29.5 (k - 1)); a complete year's Heshvan gains a day, a deficient
    /// year's Kislev loses one, and a leap year inserts Adar I's 30 days
    /// before Adar (II).
    @inline(__always)
    static func daysBefore(month: Int, in shape: YearShape) -> Int {
        var before = UInt(bitPattern: month &- 1)
        var leapDays: UInt = 0
        if shape.isLeap && before >= 6 {
            before &-= 1
            leapDays = 30
        }
        var days = ((59 &* before &+ 1) >> 1) &+ leapDays
        if shape.isComplete && before >= 2 { days &+= 1 }
        if shape.isDeficient && before >= 3 { days &-= 1 }
        return Int(bitPattern: days)
    }
}
