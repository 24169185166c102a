/// Hebrew birthdays and yahrzeits (anniversaries of a death): the day a
/// birth or death is remembered in a later Hebrew year, by the rules of
/// Reingold & Dershowitz, *Calendrical Calculations* ("hebrew-birthday" and
/// "hebrew-yahrzeit"), which hebcal follows too.
///
/// The rules start from the same month and day in the target year, and differ
/// only where the target year lacks that day: Heshvan and Kislev have 29 or
/// 30 days depending on the year, and only a leap year has Adar I (`M05L`);
/// Adar (`M06`) is Adar II in a leap year. A day the rule leaves past its
/// month's end is the next day (the rules count from the month's first day),
/// so every result lies in the target year.
///
///     let death = try Calendars.hebrew.date(year: 5784, monthCode: MonthCode(5, isLeap: true), day: 30)
///     try HebrewAnniversary.yahrzeit(of: death, inYear: 5785)   // 30 Shevat 5785, 2025-02-28
public enum HebrewAnniversary {
    /// Which anniversary: of a birth or of a death.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// The Hebrew birthday ("hebrew-birthday"), also used for other
        /// anniversaries such as a bar or bat mitzvah.
        case birthday
        /// The anniversary of a death ("hebrew-yahrzeit").
        case yahrzeit
    }

    /// The `kind` anniversary of `date` in Hebrew year `year`; see
    /// `birthday(of:inYear:)` and `yahrzeit(of:inYear:)`.
    public static func date(_ kind: Kind, of date: CalendarDate, inYear year: Int) throws(ConversionError) -> CalendarDate {
        switch kind {
        case .birthday: try birthday(of: date, inYear: year)
        case .yahrzeit: try yahrzeit(of: date, inYear: year)
        }
    }

    /// The Hebrew birthday, in Hebrew year `year`, of a birth on `date` (a
    /// date of any calendar; its day is read in the Hebrew calendar).
    ///
    /// - Born in Adar (`M06`, Adar II in a leap year): day d of Adar, or of
    ///   Adar II in a leap year (every Adar and Adar II has 29 days).
    /// - Born in Adar I (`M05L`): Adar I in a leap year, Adar in a common
    ///   one, where 30 Adar I becomes the day after 29 Adar: 1 Nisan.
    /// - Otherwise the same month and day; 30 Heshvan or 30 Kislev in a
    ///   year where that month has 29 days is the next day (1 Kislev, 1 Tevet).
    ///
    /// Throws `.yearOutOfRange` for a year outside the Hebrew supported years,
    /// `.dayNumberOutOfRange` when `date` or the result lies outside the
    /// supported days (ISO -9999 ... 9999).
    public static func birthday(of date: CalendarDate, inYear year: Int) throws(ConversionError) -> CalendarDate {
        let birth = try hebrew(date)
        try Calendars.hebrew.checkYear(year)
        let code = birth.monthCode
        // CC: a birth in the last month of its year (Adar, or Adar II: `M06`
        // either way) is kept in the last month of the target year (`M06`).
        if code == adar {
            return try day(birth.day, of: adar, inYear: year)
        }
        return try day(birth.day, of: firstAdarOrAdar(code, inYear: year), inYear: year)
    }

    /// The yahrzeit, in Hebrew year `year`, of a death on `date` (a date of
    /// any calendar; its day is read in the Hebrew calendar).
    ///
    /// - Death on 30 Heshvan, when the year after the death had no 30 Heshvan:
    ///   the day before 1 Kislev (29 or 30 Heshvan, as the target year has).
    /// - Death on 30 Kislev, when the year after the death had no 30 Kislev:
    ///   the day before 1 Tevet.
    /// - Death in Adar II (`M06` of a leap year): Adar II in a leap year,
    ///   Adar in a common one.
    /// - Death on 30 Adar I (`M05L`) and a common target year: 30 Shevat.
    /// - Otherwise the same month and day, where Adar I of the death year
    ///   (`M05L`) or Adar of a common death year (`M06`) is Adar I in a leap
    ///   target year and Adar in a common one; a day past the month's end
    ///   (30 Heshvan or 30 Kislev of a death whose first anniversary had it)
    ///   is the next day (1 Kislev, 1 Tevet).
    ///
    /// Throws as `birthday(of:inYear:)` does.
    public static func yahrzeit(of date: CalendarDate, inYear year: Int) throws(ConversionError) -> CalendarDate {
        let death = try hebrew(date)
        try Calendars.hebrew.checkYear(year)
        let code = death.monthCode
        let calendar = Calendars.hebrew
        // The Heshvan and Kislev rules look at the first anniversary's year,
        // not the target year. `death.year + 1` is at most one past the
        // supported years, which the calendar's arithmetic still answers.
        let nextYearLength = calendar.daysInYear(death.year + 1)
        if code == heshvan && death.day == 30 && !HebrewMath.YearShape(length: nextYearLength).isComplete {
            return try day(0, of: kislev, inYear: year)
        }
        if code == kislev && death.day == 30 && HebrewMath.YearShape(length: nextYearLength).isDeficient {
            return try day(0, of: tevet, inYear: year)
        }
        if code == adar && calendar.isLeapYear(death.year) {
            return try day(death.day, of: adar, inYear: year)
        }
        if code == adarI && death.day == 30 && !calendar.isLeapYear(year) {
            return try day(30, of: shevat, inYear: year)
        }
        return try day(death.day, of: firstAdarOrAdar(code, inYear: year), inYear: year)
    }

    // MARK: - The rules' arithmetic

    private static let heshvan = MonthCode(2)
    private static let kislev = MonthCode(3)
    private static let tevet = MonthCode(4)
    private static let shevat = MonthCode(5)
    private static let adarI = MonthCode(5, isLeap: true)
    private static let adar = MonthCode(6)

    /// `date`'s day in the standard Hebrew engine.
    private static func hebrew(_ date: CalendarDate) throws(ConversionError) -> CalendarDate {
        try Calendars.hebrew.date(dayNumber: date.dayNumber)
    }

    /// CC numbers the months from Nisan, so its month 12 is Adar I in a leap
    /// year and Adar in a common one, and "the same month" of a month-12
    /// event follows that number: Adar I (`M05L`) becomes Adar in a common
    /// target year, and (for a yahrzeit) Adar of a common year becomes Adar I
    /// in a leap one. Every other code is kept.
    private static func firstAdarOrAdar(_ code: MonthCode, inYear year: Int) -> MonthCode {
        guard code == adarI || code == adar else { return code }
        return Calendars.hebrew.isLeapYear(year) ? adarI : adar
    }

    /// The `day`-th day counted from the first of `code` in `year` (day 0 is
    /// the day before the first; day 30 of a 29-day month the first of the
    /// next), as CC's fixed-from-hebrew counts. `year` is checked already and
    /// `day` is 0 ... 30, so the arithmetic cannot overflow.
    private static func day(_ day: Int, of code: MonthCode, inYear year: Int) throws(ConversionError) -> CalendarDate {
        let calendar = Calendars.hebrew
        guard let month = calendar.month(of: code, inYear: year) else {
            // Unreachable: the rules only ask for months the year has.
            throw .monthCodeNotInYear(calendar.id, year: year, monthCode: code, detail: calendar.missingMonthDetail(code, year: year, codes: []))
        }
        return try calendar.date(dayNumber: calendar.dayNumber(year: year, month: month, day: 1) + day - 1)
    }
}
