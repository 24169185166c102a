import Kalends
import KalendsICalendar

/// The edits of a series, as patches of the file's components: the whole
/// event changed (its start moving everything with it), one occurrence
/// changed (an override), the series ended before an occurrence, the
/// series split there, a reminder done.
struct SeriesEdits {
    let file: EditedFile
    /// DTSTAMP's and COMPLETED's time.
    let now: Instant

    func text(_ component: ICalendarComponent) -> ComponentText {
        ComponentText(component, in: file.bytes, writer: file.writer)
    }

    // MARK: The whole event

    /// The whole event changed: its fields; a new start moves the
    /// overrides' RECURRENCE-IDs and starts, the EXDATEs, RDATEs and UNTIL
    /// by as much on the wall clock (`SeriesMove`).
    func changeWhole(uid: String, changes: EventChanges) throws(CalendarEditError) -> FileEdit {
        let found = file.events(uid: uid)
        guard let master = found.first(where: { $0.item.recurrenceID == nil }) ?? found.first else {
            throw .unknownUID(uid: uid, what: "event", path: file.path)
        }
        let overrides = found.filter { $0.item.recurrenceID != nil && $0.component.byteRange != master.component.byteRange }
        var masterText = text(master.component)
        try Self.apply(changes, to: &masterText, event: master.item)
        var patches: [Patch] = []
        let event = master.item
        if let newStart = changes.start, !event.recurrence.isEmpty || !overrides.isEmpty {
            let hasExceptions = !overrides.isEmpty || !event.recurrence.exclusions.isEmpty || !event.recurrence.dates.isEmpty
            if newStart.isDate != event.start.isDate && hasExceptions { throw .startFormChange(uid: uid) }
            let move = try SeriesMove(timeline: SeriesTimeline(start: event.start), moving: event.start, to: newStart)
            try Self.move(&masterText, by: move, keepingRules: changes.rules == nil, rules: event.recurrence.rules)
            for override in overrides {
                var other = text(override.component)
                try Self.move(override: &other, override.item, by: move)
                other.touch(now: now)
                patches.append(Patch(override.component.byteRange, other.bytes))
            }
        }
        masterText.touch(now: now)
        return FileEdit(patches: [Patch(master.component.byteRange, masterText.bytes)] + patches)
    }

    /// The series' own times of a master moved: its RDATEs, EXDATEs and (`keepingRules`) the UNTIL of `rules`.
    static func move(_ master: inout ComponentText, by move: SeriesMove, keepingRules: Bool, rules: [RecurrenceRule]) throws(CalendarEditError) {
        for name in ["EXDATE", "RDATE"] {
            var moved: [ICalendarProperty] = []
            for property in master.all(name) {
                var dates: [RecurrenceDate] = []
                for date in try Self.dates(property) {
                    dates.append(RecurrenceDate(try move.map(date.value), periodSeconds: date.periodSeconds))
                }
                moved.append(ICalendarProperty(name, dates: dates))
            }
            if !moved.isEmpty { master.set(name, moved) }
        }
        guard keepingRules, rules.contains(where: { $0.until != nil }) else { return }
        var moved: [ICalendarProperty] = []
        for rule in rules {
            guard let until = rule.until else { moved.append(ICalendarProperty(rule: rule)); continue }
            moved.append(ICalendarProperty(rule: try EditedSeries.rule(rule, ending: .until(try move.map(until)))))
        }
        master.set("RRULE", moved)
    }

    /// An override moved with its series: its RECURRENCE-ID as the series' times, its own start and end as its own.
    static func move(override text: inout ComponentText, _ override: Event, by move: SeriesMove) throws(CalendarEditError) {
        if let id = override.recurrenceID {
            var property = ICalendarProperty("RECURRENCE-ID", time: try move.map(id))
            if override.range == .thisAndFuture { property.parameters.append(ICalendarParameter(name: "RANGE", values: ["THISANDFUTURE"])) }
            text.set(property)
        }
        text.set(ICalendarProperty("DTSTART", time: try move.mapOwn(override.start)))
        if text.first("DTEND") != nil {
            do {
                let end = try SeriesTimeline.span(start: override.start, length: override.length, viewer: .utc).endTime
                text.set(ICalendarProperty("DTEND", time: try move.mapOwn(end)))
            } catch let error as CalendarEditError {
                throw error
            } catch {
                throw .unplaceable(detail: "\(error)")
            }
        }
    }

