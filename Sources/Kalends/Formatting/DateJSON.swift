/// The JSON and long text forms of a calendar date, as `kalends convert`,
/// `add` and `month` print them (the command-line contract (Docs/CLI.md)).
///
/// ```swift
/// let hebrew = try Calendars.system(.hebrew)
/// let date = try hebrew.date(dayNumber: ISODate(year: 2024, month: 3, day: 15).dayNumber)
/// DateJSON.object(date, in: hebrew).encoded   // {"calendar":"hebrew","era":0,...}
/// ```
public enum DateJSON {
    /// English weekday names, Monday first (index = ISO weekday - 1).
    public static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The contract's object: Foundation's era/year/month/isLeapMonth/day,
    /// Temporal's monthCode and eraCode, ISO weekday, ISO date, Julian Day.
    public static func object(_ date: CalendarDate, in calendar: any CalendarSystem) -> JSONObject {
        var object = JSONObject()
        addMonthFields(of: date, in: calendar, to: &object)
        object.add("day", date.day)
        object.add("monthName", monthName(date, in: calendar))
        object.add("weekday", date.weekday)
        let iso = date.iso
        object.addDate("iso", year: iso.year, month: iso.month, day: iso.day)
        object.add("julianDay", date.julianDay)
        if calendar.hasRelatedGregorianYear {
            object.add("relatedGregorianYear", date.year)
        }
        object.add("arithmeticYear", date.year)
        object.add("ordinalMonth", date.month)
        object.add("dayOfYear", date.dayNumber - calendar.dayNumber(year: date.year, month: 1, day: 1) + 1)
        object.addDate("text", year: date.year, month: date.monthCode.number, day: date.day,
                       monthCode: calendar.hasLeapMonths ? date.monthCode.description : nil)
        return object
    }

    /// The fields that name a date's month, as Foundation gives them: calendar,
    /// era, eraCode, year, month, monthCode, isLeapMonth (shared by `convert`
    /// and `month`).
    public static func addMonthFields(of date: CalendarDate, in calendar: any CalendarSystem, to object: inout JSONObject) {
        object.add("calendar", date.calendar.key)
        object.add("era", date.era.value)
        object.add("eraCode", date.era.code)
        object.add("year", date.era.year)
        object.add("month", calendar.foundationMonth(date.monthCode))
        object.add("monthCode", date.monthCode.description)
        object.add("isLeapMonth", calendar.foundationIsLeapMonth(date.monthCode))
    }

    /// The English month name of `date` ("Adar II" in a Hebrew leap year).
    public static func monthName(_ date: CalendarDate, in calendar: any CalendarSystem) -> String {
        calendar.monthName(date.monthCode, leapYear: calendar.monthsInYear(date.year) > 12)
    }

    /// `Friday`-less long form: `5 Adar II 5784 AM`, `15 March 44 BCE`,
    /// `15 March Reiwa 6`, `6 Second Month 2024` (Chinese: related Gregorian year).
    public static func longForm(_ date: CalendarDate, in calendar: any CalendarSystem) -> String {
        "\(date.day) \(monthName(date, in: calendar)) \(calendar.longFormYear(of: date))"
    }
}
