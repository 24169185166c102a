import Kalends
import KalendsStore

/// `kalends reminders`: the to-dos (VTODO) of calendar files.
enum RemindersCommand: Command {
    static let name = "reminders"
    static let summary = "List the reminders (VTODO) of .ics files and vdir folders by due date."
    static let usage = "kalends reminders [FILE.ics...] [--all] [--tz ZONE] [--strict] [--json]"
    static let discussion = """
        Lists the reminders that are not completed or cancelled (--all: every one),
        by due time, undated last, then priority. A due date (no time) is the start
        of its day in --tz (default: the system zone).

        examples:
          kalends reminders tasks.ics
          kalends reminders ~/.calendars/tasks --all --json
        """
    static let options: [OptionSpec] = [
        .flag("--all", "Completed and cancelled reminders too."),
        .value("--tz", "ZONE", "The viewer's zone (default: the system zone)."),
        .flag("--strict", "Refuse a file with any defect (exit 1) instead of leaving the component out."),
        .flag("--json", "One JSON object per reminder, a line each."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let paths = try Configured.calendarPaths(try arguments.positionals(0...Int.max, command: name, usage: usage), command: name)
        let viewer = try Configured.viewer(arguments)
        let store = try CalendarFiles.open(paths, strict: arguments.flag("--strict"), viewer: viewer)
        let items = store.reminders(includeDone: arguments.flag("--all"), viewer: viewer)
        let json = arguments.flag("--json")
        for item in items {
            let reminder = item.reminder
            let due = reminder.due.flatMap { CalendarWindow.text($0, instant: item.dueInstant, viewer: viewer) }
            if json {
                var object = JSONObject()
                object.add("uid", reminder.uid)
                object.add("title", reminder.title)
                object.add("due", due)
                object.add("completed", reminder.completed.flatMap { try? ZonedDateTime(instant: $0, zone: viewer).description })
                object.add("priority", reminder.priority)
                object.add("status", reminder.status?.rawValue)
                object.add("calendar", item.calendar)
                output.line(object)
            } else {
                let mark = reminder.isDone ? "[x] " : "[ ] "
                output.line(mark + GridColumns.leftAligned(due ?? "no due date", to: 25) + "  " + Echo.escaped(reminder.title ?? "(no title)"))
            }
        }
        return ExitStatus.success
    }
}

/// `kalends alarms`: the alarms (VALARM) that fire in a window.
enum AlarmsCommand: Command {
    static let name = "alarms"
    static let summary = "List the alarms of events and reminders that fire in a window."
    static let usage = "kalends alarms [FILE.ics...] [--from DT] [--to DT | --days N] [--tz ZONE] [--strict] [--json]"
    static let discussion = """
        Lists the alarms (VALARM in VEVENT and VTODO) that fire in the half-open
        window [FROM, TO) (default: now, 1 day): triggers relative to the start or
        the end or absolute, REPEAT and DURATION expanded, once per occurrence of a
        recurring event. Sorted by when they fire.

        examples:
          kalends alarms work.ics --from 2024-03-15 --days 1 --tz Europe/Paris
        """
    static let options: [OptionSpec] = CalendarWindow.options(defaultDays: 1, fromName: "DT") + [
        .value("--tz", "ZONE", "The viewer's zone (default: the system zone)."),
        .flag("--strict", "Refuse a file with any defect (exit 1) instead of leaving the component out."),
        .flag("--json", "One JSON object per alarm, a line each."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let paths = try Configured.calendarPaths(try arguments.positionals(0...Int.max, command: name, usage: usage), command: name)
        let viewer = try Configured.viewer(arguments)
        let window = try CalendarWindow.read(arguments, viewer: viewer, defaultDays: 1, startOfToday: false)
        let store = try CalendarFiles.open(paths, strict: arguments.flag("--strict"), viewer: viewer)
        for firing in try store.alarms(firingIn: window, viewer: viewer) {
            let trigger = (try? ZonedDateTime(instant: firing.trigger, zone: .utc).description) ?? ""
            let occurrence = firing.occurrence.flatMap { CalendarWindow.text($0, instant: firing.occurrenceInstant, viewer: viewer) }
            if arguments.flag("--json") {
                var object = JSONObject()
                object.add("uid", firing.uid)
                object.add("title", firing.title)
                object.add("trigger", trigger)
                object.add("occurrence", occurrence)
                object.add("action", firing.alarm.action)
                object.add("calendar", firing.calendar)
                output.line(object)
            } else {
                let local = (try? ZonedDateTime(instant: firing.trigger, zone: viewer).description) ?? trigger
                output.line(local + "  " + GridColumns.leftAligned(firing.alarm.action, to: 7) + "  " + Echo.escaped(firing.title ?? "(no title)")
                            + (occurrence.map { " (at \($0))" } ?? ""))
            }
        }
        return ExitStatus.success
    }
}
