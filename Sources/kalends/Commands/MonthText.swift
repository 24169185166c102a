import Kalends

/// How `month` writes the words and numbers of its grids: as `cal` does in
/// English (two-letter weekdays, ASCII digits, two columns a day), or, with
/// an explicit `--locale L`, as ICU writes them for L and the calendar drawn:
/// the titles (`MonthTitles`), the weekday row (CLDR's short standalone names
/// when they fit two columns, `א׳` `ב׳` in he, `日` `月` in ja, else the narrow
/// ones, `ح` `ن` in ar) and the day and week numbers in the locale's numbering
/// system (`١٥` in ar, `۱۵` in fa, `ט״ו` in he-u-nu-hebr). Cells widen, all
/// alike, when a locale's numerals or names are wider than two columns.
struct MonthText {
    /// The weekday row's names, Monday first.
    let weekdays: [String]
    /// Columns of a day's cell.
    let cellWidth: Int
    /// Columns of a week number (`--week-numbers`).
    let weekNumberWidth: Int
    /// The locale's text of each day and week number shown; empty: ASCII digits.
    let numerals: [Int: String]
    /// The locale's titles; nil: the English ones.
    let titles: MonthTitles?

    /// `cal`'s text: the default, whatever the environment's locale.
    static let english = MonthText(weekdays: ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"], cellWidth: 2, weekNumberWidth: 2,
                                   numerals: [:], titles: nil)

    /// The width of a month's grid: seven cells, one blank between each two.
    var gridWidth: Int { 7 * cellWidth + 6 }

    func number(_ value: Int) -> String { numerals[value] ?? String(value) }

    /// The text of `grids` (drawn in `calendar`): English without `--locale`.
    static func read(_ arguments: ParsedArguments, calendar: any CalendarSystem, grids: [MonthGrid]) throws -> MonthText {
        guard let titles = try MonthTitles.read(arguments, calendar: calendar), let first = grids.first else { return .english }
        let locale = titles.monthYear.locale
        do {
            let short = try LocalizedDateFormat(locale: locale, calendar: titles.monthYear.calendar, pattern: "cccccc")
            let narrow = try LocalizedDateFormat(locale: locale, calendar: titles.monthYear.calendar, pattern: "ccccc")
            let week = try weekDates(from: first.first, in: calendar)
            let shortNames = try week.map { date throws(FormatError) in try short.string(from: date) }
            let narrowNames = try week.map { date throws(FormatError) in try narrow.string(from: date) }
            // Short names as cal prints them where they fit its two columns; else the narrow ones, if narrower.
            let shortWidth = widest(shortNames), narrowWidth = widest(narrowNames)
            let names = shortWidth <= 2 || narrowWidth >= shortWidth ? shortNames : narrowNames
            var numerals: [Int: String] = [:]
            let days = 1...Swift.max(1, grids.map(\.length).max() ?? 1)
            let weeks = Set(grids.flatMap { grid in grid.weeks.map(\.weekOfYear.week) })
            for value in Set(days).union(weeks) { numerals[value] = try short.numeral(value) }
            let dayWidth = widest(days.compactMap { numerals[$0] })
            let weekWidth = widest(weeks.compactMap { numerals[$0] })
            // Monday first: the dates of `week` start on any weekday.
            var weekdays = Array(repeating: "", count: 7)
            for (date, name) in zip(week, names) { weekdays[date.weekday - 1] = name }
            return MonthText(weekdays: weekdays, cellWidth: Swift.max(2, dayWidth, widest(names)), weekNumberWidth: Swift.max(2, weekWidth),
                             numerals: numerals, titles: titles)
        } catch {
            throw InputError(.option(LocaleOption.name), input: LocaleOption.typed(arguments), underlying: error)
        }
    }

    /// Seven consecutive dates of `calendar` from `first`'s day (or the week
    /// before it, at the end of the calendar's range): one of each weekday.
    static func weekDates(from first: CalendarDate, in calendar: any CalendarSystem) throws -> [CalendarDate] {
        do {
            return try (0..<7).map { offset throws in try calendar.date(dayNumber: first.dayNumber + offset) }
        } catch {
            return try (0..<7).map { offset throws in try calendar.date(dayNumber: first.dayNumber - offset) }
        }
    }

    static func widest(_ texts: [String]) -> Int {
        texts.map(DisplayWidth.of).max() ?? 0
    }
}

/// `month --locale L`: the titles as ICU writes them for L and the calendar
/// (`yMMMM`: "אדר ב׳ תשפ״ד", "2024年3月"; `LLLL` under a year view, whose
/// title is `y`). Without an explicit --locale, the English titles.
struct MonthTitles {
    let monthYear: LocalizedDateFormat
    let month: LocalizedDateFormat
    let yearOnly: LocalizedDateFormat

    static func read(_ arguments: ParsedArguments, calendar: any CalendarSystem) throws -> MonthTitles? {
        guard let typed = LocaleOption.typed(arguments) else { return nil }
        // C and POSIX (and their .UTF-8 forms) write as en_US_POSIX: LocalizedDateFormat maps them.
        let locale = typed
        return try LocaleOption.reading(typed) {
            guard let id = calendar.id.builtIn else { throw FormatError.unsupportedCalendar(calendar.id.key) }
            return MonthTitles(monthYear: try LocalizedDateFormat(locale: locale, calendar: id, skeleton: "yMMMM"),
                               month: try LocalizedDateFormat(locale: locale, calendar: id, skeleton: "LLLL"),
                               yearOnly: try LocalizedDateFormat(locale: locale, calendar: id, skeleton: "y"))
        }
    }

    func title(_ first: CalendarDate, in calendar: any CalendarSystem, withYear: Bool) throws -> String {
        try LocaleOption.reading(monthYear.locale) { try (withYear ? monthYear : month).string(from: first) }
    }

    func year(_ first: CalendarDate, in calendar: any CalendarSystem) throws -> String {
        try LocaleOption.reading(yearOnly.locale) { try yearOnly.string(from: first) }
    }
}