    /// `changes` written into a component whose event is `event`.
    static func apply(_ changes: EventChanges, to text: inout ComponentText, event: Event) throws(CalendarEditError) {
        if let title = changes.title { text.set(ICalendarProperty("SUMMARY", text: title)) }
        if let location = changes.location { text.set(ICalendarProperty("LOCATION", text: location)) }
        if let notes = changes.notes { text.set("DESCRIPTION", notes.isEmpty ? [] : [ICalendarProperty("DESCRIPTION", text: notes)]) }
        if let categories = changes.categories { text.set("CATEGORIES", CalendarFileEditor.categories(categories).map { [$0] } ?? []) }
        if let url = changes.url { text.set("URL", try CalendarFileEditor.url(url).map { [$0] } ?? []) }
        let start = changes.start ?? event.start
        if let newStart = changes.start {
            text.set(ICalendarProperty("DTSTART", time: newStart))
            // The length is kept: DTEND moves with the start (a date's end goes when the start becomes a time, and back).
            if changes.end == nil, text.first("DTEND") != nil {
                if newStart.isDate != event.start.isDate {
                    text.remove("DTEND")
                } else {
                    do {
                        text.set(ICalendarProperty("DTEND", time: try SeriesTimeline.span(start: newStart, length: event.length, viewer: .utc).endTime))
                    } catch {
                        throw .unplaceable(detail: "\(error)")
                    }
                }
            }
        }
        switch changes.end {
        case .at(let end)?:
            try CalendarFileEditor.checkOrder(start, end)
            text.remove("DURATION")
            text.set(ICalendarProperty("DTEND", time: end))
        case .duration(let duration)?:
            let property = try CalendarFileEditor.duration(duration)
            text.remove("DTEND")
            text.set(property)
        case nil: break
        }
        if let rules = changes.rules {
            if event.recurrenceID != nil && !rules.isEmpty { throw .ruleForOneOccurrence }
            text.set("RRULE", rules.map { ICalendarProperty(rule: $0) })
        }
        try CalendarFileEditor.checkRecurrence(start, changes.rules ?? event.recurrence.rules)
    }

    // MARK: One occurrence

    /// One occurrence changed: its override updated, or a new one written after the master.
    func changeOne(_ series: EditedSeries, _ occurrence: EditedOccurrence, changes: EventChanges) throws(CalendarEditError) -> Patch {
        guard changes.rules == nil else { throw .ruleForOneOccurrence }
        if let existing = series.overrides.first(where: { $0.key == occurrence.key }) {
            var overrideText = text(existing.entry.component)
            try Self.apply(changes, to: &overrideText, event: existing.entry.item)
            overrideText.touch(now: now)
            return Patch(existing.entry.component.byteRange, overrideText.bytes)
        }
        let master = series.master.item
        var event = master
        event.start = occurrence.time
        event.recurrence = ItemRecurrence()
        var properties = [ICalendarProperty(name: "UID", value: series.uid), ComponentText.stamp(now),
                          ICalendarProperty("RECURRENCE-ID", time: occurrence.time), ICalendarProperty("DTSTART", time: occurrence.time)]
        if series.master.component.first("DURATION") == nil {
            do {
                properties.append(ICalendarProperty("DTEND", time: try SeriesTimeline.span(start: occurrence.time, length: master.length, viewer: .utc).endTime))
            } catch {
                throw .unplaceable(detail: "\(error)")
            }
        } else {
            properties.append(ComponentText.duration(master.length))
        }
        if let title = master.title { properties.append(ICalendarProperty("SUMMARY", text: title)) }
        if let location = master.location { properties.append(ICalendarProperty("LOCATION", text: location)) }
        // The master's other fields a person reads, kept for the occurrence as every reader replaces them.
        if let notes = master.notes { properties.append(ICalendarProperty("DESCRIPTION", text: notes)) }
        if let categories = CalendarFileEditor.categories(master.categories) { properties.append(categories) }
        if let url = master.url { properties.append(ICalendarProperty(name: "URL", value: url)) }
        properties.append(ICalendarProperty("SEQUENCE", integer: master.sequence.clampedSum(1)))
        var overrideText = ComponentText(new: ICalendarComponent(name: "VEVENT", properties: properties), writer: file.writer)
        try Self.apply(changes, to: &overrideText, event: event)
        return .insert(overrideText.bytes, at: series.master.component.byteRange.upperBound)
    }

