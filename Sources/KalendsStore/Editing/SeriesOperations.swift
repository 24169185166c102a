import Kalends
import KalendsICalendar

/// A recurring event of a file being edited: its master, its overrides by
/// the key of the occurrence each replaces, and its recurrence. Every
/// operation seeks the occurrences it needs, as window queries do, and
/// counts a rule's instances in closed form where the rule allows it
/// (`RecurrenceSet.instanceCount`), so that an edit of any rule is bounded:
/// at most `walkLimit` instances are ever walked one by one, else
/// `CalendarEditError.tooManyOccurrences`.
struct EditedSeries {
    /// The most instances an edit walks one by one.
    static let walkLimit = 2_000_000

    let uid: String
    let master: EditedFile.Entry<Event>
    let overrides: [(key: SeriesKey, entry: EditedFile.Entry<Event>)]
    let timeline: SeriesTimeline
    let set: RecurrenceSet

    /// - Throws: `CalendarEditError` when the recurrence cannot be built or a RECURRENCE-ID placed.
    init(uid: String, master: EditedFile.Entry<Event>, overrides: [EditedFile.Entry<Event>]) throws(CalendarEditError) {
        self.uid = uid
        self.master = master
        let timeline = SeriesTimeline(start: master.item.start)
        self.timeline = timeline
        do {
            let recurrence = try EventSeries.placed(master.item.recurrence, timeline: timeline)
            set = try RecurrenceSet(start: try master.item.start.recurrenceStart(), rules: recurrence.rules, dates: recurrence.dates,
                                    exclusions: recurrence.exclusions)
        } catch let error as RecurrenceError {
            throw .invalidRecurrence(error)
        } catch {
            throw .unplaceable(detail: "\(error)")
        }
        var keyed: [(key: SeriesKey, entry: EditedFile.Entry<Event>)] = []
        for override in overrides {
            guard let id = override.item.recurrenceID else { continue }
            do {
                keyed.append((try timeline.key(of: id), override))
            } catch {
                throw .unplaceable(detail: "RECURRENCE-ID \(id): \(error)")
            }
        }
        self.overrides = keyed
    }

    /// The set's bound at `key`.
    func bound(_ key: SeriesKey) throws(CalendarEditError) -> RecurrenceSet.Bound {
        if key.line == .instants { return .instant(Instant(seconds: key.seconds)) }
        do {
            return .local(try SeriesTimeline.local(wallSeconds: key.seconds))
        } catch {
            throw .unplaceable(detail: "\(error)")
        }
    }

    /// The occurrence that starts at `time` (its original start: its RECURRENCE-ID), found by one seek.
    /// - Throws: `.notAnOccurrence`.
    func occurrence(at time: ItemTime) throws(CalendarEditError) -> EditedOccurrence {
        let key: SeriesKey
        do {
            key = try timeline.key(of: time)
        } catch {
            throw .notAnOccurrence(uid: uid, time: time)
        }
        var first = set.occurrences().makeIterator()
        let isFirst = first.next().map { timeline.key(of: $0) } == key
        guard let found = (try? set.occurrences(from: try bound(key)))?.first(where: { _ in true }), timeline.key(of: found) == key else {
            throw .notAnOccurrence(uid: uid, time: time)
        }
        return EditedOccurrence(time: Self.nominal(found, timeline: timeline), key: key, isFirst: isFirst)
    }

    /// An occurrence's time as the rule made it: one moved out of a DST gap
    /// (the rule's 02:00 on the day clocks spring forward, which happens at
    /// 03:00) is its wall clock before the move, as its RECURRENCE-ID is and as
    /// the series' other times are stepped from.
    static func nominal(_ occurrence: Occurrence, timeline: SeriesTimeline) -> ItemTime {
        let time = timeline.time(of: occurrence)
        guard case .gap(let seconds) = occurrence.adjustment, case .zoned(let local, let zone) = time,
              let moved = try? SeriesTimeline.local(wallSeconds: local.wallSecondsClamped - seconds) else { return time }
        return .zoned(moved, zone)
    }

