import FoundationEssentials
import FoundationInternationalization
import Kalends
import KalendsStore

/// `kalends month`: a month grid like `cal`, in any calendar.
enum MonthCommand: Command {
    static let name = "month"
    static let summary = "Print a month grid, like cal, in any calendar."
    static let usage = "kalends month [YEAR-MONTH | YEAR] [-3] [--calendar CAL] [--from CAL] [--first-weekday N] [--locale LOCALE] [--six-rows] [--week-numbers] [--ics FILE.ics...] [--counts] [--tz ZONE] [--strict] [--json]"
    static let discussion = """
        Prints the month as weeks of seven days (today's month by default).
        YEAR-MONTH is 2024-03, 5784-M05L (month code), 5784-06 (Foundation's
        numbering: Hebrew 6 is Adar I), reiwa:6-03, or 'Adar I 5784'. A leap month
        (Adar I, a Chinese leap month) is a month of its own. 'today', 'tomorrow',
        'yesterday', 'now' and @SECONDS name the month of that date (system zone).

        YEAR alone (2024, 5784, -0044, reiwa:6) prints every month of that year of
        the calendar, three across, like cal 2024: 13 in a Hebrew or Chinese leap
        year and in the Coptic and Ethiopic years. A negative year has four digits.
        -3 prints the month before, the month (today's, or YEAR-MONTH) and the month
        after, side by side, like cal -3. With --json, one month object a line.

        YEAR-MONTH is read in --from if given, else in --calendar. With --from naming
        another calendar, the grid is the --calendar month that contains the first
        day of that --from month (2024-03 --from iso8601 --calendar hebrew: Adar I
        5784), and YEAR the --calendar year that contains the first day of that
        --from year.

        The week starts on --first-weekday (1 = Monday ... 7 = Sunday), else on the
        first weekday of --locale, else of the environment's locale (LC_ALL,
        LC_TIME, LANG). Week numbers follow the same locale's rules in the
        month's calendar; ISO weeks are in the JSON too. An explicit --locale also
        writes the grid as ICU does for that locale and calendar: the titles
        (month names, years), the weekday row (the short names where they fit two
        columns, else the narrow ones) and the day and week numbers in the locale's
        digits (ar, fa; he-u-nu-hebr for Hebrew numerals), the cells as wide as the
        widest of them. Without --locale the grid is cal's English, whatever LANG is.

        --ics FILE.ics (files or vdir folders; more files may follow it) marks each
        day that has an event: a * after the day number, or with --counts the
        number of events; JSON gives "events" in each day. Days are those of --tz
        (default: the system zone); an event marks every day it touches.

        examples:
          kalends month 2024-03
          kalends month 2024-03 --ics work.ics --counts
          kalends month 5784-M05L --calendar hebrew --first-weekday 7
          kalends month 1403-01 --calendar persian --locale fa_IR --week-numbers
          kalends month 5784-M06 --calendar hebrew --locale he
          kalends month 1445-09 --calendar islamic-umalqura --locale ar
          kalends month 2023-M02L --calendar chinese --json
          kalends month 2024-03 --from iso8601 --calendar hebrew
          kalends month 2024
          kalends month 5784 --calendar hebrew
          kalends month -3 2024-01
        """
    static let options: [OptionSpec] = [
        .flag("-3", "The month before, the month and the month after, side by side (like cal -3)."),
        .value("--calendar", "CAL", "The calendar whose month is drawn (default iso8601)."),
        .value("--from", "CAL", "Calendar YEAR-MONTH or YEAR is written in (default: --calendar)."),
        .value("--first-weekday", "N", "First day of the week: 1 = Monday ... 7 = Sunday."),
        .value("--locale", "LOCALE", "Locale for the week rules and weekend (e.g. en_US, he_IL, fa_IR), and of the names and numerals (ICU)."),
        .flag("--six-rows", "Always print six rows, as month views draw."),
        .flag("--week-numbers", "Show week numbers (text output)."),
        { var spec = OptionSpec.value("--ics", "FILE.ics", repeatable: true, "Mark the days with events of these calendar files (files or vdir folders; alone: the configured calendars)."); spec.valueOptional = true; return spec }(),
        .flag("--counts", "With --ics: the number of events of each day instead of a *."),
        .value("--tz", "ZONE", "With --ics: the zone of the days (default: the system zone)."),
        .flag("--strict", "With --ics: refuse a file with any defect (exit 1)."),
        .flag("--json", "Print JSON: one month object a line."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        // With --ics, the calendar files may follow it as positionals (`--ics a.ics b.ics`).
        let marking = !arguments.values("--ics").isEmpty
        var calendarPaths = arguments.values("--ics").filter { !$0.isEmpty }
        var positionals = arguments.positionals
        if marking {
            calendarPaths += positionals.filter(DayMarks.isCalendarPath)
            positionals.removeAll(where: DayMarks.isCalendarPath)
            // `--ics` alone: the calendars of the configuration file.
            calendarPaths = try Configured.calendarPaths(calendarPaths, command: name)
        }
        guard positionals.count <= 1 else {
            throw UsageError.tooManyArguments(command: name, maximum: 1, extra: positionals[1], usage: usage)
        }
        let (calendar, input) = try CalendarOption.arithmeticAndInput(arguments)
        let rules = try WeekRulesOption.read(arguments)
        let sixRows = arguments.flag("--six-rows")
        let typed = positionals.first
        let year: Int?
        do {
            year = try typed.flatMap { text throws in try YearArgument.read(text, in: input) }
        } catch let error as UsageError {
            throw error
        } catch {
            throw InputError(.argument("YEAR"), input: typed, underlying: error)
        }
        let grids: [MonthGrid]
        let view: View
        if let year, let typed {
            guard !arguments.flag("-3") else {
                throw UsageError.conflict("-3 takes a month (YEAR-MONTH, e.g. 2024-01), not the year \(Echo.quoted(typed)); usage: \(usage)")
            }
            do {
                grids = try yearGrids(year, of: input, in: calendar, rules: rules, sixRows: sixRows)
            } catch {
                throw InputError(.argument("YEAR"), input: typed, underlying: error)
            }
            view = .year
        } else {
            do {
                let first = try firstDayOfMonth(typed, of: input, in: calendar)
                var months = [(first.year, first.month)]
                if arguments.flag("-3") {
                    months.insert(try calendar.shiftMonth(year: first.year, month: first.month, by: -1), at: 0)
                    months.append(try calendar.shiftMonth(year: first.year, month: first.month, by: 1))
                }
                grids = try months.map { year, month throws in
                    try MonthGrid(calendar: calendar, year: year, month: month, rules: rules, sixRows: sixRows)
                }
            } catch let error as InputError {
                throw error
            } catch {
                throw InputError(.argument("YEAR-MONTH"), input: typed ?? "today", underlying: error)
            }
            view = grids.count == 1 ? .month : .threeMonths
        }
        if arguments.flag("--counts") && calendarPaths.isEmpty {
            throw UsageError.conflict("--counts counts the events of --ics FILE.ics: give the calendar files")
        }
        let marks = try calendarPaths.isEmpty ? nil : DayMarks.read(calendarPaths, arguments: arguments, grids: grids)
        if arguments.flag("--json") {
            // One object a line, each exactly the one-month view's.
            for grid in grids { output.line(json(grid, in: calendar, marks: marks).encoded) }
            return ExitStatus.success
        }
        let weekNumbers = arguments.flag("--week-numbers")
        let text = try MonthText.read(arguments, calendar: calendar, grids: grids)
        switch view {
        case .month:
            for line in try lines(of: grids[0], in: calendar, weekNumbers: weekNumbers, text: text, marks: marks) { output.line(line) }
        case .threeMonths:
            let blocks = try grids.map { grid throws in try lines(of: grid, in: calendar, weekNumbers: weekNumbers, text: text, marks: marks) }
            for line in GridColumns.lines(blocks, perRow: 3, minimumHeight: sixWeeksHigh) { output.line(line) }
        case .year:
            let blocks = try grids.map { grid throws in try lines(of: grid, in: calendar, weekNumbers: weekNumbers, withYear: false, text: text, marks: marks) }
            // Centered over the grids of a row, the gutters between them not
            // counted, as BSD cal centers it (so `month 2024` is `cal 2024`).
            let across = Swift.min(3, blocks.count) * GridColumns.width(of: blocks)
            output.line(GridColumns.centered(try yearTitle(of: grids, in: calendar, titles: text.titles), width: across))
            for line in GridColumns.lines(blocks, perRow: 3, minimumHeight: sixWeeksHigh) { output.line(line) }
        }
        return ExitStatus.success
    }

    /// What one run draws: one month, `-3`'s three, or a YEAR's months.
    enum View {
        case month, threeMonths, year
    }

    /// A title, a weekday row and six weeks: the height every month has in
    /// the views of several months, as in `cal`, so rows line up.
    static let sixWeeksHigh = 8

    /// The first day of the --calendar month that holds the first day of the
    /// month `text` names in `input` (today's month without `text`).
    static func firstDayOfMonth(_ text: String?, of input: any CalendarSystem, in calendar: any CalendarSystem) throws -> CalendarDate {
        let named: CalendarDate
        if let text, DateTimeArgument.isClockInput(text) {
            // today, now, @SECONDS ...: the month of that date in the system zone.
            let read = try DateTimeArgument.read(text, origin: .argument("YEAR-MONTH"), DateTimeArgument.Reading(calendar: input, zone: nil))
            named = try input.date(dayNumber: read.value.dayNumber)
        } else if let text {
            named = try CalendarDateText.parseMonth(text, in: input)
        } else {
            named = try input.date(dayNumber: CurrentTime.dayNumber(in: ZoneOption.system))
        }
        let day = try calendar.date(dayNumber: named.dayNumber)
        return try calendar.date(year: day.year, month: day.month, day: 1)
    }

    /// Every month of a year of `calendar`: the year typed when it is written
    /// in `calendar`, else the `calendar` year holding the first day of the
    /// `input` year typed (as YEAR-MONTH is read with --from).
    static func yearGrids(_ typed: Int, of input: any CalendarSystem, in calendar: any CalendarSystem,
                          rules: WeekRules, sixRows: Bool) throws -> [MonthGrid] {
        let year: Int
        if input.id == calendar.id {
            try calendar.checkYear(typed)
            year = typed
        } else {
            year = try calendar.date(dayNumber: input.firstDay(ofYear: typed)).year
        }
        let count = try calendar.checkedMonthsInYear(year)
        var grids: [MonthGrid] = []
        var outside: [Int] = []
        for month in 1...Swift.max(1, count) {
            do {
                grids.append(try MonthGrid(calendar: calendar, year: year, month: month, rules: rules, sixRows: sixRows))
            } catch .dayNumberOutOfRange {
                outside.append(month)
            }
        }
        // The first and last supported years of a calendar may reach past ISO -9999 ... 9999.
        if let first = outside.first, let last = outside.last {
            throw YearArgumentError.partlyOutOfRange(calendar.id, year: year, months: first...last)
        }
        return grids
    }

    /// The year over a year view: the year as month titles write it, or, when
    /// its months lie in two eras (Japanese 2019), both (`Heisei 31 / Reiwa 1`).
    static func yearTitle(of grids: [MonthGrid], in calendar: any CalendarSystem, titles localized: MonthTitles? = nil) throws -> String {
        var titles: [String] = []
        for grid in grids {
            let title = try localized?.year(grid.first, in: calendar) ?? calendar.titleYear(of: grid.first)
            if titles.last != title { titles.append(title) }
        }
        return titles.joined(separator: " / ")
    }

    static func json(_ grid: MonthGrid, in calendar: any CalendarSystem, marks: DayMarks? = nil) -> JSONObject {
        var object = JSONObject()
        let first = grid.first
        DateJSON.addMonthFields(of: first, in: calendar, to: &object)
        object.add("monthName", DateJSON.monthName(first, in: calendar))
        object.add("arithmeticYear", first.year)
        object.add("ordinalMonth", first.month)
        object.add("days", grid.length)
        object.add("firstWeekday", grid.rules.firstWeekday)
        let weeks = grid.weeks.map { week in
            "[" + week.cells.map { cell in
                guard let cell else { return "null" }
                var object = JSONObject()
                object.add("day", cell.day)
                object.add("iso", ISODate(dayNumber: cell.dayNumber).description)
                object.add("weekday", cell.weekday)
                object.add("weekend", cell.isWeekend)
                if let marks { object.add("events", marks.counts[cell.dayNumber] ?? 0) }
                return object.encoded
            }.joined(separator: ",") + "]"
        }
        object.add("weeks", raw: "[" + weeks.joined(separator: ",") + "]")
        object.add("weekNumbers", raw: "[" + grid.weeks.map { String($0.weekOfYear.week) }.joined(separator: ",") + "]")
        object.add("isoWeeks", raw: "[" + grid.weeks.map { $0.isoWeek.map { String($0.week) } ?? "null" }.joined(separator: ",") + "]")
        return object
    }

    /// The month's title: its name and year (`Adar I 5784`), or the name alone
    /// under a year view's title, as `cal 2024` writes it.
    static func title(of grid: MonthGrid, in calendar: any CalendarSystem, withYear: Bool = true, titles: MonthTitles? = nil) throws -> String {
        if let titles { return try titles.title(grid.first, in: calendar, withYear: withYear) }
        let name = DateJSON.monthName(grid.first, in: calendar)
        return withYear ? name + " " + calendar.titleYear(of: grid.first) : name
    }

    /// The month as `cal` draws it, one string a line: the title centered
    /// over the grid, the weekday row, one row a week (no trailing blanks).
    /// Cells are `text.cellWidth` columns wide (2, as cal's, unless a
    /// locale's numerals or names need more), right-aligned.
    static func lines(of grid: MonthGrid, in calendar: any CalendarSystem, weekNumbers: Bool, withYear: Bool = true,
                      text: MonthText = .english, marks: DayMarks? = nil) throws -> [String] {
        let gutter = weekNumbers ? String(repeating: " ", count: text.weekNumberWidth + 1) : ""
        let title = try title(of: grid, in: calendar, withYear: withYear, titles: text.titles)
        // A day's mark (`*`, or its count) follows its number, in a column of its own.
        let markWidth = marks?.width ?? 0
        let markBlank = String(repeating: " ", count: markWidth)
        var lines = [gutter + GridColumns.centered(title, width: text.gridWidth + 7 * markWidth)]
        let weekdayRow = (0..<7).map { offset in
            GridColumns.padded(text.weekdays[(grid.rules.firstWeekday - 1 + offset) % 7], to: text.cellWidth) + markBlank
        }.joined(separator: " ")
        lines.append(gutter + (markWidth > 0 ? GridColumns.trimmingTrailingBlanks(weekdayRow) : weekdayRow))
        let blank = String(repeating: " ", count: text.cellWidth + markWidth)
        for week in grid.weeks {
            let number = weekNumbers ? GridColumns.padded(text.number(week.weekOfYear.week), to: text.weekNumberWidth) + " " : ""
            let cells = week.cells.map { cell in
                cell.map { GridColumns.padded(text.number($0.day), to: text.cellWidth) + (marks?.mark($0.dayNumber) ?? "") } ?? blank
            }
            lines.append(number + GridColumns.trimmingTrailingBlanks(cells.joined(separator: " ")))
        }
        return lines
    }
}

/// `month --ics`: how many events touch each day of the grids, in the viewer's zone.
struct DayMarks {
    /// Events per day number (days without events absent).
    let counts: [Int: Int]
    /// `--counts`: the number, else a `*`.
    let showCounts: Bool

