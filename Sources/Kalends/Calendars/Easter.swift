/// The date of Easter Sunday by the ecclesiastical computus: the first
/// Sunday after the paschal full moon, the tabular full moon on or after
/// 21 March (the fixed equinox), which is why Easter falls between 22 March
/// and 25 April in the calendar whose computus is used.
///
/// - The Gregorian computus (Western churches, from 1583, the first year the
///   1582 reform's lunar tables governed a whole year), in the Gregorian
///   calendar: the "anonymous" algorithm of Meeus, Jones and Butcher.
/// - The Julian computus (Eastern Orthodox churches, and everyone before
///   1583), in the Julian calendar: Meeus's Julian algorithm, converted to
///   the proleptic Gregorian calendar through `JulianCalendar`.
///
///     try Easter.gregorian(2024)              // 2024-03-31
///     try Easter.julian(2024).julian          // julian 2024-04-22
///     try Easter.julian(2024).gregorian       // 2024-05-05
public enum Easter {
    /// Which computus, and so which churches' Easter.
    public enum Computus: String, CaseIterable, Hashable, Sendable {
        /// The Gregorian computus of the 1582 reform (Western churches).
        case gregorian
        /// The Julian computus of the early church (Eastern Orthodox churches).
        case julian

        /// The years this computus is defined for here: from the reform (1583)
        /// or year 1 to 9999, the last year Kalends supports.
        public var years: ClosedRange<Int> {
            switch self {
            case .gregorian: 1583...9999
            case .julian: 1...9999
            }
        }
    }

    /// Easter Sunday in `year` by the Gregorian computus, years 1583 ... 9999.
    ///
    /// Throws `EasterError.yearOutOfRange` for other years (before 1583 the
    /// Gregorian lunar tables did not govern a whole year).
    public static func gregorian(_ year: Int) throws(EasterError) -> ISODate {
        try check(year, .gregorian)
        // Meeus, Jones and Butcher: the moon's age from the Metonic cycle and
        // the century's solar and lunar corrections, then the weekday.
        let metonic = year % 19
        let century = year / 100, yearOfCentury = year % 100
        let leapCenturies = century / 4, centuryInCycle = century % 4
        let lunarCorrection = (century + 8) / 25
        let moonShift = (century - lunarCorrection + 1) / 3
        // Days from 21 March to the paschal full moon (before the two exceptions
        // below); century - leapCenturies grows by one with each century leap
        // day the reform drops.
        let toFullMoon = (19 * metonic + century - leapCenturies - moonShift + 15) % 30
        let leapYears = yearOfCentury / 4, yearInLeapCycle = yearOfCentury % 4
        // Days from the full moon to the Sunday after it, less one.
        let toSunday = (32 + 2 * centuryInCycle + 2 * leapYears - toFullMoon - yearInLeapCycle) % 7
        // 1 when the Sunday would land on 26 April, or on 25 April in the
        // years whose epact the tables move: a week earlier instead.
        let weekBack = (metonic + 11 * toFullMoon + 22 * toSunday) / 451
        let (month, day) = monthAndDay(toFullMoon + toSunday - 7 * weekBack)
        return ISODate(dayNumber: GregorianMath.dayNumber(year: year, month: month, day: day))
    }

    /// Easter Sunday in `year` by the Julian computus, years 1 ... 9999: the
    /// date in the Julian calendar, and the same day in the proleptic
    /// Gregorian calendar (13 days later in 1900 ... 2099).
    ///
    /// Throws `EasterError.yearOutOfRange` for other years.
    public static func julian(_ year: Int) throws(EasterError) -> (julian: CalendarDate, gregorian: ISODate) {
        try check(year, .julian)
        // Meeus: the paschal full moon is 21 March + toFullMoon (Julian), and
        // the Julian weekday follows from the year's place in the 4- and 7-year cycles.
        let toFullMoon = (19 * (year % 19) + 15) % 30
        let toSunday = (2 * (year % 4) + 4 * (year % 7) - toFullMoon + 34) % 7
        let (month, day) = monthAndDay(toFullMoon + toSunday)
        let date: CalendarDate
        do {
            date = try julianCalendar.date(year: year, month: month, day: day)
        } catch {
            throw .conversion(error)
        }
        return (date, date.iso)
    }

    /// Easter Sunday in `year` by `computus`, as its proleptic Gregorian date.
    public static func date(_ computus: Computus, year: Int) throws(EasterError) -> ISODate {
        switch computus {
        case .gregorian: try gregorian(year)
        case .julian: try julian(year).gregorian
        }
    }

    private static let julianCalendar = JulianCalendar()

    private static func check(_ year: Int, _ computus: Computus) throws(EasterError) {
        guard computus.years.contains(year) else {
            throw .yearOutOfRange(computus, year: year, allowed: computus.years)
        }
    }

    /// The day `days` after 22 March (0 ... 34) as a month and day.
    private static func monthAndDay(_ days: Int) -> (month: Int, day: Int) {
        days <= 9 ? (3, 22 + days) : (4, days - 9)
    }
}
