import Kalends
import KalendsStore

/// `kalends event show [FILE...] UID [--occurrence DT] [--tz ZONE] [--json]`:
/// everything about one event, as a person reads it (a calendar app's
/// event details): its times in the viewer's zone and in its own, its rule
/// in words with its exceptions and overrides, where, what, who (with
/// their replies), its alarms, status, calendar, file and line.
enum EventShow {
    /// The options only `show` takes.
    static let ownOptions = ["--json", "--strict"]
    /// The options `show` does not take.
    static let otherOptions = ["--title", "--start", "--end", "--duration", "--rrule", "--all-day", "--alarm", "--location",
                               "--description", "--categories", "--url", "--future"]

    static func run(_ positionals: [String], _ arguments: ParsedArguments, output: inout OutputBuffer) throws {
        try EditArguments.refuse(otherOptions, arguments, verb: "event show")
        guard positionals.count >= 2 else {
            throw UsageError.missing("'event show' needs UID (see kalends event --help)")
        }
        let uid = positionals[positionals.count - 1]
        // Without FILE: the configured calendars.
        let paths = try Configured.calendarPaths(Array(positionals[1..<(positionals.count - 1)]), command: "event show")
        for path in paths where path.isEmpty {
            throw UsageError.missing("FILE is empty: give a calendar file or vdir folder (see kalends event --help)")
        }
        let viewer = try Configured.viewer(arguments)
        let zone = try ZoneOption.read(arguments)
        let store = try CalendarFiles.open(paths, strict: arguments.flag("--strict"), viewer: viewer)
        let found = store.series(uid: uid)
        guard let series = found.first, let event = series.master ?? series.overrides.first else {
            throw ArgumentProblem.calendarFile("no event with UID \(Echo.quoted(uid)) in \(paths.map(Echo.quoted).joined(separator: ", "))")
        }
        for other in found.dropFirst() {
            printError("kalends: note: the calendar \(Echo.quoted(other.calendar)) has an event with UID \(Echo.quoted(uid)) too; showing the one of \(Echo.quoted(series.calendar))")
        }
        var details = Details(series: series, event: event, viewer: viewer)
        if let text = arguments.value("--occurrence") {
            // DT as `edit` reads it (in --tz); a wall time that names no occurrence there, as the event's own wall time.
            var times = [try EditArguments.time(text, origin: .option("--occurrence"), zone: zone, allDay: false)]
            if zone != nil, case .floating = try EditArguments.time(text, origin: .option("--occurrence"), zone: nil, allDay: false) {
                times.append(try EditArguments.time(text, origin: .option("--occurrence"), zone: nil, allDay: false))
            }
            var occurrence: EventOccurrence?
            for time in times where occurrence == nil {
                do {
                    occurrence = try store.occurrence(uid: uid, at: time, viewer: viewer, calendar: series.calendar)
                } catch {
                    throw ArgumentProblem.calendarFile("\(error)")
                }
            }
            guard let occurrence else {
                throw InputError(.option("--occurrence"), input: text,
                                 underlying: ArgumentProblem.calendarFile("not an occurrence of the event with UID \(Echo.quoted(uid))"))
            }
            details.occurrence = occurrence
            details.event = occurrence.event
        }
        if arguments.flag("--json") {
            output.line(details.json())
        } else {
            for line in details.text() { output.line(line) }
        }
    }

    /// What is shown of one event, or one occurrence of it.
    struct Details {
        let series: StoredSeries
        /// The event shown: the master, or the occurrence's own fields.
        var event: Event
        let viewer: ZoneRules
        var occurrence: EventOccurrence?

        init(series: StoredSeries, event: Event, viewer: ZoneRules) {
            self.series = series
            self.event = event
            self.viewer = viewer
        }

        /// The series' master (or, without one, the event shown).
        var master: Event { series.master ?? event }

        /// Start, end and their instants for the viewer.
        var span: (start: ItemTime, end: ItemTime, startInstant: Instant, endInstant: Instant)? {
            if let occurrence { return (occurrence.start, occurrence.end, occurrence.startInstant, occurrence.endInstant) }
            guard let span = try? SeriesTimeline.span(start: event.start, length: event.length, viewer: viewer) else { return nil }
            return (event.start, span.endTime, span.start, span.end)
        }

