import Kalends
import KalendsContacts

/// `kalends birthdays`: contacts' birthdays, anniversaries and death
/// anniversaries in a window, each in the calendar it is kept in.
enum BirthdaysCommand: Command {
    static let name = "birthdays"
    static let summary = "List the birthdays and anniversaries of contacts in a window, each in its own calendar."
    static let usage = "kalends birthdays [FILE...] [--from DATE] [--to DATE | --days N] [--leap-day feb28|mar1] [--strict] [--json | --ics]"
    static let discussion = """
        Lists the birthdays, anniversaries and death anniversaries of the contacts of
        vCard files and folders in the window [FROM, TO) (default: today, 30 days),
        each in the calendar the card keeps it in: a Gregorian birthday on its day (29
        February on 28 February in a common year, --leap-day mar1: on 1 March), a
        Hebrew one by the rules of `kalends anniversary` (a death by the yahrzeit
        rules), a Chinese or Dangi one in its lunar month (a leap-month birthday in
        the regular month of a year without that leap month, a 30th on the 29th of a
        short month), the others on their day or the month's last. A date without a
        year has no age.

        Text: the date, the name, what it is, the date in its calendar, the years.
        --json: {"date","uid","name","kind","calendar","calendarDate","years"} a line.
        --ics: an iCalendar calendar of them instead ("Birthdays"): a yearly all-day
        event each, RSCALE and SKIP for the other calendars (RFC 7529), which
        `kalends agenda` reads back on the same days.

        examples:
          kalends birthdays ~/.contacts/family --days 365
          kalends birthdays friends.vcf --from 2026-03-01 --to 2026-04-01 --json
        """
    static let options: [OptionSpec] = CalendarWindow.options(defaultDays: 30, fromName: "DATE") + [
        .value("--leap-day", "RULE", "Where 29 February falls in a common year: feb28 (default) or mar1."),
        .flag("--strict", "Refuse a file with any defect (exit 1) instead of leaving the card out."),
        .flag("--json", "One JSON object per day, a line each."),
        .flag("--ics", "Write a calendar of yearly events instead (RSCALE for the other calendars)."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let paths = try Configured.contactPaths(try arguments.positionals(0...Int.max, command: name, usage: usage), command: name)
        let viewer = try Configured.viewer(arguments)
        let window = try CalendarWindow.read(arguments, viewer: viewer, defaultDays: 30, startOfToday: true)
        let from = viewer.dayNumber(of: window.lowerBound)
        let to = window.upperBound > window.lowerBound ? viewer.dayNumber(of: Instant(seconds: window.upperBound.seconds - 1)) + 1 : from
        var rule = Birthdays.February29.february28
        if let text = arguments.value("--leap-day") {
            switch text {
            case "feb28": rule = .february28
            case "mar1": rule = .march1
            default: throw UsageError.badValue(option: "--leap-day", expected: "feb28 or mar1", given: text)
            }
        }
        let books = try ContactFiles.open(paths, strict: arguments.flag("--strict"))
        let contacts = books.count == 1 ? books[0].contacts : books.flatMap(\.contacts)
        if arguments.flag("--ics") {
            if arguments.flag("--json") { throw UsageError.conflict("give one of --json and --ics") }
            output.write(try BirthdayCalendar.iCalendar(contacts, february29: rule, stamp: try CurrentTime.instant()))
            return ExitStatus.success
        }
        let days = try Birthdays.occurrences(of: contacts, from: from, to: to, february29: rule)
        if arguments.flag("--json") {
            for day in days {
                var object = JSONObject()
                object.add("date", ISODate(dayNumber: day.dayNumber).description)
                object.add("uid", day.uid)
                object.add("name", day.name)
                object.add("kind", day.kind.rawValue)
                object.add("calendar", day.calendar.rawValue)
                object.add("calendarDate", CalendarDateText.format(day.calendarDate))
                if let years = day.years { object.add("years", years) } else { object.add("years", nil as String?) }
                output.line(object)
            }
            return ExitStatus.success
        }
        let rows = days.map { day -> [String] in
            let what = day.label.flatMap { $0.lowercased() == day.kind.rawValue ? nil : "\(day.kind.rawValue) (\($0))" } ?? day.kind.rawValue
            let inCalendar = day.calendar == .gregorian ? "" : day.calendar.rawValue + " " + CalendarDateText.format(day.calendarDate)
            let years = day.years.map { $0 == 1 ? "1 year" : "\($0) years" } ?? ""
            return [ISODate(dayNumber: day.dayNumber).description, Echo.escaped(day.name), what, inCalendar, years]
        }
        let widths = (0..<5).map { column in rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        for row in rows {
            let line = (0..<5).map { GridColumns.leftAligned(row[$0], to: widths[$0]) }.joined(separator: "  ")
            output.line(GridColumns.trimmingTrailingBlanks(line))
        }
        return ExitStatus.success
    }
}
