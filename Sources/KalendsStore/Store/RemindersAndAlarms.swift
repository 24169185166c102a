import Kalends

/// A reminder as a list shows it: the reminder, its calendar, and its due
/// instant for the viewer.
public struct ReminderItem: Hashable, Sendable {
    /// The reminder as read.
    public let reminder: Reminder
    /// Its calendar's name.
    public let calendar: String
    /// DUE (or DTSTART + DURATION) as an instant for the viewer; a due date is the start of its day.
    public let dueInstant: Instant?
}

/// One firing of an alarm: when, of which occurrence of which item.
public struct AlarmFiring: Hashable, Sendable {
    /// The alarm that fires.
    public let alarm: Alarm
    /// The item's UID.
    public let uid: String
    /// The item's title (SUMMARY).
    public let title: String?
    /// The item's calendar's name.
    public let calendar: String
    /// When it fires.
    public let trigger: Instant
    /// The start of the occurrence it is for (a reminder's due time when it has one).
    public let occurrence: ItemTime?
    /// That start as an instant for the viewer.
    public let occurrenceInstant: Instant?
}

extension CalendarStore {
    // MARK: Reminders

    /// The reminders not completed or cancelled (`includeDone`: every one),
    /// by due time (undated last), then priority (1 first, undefined last),
    /// title and UID. `dueIn`: only those due in this window.
    public func reminders(includeDone: Bool = false, dueIn window: Range<Instant>? = nil, viewer: ZoneRules) -> [ReminderItem] {
        var items: [ReminderItem] = []
        for calendar in calendars {
            for reminder in calendar.reminders where includeDone || !reminder.isDone {
                let due = reminder.due.flatMap { try? $0.instant(viewer: viewer) }
                if let window {
                    guard let due, window.contains(due) else { continue }
                }
                items.append(ReminderItem(reminder: reminder, calendar: calendar.name, dueInstant: due))
            }
        }
        return items.sorted { a, b in
            switch (a.dueInstant, b.dueInstant) {
            case (let x?, let y?) where x != y: return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: break
            }
            let pa = a.reminder.priority == 0 ? 10 : a.reminder.priority, pb = b.reminder.priority == 0 ? 10 : b.reminder.priority
            if pa != pb { return pa < pb }
            if (a.reminder.title ?? "") != (b.reminder.title ?? "") { return (a.reminder.title ?? "") < (b.reminder.title ?? "") }
            return a.reminder.uid < b.reminder.uid
        }
    }

    // MARK: Alarms

    /// The alarms that fire in `window` (half-open), once per firing (REPEAT
    /// and DURATION expanded) and per occurrence of a recurring event or
    /// reminder; an absolute trigger fires once for its item. Sorted by
    /// trigger, then UID. Each distinct relative trigger looks only at the
    /// occurrences whose start (or end) puts a firing in the window, however
    /// far the trigger reaches.
    /// - Throws: `StoreError.tooManyOccurrences` when those occurrences are
    ///   more than `limit` (a SECONDLY rule over years).
    public func alarms(firingIn window: Range<Instant>, viewer: ZoneRules,
                       limit: Int = CalendarStore.maximumOccurrences) throws(StoreError) -> [AlarmFiring] {
        var firings: [AlarmFiring] = []
        // The relative triggers of events, each (seconds, relative to the end) once, with its longest repetition.
        var triggers: [Trigger: Int] = [:]
        for calendar in calendars {
            for event in calendar.events {
                for alarm in event.alarms {
                    guard case .relative(let seconds, let toEnd) = alarm.trigger else { continue }
                    let key = Trigger(seconds: seconds, toEnd: toEnd)
                    triggers[key] = Swift.max(triggers[key] ?? 0, alarm.firingOffsets.last ?? 0)
                }
            }
        }
        for (trigger, repetition) in triggers.sorted(by: { ($0.key.seconds, $0.key.toEnd ? 1 : 0) < ($1.key.seconds, $1.key.toEnd ? 1 : 0) }) {
            // A firing at base + seconds + r (0 <= r <= repetition) is in the window when
            // base is in [lower - seconds - repetition, upper - seconds): the occurrences
            // meeting that span (one second wider, for an end at its start).
            let low = window.lowerBound.seconds.clampedSum(-trigger.seconds).clampedSum(-repetition).clampedSum(-1)
            let high = window.upperBound.seconds.clampedSum(-trigger.seconds)
            guard low < high else { continue }
            for occurrence in try events(in: Instant(seconds: low)..<Instant(seconds: high), viewer: viewer, limit: limit) {
                for alarm in occurrence.event.alarms {
                    guard case .relative(let seconds, let toEnd) = alarm.trigger, seconds == trigger.seconds, toEnd == trigger.toEnd else { continue }
                    let base = toEnd ? occurrence.endInstant : occurrence.startInstant
                    for offset in alarm.firingOffsets {
                        let fires = Instant(seconds: base.seconds.clampedSum(seconds).clampedSum(offset))
                        guard window.contains(fires) else { continue }
                        firings.append(AlarmFiring(alarm: alarm, uid: occurrence.uid, title: occurrence.event.title, calendar: occurrence.calendar,
                                                   trigger: fires, occurrence: occurrence.start, occurrenceInstant: occurrence.startInstant))
                    }
                }
            }
        }
        for calendar in calendars {
            // Absolute triggers: once for the item.
            for event in calendar.events where !event.isCancelled {
                for alarm in event.alarms {
                    guard case .absolute(let instant) = alarm.trigger else { continue }
                    for offset in alarm.firingOffsets {
                        let trigger = Instant(seconds: instant.seconds.clampedSum(offset))
                        guard window.contains(trigger) else { continue }
                        firings.append(AlarmFiring(alarm: alarm, uid: event.uid, title: event.title, calendar: calendar.name, trigger: trigger,
                                                   occurrence: event.recurrenceID ?? event.start,
                                                   occurrenceInstant: try? event.start.instant(viewer: viewer)))
                    }
                }
            }
            // Reminders: relative to DTSTART, or to DUE (RELATED=END), once per
            // occurrence of a recurring one; absolute as is.
            for reminder in calendar.reminders where !reminder.isDone && !reminder.alarms.isEmpty {
                firings += try Self.firings(of: reminder, calendar: calendar.name, window: window, viewer: viewer, limit: limit)
            }
        }
        return firings.sorted { a, b in
            if a.trigger != b.trigger { return a.trigger < b.trigger }
            if a.uid != b.uid { return a.uid < b.uid }
            return (a.occurrenceInstant ?? a.trigger) < (b.occurrenceInstant ?? b.trigger)
        }
    }