        /// The event's own zone: its TZID, `UTC` for a UTC time; nil for a floating time or a date.
        var ownZone: ZoneRules? {
            switch event.start {
            case .zoned(_, let zone): return zone
            case .utc: return .utc
            case .floating, .date: return nil
            }
        }

        var rule: String? {
            let rules = master.recurrence.rules
            return rules.isEmpty ? nil : rules.map(\.naturalDescription).joined(separator: "; and ")
        }

        // MARK: Text

        func text() -> [String] {
            var lines = [Echo.escaped(event.title ?? "(no title)")]
            func field(_ label: String, _ values: [String]) {
                for (index, value) in values.enumerated() {
                    let head = index == 0 ? label + ":" : ""
                    lines.append("  " + head + String(repeating: " ", count: max(1, 14 - head.count)) + value)
                }
            }
            if let span {
                var when = [Self.range(span.start, span.end, span.startInstant, span.endInstant, zone: viewer)]
                if let own = ownZone, own.identifier != viewer.identifier, !span.start.isDate {
                    when.append(Self.range(span.start, span.end, span.startInstant, span.endInstant, zone: own) + ", the event's zone")
                } else if case .floating = span.start {
                    when.append("(floating: at this time in any zone)")
                }
                field("When", when)
            }
            if let occurrence, let id = occurrence.recurrenceID {
                var of = [Self.time(id, instant: try? id.instant(viewer: viewer), zone: viewer, named: true) + " (its original start)"]
                if let override = overrides.first(where: { $0.event.recurrenceID == event.recurrenceID && event.recurrenceID != nil }) {
                    of.append("changed: " + override.changes.joined(separator: "; "))
                }
                field("Occurrence", of)
            }
            if let rule { field("Repeats", [rule]) }
            let dates = master.recurrence.dates.map { Self.time($0.value, instant: try? $0.value.instant(viewer: viewer), zone: viewer) }
            if !dates.isEmpty { field("Also on", dates) }
            if occurrence == nil {
                if !exceptions.isEmpty { field("Except", exceptions.map(\.text)) }
                if !overrides.isEmpty {
                    field(series.master == nil ? "Occurrences" : "Changed", overrides.map { $0.text + ": " + $0.changes.joined(separator: "; ") })
                }
            }
            if let location = event.location { field("Location", [Echo.escaped(location)]) }
            if let notes = event.notes {
                field("Description", notes.split(separator: "\n", omittingEmptySubsequences: false).map { Echo.escaped(String($0)) })
            }
            if !event.categories.isEmpty { field("Categories", [event.categories.map { $0.contains(",") ? Echo.quoted($0) : Echo.escaped($0) }.joined(separator: ", ")]) }
            if let url = event.url { field("URL", [Echo.escaped(url)]) }
            if let organizer = event.organizer { field("Organizer", [Self.person(organizer)]) }
            if !event.attendees.isEmpty {
                field("Attendees", event.attendees.map { attendee in
                    var text = Self.person(attendee) + ": " + Self.reply(attendee.reply)
                    if let role = Self.role(attendee.role) { text += " (" + role + ")" }
                    return text
                })
            }
            if !event.alarms.isEmpty { field("Alarms", event.alarms.map { Self.alarm($0, viewer: viewer) }) }
            if let status = event.status { field("Status", [status.rawValue.lowercased()]) }
            field("Calendar", [Echo.escaped(series.calendar)])
            if let position = event.position { field("File", [Echo.escaped(position.file) + ":\(position.line)"]) }
            field("UID", [Echo.escaped(event.uid)])
            return lines
        }

