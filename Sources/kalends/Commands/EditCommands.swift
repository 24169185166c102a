import Kalends
import KalendsStore

/// What the editing commands read from their options: times, lengths, rules, alarms.
enum EditArguments {
    /// A DT option or argument as a calendar file writes it: a date, a
    /// floating time, a time in `--tz`'s zone (TZID), or an instant (UTC)
    /// when the text has an offset or `Z`.
    static func time(_ text: String, origin: InputOrigin, zone: ZoneRules?, allDay: Bool) throws -> ItemTime {
        let reading = DateTimeArgument.Reading(calendar: DateTimeArgument.iso, zone: zone)
        switch try DateTimeArgument.read(text, origin: origin, reading).value {
        case .date(let date): return .date(ISODate(dayNumber: date.dayNumber))
        case .floating(let local): return allDay ? .date(ISODate(dayNumber: local.dayNumber)) : .floating(local)
        case .zoned(let zoned):
            if allDay { return .date(ISODate(dayNumber: zoned.local.dayNumber)) }
            if let zone, zone.identifier == zoned.zone.identifier, !zone.isUTC { return .zoned(zoned.local, zone) }
            return .utc(zoned.instant)
        }
    }

    /// `--duration DUR` (`PT1H30M`, `P1D`): its days nominal, the rest exact.
    static func duration(_ text: String) throws -> CalendarDuration {
        let duration: CalendarDuration
        do {
            duration = try CalendarDuration(parsing: text)
        } catch {
            throw InputError(.option("--duration"), input: text, underlying: error)
        }
        guard duration.date.years == 0 && duration.date.months == 0 else {
            throw InputError(.option("--duration"), input: text, underlying: ArgumentProblem.calendarFile("an event's DURATION counts weeks, days and time, not years or months"))
        }
        let days = duration.date.weeks.clampedProduct(7).clampedSum(duration.date.days)
        let seconds = duration.time.hours.clampedProduct(3_600).clampedSum(duration.time.minutes.clampedProduct(60)).clampedSum(duration.time.seconds)
        guard days > 0 || seconds > 0, days >= 0, seconds >= 0 else {
            throw InputError(.option("--duration"), input: text, underlying: ArgumentProblem.calendarFile("a duration after the start is positive"))
        }
        return duration
    }

    /// `--alarm TRIGGER`: a duration before (`-PT15M`) or after the start, or a time (`2024-03-15T08:45:00Z`).
    static func alarms(_ arguments: ParsedArguments, zone: ZoneRules?) throws -> [Alarm] {
        try arguments.values("--alarm").map { text in
            if text.hasPrefix("-P") || text.hasPrefix("P") || text.hasPrefix("+P") {
                let negative = text.hasPrefix("-")
                let body = negative || text.hasPrefix("+") ? String(text.dropFirst()) : text
                let duration: CalendarDuration
                do {
                    duration = try CalendarDuration(parsing: body)
                } catch {
                    throw InputError(.option("--alarm"), input: text, underlying: error)
                }
                let seconds = duration.date.weeks.clampedProduct(7 * 86_400).clampedSum(duration.date.days.clampedProduct(86_400))
                    .clampedSum(duration.time.hours.clampedProduct(3_600)).clampedSum(duration.time.minutes.clampedProduct(60)).clampedSum(duration.time.seconds)
                return Alarm(trigger: .relative(seconds: negative ? -seconds : seconds, toEnd: false))
            }
            let reading = DateTimeArgument.Reading(calendar: DateTimeArgument.iso, zone: zone ?? .utc)
            guard case .zoned(let zoned) = try DateTimeArgument.read(text, origin: .option("--alarm"), reading).value else {
                throw InputError(.option("--alarm"), input: text, underlying: ArgumentProblem.calendarFile("an alarm is a duration (-PT15M) or a date and time"))
            }
            return Alarm(trigger: .absolute(zoned.instant))
        }
    }

    static func rules(_ arguments: ParsedArguments) throws -> [RecurrenceRule] {
        try arguments.values("--rrule").map { text in
            do {
                return try RecurrenceRule(parsing: text)
            } catch {
                throw InputError(.option("--rrule"), input: text, underlying: error)
            }
        }
    }