    // MARK: Ending and splitting

    /// The master made to end before `occurrence`: its rules (`EditedSeries.rulesEnding`), and its RDATEs and EXDATEs from the occurrence on dropped.
    static func end(_ master: inout ComponentText, series: EditedSeries, before occurrence: EditedOccurrence) throws(CalendarEditError) {
        master.set("RRULE", try series.rulesEnding(before: occurrence).map { ICalendarProperty(rule: $0) })
        try keepDates(&master, series: series) { $0 < occurrence.key }
    }

    /// Each RDATE and EXDATE of `master` with only its values whose keys `keep` keeps (a property left with none goes).
    static func keepDates(_ master: inout ComponentText, series: EditedSeries, _ keep: (SeriesKey) -> Bool) throws(CalendarEditError) {
        for name in ["RDATE", "EXDATE"] {
            let properties = master.all(name)
            var kept: [ICalendarProperty] = [], changed = false
            for property in properties {
                var values: [RecurrenceDate] = []
                let dates = try Self.dates(property)
                for date in dates {
                    let key: SeriesKey
                    do {
                        key = try series.timeline.key(of: date.value)
                    } catch {
                        throw .unplaceable(detail: "\(name) \(date): \(error)")
                    }
                    if keep(key) { values.append(date) }
                }
                if values.count == dates.count {
                    kept.append(property)
                } else {
                    changed = true
                    if !values.isEmpty { kept.append(ICalendarProperty(name, dates: values)) }
                }
            }
            if changed { master.set(name, kept) }
        }
    }

    /// The values of an RDATE or EXDATE of the file.
    static func dates(_ property: ICalendarProperty) throws(CalendarEditError) -> [RecurrenceDate] {
        do {
            return try property.dates(zone: nil)
        } catch {
            throw .unreadable(path: "", cause: .content(ICalendarError(.value(error), source: "", line: property.line, column: property.valueColumn)))
        }
    }