        /// `Monday 2024-03-04 15:30-15:45 Europe/Berlin`, over midnight with
        /// both days, a date range for all-day events (the end exclusive).
        static func range(_ start: ItemTime, _ end: ItemTime, _ startInstant: Instant, _ endInstant: Instant, zone: ZoneRules) -> String {
            if case .date(let first) = start {
                let last = (end.isDate ? end.dayNumber(viewer: zone) : first.dayNumber + 1) - 1
                let days = last - first.dayNumber + 1
                if days <= 1 { return day(first.dayNumber) + ", all day" }
                return day(first.dayNumber) + " to " + day(last) + ", all day (\(days) days)"
            }
            guard let from = try? ZonedDateTime(instant: startInstant, zone: zone),
                  let to = try? ZonedDateTime(instant: endInstant, zone: zone) else { return "\(start) to \(end)" }
            let name = zone.isUTC ? "UTC" : zone.identifier
            if from.local.dayNumber == to.local.dayNumber || (endInstant == startInstant) {
                let tail = endInstant == startInstant ? "" : "-" + clock(to.local.time)
                return day(from.local.dayNumber) + " " + clock(from.local.time) + tail + " " + name
            }
            return day(from.local.dayNumber) + " " + clock(from.local.time) + " to " + day(to.local.dayNumber) + " " + clock(to.local.time) + " " + name
        }

        /// One time in `zone`: `Wednesday 2024-03-13 09:30` (`named`: with the zone's name), a date alone for a date.
        static func time(_ time: ItemTime, instant: Instant?, zone: ZoneRules, named: Bool = false) -> String {
            if case .date(let date) = time { return day(date.dayNumber) }
            guard let instant, let zoned = try? ZonedDateTime(instant: instant, zone: zone) else { return "\(time)" }
            let name: String
            if case .floating = time { name = "" } else { name = named ? " " + (zone.isUTC ? "UTC" : zone.identifier) : "" }
            return day(zoned.local.dayNumber) + " " + clock(zoned.local.time) + name
        }

        static func day(_ dayNumber: Int) -> String {
            AgendaCommand.weekdayNames[DayNumber.isoWeekday(dayNumber) - 1] + " " + ISODate(dayNumber: dayNumber).description
        }

        static func clock(_ time: TimeOfDay) -> String {
            let seconds = time.second == 0 ? "" : ":" + (time.second < 10 ? "0" : "") + "\(time.second)"
            return AgendaCommand.hhmm(time) + seconds
        }

        /// `Anna Levi <anna@example.com>`, `anna@example.com`, or the address as written.
        static func person(_ participant: Participant) -> String {
            let address = Echo.escaped(participant.email ?? participant.address)
            guard let name = participant.name else { return address }
            return Echo.escaped(name) + " <" + address + ">"
        }

        /// PARTSTAT in words; none is NEEDS-ACTION (RFC 5545).
        static func reply(_ reply: String?) -> String {
            switch reply ?? "NEEDS-ACTION" {
            case "NEEDS-ACTION": "needs action"
            case "ACCEPTED": "accepted"
            case "DECLINED": "declined"
            case "TENTATIVE": "tentative"
            case "DELEGATED": "delegated"
            case "COMPLETED": "completed"
            case "IN-PROCESS": "in process"
            case let other: Echo.escaped(other.lowercased())
            }
        }

        /// ROLE in words; none (a required participant) says nothing.
        static func role(_ role: String?) -> String? {
            switch role {
            case nil, "REQ-PARTICIPANT"?: nil
            case "CHAIR"?: "chair"
            case "OPT-PARTICIPANT"?: "optional"
            case "NON-PARTICIPANT"?: "for information"
            case let other?: Echo.escaped(other.lowercased())
            }
        }

        /// `15 minutes before start`, `at start`, `1 hour 30 minutes after end`, `at Friday 2024-03-15 08:45 UTC`.
        static func alarm(_ alarm: Alarm, viewer: ZoneRules) -> String {
            var text: String
            switch alarm.trigger {
            case .relative(let seconds, let toEnd):
                let anchor = toEnd ? "end" : "start"
                text = seconds == 0 ? "at " + anchor : length(seconds.boundedMagnitude) + (seconds < 0 ? " before " : " after ") + anchor
            case .absolute(let instant):
                text = "at " + time(.utc(instant), instant: instant, zone: viewer, named: true)
            }
            if alarm.repeatCount > 0 && alarm.repeatInterval > 0 {
                text += ", then \(alarm.repeatCount) more every " + length(alarm.repeatInterval)
            }
            switch alarm.action {
            case "DISPLAY": break
            case "AUDIO": text += " (a sound)"
            case "EMAIL": text += " (an email)"
            default: text += " (" + Echo.escaped(alarm.action.lowercased()) + ")"
            }
            return text
        }