    /// `--categories A,B`: the names between commas (`\\,` a comma in a
    /// name, `\\\\` a backslash), surrounding spaces trimmed, empty ones left
    /// out; nil when not given, empty for `--categories ""`.
    static func categories(_ arguments: ParsedArguments) -> [String]? {
        guard let text = arguments.value("--categories") else { return nil }
        var names: [String] = [], current = "", escaped = false
        for character in text {
            if escaped {
                if character != "," && character != "\\" { current.append("\\") }
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "," {
                names.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        names.append(current)
        return names.map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }.filter { !$0.isEmpty }
    }

    /// The options a verb does not take: a usage error naming the first.
    static func refuse(_ options: [String], _ arguments: ParsedArguments, verb: String) throws {
        for option in options where arguments.flag(option) || !arguments.values(option).isEmpty {
            throw UsageError.conflict("'\(verb)' takes no \(option) (see kalends \(verb.split(separator: " ").first ?? "") --help)")
        }
    }

    /// The library's refusal as the command's error: exit 1, the file unchanged.
    static func edit<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CalendarEditError {
            throw ArgumentProblem.calendarFile(error.description)
        }
    }
}

/// `kalends event add|remove|edit|show`: events added to, removed from and
/// changed in a calendar file or vdir folder, safely, and shown whole.
enum EventCommand: Command {
    static let name = "event"
    static let summary = "Add, remove, change or show an event in .ics files and vdir folders (edits atomic, locked)."
    static let usage = """
        kalends event add [FILE.ics | --in NAME] --title T --start DT (--end DT | --duration DUR) [--rrule RULE] [--all-day] [--alarm TRIGGER] [--location L] [--description T] [--categories A,B] [--url U] [--tz ZONE]
               kalends event remove [FILE.ics | --in NAME] UID [--occurrence DT [--future]]
               kalends event edit [FILE.ics | --in NAME] UID [--occurrence DT [--future]] [--title T] [--start DT] [--end DT | --duration DUR] [--all-day] [--rrule RULE] [--location L] [--description T] [--categories A,B] [--url U] [--tz ZONE]
               kalends event show [FILE...] UID [--occurrence DT] [--tz ZONE] [--strict] [--json]
        """
    static let discussion = """
        add: appends a VEVENT with a fresh UID and DTSTAMP (a new file, or a new item
        of a vdir folder, when needed) and prints the UID. --end is exclusive, as
        DTEND is: an all-day event on 2024-03-15 has --end 2024-03-16.
        remove: the event with that UID, overrides included; --occurrence DT only
        that occurrence (an EXDATE); with --future that one and every later one (the
        series ends before it: UNTIL, or COUNT lowered).
        edit: the whole event (a new --start moves every occurrence); --occurrence DT
        that occurrence only, as an override; with --future that one and every later
        one: the series is split, a new UID (printed) carries the changes.
        --description, --categories and --url write DESCRIPTION, CATEGORIES and URL
        (text escaped as RFC 5545 wants); in edit, an empty value removes the
        property. --categories A,B: names between commas (\\, a comma in a name).
        Every edit reads the file under a lock, refuses a file with any defect, an
        unknown UID or a time that is no occurrence (exit 1, the file unchanged),
        changes only the components it means to, increments SEQUENCE and renews
        DTSTAMP on them, and replaces the file atomically.
        show: everything about the event with UID (the last argument) in the FILEs:
        its times in the viewer's zone (--tz, default the system zone) and its own,
        the rule in words with its exceptions and changed occurrences, location,
        description, categories, URL, organizer and attendees with their replies,
        alarms, status, calendar, file and line; --occurrence DT that occurrence
        (its override applied); --json one object.

        examples:
          kalends event add work.ics --title Standup --start 2024-03-18T09:00 --duration PT15M --rrule "FREQ=WEEKLY;BYDAY=MO,WE,FR" --tz Europe/Berlin
          kalends event edit work.ics UID --occurrence 2024-03-20T09:00 --start 2024-03-20T10:00 --tz Europe/Berlin
          kalends event remove work.ics UID --occurrence 2024-04-01T09:00 --future --tz Europe/Berlin
          kalends event show work.ics UID --tz America/New_York
        """
    static let options: [OptionSpec] = [
        .value("--title", "T", "SUMMARY."),
        .value("--start", "DT", "DTSTART: a date, a time (in --tz, else floating), or an instant with an offset or Z."),
        .value("--end", "DT", "DTEND, exclusive."),
        .value("--duration", "DUR", "DURATION instead of --end (PT1H30M, P1D)."),
        .value("--rrule", "RULE", repeatable: true, "An RRULE (add: several allowed; edit: replaces the rules; \"\" removes them)."),
        .flag("--all-day", "Dates, not times: the start's (and end's) day."),
        .value("--alarm", "TRIGGER", repeatable: true, "add: a VALARM, a duration from the start (-PT15M) or a time."),
        .value("--location", "L", "LOCATION."),
        .value("--description", "T", "DESCRIPTION (edit: \"\" removes it)."),
        .value("--categories", "A,B", "CATEGORIES, names between commas (edit: replaces them; \"\" removes them)."),
        .value("--url", "U", "URL (edit: \"\" removes it)."),
        .value("--occurrence", "DT", "remove, edit, show: that occurrence only (its original start)."),
        .flag("--future", "With --occurrence: that occurrence and every later one."),
        .value("--tz", "ZONE", "The zone of times given without an offset (written with its TZID); show: the viewer's zone (default: the system zone)."),
        .flag("--strict", "show: refuse a file with any defect (exit 1) instead of leaving the component out."),
        .flag("--json", "show: one JSON object."),
        .value("--in", "NAME", "Without FILE: the configured calendar of that name (else the one holding UID, else [calendars] default)."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        if let all = try? arguments.positionals(1...Int.max, command: name, usage: usage), all[0] == "show" {
            try EventShow.run(all, arguments, output: &output)
            return ExitStatus.success
        }
        let positionals = try EditTarget.positionals(try arguments.positionals(1...3, command: name, usage: usage), arguments, takesUID: ["remove", "edit"])
        guard positionals.count >= 2 else { throw UsageError.missingArgument(command: name, usage: usage) }
        let verb = positionals[0], path = positionals[1]
        if ["add", "remove", "edit"].contains(verb) { try EditArguments.refuse(EventShow.ownOptions, arguments, verb: "event \(verb)") }
        guard !path.isEmpty else { throw UsageError.missing("FILE.ics is empty: give a calendar file or vdir folder (see kalends event --help)") }
        let zone = try ZoneOption.read(arguments)
        let allDay = arguments.flag("--all-day")
        let editor = CalendarFileEditor(path: path)
        func time(_ option: String) throws -> ItemTime? {
            try arguments.value(option).map { try EditArguments.time($0, origin: .option(option), zone: zone, allDay: allDay) }
        }
        func end() throws -> EventEnd? {
            if arguments.value("--end") != nil && arguments.value("--duration") != nil {
                throw UsageError.conflict("give --end or --duration, not both")
            }
            if let end = try time("--end") { return .at(end) }
            return try arguments.value("--duration").map { .duration(try EditArguments.duration($0)) }
        }
        switch verb {
        case "add":
            guard positionals.count == 2 else { throw UsageError.conflict("'event add' takes FILE.ics only (see kalends \(name) --help)") }
            try EditArguments.refuse(["--occurrence", "--future"], arguments, verb: "event add")
            guard let title = arguments.value("--title"), let start = try time("--start") else {
                throw UsageError.missing("'event add' needs --title T and --start DT (see kalends \(name) --help)")
            }
            var theEnd = try end()
            if theEnd == nil {
                // An all-day event without an end takes its day.
                guard case .date(let day) = start else {
                    throw UsageError.missing("'event add' needs --end DT or --duration DUR for a timed event (--all-day for a day)")
                }
                theEnd = .at(.date(ISODate(dayNumber: day.dayNumber + 1)))
            }
            let event = NewEvent(title: title, start: start, end: theEnd, rules: try EditArguments.rules(arguments),
                                 location: arguments.value("--location"), alarms: try EditArguments.alarms(arguments, zone: zone),
                                 notes: arguments.value("--description"), categories: EditArguments.categories(arguments) ?? [],
                                 url: arguments.value("--url"))
            output.line(try EditArguments.edit { try editor.add(event) })
        case "remove":
            guard positionals.count == 3 else { throw UsageError.missing("'event remove' needs FILE.ics and UID (see kalends \(name) --help)") }
            try EditArguments.refuse(["--title", "--start", "--end", "--duration", "--rrule", "--all-day", "--alarm", "--location",
                                      "--description", "--categories", "--url"], arguments, verb: "event remove")
            if let occurrence = try time("--occurrence") {
                try EditArguments.edit { try editor.removeOccurrence(uid: positionals[2], at: occurrence, future: arguments.flag("--future")) }
            } else {
                guard !arguments.flag("--future") else { throw UsageError.missing("--future needs --occurrence DT") }
                try EditArguments.edit { try editor.removeEvent(uid: positionals[2]) }
            }
        case "edit":
            guard positionals.count == 3 else { throw UsageError.missing("'event edit' needs FILE.ics and UID (see kalends \(name) --help)") }
            try EditArguments.refuse(["--alarm"], arguments, verb: "event edit")
            let rules = arguments.values("--rrule")
            let changes = EventChanges(title: arguments.value("--title"), location: arguments.value("--location"), start: try time("--start"),
                                       end: try end(), rules: rules.isEmpty ? nil : (rules == [""] ? [] : try EditArguments.rules(arguments)),
                                       notes: arguments.value("--description"), categories: EditArguments.categories(arguments),
                                       url: arguments.value("--url"))
            let occurrence = try time("--occurrence")
            if occurrence == nil && arguments.flag("--future") { throw UsageError.missing("--future needs --occurrence DT") }
            let new = try EditArguments.edit {
                try editor.edit(uid: positionals[2], occurrence: occurrence, future: arguments.flag("--future"), changes: changes)
            }
            if arguments.flag("--future"), let new { output.line(new) }
        default:
            throw UsageError.conflict("'event' takes add, remove, edit or show, not \(Echo.quoted(verb)) (see kalends event --help)")
        }
        return ExitStatus.success
    }
}

/// `kalends reminder add|done`: reminders (VTODO) added and checked off.
enum ReminderCommand: Command {
    static let name = "reminder"
    static let summary = "Add a reminder (VTODO) to an .ics file or vdir folder, or mark one done."
    static let usage = """
        kalends reminder add [FILE.ics | --in NAME] --title T [--due DT] [--alarm TRIGGER] [--rrule RULE] [--priority N] [--tz ZONE]
               kalends reminder done [FILE.ics | --in NAME] UID
        """
    static let discussion = """
        add: appends a VTODO (fresh UID, DTSTAMP, STATUS:NEEDS-ACTION) and prints its
        UID; a recurring one (--rrule) runs from its due time.
        done: STATUS:COMPLETED, COMPLETED (now, in UTC) and PERCENT-COMPLETE:100; a
        recurring reminder instead moves DUE to its next occurrence.
        Both atomic and locked, with the refusals of 'kalends event'.

        examples:
          kalends reminder add tasks.ics --title "Pay rent" --due 2024-04-01 --rrule FREQ=MONTHLY
          kalends reminder done tasks.ics UID
        """
    static let options: [OptionSpec] = [
        .value("--title", "T", "SUMMARY."),
        .value("--due", "DT", "DUE: a date, a time (in --tz, else floating), or an instant."),
        .value("--alarm", "TRIGGER", repeatable: true, "A VALARM: a duration from the due time (-PT15M) or a time."),
        .value("--rrule", "RULE", repeatable: true, "An RRULE, from the due time."),
        .value("--priority", "N", "PRIORITY: 1 (highest) ... 9 (lowest)."),
        .value("--tz", "ZONE", "The zone of times given without an offset."),
        .value("--in", "NAME", "Without FILE: the configured calendar of that name (else the one holding UID, else [calendars] default)."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let positionals = try EditTarget.positionals(try arguments.positionals(1...3, command: name, usage: usage), arguments, takesUID: ["done"])
        guard positionals.count >= 2 else { throw UsageError.missingArgument(command: name, usage: usage) }
        guard !positionals[1].isEmpty else { throw UsageError.missing("FILE.ics is empty: give a calendar file or vdir folder (see kalends reminder --help)") }
        let editor = CalendarFileEditor(path: positionals[1])
        switch positionals[0] {
        case "add":
            guard positionals.count == 2 else { throw UsageError.conflict("'reminder add' takes FILE.ics only (see kalends \(name) --help)") }
            guard let title = arguments.value("--title") else { throw UsageError.missing("'reminder add' needs --title T (see kalends \(name) --help)") }
            let zone = try ZoneOption.read(arguments)
            let due = try arguments.value("--due").map { try EditArguments.time($0, origin: .option("--due"), zone: zone, allDay: false) }
            var priority = 0
            if let text = arguments.value("--priority") {
                guard let value = Int(text), (1...9).contains(value) else {
                    throw InputError(.option("--priority"), input: text, underlying: ArgumentProblem.calendarFile("a priority is 1 (highest) ... 9 (lowest)"))
                }
                priority = value
            }
            let reminder = NewReminder(title: title, due: due, rules: try EditArguments.rules(arguments), priority: priority,
                                       alarms: try EditArguments.alarms(arguments, zone: zone))
            output.line(try EditArguments.edit { try editor.add(reminder) })
        case "done":
            guard positionals.count == 3 else { throw UsageError.missing("'reminder done' needs FILE.ics and UID (see kalends \(name) --help)") }
            try EditArguments.refuse(["--title", "--due", "--alarm", "--rrule", "--priority", "--tz"], arguments, verb: "reminder done")
            let done = try EditArguments.edit { try editor.complete(reminderUID: positionals[2]) }
            if case .alreadyCompleted(let when) = done {
                let at = when.flatMap { try? ZonedDateTime(instant: $0, zone: .utc).description }.map { " (at \($0))" } ?? ""
                printError("kalends: note: the reminder \(Echo.quoted(positionals[2])) was completed already\(at): nothing was changed")
            }
        default:
            throw UsageError.conflict("'reminder' takes add or done, not \(Echo.quoted(positionals[0])) (see kalends reminder --help)")
        }
        return ExitStatus.success
    }
}