    /// The columns a mark takes after a day's number: `*`, or `·` and the count.
    var width: Int { showCounts ? 1 + String(counts.values.max() ?? 0).count : 1 }

    /// A day's mark, `width` columns: `·2` sets the count apart from the day (`14·2`).
    func mark(_ day: Int) -> String {
        let count = counts[day] ?? 0
        guard showCounts else { return count > 0 ? "*" : " " }
        let text = count > 0 ? "\u{B7}" + String(count) : ""
        return text + String(repeating: " ", count: width - text.count)
    }

    /// A positional that names calendar files after `--ics`: an .ics file or a folder.
    static func isCalendarPath(_ text: String) -> Bool {
        text.lowercased().hasSuffix(".ics") || CalendarFileReader.isDirectory(text)
    }

    static func read(_ paths: [String], arguments: ParsedArguments, grids: [MonthGrid]) throws -> DayMarks {
        let viewer = try Configured.viewer(arguments)
        let days = grids.flatMap { grid in grid.weeks.flatMap { $0.cells.compactMap { $0?.dayNumber } } }
        guard let first = days.min(), let last = days.max(),
              let from = try? viewer.startOfDay(first), let to = try? viewer.startOfDay(last + 1) else {
            _ = try CalendarFiles.open(paths, strict: arguments.flag("--strict"), viewer: viewer)
            return DayMarks(counts: [:], showCounts: arguments.flag("--counts"))
        }
        // Only these days are asked for: the series that cannot touch them are not read.
        let store = try CalendarFiles.open(paths, strict: arguments.flag("--strict"), viewer: viewer, window: from..<to)
        var counts: [Int: Int] = [:]
        for occurrence in try store.events(in: from..<to, viewer: viewer) {
            let touched = occurrence.touchedDays(viewer: viewer)
            let startDay = max(first, touched.lowerBound), endDay = min(last, touched.upperBound)
            guard startDay <= endDay else { continue }
            for day in startDay...endDay { counts[day, default: 0] += 1 }
        }
        return DayMarks(counts: counts, showCounts: arguments.flag("--counts"))
    }
}