        /// `1 week`, `2 days 3 hours`, `15 minutes`, `30 seconds`.
        static func length(_ seconds: Int) -> String {
            if seconds == 0 { return "0 minutes" }
            var parts: [String] = []
            var rest = seconds
            for (unit, size) in [("week", 604_800), ("day", 86_400), ("hour", 3_600), ("minute", 60), ("second", 1)] where rest >= size {
                let count = rest / size
                rest %= size
                parts.append("\(count) \(unit)" + (count == 1 ? "" : "s"))
            }
            return parts.joined(separator: " ")
        }

        // MARK: Exceptions and overrides

        /// The EXDATEs of the series.
        var exceptions: [(text: String, json: String?)] {
            master.recurrence.exclusions.map { date in
                let instant = try? date.value.instant(viewer: viewer)
                return (Self.time(date.value, instant: instant, zone: viewer, named: true), CalendarWindow.text(date.value, instant: instant, viewer: viewer))
            }
        }

        /// The overrides: which occurrence each replaces, and what it changes of the series.
        var overrides: [(event: Event, text: String, changes: [String], fields: [String])] {
            guard series.master != nil else {
                // Overrides without their series (an invitation to some occurrences): each at its own time.
                return series.overrides.map { override in
                    let id = override.recurrenceID ?? override.start
                    var changes = ["an occurrence of a series the calendar does not hold"]
                    let moved = (try? override.start.instant(viewer: viewer)) != (try? id.instant(viewer: viewer))
                    if moved, let span = try? SeriesTimeline.span(start: override.start, length: override.length, viewer: viewer) {
                        changes.append("moved to " + Self.range(override.start, span.endTime, span.start, span.end, zone: viewer))
                    }
                    if override.title != event.title { changes.append(override.title.map { "title " + Echo.quoted($0) } ?? "no title") }
                    if override.isCancelled { changes.append("cancelled") }
                    return (override, Self.time(id, instant: try? id.instant(viewer: viewer), zone: viewer, named: true), changes, [])
                }
            }
            return series.overrides.map { override in
                let id = override.recurrenceID ?? override.start
                var text = Self.time(id, instant: try? id.instant(viewer: viewer), zone: viewer, named: true)
                if override.range == .thisAndFuture { text += " and later" }
                var changes: [String] = [], fields: [String] = []
                if override.isCancelled {
                    changes.append("cancelled")
                    fields.append("status")
                }
                let movedStart = (try? override.start.instant(viewer: viewer)) != (try? id.instant(viewer: viewer)) || override.start.isDate != id.isDate
                if movedStart || override.length != master.length {
                    if let span = try? SeriesTimeline.span(start: override.start, length: override.length, viewer: viewer) {
                        changes.append((movedStart ? "moved to " : "now ") + Self.range(override.start, span.endTime, span.start, span.end, zone: viewer))
                    }
                    if movedStart { fields.append("start") }
                    if override.length != master.length { fields.append("end") }
                }
                if override.title != master.title {
                    changes.append(override.title.map { "title " + Echo.quoted($0) } ?? "no title")
                    fields.append("title")
                }
                if override.location != master.location {
                    changes.append(override.location.map { "location " + Echo.quoted($0) } ?? "no location")
                    fields.append("location")
                }
                if override.attendees != master.attendees {
                    // The same people: their new replies; else the list changed.
                    if override.attendees.map(\.address) == master.attendees.map(\.address) {
                        for (new, old) in zip(override.attendees, master.attendees) where new != old {
                            changes.append(Self.person(new) + ": " + Self.reply(new.reply) + (Self.role(new.role).map { " (" + $0 + ")" } ?? ""))
                        }
                    } else {
                        changes.append("attendees changed")
                    }
                    fields.append("attendees")
                }
                for (name, differs) in [("description", override.notes != master.notes), ("categories", override.categories != master.categories),
                                        ("url", override.url != master.url), ("organizer", override.organizer != master.organizer),
                                        ("alarms", override.alarms != master.alarms)] where differs {
                    changes.append((name == "url" ? "URL" : name) + " changed")
                    fields.append(name)
                }
                if !override.isCancelled && override.status != master.status {
                    changes.append("status " + (override.status?.rawValue.lowercased() ?? "none"))
                    fields.append("status")
                }
                if changes.isEmpty { changes.append("nothing changed") }
                return (override, text, changes, fields)
            }
        }