    /// Rule `index`'s instances before `occurrence` (DTSTART counted, as COUNT counts).
    func instancesBefore(_ occurrence: EditedOccurrence, rule index: Int) throws(CalendarEditError) -> Int {
        let counted: Int?
        let start = try bound(occurrence.key)
        do {
            counted = try set.instanceCount(ofRule: index, before: start, walkLimit: Self.walkLimit)
        } catch {
            throw .invalidRecurrence(error)
        }
        guard let counted else { throw .tooManyOccurrences(uid: uid, limit: Self.walkLimit) }
        return counted
    }

    /// The master's rules made to end before `occurrence`: COUNT lowered to
    /// the instances before it, else UNTIL just before it (UTC for a zoned
    /// start, as RFC 5545 requires); a rule with no instance before it goes.
    func rulesEnding(before occurrence: EditedOccurrence) throws(CalendarEditError) -> [RecurrenceRule] {
        var rules: [RecurrenceRule] = []
        for (index, rule) in master.item.recurrence.rules.enumerated() {
            let end: RecurrenceRule.End
            if case .count = rule.end {
                let before = try instancesBefore(occurrence, rule: index)
                guard before > 0 else { continue }
                end = .count(before)
            } else {
                do {
                    switch master.item.start {
                    case .date: end = .until(.date(try SeriesTimeline.date(dayNumber: occurrence.key.seconds.floorDivided(by: 86_400) - 1)))
                    case .floating: end = .until(.local(try SeriesTimeline.local(wallSeconds: occurrence.key.seconds - 1)))
                    case .zoned, .utc: end = .until(.utc(try SeriesTimeline.instant(occurrence.key.seconds - 1)))
                    }
                } catch {
                    throw .unplaceable(detail: "\(error)")
                }
                // An UNTIL already before the occurrence stays.
                if let until = rule.until, Self.untilKey(until) < Self.untilKey(end.until) { rules.append(rule); continue }
            }
            rules.append(try Self.rule(rule, ending: end))
        }
        return rules
    }

    /// The master's rules from `occurrence` on: a COUNT less the instances before it (a rule with none left goes).
    func rulesFrom(_ occurrence: EditedOccurrence) throws(CalendarEditError) -> [RecurrenceRule] {
        var rules: [RecurrenceRule] = []
        for (index, rule) in master.item.recurrence.rules.enumerated() {
            if case .count(let count) = rule.end {
                let left = count - (try instancesBefore(occurrence, rule: index))
                guard left > 0 else { continue }
                rules.append(try Self.rule(rule, ending: .count(left)))
            } else {
                rules.append(rule)
            }
        }
        return rules
    }

    static func rule(_ rule: RecurrenceRule, ending end: RecurrenceRule.End) throws(CalendarEditError) -> RecurrenceRule {
        do {
            return try rule.ending(end)
        } catch {
            throw .invalidRecurrence(RecurrenceError(.rule(error)))
        }
    }

    /// An UNTIL's seconds for ordering two UNTILs of one form.
    static func untilKey(_ until: RecurrenceRule.Until?) -> Int {
        switch until {
        case .date(let date)?: return date.dayNumber * 86_400
        case .local(let local)?: return local.wallSecondsClamped
        case .utc(let instant)?: return instant.seconds
        case nil: return Int.max
        }
    }

    /// The first occurrence after `time` (a reminder done moves to it); nil when there is none.
    func occurrence(after time: ItemTime) throws(CalendarEditError) -> ItemTime? {
        let key: SeriesKey
        do {
            key = try timeline.key(of: time)
        } catch {
            throw .unplaceable(detail: "\(error)")
        }
        let after = try bound(key)
        do {
            return try set.first(after: after).map { timeline.time(of: $0) }
        } catch {
            throw .invalidRecurrence(error)
        }
    }
}

extension RecurrenceRule.End {
    /// The UNTIL of an end, if it is one.
    var until: RecurrenceRule.Until? {
        if case .until(let until) = self { return until }
        return nil
    }
}

/// One occurrence of a series: its original start as the recurrence gives it, its key.
struct EditedOccurrence {
    let time: ItemTime
    let key: SeriesKey
    let isFirst: Bool
}

/// How a series' times move when its start moves: each time's wall clock
/// in the series' zone moved by as much as the start's (so that an
/// occurrence, an override's RECURRENCE-ID, an EXDATE or UNTIL keep their
/// place among the rule's instances, which the rule makes on the wall
/// clock), then written in the new start's form and zone.
struct SeriesMove {
    let from: SeriesTimeline
    let to: ItemTime
    /// Seconds on the wall clock (whole days between dates).
    let wallDelta: Int

