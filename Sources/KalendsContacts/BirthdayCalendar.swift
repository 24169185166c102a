import Kalends
import KalendsICalendar

/// Contacts' birthdays, anniversaries and death anniversaries as an
/// iCalendar calendar: one all-day yearly event each, in the calendar the
/// date is kept in (RFC 7529's RSCALE, with SKIP where the day is missing
/// some years), so that any RFC 7529 reader (Kalends' agenda) finds them on
/// the days `Birthdays` gives, year after year.
///
/// - Gregorian: `FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15`; 29 February with
///   `RSCALE=GREGORIAN` and `SKIP=BACKWARD` (28 February) or `FORWARD` (1 March).
/// - Hebrew birthdays: `RSCALE=HEBREW;...;SKIP=FORWARD` (Adar I in Adar of a
///   common year, 30 Heshvan or Kislev on the next day); yahrzeits by their
///   rules (`BYMONTHDAY=-1` for a 30 Heshvan or Kislev death whose first
///   anniversary had no 30th, Adar of a common death year in Adar I of leap
///   years, 30 Adar I on 30 Shevat).
/// - The other calendars: `RSCALE=...;SKIP=BACKWARD` (a leap month the year
///   lacks: the regular month; a missing 30th: the 29th).
public enum BirthdayCalendar {
    /// The calendar of `contacts`' dates; `stamp`: DTSTAMP (UTC).
    /// - Throws: `ConversionError` for a date outside the supported years.
    public static func iCalendar(_ contacts: [Contact], february29: Birthdays.February29 = .february28, stamp: Instant) throws(ConversionError) -> String {
        let writer = ICalendarWriter()
        var bytes = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Kalends//Birthdays//EN\r\n".utf8)
        bytes += writer.line(ICalendarProperty("X-WR-CALNAME", text: "Birthdays"))
        for contact in contacts {
            var dates: [(VCardDate, ContactAnniversary.Kind, String)] = []
            if let birthday = contact.birthday { dates.append((birthday, .birthday, "birthday")) }
            for (index, other) in contact.alternateBirthdays.enumerated() { dates.append((other, .birthday, "birthday-\(index + 1)")) }
            if let anniversary = contact.anniversary { dates.append((anniversary, .anniversary, "anniversary")) }
            if let death = contact.deathDate { dates.append((death, .deathday, "deathday")) }
            for (date, kind, key) in dates {
                guard let event = try event(for: date, kind: kind, contact: contact, key: key, february29: february29, stamp: stamp) else { continue }
                bytes += writer.component(event)
            }
        }
        bytes += Array("END:VCALENDAR\r\n".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The VEVENT of one date; nil for one that recurs on no day (no month or day, a text).
    static func event(for date: VCardDate, kind: ContactAnniversary.Kind, contact: Contact, key: String,
                      february29: Birthdays.February29, stamp: Instant) throws(ConversionError) -> ICalendarComponent? {
        guard date.text == nil, let month = date.month, let day = date.day else { return nil }
        guard let rule = try rule(for: date, month: month, day: day, kind: kind, february29: february29) else { return nil }
        // DTSTART: the date itself when its year is known, else its first day from 1970 on.
        let calendar = try Calendars.system(date.calendar)
        let start: Int
        if let year = date.year, let exact = try? calendar.date(year: year, monthCode: month, day: day) {
            start = exact.dayNumber
        } else {
            let from = try ISODate(year: 1970, month: 1, day: 1).dayNumber
            guard let first = try Birthdays.days(of: VCardDate(calendar: date.calendar, year: nil, month: month, day: day), kind: kind,
                                                 from: from, to: from + 800, february29: february29).first else { return nil }
            start = first.0
        }
        let uid = (contact.uid ?? contact.name) + "-" + key + "@birthdays.kalends"
        let what = kind == .deathday ? "death anniversary" : kind.rawValue
        var properties = [
            ICalendarProperty("UID", text: uid),
            ICalendarProperty("DTSTAMP", time: .utc(stamp)),
            ICalendarProperty("DTSTART", time: .date(ISODate(dayNumber: start))),
            ICalendarProperty(rule: rule),
            ICalendarProperty("SUMMARY", text: contact.name + ": " + what),
            ICalendarProperty("DESCRIPTION", text: "\(what.prefix(1).uppercased() + what.dropFirst()) of \(contact.name), \(date)"),
            ICalendarProperty("TRANSP", text: "TRANSPARENT"),
        ]
        properties.append(ICalendarProperty("CATEGORIES", texts: ["Birthdays"]))
        return ICalendarComponent(name: "VEVENT", properties: properties, components: [])
    }

    /// The yearly rule of a date.
    static func rule(for date: VCardDate, month: MonthCode, day: Int, kind: ContactAnniversary.Kind,
                     february29: Birthdays.February29) throws(ConversionError) -> RecurrenceRule? {
        let byMonth = "\(month.number)\(month.isLeap ? "L" : "")"
        var text: String
        switch date.calendar {
        case .gregorian, .iso8601, .buddhist, .japanese, .roc:
            // Their months and days are the Gregorian ones.
            if month == MonthCode(2) && day == 29 {
                text = "RSCALE=GREGORIAN;FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;SKIP=" + (february29 == .march1 ? "FORWARD" : "BACKWARD")
            } else {
                text = "FREQ=YEARLY;BYMONTH=\(month.number);BYMONTHDAY=\(day)"
            }
        case .hebrew:
            text = try hebrewRule(month: month, day: day, year: kind == .deathday ? date.year : nil)
        default:
            text = "RSCALE=\(date.calendar.rawValue.uppercased());FREQ=YEARLY;BYMONTH=\(byMonth);BYMONTHDAY=\(day);SKIP=BACKWARD"
        }
        do {
            return try RecurrenceRule(parsing: text)
        } catch {
            return nil
        }
    }

    /// A Hebrew birthday's rule, or (`deathYear` given) a yahrzeit's, as `HebrewAnniversary` gives them.
    static func hebrewRule(month: MonthCode, day: Int, year deathYear: Int?) throws(ConversionError) -> String {
        let prefix = "RSCALE=HEBREW;FREQ=YEARLY;"
        guard let year = deathYear else {
            return prefix + "BYMONTH=\(month.number)\(month.isLeap ? "L" : "");BYMONTHDAY=\(day);SKIP=FORWARD"
        }
        let hebrew = Calendars.hebrew
        func monthLength(_ code: MonthCode, _ year: Int) -> Int {
            guard let codes = try? hebrew.monthCodes(inYear: year), let index = codes.firstIndex(of: code) else { return 30 }
            return hebrew.daysInMonth(year: year, month: index + 1)
        }
        let heshvan = MonthCode(2), kislev = MonthCode(3), adarI = MonthCode(5, isLeap: true), adar = MonthCode(6)
        if (month == heshvan || month == kislev) && day == 30 && monthLength(month, year + 1) < 30 {
            return prefix + "BYMONTH=\(month.number);BYMONTHDAY=-1"
        }
        if month == adar && hebrew.isLeapYear(year) {
            return prefix + "BYMONTH=6;BYMONTHDAY=\(day);SKIP=FORWARD"
        }
        if month == adarI && day == 30 {
            return prefix + "BYMONTH=5L;BYMONTHDAY=30;SKIP=BACKWARD"
        }
        if month == adarI || month == adar {
            return prefix + "BYMONTH=5L;BYMONTHDAY=\(day);SKIP=FORWARD"
        }
        return prefix + "BYMONTH=\(month.number);BYMONTHDAY=\(day);SKIP=FORWARD"
    }
}
