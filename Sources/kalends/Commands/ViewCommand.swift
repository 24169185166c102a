import Kalends
import KalendsStore
import KalendsViews

/// `kalends view day|week|month`: pictures of calendars (`KalendsViews`);
/// this command only chooses the view and prints it.
enum ViewCommand: Command {
    static let name = "view"
    static let summary = "Draw a day, a week or a month of calendar files, as a calendar app shows them."
    static let usage = "kalends view day|week|month [DATE] FILE... [--text] [--calendar CAL] [--also CAL] [--tz ZONE] [--days N] [--first-weekday N] [--width W] [--strict]"
    static let discussion = """
        day: the timeline of one day in its real hours (23 or 25 on a DST day),
        overlapping events side by side as the layout engine places them, all-day
        events above. week: 7 days side by side (--days N for another count) from
        the first day of DATE's week, the all-day events as bars across the days
        they span, rows by the wall clock. month: the month of --calendar (default
        Gregorian) that holds DATE, each day numbered in it and, with --also CAL,
        in a second calendar, with its events' titles (as many as fit, then
        +N more). DATE: a date (default today), in --tz (default: the system zone).
        FILE: .ics files, vdir folders, folders of them, and contact files (their
        birthdays).

        examples:
          kalends view week work.ics --tz Europe/Berlin
          kalends view day 2024-11-03 work.ics --tz America/New_York
          kalends view month 2024-03-15 ~/.calendars --calendar hebrew --also gregorian
        """
    static let options: [OptionSpec] = [
        .flag("--text", "Terminal text (the default)."),
        .value("--calendar", "CAL", "month: the calendar of the grid (default gregorian)."),
        .value("--also", "CAL", "month: each day numbered in a second calendar too."),
        .value("--tz", "ZONE", "The viewer's zone (default: the system zone)."),
        .value("--days", "N", "week: how many days (default 7)."),
        .value("--first-weekday", "N", "week, month: the first day of the week, 1 (Monday) ... 7 (Sunday)."),
        .value("--width", "W", "Columns of the text (default 80)."),
        .flag("--strict", "Refuse a file with any defect (exit 1)."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        var positionals = try arguments.positionals(2...Int.max, command: name, usage: usage)
        let kind = positionals.removeFirst()
        guard ["day", "week", "month"].contains(kind) else {
            throw UsageError.conflict("'view' draws day, week or month, not \(Echo.quoted(kind)) (see kalends view --help)")
        }
        let zone = try ZoneOption.readOrSystem(arguments)
        var dateText = "today"
        if let first = positionals.first, !isPath(first) {
            dateText = first
            positionals.removeFirst()
        }
        guard !positionals.isEmpty else { throw UsageError.missing("'view \(kind)' needs FILE (see kalends view --help)") }
        let dayNumber = try DateTimeArgument.read(dateText, origin: .argument("DATE"),
                                                  DateTimeArgument.Reading(calendar: DateTimeArgument.iso, zone: zone)).value.dayNumber
        var width = 80
        if let text = arguments.value("--width") {
            guard let value = Int(text), (40...1000).contains(value) else {
                throw UsageError.badValue(option: "--width", expected: "40 ... 1000 columns", given: text)
            }
            width = value
        }
        let store = try CalendarFiles.open(positionals, strict: arguments.flag("--strict"), viewer: zone)
        let text = ViewText(width: width)
        let rules = try WeekRulesOption.read(arguments)
        let lines: [String]
        do {
            switch kind {
            case "day":
                lines = text.day(try CalendarViews.day(store, dayNumber: dayNumber, zone: zone))
            case "week":
                var count = 7
                if let value = arguments.value("--days") {
                    guard let days = Int(value), (1...31).contains(days) else {
                        throw UsageError.badValue(option: "--days", expected: "1 ... 31", given: value)
                    }
                    count = days
                }
                let first = arguments.value("--days") == nil ? rules.startOfWeek(containing: dayNumber) : dayNumber
                lines = text.week(try CalendarViews.week(store, firstDay: first, count: count, zone: zone))
            default:
                let calendar = try CalendarOption.read(arguments.value("--calendar") ?? "gregorian", option: "--calendar")
                let also = try arguments.value("--also").map { try CalendarOption.read($0, option: "--also") }
                let date = try calendar.date(dayNumber: dayNumber)
                lines = text.month(try CalendarViews.month(store, calendar: calendar, year: date.year, month: date.month, rules: rules,
                                                           also: also, zone: zone))
            }
        } catch let error as ViewError {
            throw ArgumentProblem.calendarFile(error.description)
        }
        for line in lines { output.line(Echo.escaped(line)) }
        return ExitStatus.success
    }

    /// Whether a positional names a file or folder rather than a date.
    static func isPath(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasSuffix(".ics") || lower.hasSuffix(".vcf") || text.contains("/") || LocalFiles.isDirectory(text) || text == "-"
    }
}
