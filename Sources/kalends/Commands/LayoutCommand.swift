import FoundationEssentials
import FoundationInternationalization
import Kalends
import KalendsLayout
import KalendsStore
import KalendsTimeline

/// `kalends layout`: the geometry of a day's events on a DST-true timeline.
enum LayoutCommand: Command {
    static let name = "layout"
    static let summary = "Lay out a day's events on a timeline (JSON geometry or SVG)."
    static let usage = "kalends layout [FILE...|-] [--mode calendarkit|packed|cascade] [--day DATE] [--tz ZONE] [--json|--svg] [--width W] [--hour-height H]"
    static let discussion = """
        Reads {"events":[{"id":"a","start":"2024-03-15T09:00:00","end":"2024-03-15T10:30:00",
        "allDay":false,"title":"Standup"}, ...]} from FILE (or standard input) and
        places the events of one day side by side on a vertical timeline. x and
        width are fractions of the day column's width; top and height fractions of
        the day's real length (a 25-hour day is 25 hours tall).

        Modes: packed (default; the fewest columns, events widen into free
        space), calendarkit (CalendarKit's grouping), cascade (stacked cards).
        Events running past the day are clipped; events shorter than 15 minutes
        (zero-length ones too) are drawn 15 minutes tall, cut at the day's end.

        The day is --day (an ISO date, or today, tomorrow, yesterday, now, @SECONDS),
        else the day of the earliest timed event
        (of the earliest event when all are all-day), in --tz
        (default: the system zone); floating times are read in that zone.

        FILE may instead be .ics files and vdir folders (several merge, as in
        agenda): the day's occurrences (--day, default today) are laid out, ids
        being the UID, and for an occurrence of a recurring event the UID, / and
        its RECURRENCE-ID.

        examples:
          kalends layout day.json --tz America/New_York
          kalends layout day.json --mode calendarkit --json
          kalends layout day.json --svg --width 480 --hour-height 60 > day.svg
          kalends layout work.ics personal/ --day 2024-03-15 --tz Europe/Berlin
        """
    static let options: [OptionSpec] = [
        .value("--mode", "MODE", "packed (default), calendarkit or cascade."),
        .value("--day", "DATE", "The day to lay out, in --tz (default: the earliest timed event's)."),
        .value("--tz", "ZONE", "IANA zone of the day (default: the system zone)."),
        .flag("--json", "Print the geometry as one JSON object (the default)."),
        .flag("--svg", "Print an SVG picture of the day."),
        .value("--width", "W", "SVG width in pixels (default 360)."),
        .value("--hour-height", "H", "SVG pixels per hour (default 48)."),
    ]

