import Kalends
import KalendsICalendar

/// One birthday, anniversary or death anniversary of a contact, on the day
/// it falls on in the calendar the date is kept in.
public struct ContactAnniversary: Hashable, Sendable {
    /// What is remembered.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case birthday, anniversary, deathday
    }

    /// The day (a day number: days since 1970-01-01).
    public var dayNumber: Int
    /// The day as a date of the calendar the contact's date is kept in.
    public var calendarDate: CalendarDate
    public var kind: Kind
    /// The calendar of the contact's date.
    public var calendar: CalendarID
    /// Years since the date, when its year is known (0 on the day itself).
    public var years: Int?
    /// The contact's UID and name.
    public var uid: String?
    public var name: String
    /// Apple's label of an X-ABDATE ("Wedding"), when the date is one.
    public var label: String?
}

/// The days contacts' dates recur on, each in its own calendar.
///
/// - Gregorian (and any calendar whose months are fixed): the same month and
///   day; a day the year's month lacks is its last day (29 February is 28
///   February in a common year, or 1 March with `february29: .march1`).
/// - Hebrew: the rules `kalends anniversary` uses (`HebrewAnniversary`):
///   Adar I births in Adar of a common year, 30 Heshvan or Kislev on the
///   next day when the month has 29, a death by the yahrzeit rules.
/// - Chinese and Dangi: the same month; a leap-month birth in the regular
///   month of that number when the year has no such leap month; the 30th of
///   a 29-day month on the 29th.
/// - Islamic and the others: the same month, the 30th of a 29-day month on the 29th.
/// - A date without a year has no `years`; a date without a month or a day
///   (`1985`, `---12`) recurs on no day and is passed over.
///
///     let days = try Birthdays.occurrences(of: contacts, from: today, to: today + 30)
public enum Birthdays {
    /// Where a 29 February falls in a common year.
    public enum February29: String, Hashable, Sendable, CaseIterable {
        /// 28 February (the default: the day stays in the month, as iOS,
        /// Nextcloud's BirthdayService and most calendars show it).
        case february28
        /// 1 March (the day after 28 February, as some countries count legal age).
        case march1
    }

    /// Every birthday, anniversary and death anniversary of `contacts` on
    /// the days `[from, to)` (day numbers), by day, then name.
    /// - Throws: `ConversionError` for a window outside the calendars' supported years.
    public static func occurrences(of contacts: [Contact], from: Int, to: Int, february29: February29 = .february28)
        throws(ConversionError) -> [ContactAnniversary] {
        guard from < to else { return [] }
        // The contacts' days found on the machine's cores in chunks of their order, joined in that order (then sorted).
        let parts = Parallel.chunks(count: contacts.count, minimumChunk: 2_000) { range -> Result<[ContactAnniversary], ConversionError> in
            do throws(ConversionError) {
                return .success(try occurrences(of: contacts[range], from: from, to: to, february29: february29))
            } catch {
                return .failure(error)
            }
        }
        var found: [ContactAnniversary] = []
        for part in parts {
            switch part {
            case .success(let days): found += days
            case .failure(let error): throw error
            }
        }
        return found.sorted { ($0.dayNumber, $0.name, $0.kind.rawValue) < ($1.dayNumber, $1.name, $1.kind.rawValue) }
    }

    /// The days of `contacts`, in their order.
    static func occurrences(of contacts: ArraySlice<Contact>, from: Int, to: Int, february29: February29) throws(ConversionError) -> [ContactAnniversary] {
        var found: [ContactAnniversary] = []
        for contact in contacts {
            var dates: [(VCardDate, ContactAnniversary.Kind, String?)] = []
            if let birthday = contact.birthday { dates.append((birthday, .birthday, nil)) }
            for other in contact.alternateBirthdays { dates.append((other, .birthday, nil)) }
            if let anniversary = contact.anniversary { dates.append((anniversary, .anniversary, nil)) }
            if let death = contact.deathDate { dates.append((death, .deathday, nil)) }
            for other in contact.otherDates {
                let isAnniversary = other.label.map { ["anniversary", "wedding"].contains($0.lowercased()) } ?? false
                if isAnniversary { dates.append((other.date, .anniversary, other.label)) }
            }
            for (date, kind, label) in dates {
                for (dayNumber, calendarDate, years) in try days(of: date, kind: kind, from: from, to: to, february29: february29) {
                    found.append(ContactAnniversary(dayNumber: dayNumber, calendarDate: calendarDate, kind: kind, calendar: date.calendar,
                                                    years: years, uid: contact.uid, name: contact.name, label: label))
                }
            }
        }
        return found
    }

    /// The days of `[from, to)` that `date` recurs on, with the date in its
    /// calendar and the years since.
    /// - Throws: `ConversionError` for a window outside the calendar's supported years.
    public static func days(of date: VCardDate, kind: ContactAnniversary.Kind = .birthday, from: Int, to: Int,
                            february29: February29 = .february28) throws(ConversionError) -> [(Int, CalendarDate, Int?)] {
        guard from < to, date.text == nil, let month = date.month, let day = date.day else { return [] }
        let calendar = try Calendars.system(date.calendar)
        let first = try calendar.date(dayNumber: from).year, last = try calendar.date(dayNumber: to - 1).year
        // A date of the calendar with this month and day, for the rules that need a whole date.
        let origin = try origin(of: date, month: month, day: day, calendar: calendar)
        var result: [(Int, CalendarDate, Int?)] = []
        for year in first...last {
            if let born = date.year, year < born { continue }
            // A yahrzeit's rules look at the year of the death: without it, a death is remembered as a birth is.
            let rules = kind == .deathday && date.year == nil ? .birthday : kind
            guard let observed = try observed(origin: origin, month: month, day: day, kind: rules, year: year, calendar: calendar,
                                              february29: february29) else { continue }
            guard observed.dayNumber >= from && observed.dayNumber < to else { continue }
            result.append((observed.dayNumber, observed, date.year.map { year - $0 }))
        }
        return result
    }

    /// The date itself when its year is known; else the same month and day in
    /// a year that has them (for the Hebrew rules, which look at the month).
    private static func origin(of date: VCardDate, month: MonthCode, day: Int, calendar: any CalendarSystem) throws(ConversionError) -> CalendarDate? {
        if let year = date.year { return try? calendar.date(year: year, monthCode: month, day: day) }
        guard date.calendar == .hebrew else { return nil }
        for year in 5780...5800 {
            if let found = try? calendar.date(year: year, monthCode: month, day: day) { return found }
        }
        return nil
    }

    /// The day `month`/`day` recurs on in `year`, by the calendar's rules; nil when it has none that year.
    private static func observed(origin: CalendarDate?, month: MonthCode, day: Int, kind: ContactAnniversary.Kind, year: Int,
                                 calendar: any CalendarSystem, february29: February29) throws(ConversionError) -> CalendarDate? {
        if calendar.id == .hebrew, let origin {
            return try HebrewAnniversary.date(kind == .deathday ? .yahrzeit : .birthday, of: origin, inYear: year)
        }
        if month == MonthCode(2) && day == 29 && february29 == .march1 && (calendar.id == .gregorian || calendar.id == .julian
            || calendar.id == .iso8601), !calendar.isLeapYear(year) {
            return try calendar.date(year: year, monthCode: MonthCode(3), day: 1)
        }
        // Temporal's constrain: a leap month the year lacks is the regular month of that number
        // (Chinese, Dangi), a day past the month's end its last day. Nil only outside the supported years.
        return try? calendar.date(year: year, monthCode: month, day: day, overflow: .constrain)
    }
}
