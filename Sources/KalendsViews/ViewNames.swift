import Kalends

/// The words and numerals of views in a locale, from ICU (`LocalizedDateFormat`):
/// a month's title in its calendar (`אדר ב׳ תשפ״ד`, `März 2024`), the weekdays'
/// short names, a day's title and a week column's heading, day numbers in the
/// locale's digits, and whether the locale is written right to left (then
/// the views are drawn right to left). `english` is Kalends' own English,
/// which the views use without a locale.
public struct ViewNames: Sendable {
    /// The locale (ICU id) the names are of.
    public let locale: String
    /// Whether the locale is written right to left (the views are then drawn right to left).
    public let isRightToLeft: Bool
    let monthTitle: LocalizedDateFormat?
    let dayTitle: LocalizedDateFormat?
    let shortDay: LocalizedDateFormat?
    let weekday: LocalizedDateFormat?
    let numerals: LocalizedDateFormat?
    let alsoMonth: LocalizedDateFormat?

    /// Kalends' English (no ICU names).
    public static let english = ViewNames()

    private init() {
        locale = "en"
        isRightToLeft = false
        monthTitle = nil
        dayTitle = nil
        shortDay = nil
        weekday = nil
        numerals = nil
        alsoMonth = nil
    }

    /// The names of `locale` for a month of `calendar` (and days numbered also in `also`).
    /// - Throws: `FormatError` for a locale ICU has no data for.
    public init(locale: String, calendar: CalendarID = .gregorian, also: CalendarID? = nil) throws(FormatError) {
        self.locale = locale
        let language = locale.prefix { $0.isLetter }.lowercased()
        isRightToLeft = ["ar", "he", "iw", "fa", "ur", "ps", "yi", "dv", "ckb", "sd", "ug"].contains(language)
        monthTitle = try LocalizedDateFormat(locale: locale, calendar: calendar, skeleton: "yMMMM")
        dayTitle = try LocalizedDateFormat(locale: locale, calendar: .gregorian, skeleton: "yMMMMEEEEd")
        shortDay = try LocalizedDateFormat(locale: locale, calendar: .gregorian, skeleton: "MMMEd")
        weekday = try LocalizedDateFormat(locale: locale, calendar: .gregorian, pattern: "ccc")
        numerals = try LocalizedDateFormat(locale: locale, calendar: calendar, pattern: "d")
        alsoMonth = try also.map { (id) throws(FormatError) in try LocalizedDateFormat(locale: locale, calendar: id, skeleton: "MMM") }
    }

    /// `Monday 2024-03-18`, or the locale's full date.
    public func dayTitle(_ dayNumber: Int) -> String {
        guard let dayTitle, let date = try? GregorianCalendar().date(dayNumber: dayNumber), let text = try? dayTitle.string(from: date) else {
            return ViewText.weekdays[DayNumber.isoWeekday(dayNumber) - 1] + " " + ISODate(dayNumber: dayNumber).description
        }
        return text
    }

    /// `Mon 3-18`, or the locale's weekday, month and day.
    public func shortDay(_ dayNumber: Int) -> String {
        guard let shortDay, let date = try? GregorianCalendar().date(dayNumber: dayNumber), let text = try? shortDay.string(from: date) else {
            let date = ISODate(dayNumber: dayNumber)
            return String(ViewText.weekdays[DayNumber.isoWeekday(dayNumber) - 1].prefix(3)) + " " + String(date.month) + "-" + String(date.day)
        }
        return text
    }

    /// The short name of ISO weekday `weekday` (1 = Monday).
    public func weekdayName(_ weekday: Int) -> String {
        // 2024-01-01 was a Monday.
        guard let format = self.weekday, let date = try? GregorianCalendar().date(dayNumber: 19_723 + weekday - 1),
              let text = try? format.string(from: date) else {
            return String(ViewText.weekdays[(weekday - 1) % 7].prefix(3))
        }
        return text
    }

    /// The month's name and year in its calendar.
    public func monthTitle(_ first: CalendarDate) -> String {
        guard let monthTitle, let text = try? monthTitle.string(from: first) else { return ViewText.englishMonthTitle(first) }
        return text
    }

    /// A day number in the locale's digits.
    public func number(_ value: Int) -> String {
        guard let numerals, let text = try? numerals.numeral(value) else { return String(value) }
        return text
    }

    /// The short name of a second calendar's month, where its days begin a month.
    public func alsoMonthName(_ date: CalendarDate) -> String {
        guard let alsoMonth, let text = try? alsoMonth.string(from: date) else { return ViewText.shortMonth(date) }
        return text
    }
}