    /// The largest input read: hundreds of thousands of events, far more than a day holds.
    static let maximumInputBytes = 64 << 20

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let positionals = try arguments.positionals(0...Int.max, command: name, usage: usage)
        let mode: LayoutMode = try arguments.choice("--mode", default: .packed)
        if arguments.flag("--json") && arguments.flag("--svg") {
            throw UsageError.conflict("choose one of --json and --svg")
        }
        let width = try positiveNumber(arguments.value("--width"), option: "--width", fallback: 360, range: 50...20_000)
        let hourHeight = try positiveNumber(arguments.value("--hour-height"), option: "--hour-height", fallback: 48, range: 4...2_000)
        let zone = try ZoneOption.readOrSystem(arguments)
        let path = positionals.first ?? "-"
        let input: LayoutInput
        let dayNumber: Int
        let source: InputOrigin
        if positionals.count > 1 {
            // Several calendars merge, as in the other reading commands; a layout JSON file is read alone.
            for other in positionals where other == "-" || !DayMarks.isCalendarPath(other) {
                throw UsageError.conflict("layout merges several calendar files (.ics, vdir folders); \(Echo.quoted(other)) is read alone")
            }
            source = .path(path)
            dayNumber = try calendarDay(arguments.value("--day"), zone: zone)
            input = try calendarInput(CalendarFiles.open(positionals, strict: false, viewer: zone), day: dayNumber, zone: zone)
        } else if path != "-" && DayMarks.isCalendarPath(path) {
            // A calendar file or vdir folder: the occurrences of the day.
            source = .path(path)
            dayNumber = try calendarDay(arguments.value("--day"), zone: zone)
            input = try calendarInput(CalendarFiles.open([path], strict: false, viewer: zone), day: dayNumber, zone: zone)
        } else {
            let file = try InputFile(path, argument: "FILE", maximumBytes: maximumInputBytes, what: "the events of a day")
            source = file.contents
            if LayoutInput.isICalendar(file.data) {
                dayNumber = try calendarDay(arguments.value("--day"), zone: zone)
                input = try calendarInput(CalendarFiles.open(["-"], strict: false, viewer: zone, standardInput: [UInt8](file.data)), day: dayNumber, zone: zone)
            } else {
                input = try readInput(file, zone: zone)
                dayNumber = try chooseDay(arguments.value("--day"), input: input, zone: zone)
            }
        }
        let day: TimelineDay
        do {
            day = try TimelineDay(dayNumber: dayNumber, zone: zone)
        } catch .axis(let error) {
            // A clock the day axis cannot draw: the input's day, as the layout's errors.
            throw InputError(source, underlying: error)
        } catch {
            throw InputError(.option("--day"), underlying: error)
        }
        let layout: DayLayout
        do {
            layout = try day.layout(input.timed.map(\.event) + input.allDay.map(\.event), mode: mode)
        } catch {
            throw InputError(source, underlying: error)
        }
        if !layout.dropped.isEmpty {
            let count = layout.dropped.count
            printError("kalends: note: \(count) event\(count == 1 ? "" : "s") of \(source) \(count == 1 ? "is" : "are") not on \(ISODate(dayNumber: dayNumber)) in \(zone.identifier) and \(count == 1 ? "was" : "were") left out (see \"dropped\"; --day picks another day)")
        }
        if arguments.flag("--svg") {
            var titles: [String: String] = [:]
            for event in input.timed { titles[event.id] = event.title }
            for item in input.allDay { titles[item.id] = item.title }
            let renderer = SVGRenderer(style: SVGStyle(width: width, hourHeight: hourHeight))
            output.write(try renderer.render(layout, axis: day.axis, titles: titles))
            return ExitStatus.success
        }
        output.line { bytes, flush in LayoutJSONWriter.write(layout, day: day, into: &bytes, flush: flush) }
        return ExitStatus.success
    }

    /// The events of the input file; errors name the file, the event and the
    /// field (a time's text echoed as the command line echoes its arguments).
    static func readInput(_ file: InputFile, zone: ZoneRules) throws -> LayoutInput {
        let source = file.contents
        // Times in other forms than the common ones read as DATE arguments
        // are (now, today, @SECONDS in the zone included).
        let reading = DateTimeArgument.Reading(calendar: DateTimeArgument.iso, zone: nil, clockZone: zone)
        let readTime: LayoutInput.TimeReader = { text in
            switch try DateTimeArgument.read(text, reading).value {
            case .date(let date): return .date(ISODate(dayNumber: date.dayNumber))
            case .floating(let local): return .floating(local)
            case .zoned(let zoned): return .utc(zoned.instant)
            }
        }
        do {
            return try file.data.withUnsafeBytes { bytes throws(LayoutInputError) in try LayoutInput(json: bytes, zone: zone, readTime: readTime) }
        } catch let error as LayoutInputError {
            switch error {
            case .event(let index, let id?, .time(let field, let text, let underlying)):
                throw InputError(.field(field, of: .item("event \(index) (\"\(id)\")", of: source)), input: text, underlying: underlying)
            case .event(let index, let id?, .zone(let underlying)):
                throw InputError(.item("event \(index) (\"\(id)\")", of: source), underlying: underlying)
            default:
                throw InputError(source, underlying: error)
            }
        }
    }

    /// The day of a calendar file's layout: --day, else today, in the zone.
    static func calendarDay(_ text: String?, zone: ZoneRules) throws -> Int {
        try DateTimeArgument.read(text ?? "today", origin: .option("--day"), DateTimeArgument.Reading(calendar: DateTimeArgument.iso, zone: zone)).value.dayNumber
    }

    /// The occurrences of `day` in `zone` as the layout's events: timed ones by
    /// their instants, all-day ones in the all-day lanes; `id` is the UID, and
    /// for an occurrence of a recurring event the UID, `/` and its RECURRENCE-ID.
    static func calendarInput(_ store: CalendarStore, day: Int, zone: ZoneRules) throws -> LayoutInput {
        guard let from = try? zone.startOfDay(day), let to = try? zone.startOfDay(day + 1) else {
            throw InputError(.option("--day"), underlying: TimeError.outOfRange("day \(day)"))
        }
        var timed: [LayoutInput.Timed] = [], allDay: [LayoutInput.AllDay] = []
        for occurrence in try store.events(in: from..<to, viewer: zone) {
            var id = occurrence.uid
            if let recurrence = occurrence.recurrenceID,
               let text = CalendarWindow.text(recurrence, instant: try? recurrence.instant(viewer: zone), viewer: zone) {
                id += "/" + text
            }
            let title = occurrence.event.title ?? occurrence.uid
            if occurrence.isAllDay, case .date(let first) = occurrence.start, case .date(let end) = occurrence.end {
                allDay.append(LayoutInput.AllDay(id: id, title: title, first: first.dayNumber, end: end.dayNumber))
            } else {
                timed.append(LayoutInput.Timed(id: id, title: title, start: occurrence.startInstant, end: occurrence.endInstant))
            }
        }
        return LayoutInput(timed: timed, allDay: allDay)
    }

    /// --day, else the local day of the earliest timed event, or of the
    /// earliest all-day one when every event is all-day (a multi-day all-day
    /// event must not pull the view to a day before the timed events).
    static func chooseDay(_ text: String?, input: LayoutInput, zone: ZoneRules) throws -> Int {
        if let text {
            // A date, or today, tomorrow, now, @SECONDS ...: its day in the zone.
            return try DateTimeArgument.read(text, origin: .option("--day"), DateTimeArgument.Reading(calendar: DateTimeArgument.iso, zone: zone)).value.dayNumber
        }
        let timed = input.timed.map { zone.dayNumber(of: $0.start) }
        guard let earliest = timed.min() ?? input.allDay.map(\.first).min() else {
            throw InputError(.option("--day"), underlying: ArgumentProblem.noEvents)
        }
        return earliest
    }

    static func positiveNumber(_ text: String?, option: String, fallback: Double, range: ClosedRange<Double>) throws -> Double {
        guard let text else { return fallback }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw UsageError.badValue(option: option, expected: "a number of pixels in \(Int(range.lowerBound)) ... \(Int(range.upperBound))", given: text)
        }
        return value
    }
}