    /// A relative trigger: seconds after the start, or after the end.
    struct Trigger: Hashable {
        let seconds: Int
        let toEnd: Bool
    }

    /// The firings of a reminder's alarms in `window`: for each relative
    /// alarm, the occurrences whose start puts a firing in the window.
    static func firings(of reminder: Reminder, calendar: String, window: Range<Instant>, viewer: ZoneRules,
                        limit: Int) throws(StoreError) -> [AlarmFiring] {
        guard let base = reminder.start ?? reminder.due else { return [] }
        func instant(_ time: ItemTime) throws(StoreError) -> Instant {
            do {
                return try time.instant(viewer: viewer)
            } catch {
                throw .unplaceable(uid: reminder.uid, calendar: calendar, detail: "\(error)")
            }
        }
        let baseInstant = try instant(base)
        // DUE's distance from DTSTART, which every occurrence keeps.
        var dueDelta = 0
        if reminder.start != nil, let due = reminder.due { dueDelta = try instant(due).seconds - baseInstant.seconds }
        let timeline = SeriesTimeline(start: base, floatingZone: viewer)
        var set: RecurrenceSet?
        if !reminder.recurrence.isEmpty {
            do {
                let recurrence = try EventSeries.placed(reminder.recurrence, timeline: timeline)
                set = try RecurrenceSet(start: try base.recurrenceStart(), rules: recurrence.rules, dates: recurrence.dates,
                                        exclusions: recurrence.exclusions)
            } catch {
                // The store lists the reminder among its problems when it opens.
                return []
            }
        }
        /// The occurrences' starts in [low, high): the reminder's own, or its recurrence's.
        func starts(from low: Int, to high: Int) throws(StoreError) -> [(time: ItemTime, instant: Instant)] {
            guard let set else { return (low..<high).contains(baseInstant.seconds) ? [(base, baseInstant)] : [] }
            let lower: RecurrenceSet.Bound
            if case .zoned = set.start {
                lower = .instant(Instant(seconds: Swift.max(Instant.supportedSeconds.lowerBound, low)))
            } else if let local = try? SeriesTimeline.local(wallSeconds: low.clampedSum(viewer.offset(at: Instant(seconds: low)).seconds).clampedSum(-2 * 86_400)) {
                lower = .local(local)
            } else {
                // Before every supported time: from DTSTART.
                lower = .local(set.start.local)
            }
            let occurrences = (try? set.occurrences(from: lower)) ?? set.occurrences()
            var found: [(time: ItemTime, instant: Instant)] = []
            for occurrence in occurrences {
                let time = timeline.time(of: occurrence)
                let placed: Instant
                if let known = occurrence.instant { placed = known } else { placed = try instant(time) }
                if placed.seconds >= high.clampedSum(2 * 86_400) { break }
                guard (low..<high).contains(placed.seconds) else { continue }
                guard found.count < limit else { throw .tooManyOccurrences(uid: reminder.uid, calendar: calendar, limit: limit) }
                found.append((time, placed))
            }
            return found
        }
        var firings: [AlarmFiring] = []
        func fire(_ alarm: Alarm, from first: Instant, occurrence time: ItemTime, at instant: Instant) {
            for offset in alarm.firingOffsets {
                let trigger = Instant(seconds: first.seconds.clampedSum(offset))
                guard window.contains(trigger) else { continue }
                firings.append(AlarmFiring(alarm: alarm, uid: reminder.uid, title: reminder.title, calendar: calendar, trigger: trigger,
                                           occurrence: time, occurrenceInstant: instant))
            }
        }
        for alarm in reminder.alarms {
            switch alarm.trigger {
            case .absolute(let at):
                // Once for the reminder, not once per occurrence.
                fire(alarm, from: at, occurrence: base, at: baseInstant)
            case .relative(let seconds, let toEnd):
                // start + (due delta) + seconds + r in the window, 0 <= r <= the repetition.
                let shift = seconds.clampedSum(toEnd ? dueDelta : 0)
                let low = window.lowerBound.seconds.clampedSum(-shift).clampedSum(-(alarm.firingOffsets.last ?? 0))
                let high = window.upperBound.seconds.clampedSum(-shift)
                guard low < high else { continue }
                for (time, instant) in try starts(from: low, to: high) {
                    fire(alarm, from: Instant(seconds: instant.seconds.clampedSum(shift)), occurrence: time, at: instant)
                }
            }
        }
        return firings
    }
}