    /// The move of the series of `timeline` whose time `old` (its DTSTART, or the occurrence it splits at) becomes `new`.
    init(timeline: SeriesTimeline, moving old: ItemTime, to new: ItemTime) throws(CalendarEditError) {
        from = timeline
        to = new
        do {
            wallDelta = Self.wall(new, zone: new.zone).clampedSum(-(try Self.wall(of: old, in: timeline)))
        } catch {
            throw .unplaceable(detail: "\(error)")
        }
    }

    /// A time's wall clock in its own form (UTC's for an instant).
    static func wall(_ time: ItemTime, zone: ZoneRules?) -> Int {
        switch time {
        case .date(let date): return date.dayNumber * 86_400
        case .floating(let local), .zoned(let local, _): return local.wallSecondsClamped
        case .utc(let instant): return instant.seconds
        }
    }

    /// A time's wall clock in the series: in its zone for a series of instants.
    static func wall(of time: ItemTime, in timeline: SeriesTimeline) throws(TimeError) -> Int {
        if case .date(let date) = time { return date.dayNumber * 86_400 }
        // A time in the series' own zone is its wall clock as written, which is what the rule steps: an
        // occurrence in a DST gap (02:00 on the day clocks spring forward) is 02:00 there, not the 03:00 it happens at.
        if case .zoned(let local, let zone) = time, zone == timeline.zone { return local.wallSecondsClamped }
        let key = try timeline.key(of: time)
        guard key.line == .instants else { return key.seconds }
        return try ZonedDateTime(instant: Instant(seconds: key.seconds), zone: timeline.zone ?? .utc).local.wallSecondsClamped
    }

    /// `time` (of the series) moved, in the new start's form.
    func map(_ time: ItemTime) throws(CalendarEditError) -> ItemTime {
        do {
            let wall = try Self.wall(of: time, in: from).clampedSum(wallDelta)
            return try Self.place(wall: wall, like: to)
        } catch let error as CalendarEditError {
            throw error
        } catch {
            throw .unplaceable(detail: "\(error)")
        }
    }

    /// A time that is not the series' own (an override's DTSTART or DTEND):
    /// in the series' zone, moved as the series' times are; in another zone, by as much on its own wall clock.
    func mapOwn(_ time: ItemTime) throws(CalendarEditError) -> ItemTime {
        let sameZone: Bool
        switch time {
        case .zoned(_, let zone): sameZone = zone == from.zone
        case .utc: sameZone = from.zone?.isUTC ?? false
        case .floating: sameZone = from.line == .wallClock && !from.isAllDay
        case .date: sameZone = from.isAllDay
        }
        if sameZone { return try map(time) }
        do {
            return try Self.place(wall: Self.wall(time, zone: time.zone).clampedSum(wallDelta), like: time)
        } catch let error as CalendarEditError {
            throw error
        } catch {
            throw .unplaceable(detail: "\(error)")
        }
    }

    /// An UNTIL moved, in the form the new start wants (UTC for a zoned one).
    func map(_ until: RecurrenceRule.Until) throws(CalendarEditError) -> RecurrenceRule.Until {
        let time: ItemTime
        switch until {
        case .date(let date): time = .date(date)
        case .local(let local): time = from.zone.map { .zoned(local, $0) } ?? .floating(local)
        case .utc(let instant): time = .utc(instant)
        }
        switch try map(time) {
        case .date(let date): return .date(date)
        case .floating(let local): return .local(local)
        case .utc(let instant): return .utc(instant)
        case .zoned(let local, let zone):
            do {
                return .utc(try zone.resolve(local).instant)
            } catch {
                throw .unplaceable(detail: "\(error)")
            }
        }
    }

    /// The wall-clock seconds `wall` as a time of `form`'s form and zone.
    static func place(wall: Int, like form: ItemTime) throws -> ItemTime {
        switch form {
        case .date: return .date(try SeriesTimeline.date(dayNumber: wall.floorDivided(by: 86_400)))
        case .floating: return .floating(try SeriesTimeline.local(wallSeconds: wall))
        case .zoned(_, let zone): return .zoned(try SeriesTimeline.local(wallSeconds: wall), zone)
        case .utc: return .utc(try SeriesTimeline.instant(wall))
        }
    }
}
