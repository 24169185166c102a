import Kalends

/// A reminder as a list shows it: the reminder, its calendar, and its due
/// instant for the viewer.
public struct ReminderItem: Hashable, Sendable {
    public let reminder: Reminder
    public let calendar: String
    /// DUE (or DTSTART + DURATION) as an instant for the viewer; a due date is the start of its day.
    public let dueInstant: Instant?
}

/// One firing of an alarm: when, of which occurrence of which item.
public struct AlarmFiring: Hashable, Sendable {
    public let alarm: Alarm
    /// The item's UID and title.
    public let uid: String
    public let title: String?
    public let calendar: String
    /// When it fires.
    public let trigger: Instant
    /// The start of the occurrence it is for (a reminder's due time when it has one).
    public let occurrence: ItemTime?
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
    /// and DURATION expanded) and per occurrence of a recurring event; an
    /// absolute trigger fires once for its item. Sorted by trigger, then UID.
    public func alarms(firingIn window: Range<Instant>, viewer: ZoneRules) -> [AlarmFiring] {
        var firings: [AlarmFiring] = []
        // The widest reach of a relative trigger from its occurrence's start.
        var reach = 0
        for calendar in calendars {
            for event in calendar.events {
                for alarm in event.alarms {
                    guard case .relative(let seconds, let toEnd) = alarm.trigger else { continue }
                    let span = seconds.boundedMagnitude
                        .clampedSum(alarm.firingOffsets.last ?? 0).clampedSum(toEnd ? event.length.maximumSeconds : 0)
                    reach = Swift.max(reach, span)
                }
            }
        }
        // Relative triggers of events: their occurrences near the window.
        let wide = Instant(seconds: window.lowerBound.seconds.clampedSum(-reach).clampedSum(-86_400))
            ..< Instant(seconds: Swift.max(window.lowerBound.seconds, window.upperBound.seconds.clampedSum(reach).clampedSum(86_400)))
        for occurrence in events(in: wide, viewer: viewer) {
            for alarm in occurrence.event.alarms {
                guard case .relative(let seconds, let toEnd) = alarm.trigger else { continue }
                let base = toEnd ? occurrence.endInstant : occurrence.startInstant
                for offset in alarm.firingOffsets {
                    let trigger = Instant(seconds: base.seconds.clampedSum(seconds).clampedSum(offset))
                    guard window.contains(trigger) else { continue }
                    firings.append(AlarmFiring(alarm: alarm, uid: occurrence.uid, title: occurrence.event.title, calendar: occurrence.calendar,
                                               trigger: trigger, occurrence: occurrence.start, occurrenceInstant: occurrence.startInstant))
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
                firings += Self.firings(of: reminder, calendar: calendar.name, window: window, viewer: viewer)
            }
        }
        return firings.sorted { a, b in
            if a.trigger != b.trigger { return a.trigger < b.trigger }
            if a.uid != b.uid { return a.uid < b.uid }
            return (a.occurrenceInstant ?? a.trigger) < (b.occurrenceInstant ?? b.trigger)
        }
    }

    /// The firings of a reminder's alarms in `window`.
    static func firings(of reminder: Reminder, calendar: String, window: Range<Instant>, viewer: ZoneRules) -> [AlarmFiring] {
        guard let base = reminder.start ?? reminder.due, let baseInstant = try? base.instant(viewer: viewer) else {
            return []
        }
        // DUE's distance from DTSTART, which every occurrence keeps.
        let dueDelta = reminder.start != nil ? (reminder.due.flatMap { try? $0.instant(viewer: viewer) }.map { $0.seconds - baseInstant.seconds } ?? 0) : 0
        var reach = dueDelta.boundedMagnitude.clampedSum(2 * 86_400)
        for alarm in reminder.alarms {
            if case .relative(let seconds, _) = alarm.trigger {
                reach = reach.clampedSum(seconds.boundedMagnitude)
            }
            reach = reach.clampedSum(alarm.firingOffsets.last ?? 0)
        }
        // The occurrences' starts near the window: one for a reminder that does not recur.
        var starts: [(time: ItemTime, instant: Instant)] = [(base, baseInstant)]
        if !reminder.recurrence.isEmpty, let start = try? base.recurrenceStart(),
           let set = try? RecurrenceSet(start: start, rules: reminder.recurrence.rules, dates: reminder.recurrence.dates,
                                        exclusions: reminder.recurrence.exclusions) {
            starts = []
            let low = Instant(seconds: window.lowerBound.seconds.clampedSum(-reach))
            let high = Instant(seconds: window.upperBound.seconds.clampedSum(reach))
            let lower: RecurrenceSet.Bound
            if case .zoned = start {
                lower = .instant(Instant(seconds: Swift.max(Instant.supportedSeconds.lowerBound, low.seconds)))
            } else if let local = LocalDateTime.fromWallSeconds(low.seconds.clampedSum(viewer.offset(at: low).seconds)) {
                lower = .local(local)
            } else {
                return []
            }
            guard let occurrences = try? set.occurrences(from: lower) else { return [] }
            for occurrence in occurrences {
                let time = CalendarStore.itemTime(occurrence)
                guard let instant = occurrence.instant ?? (try? time.instant(viewer: viewer)) else { continue }
                if instant > high { break }
                starts.append((time, instant))
            }
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
                for (time, instant) in starts {
                    fire(alarm, from: Instant(seconds: instant.seconds.clampedSum(toEnd ? dueDelta : 0).clampedSum(seconds)), occurrence: time, at: instant)
                }
            }
        }
        return firings
    }
}
