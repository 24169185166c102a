/// A day in one calendar: its day number plus the fields that calendar gives it.
///
/// Build one through a `CalendarSystem` (`try Calendars.hebrew.date(dayNumber:)`);
/// the fields are always consistent with `dayNumber`.
public struct CalendarDate: Hashable, Comparable, Sendable, Codable {
    /// The calendar the fields belong to.
    public let calendar: CalendarID
    /// Days since 1970-01-01; see `DayNumber`.
    public let dayNumber: Int
    /// Temporal's arithmetic year (related Gregorian year for Chinese and Dangi).
    public let year: Int
    /// The month's position in its year (1-based, leap months counted).
    public let month: Int
    /// The month's identity.
    public let monthCode: MonthCode
    /// Day of the month, from 1.
    public let day: Int
    /// Era number, year in era and era code.
    public let era: Era

    init(calendar: CalendarID, dayNumber: Int, year: Int, month: Int, monthCode: MonthCode, day: Int, era: Era) {
        self.calendar = calendar
        self.dayNumber = dayNumber
        self.year = year
        self.month = month
        self.monthCode = monthCode
        self.day = day
        self.era = era
    }

    /// `DateComponents.month` as Foundation numbers it (Hebrew: 6 Adar I, 7 Adar/Adar II).
    public var foundationMonth: Int { MonthNumbering.foundationMonth(monthCode, in: calendar) }

    /// `DateComponents.isLeapMonth` as Foundation gives it: true for a Chinese
    /// or Dangi leap month; false for Hebrew Adar I, which Foundation numbers 6
    /// instead (its month code `M05L` still says it is the leap month).
    public var isLeapMonth: Bool { monthCode.isLeap && calendar != .hebrew }

    /// ISO weekday: 1 = Monday ... 7 = Sunday.
    public var weekday: Int { DayNumber.isoWeekday(dayNumber) }

    /// The Julian Day Number of the day (the integer JD at its noon).
    public var julianDay: Int { dayNumber + DayNumber.julianDayOfEpoch }

    /// The same day in the proleptic Gregorian calendar.
    public var iso: ISODate { ISODate(dayNumber: dayNumber) }

    /// Dates order by day number; the calendar breaks ties.
    public static func < (a: CalendarDate, b: CalendarDate) -> Bool {
        a.dayNumber != b.dayNumber ? a.dayNumber < b.dayNumber : a.calendar.rawValue < b.calendar.rawValue
    }
}
