import Kalends
import KalendsStore

/// `kalends search`: the events and reminders whose texts contain some text, one row per series.
enum SearchCommand: Command {
    static let name = "search"
    static let summary = "Find events and reminders by text (case and accents ignored), one row per series."
    static let usage = "kalends search TEXT [FILE.ics...] [--from DATE] [--to DATE] [--tz ZONE] [--strict] [--json]"
    static let discussion = """
        Lists the events and reminders whose title, description, location,
        categories, attendees or organizer contain TEXT, compared as people expect:
        case and accents ignored (ICU's collation at primary strength, of the
        locale of LC_ALL, LC_COLLATE or LANG): "jose" finds "José". One row per
        series, not per occurrence: its first occurrence in [--from, --to) (default:
        any time; a series with none there is left out) and, for a recurring one,
        its rule in words; a reminder with its due time (in the window, when one is
        given). Without FILE: the configured calendars (see 'kalends config').

        examples:
          kalends search dentist
          kalends search "team sync" ~/.calendars/work --from today --json
        """
    static let options: [OptionSpec] = [
        .value("--from", "DATE", "Only series with an occurrence from DATE on (reminders due from DATE on)."),
        .value("--to", "DATE", "... and before DATE (exclusive)."),
        .value("--tz", "ZONE", "The viewer's zone (default: the system zone); floating times are read in it."),
        .flag("--strict", "Refuse a file with any defect (exit 1) instead of leaving the component out."),
        .flag("--json", "One JSON object per series, a line each: the agenda's fields, kind, rule."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        var positionals = try arguments.positionals(1...Int.max, command: name, usage: usage)
        let text = positionals.removeFirst()
        let paths = try Configured.calendarPaths(positionals, command: name)
        let viewer = try Configured.viewer(arguments)
        let window = try window(arguments, viewer: viewer)
        let store = try CalendarFiles.open(paths, strict: arguments.flag("--strict"), viewer: viewer)
        let matches: [SearchMatch]
        do {
            matches = try store.search(text, locale: ContactFiles.collationLocale, window: window, viewer: viewer)
        } catch let error as SearchError {
            throw InputError(.argument("TEXT"), input: text, underlying: error)
        }
        let named = store.calendars.count > 1
        for match in matches {
            if arguments.flag("--json") {
                output.line(json(match, store: store, viewer: viewer))
                continue
            }
            var line: String
            if let occurrence = match.occurrence {
                let day = viewer.dayNumber(of: occurrence.startInstant)
                line = "\(ISODate(dayNumber: day))  " + GridColumns.leftAligned(AgendaCommand.timeRange(occurrence, viewer: viewer), to: 11)
                line += "  " + AgendaCommand.oneLine(occurrence.event.title ?? "(no title)")
                if let location = occurrence.event.location, !location.isEmpty { line += " (" + AgendaCommand.oneLine(location) + ")" }
            } else if let item = match.reminder {
                var due = "          " + "  " + GridColumns.leftAligned("", to: 11)
                if let instant = item.dueInstant, let time = item.reminder.due {
                    due = "\(ISODate(dayNumber: viewer.dayNumber(of: instant)))  "
                    if case .date = time {
                        due += GridColumns.leftAligned("due", to: 11)
                    } else if let zoned = try? ZonedDateTime(instant: instant, zone: viewer) {
                        due += GridColumns.leftAligned("due " + AgendaCommand.hhmm(zoned.local.time), to: 11)
                    }
                }
                line = due + "  [" + (item.reminder.isDone ? "x" : " ") + "] " + AgendaCommand.oneLine(item.reminder.title ?? "(no title)")
            } else {
                continue
            }
            if named { line += "  [" + AgendaCommand.oneLine(match.calendar) + "]" }
            if !match.rules.isEmpty { line += "  " + match.rules.map(\.naturalDescription).joined(separator: "; ") }
            output.line(line)
        }
        return ExitStatus.success
    }

    /// [--from, --to): either alone leaves that side open; neither: nil, any time.
    static func window(_ arguments: ParsedArguments, viewer: ZoneRules) throws -> Range<Instant>? {
        guard arguments.value("--from") != nil || arguments.value("--to") != nil else { return nil }
        let reading = DateTimeArgument.Reading(calendar: DateTimeArgument.iso, zone: viewer)
        let from = try arguments.value("--from").map { try DaysCommand.instant($0, origin: .option("--from"), reading) }
            ?? Instant(seconds: Instant.supportedSeconds.lowerBound)
        let to = try arguments.value("--to").map { try DaysCommand.instant($0, origin: .option("--to"), reading) }
            ?? Instant(seconds: Instant.supportedSeconds.upperBound)
        guard to >= from else {
            throw InputError(.option("--to"), input: arguments.value("--to") ?? "", underlying: WindowProblem.endBeforeStart)
        }
        return from..<to
    }

    /// The agenda's object for the row's occurrence (or the reminder's due time as its start), with `kind` and `rule`.
    static func json(_ match: SearchMatch, store: CalendarStore, viewer: ZoneRules) -> JSONObject {
        var object: JSONObject
        if let occurrence = match.occurrence {
            object = AgendaCommand.json(occurrence, viewer: viewer, color: store.color(ofCalendar: occurrence.calendar))
        } else {
            object = JSONObject()
            let reminder = match.reminder?.reminder
            object.add("uid", match.uid)
            object.add("title", reminder?.title)
            object.add("start", reminder?.due.flatMap { CalendarWindow.text($0, instant: match.reminder?.dueInstant, viewer: viewer) })
            object.add("allDay", reminder?.due?.isDate ?? false)
            object.add("calendar", match.calendar)
            if let color = store.color(ofCalendar: match.calendar) { object.add("color", color) }
            object.add("completed", reminder?.isDone ?? false)
        }
        object.add("kind", match.kind.rawValue)
        if !match.rules.isEmpty { object.add("rule", match.rules.map(\.naturalDescription).joined(separator: "; ")) }
        return object
    }
}
