import Kalends
import KalendsStore

/// `kalends agenda`: the occurrences of the events of calendar files in a window.
enum AgendaCommand: Command {
    static let name = "agenda"
    static let summary = "List the events of .ics files and vdir folders in a window of days."
    static let usage = "kalends agenda [FILE.ics...] [--from DATE] [--to DATE | --days N] [--tz ZONE] [--strict] [--json]"
    static let discussion = """
        Lists every occurrence of the events (VEVENT) of the files that touches the
        half-open window [FROM, TO) (default: today, 7 days): recurrences expanded,
        RECURRENCE-ID overrides applied, cancelled instances left out, sorted by
        start (all-day first within a day). A FILE may be a vdir folder (one .ics
        per item); several files merge. --tz is the viewer's zone (default: the
        system zone): floating times and all-day dates are read in it. An event
        over several days is listed under each day it touches, later days marked
        "(day 2 of 3)"; JSON has one object per occurrence.

        A component with a defect is left out with a warning and the rest is read;
        --strict makes any defect an error (exit 1).

        examples:
          kalends agenda work.ics --from 2024-03-11 --days 7 --tz America/New_York
          kalends agenda ~/.calendars/personal ~/.calendars/work --json
        """
    static let options: [OptionSpec] = CalendarWindow.options(defaultDays: 7, fromName: "DATE") + [
        .value("--tz", "ZONE", "The viewer's zone (default: the system zone); floating times are read in it."),
        .flag("--strict", "Refuse a file with any defect (exit 1) instead of leaving the component out."),
        .flag("--json", "One JSON object per occurrence, a line each."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let paths = try Configured.calendarPaths(try arguments.positionals(0...Int.max, command: name, usage: usage), command: name)
        let viewer = try Configured.viewer(arguments)
        let window = try CalendarWindow.read(arguments, viewer: viewer, defaultDays: 7, startOfToday: true)
        // Only this window is asked for: the series that cannot touch it are not read.
        let store = try CalendarFiles.open(paths, strict: arguments.flag("--strict"), viewer: viewer, window: window)
        let occurrences = try store.events(in: window, viewer: viewer)
        if arguments.flag("--json") {
            for occurrence in occurrences { output.line(json(occurrence, viewer: viewer, color: store.color(ofCalendar: occurrence.calendar))) }
            return ExitStatus.success
        }
        let named = store.calendars.count > 1
        for (index, listed) in try daysListed(occurrences, window: window, viewer: viewer).enumerated() {
            if index > 0 { output.line("") }
            output.line("\(weekdayNames[DayNumber.isoWeekday(listed.day) - 1]) \(ISODate(dayNumber: listed.day))")
            for entry in listed.lines {
                let occurrence = entry.occurrence
                var line = "  " + (entry.part == 1 ? timeRange(occurrence, viewer: viewer) : continuedRange(entry, viewer: viewer))
                line += "  " + oneLine(occurrence.event.title ?? "(no title)")
                if entry.parts > 1 && entry.part > 1 { line += " (day \(entry.part) of \(entry.parts))" }
                if let location = occurrence.event.location, !location.isEmpty { line += " (" + oneLine(location) + ")" }
                if named { line += "  [" + oneLine(occurrence.calendar) + "]" }
                output.line(line)
            }
        }
        return ExitStatus.success
    }

    /// One line of a day in the text agenda: an occurrence on the `part`th of the `parts` days it touches.
    struct DayLine {
        let occurrence: EventOccurrence
        let part: Int
        let parts: Int
    }

    /// The days of the window with what is on them, in order: an occurrence
    /// is listed under every day it touches (as khal lists it), its own
    /// start's day first. Within a day: all-day events, then timed events
    /// that began on an earlier day, then the day's own, each in start order.
    /// At most `CalendarStore.maximumOccurrences` lines in all (a hundred-year
    /// event in a hundred-year window is 36,500): past it, an error, never a flood.
    static func daysListed(_ occurrences: [EventOccurrence], window: Range<Instant>,
                           viewer: ZoneRules) throws -> [(day: Int, lines: [DayLine])] {
        let firstDay = viewer.dayNumber(of: window.lowerBound)
        // The window's last day: the day of its last second (an empty window: its first).
        let lastDay = window.upperBound > window.lowerBound ? viewer.dayNumber(of: Instant(seconds: window.upperBound.seconds - 1)) : firstDay
        var byDay: [Int: [(rank: Int, order: Int, line: DayLine)]] = [:]
        var lines = 0
        for (order, occurrence) in occurrences.enumerated() {
            let days = occurrence.touchedDays(viewer: viewer)
            let start = days.lowerBound, last = days.upperBound
            let from = max(start, firstDay), to = min(last, lastDay)
            guard from <= to else { continue }
            lines += to - from + 1
            guard lines <= CalendarStore.maximumOccurrences else {
                throw InputError(.computing("the window"), underlying: WindowProblem.tooManyLines(CalendarStore.maximumOccurrences))
            }
            // Days the zone skipped (Apia's 30 December 2011) are no days of the event: counted out, never listed.
            let skipped = last - start < 1_000 ? (start...last).filter { !exists($0, viewer) } : []
            for day in from...to where !skipped.contains(day) {
                let part = day - start + 1 - skipped.count { $0 < day }
                let rank = occurrence.isAllDay ? 0 : (part > 1 ? 1 : 2)
                byDay[day, default: []].append((rank, order, DayLine(occurrence: occurrence, part: part, parts: last - start + 1 - skipped.count)))
            }
        }
        return byDay.keys.sorted().map { day in
            (day, (byDay[day] ?? []).sorted { ($0.rank, $0.order) < ($1.rank, $1.order) }.map(\.line))
        }
    }

    /// Whether `day` happened in the zone: a day the zone skipped whole starts when the next does.
    static func exists(_ day: Int, _ zone: ZoneRules) -> Bool {
        guard let start = try? zone.startOfDay(day), let next = try? zone.startOfDay(day + 1) else { return true }
        return start != next
    }

    /// A later day's time column: `all day` for an all-day event, `...` for a
    /// day a timed event covers whole, `...-01:00` for the day it ends.
    static func continuedRange(_ line: DayLine, viewer: ZoneRules) -> String {
        if line.occurrence.isAllDay { return GridColumns.leftAligned("all day", to: 11) }
        // The last day, unless the event ends at its very end (midnight): then it covers that day whole too.
        guard line.part == line.parts, let end = try? ZonedDateTime(instant: line.occurrence.endInstant, zone: viewer),
              end.local.time != TimeOfDay.midnight else {
            return GridColumns.leftAligned("...", to: 11)
        }
        return GridColumns.leftAligned("...-" + hhmm(end.local.time), to: 11)
    }

    /// Text for one line of the agenda: line breaks (a location or title
    /// written over several lines) as one space, other control characters escaped.
    static func oneLine(_ text: String) -> String {
        var joined = ""
        var inBreak = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                if !inBreak && !joined.isEmpty { joined.unicodeScalars.append(" ") }
                inBreak = true
            } else {
                inBreak = false
                joined.unicodeScalars.append(scalar)
            }
        }
        return Echo.escaped(joined)
    }

    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// `09:00-09:15`, `all day`, `23:00-01:00+1`: the end's day counted from the start's.
    static func timeRange(_ occurrence: EventOccurrence, viewer: ZoneRules) -> String {
        if occurrence.isAllDay {
            let days = (try? occurrence.end.instant(viewer: viewer)).map { viewer.dayNumber(of: $0) - viewer.dayNumber(of: occurrence.startInstant) } ?? 1
            return GridColumns.leftAligned(days > 1 ? "all day, \(days) days" : "all day", to: 11)
        }
        guard let start = try? ZonedDateTime(instant: occurrence.startInstant, zone: viewer),
              let end = try? ZonedDateTime(instant: occurrence.endInstant, zone: viewer) else { return "" }
        let later = end.local.dayNumber - start.local.dayNumber
        return "\(hhmm(start.local.time))-\(hhmm(end.local.time))" + (later > 0 ? "+\(later)" : "")
    }

    static func hhmm(_ time: TimeOfDay) -> String {
        (time.hour < 10 ? "0" : "") + "\(time.hour):" + (time.minute < 10 ? "0" : "") + "\(time.minute)"
    }

    /// The contract's object: uid, title, start, end, allDay, recurrenceId (instances of a recurring event), calendar,
    /// its color (`#rrggbb`, when it has one), location.
    static func json(_ occurrence: EventOccurrence, viewer: ZoneRules, color: String? = nil) -> JSONObject {
        var object = JSONObject()
        object.add("uid", occurrence.uid)
        object.add("title", occurrence.event.title)
        object.add("start", CalendarWindow.text(occurrence.start, instant: occurrence.startInstant, viewer: viewer))
        object.add("end", CalendarWindow.text(occurrence.end, instant: occurrence.endInstant, viewer: viewer))
        object.add("allDay", occurrence.isAllDay)
        if let id = occurrence.recurrenceID {
            object.add("recurrenceId", CalendarWindow.text(id, instant: try? id.instant(viewer: viewer), viewer: viewer))
        }
        object.add("calendar", occurrence.calendar)
        if let color { object.add("color", color) }
        if let location = occurrence.event.location { object.add("location", location) }
        return object
    }
}

