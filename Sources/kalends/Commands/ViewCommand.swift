import Kalends
import KalendsStore
import KalendsViews

/// `kalends view day|week|month`: pictures of calendars (`KalendsViews`);
/// this command only chooses the view and prints it.
enum ViewCommand: Command {
    static let name = "view"
    static let summary = "Draw a day, a week or a month of calendar files, as a calendar app shows them."
    static let usage = "kalends view day|week|month [DATE] [FILE...] [--text | --svg | --html] [--hour-height H] [--calendar CAL] [--also CAL] [--tz ZONE] [--locale L] [--days N] [--first-weekday N] [--width W] [--strict]"
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
        birthdays). --text draws for terminals (the default), --svg one SVG picture
        (a day as tall as its real hours: --hour-height pixels an hour), --html one
        self-contained page (the SVG inline, nothing fetched) in which clicking a
        day lists its events.

        examples:
          kalends view week work.ics --tz Europe/Berlin
          kalends view day 2024-11-03 work.ics --tz America/New_York
          kalends view month 2024-03-15 ~/.calendars --calendar hebrew --also gregorian
        """
    static let options: [OptionSpec] = [
        .flag("--text", "Terminal text (the default)."),
        .flag("--svg", "One SVG picture."),
        .flag("--html", "One self-contained HTML page: the SVG, and a day's events listed on a click."),
        .value("--hour-height", "H", "--svg, --html: pixels an hour of a day (default 40)."),
        .value("--calendar", "CAL", "month: the calendar of the grid (default gregorian)."),
        .value("--also", "CAL", "month: each day numbered in a second calendar too."),
        .value("--tz", "ZONE", "The viewer's zone (default: the system zone)."),
        .value("--days", "N", "week: how many days (default 7)."),
        .value("--first-weekday", "N", "week, month: the first day of the week, 1 (Monday) ... 7 (Sunday)."),
        .value("--locale", "L", "Names and numerals of that locale (ICU: he, ar, de, ja...); right-to-left locales drawn right to left."),
        .value("--width", "W", "Columns of the text (default 80); pixels of the picture (default 800)."),
        .flag("--strict", "Refuse a file with any defect (exit 1)."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        var positionals = try arguments.positionals(1...Int.max, command: name, usage: usage)
        let kind = positionals.removeFirst()
        guard ["day", "week", "month"].contains(kind) else {
            throw UsageError.conflict("'view' draws day, week or month, not \(Echo.quoted(kind)) (see kalends view --help)")
        }
        var dateText = "today"
        if let first = positionals.first, !isPath(first) {
            dateText = first
            positionals.removeFirst()
        }
        positionals = try Configured.calendarPaths(positionals, command: name)
        let zone = try Configured.viewer(arguments)
        let dayNumber = try DateTimeArgument.read(dateText, origin: .argument("DATE"),
                                                  DateTimeArgument.Reading(calendar: DateTimeArgument.iso, zone: zone)).value.dayNumber
        let formats = ["--text", "--svg", "--html"].filter { arguments.flag($0) }
        guard formats.count <= 1 else { throw UsageError.conflict("give one of --text, --svg and --html") }
        let format = formats.first ?? "--text"
        let picture = format != "--text"
        var width = picture ? 800 : 80
        if let text = arguments.value("--width") {
            let range = picture ? 200...10_000 : 40...1000
            guard let value = Int(text), range.contains(value) else {
                throw UsageError.badValue(option: "--width", expected: picture ? "200 ... 10000 pixels" : "40 ... 1000 columns", given: text)
            }
            width = value
        }
        var hourHeight = 40.0
        if let text = arguments.value("--hour-height") {
            guard picture else { throw UsageError.conflict("--hour-height goes with --svg or --html") }
            guard let value = Double(text), value >= 8, value <= 400 else {
                throw UsageError.badValue(option: "--hour-height", expected: "8 ... 400 pixels", given: text)
            }
            hourHeight = value
        }
        let store = try CalendarFiles.open(positionals, strict: arguments.flag("--strict"), viewer: zone)
        var names = ViewNames.english
        if let (locale, origin) = Configured.locale(arguments) {
            let calendarID = try CalendarOption.read(arguments.value("--calendar") ?? "gregorian", option: "--calendar").id.builtIn ?? .gregorian
            let alsoID = try Configured.also(arguments).map { $0.id.builtIn ?? .gregorian }
            do {
                names = try ViewNames(locale: locale, calendar: kind == "month" ? calendarID : .gregorian, also: alsoID)
            } catch {
                throw InputError(origin, input: locale, underlying: error)
            }
        }
        let text = ViewText(width: width, names: names)
        var svg = ViewSVG(width: Double(width), hourHeight: hourHeight, names: names)
        svg.now = try? CurrentTime.instant()
        let rules = try WeekRulesOption.read(arguments)
        var lines: [String] = []
        var drawing = ""
        var events: [ViewEvent] = []
        var shown = dayNumber...dayNumber
        var title = ""
        do {
            switch kind {
            case "day":
                let view = try CalendarViews.day(store, dayNumber: dayNumber, zone: zone)
                lines = picture ? [] : text.day(view)
                drawing = picture ? svg.day(view) : ""
                events = view.boxes.map(\.event) + view.allDay.map(\.event)
                title = ISODate(dayNumber: dayNumber).description
            case "week":
                var count = 7
                if let value = arguments.value("--days") {
                    guard let days = Int(value), (1...31).contains(days) else {
                        throw UsageError.badValue(option: "--days", expected: "1 ... 31", given: value)
                    }
                    count = days
                }
                let first = arguments.value("--days") == nil ? rules.startOfWeek(containing: dayNumber) : dayNumber
                let view = try CalendarViews.week(store, firstDay: first, count: count, zone: zone)
                lines = picture ? [] : text.week(view)
                drawing = picture ? svg.week(view) : ""
                events = view.days.flatMap { $0.boxes.map(\.event) + $0.allDay.map(\.event) }
                shown = first...(first + count - 1)
                title = ISODate(dayNumber: first).description + " ... " + ISODate(dayNumber: first + count - 1).description
            default:
                let calendar = try CalendarOption.read(arguments.value("--calendar") ?? "gregorian", option: "--calendar")
                let also = try Configured.also(arguments)
                let date = try calendar.date(dayNumber: dayNumber)
                let view = try CalendarViews.month(store, calendar: calendar, year: date.year, month: date.month, rules: rules,
                                                   also: also, zone: zone)
                lines = picture ? [] : text.month(view)
                drawing = picture ? svg.month(view) : ""
                events = view.weeks.joined().compactMap { $0 }.flatMap(\.events)
                shown = view.first.dayNumber...(view.first.dayNumber + view.grid.length - 1)
                title = view.title(names)
            }
        } catch let error as ViewError {
            throw ArgumentProblem.calendarFile(error.description)
        }
        switch format {
        case "--svg":
            output.write(drawing)
            return ExitStatus.success
        case "--html":
            output.write(ViewHTML.page(title: title, svg: drawing, events: events, shown: shown, zone: zone))
            return ExitStatus.success
        default:
            break
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