    /// The series split at `occurrence`: the original ends before it; a new
    /// series (`newUID`) starts there with the changes and takes the later
    /// overrides, their RECURRENCE-IDs (and, with a new start, their own
    /// times) moved with it, so that every occurrence stays once; RDATEs and
    /// EXDATEs from the occurrence on go with the new series. New rules drop
    /// the later overrides: the occurrences they changed are not the new rules'.
    func split(_ series: EditedSeries, at occurrence: EditedOccurrence, newUID: String, changes: EventChanges) throws(CalendarEditError) -> FileEdit {
        let master = series.master
        var old = text(master.component)
        try Self.end(&old, series: series, before: occurrence)
        old.touch(now: now)
        // The new series: the master's lines, from the occurrence on.
        var new = text(master.component)
        new.set(ICalendarProperty(name: "UID", value: newUID))
        new.set(ICalendarProperty("DTSTART", time: occurrence.time))
        if new.first("DTEND") != nil {
            do {
                new.set(ICalendarProperty("DTEND", time: try SeriesTimeline.span(start: occurrence.time, length: master.item.length, viewer: .utc).endTime))
            } catch {
                throw .unplaceable(detail: "\(error)")
            }
        }
        let rules = try series.rulesFrom(occurrence)
        new.set("RRULE", rules.map { ICalendarProperty(rule: $0) })
        try Self.keepDates(&new, series: series) { $0 >= occurrence.key }
        var move: SeriesMove?
        if let newStart = changes.start {
            let hasExceptions = series.overrides.contains { $0.key >= occurrence.key } || !master.item.recurrence.dates.isEmpty
                || !master.item.recurrence.exclusions.isEmpty
            if newStart.isDate != occurrence.time.isDate && hasExceptions { throw .startFormChange(uid: series.uid) }
            let moving = try SeriesMove(timeline: series.timeline, moving: occurrence.time, to: newStart)
            try Self.move(&new, by: moving, keepingRules: changes.rules == nil, rules: rules)
            move = moving
        }
        new.set(ICalendarProperty("SEQUENCE", integer: 0))
        new.set(ComponentText.stamp(now))
        var event = master.item
        event.start = occurrence.time
        try Self.apply(changes, to: &new, event: event)
        // The later overrides: with the new series, or (new rules) gone.
        var patches = [Patch(master.component.byteRange, old.bytes)]
        var moved: [UInt8] = []
        for (key, entry) in series.overrides where key >= occurrence.key {
            patches.append(.remove(entry.component.byteRange))
            guard changes.rules == nil else { continue }
            var overrideText = text(entry.component)
            overrideText.set(ICalendarProperty(name: "UID", value: newUID))
            if let move { try Self.move(override: &overrideText, entry.item, by: move) }
            overrideText.touch(now: now)
            moved += overrideText.bytes
        }
        return FileEdit(patches: patches, newSeries: (newUID, new.bytes + moved, master.component.byteRange.upperBound))
    }

    // MARK: Reminders

    /// A reminder done (`CalendarFileEditor.complete`).
    func complete(_ entry: EditedFile.Entry<Reminder>) throws(CalendarEditError) -> (FileEdit, ReminderCompletion) {
        let reminder = entry.item
        if reminder.isDone { return (FileEdit(patches: []), .alreadyCompleted(reminder.completed)) }
        var todo = text(entry.component)
        if let base = reminder.start ?? reminder.due, !reminder.recurrence.isEmpty {
            let series = try EditedSeries(uid: reminder.uid, master: EditedFile.Entry(component: entry.component, item: Event(uid: reminder.uid, start: base,
                                                                                                                              recurrence: reminder.recurrence)),
                                          overrides: [])
            if let next = try series.occurrence(after: base) {
                let move = try SeriesMove(timeline: series.timeline, moving: base, to: next)
                if reminder.start != nil { todo.set(ICalendarProperty("DTSTART", time: next)) }
                if let due = reminder.due { todo.set(ICalendarProperty("DUE", time: try move.mapOwn(due))) }
                var rules: [ICalendarProperty] = []
                for rule in reminder.recurrence.rules {
                    if case .count(let count) = rule.end {
                        rules.append(ICalendarProperty(rule: try EditedSeries.rule(rule, ending: .count(Swift.max(1, count - 1)))))
                    } else {
                        rules.append(ICalendarProperty(rule: rule))
                    }
                }
                todo.set("RRULE", rules)
                let nextKey: SeriesKey
                do {
                    nextKey = try series.timeline.key(of: next)
                } catch {
                    throw .unplaceable(detail: "\(error)")
                }
                try Self.keepDates(&todo, series: series) { $0 >= nextKey }
                todo.touch(now: now)
                return (FileEdit(patches: [Patch(entry.component.byteRange, todo.bytes)]), .movedTo(next))
            }
        }
        todo.set(ICalendarProperty(name: "STATUS", value: "COMPLETED"))
        todo.set(ICalendarProperty(name: "COMPLETED", value: ICalendarValue.DateTime.write(now)))
        todo.set(ICalendarProperty("PERCENT-COMPLETE", integer: 100))
        todo.touch(now: now)
        return (FileEdit(patches: [Patch(entry.component.byteRange, todo.bytes)]), .completed)
    }
}