/// The window of `agenda` and `alarms`: `--from`, then `--to` or `--days`.
enum CalendarWindow {
    static func options(defaultDays: Int, fromName: String) -> [OptionSpec] {
        [.value("--from", fromName, "The window's start (default: \(fromName == "DATE" ? "today" : "now"))."),
         .value("--to", fromName, "The window's end, exclusive."),
         .value("--days", "N", "The window's length in days (default \(defaultDays)).")]
    }

    /// [FROM, TO): a date is the start of its day in `viewer`.
    static func read(_ arguments: ParsedArguments, viewer: ZoneRules, defaultDays: Int, startOfToday: Bool) throws -> Range<Instant> {
        let reading = DateTimeArgument.Reading(calendar: DateTimeArgument.iso, zone: viewer)
        func instant(_ text: String, _ option: String) throws -> Instant {
            try DaysCommand.instant(text, origin: .option(option), reading)
        }
        let from: Instant
        if let text = arguments.value("--from") {
            from = try instant(text, "--from")
        } else if startOfToday {
            from = try instant("today", "--from")
        } else {
            from = try CurrentTime.instant()
        }
        if arguments.value("--to") != nil && arguments.value("--days") != nil {
            throw UsageError.conflict("give one of --to and --days")
        }
        if let text = arguments.value("--to") {
            let to = try instant(text, "--to")
            guard to >= from else {
                throw InputError(.option("--to"), input: text, underlying: WindowProblem.endBeforeStart)
            }
            return from..<to
        }
        var days = defaultDays
        if let text = arguments.value("--days") {
            guard let value = Int(text), (0...36_600).contains(value) else {
                throw UsageError.badValue(option: "--days", expected: "a whole number of days 0 ... 36600", given: text)
            }
            days = value
        }
        // Days of the viewer's calendar: a window of 7 days over a DST change is 7 local days.
        let startDay = viewer.dayNumber(of: from)
        let offset = from.seconds - ((try? viewer.startOfDay(startDay))?.seconds ?? from.seconds)
        guard let end = try? viewer.startOfDay(startDay + days) else {
            throw InputError(.option("--days"), input: "\(days)", underlying: WindowProblem.beyondSupportedDates)
        }
        return from..<Instant(seconds: end.seconds + offset)
    }

    /// A time as output writes it: a date as `YYYY-MM-DD`, else the instant in the viewer's zone (RFC 3339).
    static func text(_ time: ItemTime, instant: Instant?, viewer: ZoneRules) -> String? {
        if case .date(let date) = time { return date.description }
        guard let instant, let zoned = try? ZonedDateTime(instant: instant, zone: viewer) else { return nil }
        return zoned.description
    }
}

/// What is wrong with a window of `agenda` or `alarms`.
enum WindowProblem: Error, CustomStringConvertible {
    case endBeforeStart
    case beyondSupportedDates
    case tooManyLines(Int)

    var description: String {
        switch self {
        case .endBeforeStart: "the end is before the start (--from)"
        case .beyondSupportedDates: "the window reaches past the supported dates, 9999-12-31"
        case .tooManyLines(let limit): "its events touch more than \(limit) days in all: give a shorter window (or --json, a line per occurrence)"
        }
    }
}