        // MARK: JSON

        func json() -> String {
            var object = JSONObject()
            object.add("uid", event.uid)
            object.add("title", event.title)
            if let span {
                object.add("start", CalendarWindow.text(span.start, instant: span.startInstant, viewer: viewer))
                object.add("end", CalendarWindow.text(span.end, instant: span.endInstant, viewer: viewer))
            } else {
                object.add("start", raw: "null")
                object.add("end", raw: "null")
            }
            object.add("allDay", event.isAllDay)
            object.add("zone", ownZone.map { $0.isUTC ? "UTC" : $0.identifier })
            if let occurrence {
                object.add("recurrenceId", occurrence.recurrenceID.flatMap { CalendarWindow.text($0, instant: try? $0.instant(viewer: viewer), viewer: viewer) })
            }
            object.add("rule", rule)
            object.add("dates", master.recurrence.dates.compactMap { CalendarWindow.text($0.value, instant: try? $0.value.instant(viewer: viewer), viewer: viewer) })
            object.add("exceptions", exceptions.compactMap(\.json))
            object.add("overrides", objects: overrides.map { override in
                var item = JSONObject()
                let event = override.event
                let id = event.recurrenceID ?? event.start
                item.add("recurrenceId", CalendarWindow.text(id, instant: try? id.instant(viewer: viewer), viewer: viewer))
                if let span = try? SeriesTimeline.span(start: event.start, length: event.length, viewer: viewer) {
                    item.add("start", CalendarWindow.text(event.start, instant: span.start, viewer: viewer))
                    item.add("end", CalendarWindow.text(span.endTime, instant: span.end, viewer: viewer))
                }
                item.add("title", event.title)
                item.add("status", event.status?.rawValue)
                item.add("thisAndFuture", event.range == .thisAndFuture)
                item.add("changes", override.fields)
                item.add("line", event.position?.line ?? 0)
                return item
            })
            object.add("location", event.location)
            object.add("description", event.notes)
            object.add("categories", event.categories)
            object.add("url", event.url)
            if let organizer = event.organizer {
                object.add("organizer", raw: Self.json(organizer).encoded)
            } else {
                object.add("organizer", raw: "null")
            }
            object.add("attendees", objects: event.attendees.map(Self.json))
            object.add("alarms", objects: event.alarms.map { alarm in
                var item = JSONObject()
                item.add("action", alarm.action)
                switch alarm.trigger {
                case .relative(let seconds, let toEnd):
                    item.add("offset", seconds)
                    item.add("related", toEnd ? "end" : "start")
                case .absolute(let instant):
                    item.add("at", CalendarWindow.text(.utc(instant), instant: instant, viewer: viewer))
                }
                if alarm.repeatCount > 0 && alarm.repeatInterval > 0 {
                    item.add("repeat", alarm.repeatCount)
                    item.add("interval", alarm.repeatInterval)
                }
                item.add("text", Self.alarm(alarm, viewer: viewer))
                return item
            })
            object.add("status", event.status?.rawValue)
            object.add("calendar", series.calendar)
            object.add("file", event.position?.file)
            if let line = event.position?.line { object.add("line", line) } else { object.add("line", raw: "null") }
            return object.encoded
        }

        static func json(_ participant: Participant) -> JSONObject {
            var object = JSONObject()
            object.add("address", participant.address)
            object.add("name", participant.name)
            object.add("reply", participant.reply)
            object.add("role", participant.role)
            return object
        }
    }
}
