#if canImport(Glibc)
import Glibc
#endif
import Kalends
import KalendsICalendar

/// An event to add.
public struct NewEvent: Hashable, Sendable {
    /// SUMMARY.
    public var title: String
    /// DTSTART.
    public var start: ItemTime
    /// DTEND (exclusive) or DURATION; nil: a day for a date, none for a time.
    public var end: EventEnd?
    /// RRULEs.
    public var rules: [RecurrenceRule]
    /// LOCATION.
    public var location: String?
    /// VALARMs (DISPLAY, with the title).
    public var alarms: [Alarm]

    /// An event of these fields.
    public init(title: String, start: ItemTime, end: EventEnd? = nil, rules: [RecurrenceRule] = [], location: String? = nil,
                alarms: [Alarm] = []) {
        self.title = title
        self.start = start
        self.end = end
        self.rules = rules
        self.location = location
        self.alarms = alarms
    }
}

/// How an event's end is written.
public enum EventEnd: Hashable, Sendable {
    /// DTEND: this end, exclusive.
    case end(ItemTime)
    /// DURATION.
    case duration(ItemLength)
}

/// A reminder to add.
public struct NewReminder: Hashable, Sendable {
    /// SUMMARY.
    public var title: String
    /// DUE.
    public var due: ItemTime?
    /// RRULEs (from DUE).
    public var rules: [RecurrenceRule]
    /// PRIORITY, 1 ... 9 (0: none).
    public var priority: Int
    /// VALARMs.
    public var alarms: [Alarm]

    /// A reminder of these fields.
    public init(title: String, due: ItemTime? = nil, rules: [RecurrenceRule] = [], priority: Int = 0, alarms: [Alarm] = []) {
        self.title = title
        self.due = due
        self.rules = rules
        self.priority = priority
        self.alarms = alarms
    }
}

/// Changes to an event (nil: unchanged).
public struct EventChanges: Hashable, Sendable {
    /// A new SUMMARY.
    public var title: String?
    /// A new LOCATION.
    public var location: String?
    /// A new DTSTART.
    public var start: ItemTime?
    /// A new DTEND or DURATION.
    public var end: EventEnd?
    /// New RRULEs (an empty list removes them).
    public var rules: [RecurrenceRule]?

    /// Changes of these fields.
    public init(title: String? = nil, location: String? = nil, start: ItemTime? = nil, end: EventEnd? = nil, rules: [RecurrenceRule]? = nil) {
        self.title = title
        self.location = location
        self.start = start
        self.end = end
        self.rules = rules
    }

    var isEmpty: Bool { title == nil && location == nil && start == nil && end == nil && rules == nil }
}

/// Edits a calendar file, or a vdir folder's items, as EventKit's store
/// saves and removes events and reminders: each edit reads the file under a
/// lock, refuses one that does not read without a defect, changes only the
/// components it means to (every other byte stays as it was, line ends and
/// folding included) and writes the result atomically (`SafeFile`).
/// Changed components get SEQUENCE incremented and a new DTSTAMP; a new
/// file gets VERSION, PRODID and the VTIMEZONEs its events need.
public struct CalendarFileEditor: Sendable {
    /// The file, or vdir folder, edited.
    public let path: String
    /// DTSTAMP's time: now, unless a test sets it.
    var now: @Sendable () -> Instant = {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Instant(seconds: Int(time.tv_sec))
    }

    /// How long an edit waits for another one on the same folder, in seconds.
    public var lockTimeout: Int

    /// An editor of `path` (a file, which `add` creates when missing, or a
    /// vdir folder) that waits up to `lockTimeout` seconds for another edit.
    public init(path: String, lockTimeout: Int = 10) {
        self.path = path
        self.lockTimeout = lockTimeout
    }

    static let productID = "-//Kalends//Kalends 0.1//EN"

    // MARK: Adding

    /// Appends a VEVENT with a fresh UID; in a vdir folder, a new item file.
    /// - Returns: the new UID.
    /// - Throws: `CalendarEditError`; the file is then unchanged.
    public func add(_ event: NewEvent) throws -> String {
        let uid = Self.freshUID()
        var properties = [ICalendarProperty(name: "UID", value: uid), stamp(), ItemText.property("DTSTART", event.start)]
        switch event.end {
        case .end(let end)?:
            guard try Self.order(event.start, end) else { throw CalendarEditError.invalid("the end \(ItemText.shown(end)) is not after the start \(ItemText.shown(event.start))") }
            properties.append(ItemText.property("DTEND", end))
        case .duration(let length)?: properties.append(ICalendarProperty(name: "DURATION", value: ItemText.duration(length)))
        case nil: break
        }
        properties.append(ItemText.text("SUMMARY", event.title))
        if let location = event.location { properties.append(ItemText.text("LOCATION", location)) }
        properties += event.rules.map { ICalendarProperty(name: "RRULE", value: $0.description) }
        try Self.checkRecurrence(event.start, event.rules)
        let component = ICalendarComponent(name: "VEVENT", properties: properties, components: event.alarms.map { ItemText.alarm($0, title: event.title) })
        try append(component, uid: uid, zones: Self.zones(event.start, event.end))
        return uid
    }

    /// Appends a VTODO with a fresh UID.
    /// - Returns: the new UID.
    /// - Throws: `CalendarEditError`; the file is then unchanged.
    public func add(_ reminder: NewReminder) throws -> String {
        guard (0...9).contains(reminder.priority) else { throw CalendarEditError.invalid("a priority is 0 ... 9, not \(reminder.priority)") }
        let uid = Self.freshUID()
        var properties = [ICalendarProperty(name: "UID", value: uid), stamp()]
        if let due = reminder.due { properties.append(ItemText.property("DUE", due)) }
        if !reminder.rules.isEmpty {
            guard let due = reminder.due else { throw CalendarEditError.invalid("a recurring reminder needs a due time") }
            // The rule runs from DTSTART, which RFC 5545 wants with a rule: the due time.
            properties.append(ItemText.property("DTSTART", due))
            try Self.checkRecurrence(due, reminder.rules)
            properties += reminder.rules.map { ICalendarProperty(name: "RRULE", value: $0.description) }
        }
        properties.append(ItemText.text("SUMMARY", reminder.title))
        properties.append(ICalendarProperty(name: "STATUS", value: "NEEDS-ACTION"))
        if reminder.priority > 0 { properties.append(ICalendarProperty(name: "PRIORITY", value: "\(reminder.priority)")) }
        let component = ICalendarComponent(name: "VTODO", properties: properties, components: reminder.alarms.map { ItemText.alarm($0, title: reminder.title) })
        try append(component, uid: uid, zones: Self.zones(reminder.due, nil))
        return uid
    }

    /// `component` appended to the file (before its last END:VCALENDAR), with
    /// the VTIMEZONEs of `zones` the file lacks; a new file, or a new item
    /// file in a folder, holds it alone.
    func append(_ component: ICalendarComponent, uid: String, zones: [ZoneRules]) throws {
        let file = CalendarFileReader.isDirectory(path) ? Self.itemPath(folder: path, uid: uid) : path
        try SafeFile.update(file, lockSeconds: lockTimeout) { current -> (bytes: [UInt8]?, result: Void) in
            guard let current else {
                let writer = ICalendarWriter()
                let calendar = ICalendarComponent(name: "VCALENDAR",
                                                  properties: [ICalendarProperty(name: "VERSION", value: "2.0"), ICalendarProperty(name: "PRODID", value: Self.productID)],
                                                  components: zones.compactMap(ItemText.timeZone) + [component])
                return (try Self.checked(writer.component(calendar), path: file), ())
            }
            let parsed = try Parsed(current, path: file)
            guard let calendar = parsed.document.calendars.last else { throw CalendarEditError.unreadable(path: file, reason: "no VCALENDAR") }
            let defined = Set(parsed.document.calendars.flatMap { $0.components(named: "VTIMEZONE") }.compactMap { $0.first("TZID")?.value })
            var insert: [UInt8] = []
            for zone in zones where !defined.contains(zone.identifier) {
                if let timeZone = ItemText.timeZone(zone) { insert += parsed.writer.component(timeZone) }
            }
            insert += parsed.writer.component(component)
            let text = ComponentText(calendar, in: current, writer: parsed.writer)
            let at = calendar.byteRange.upperBound - text.end.count
            return (try Self.checked(parsed.bytes(replacing: [(at..<at, insert)]), path: file), ())
        }
    }

    // MARK: Removing

    /// Removes every VEVENT with `uid` (the series and its overrides).
    /// - Throws: `CalendarEditError.unknownUID`, or another; the file is then unchanged.
    public func removeEvent(uid: String) throws {
        try edit(uid: uid, what: "event") { parsed in
            let found = parsed.components("VEVENT", uid: uid)
            guard !found.isEmpty else { throw CalendarEditError.unknownUID(uid: uid, what: "event", path: parsed.path) }
            return (found.map { ($0.byteRange, []) }, ())
        }
    }

    /// Removes one occurrence of a recurring event (an EXDATE, its override
    /// dropped), or (`future`) it and every later one: the series ends
    /// before it (UNTIL, or COUNT lowered), later overrides, RDATEs and
    /// EXDATEs dropped; the whole event when it is the first occurrence.
    /// - Throws: `CalendarEditError` (`.notAnOccurrence`, `.notRecurring`, ...); the file is then unchanged.
    public func removeOccurrence(uid: String, at time: ItemTime, future: Bool = false) throws {
        try edit(uid: uid, what: "event") { parsed in
            let series = try parsed.series(uid)
            let occurrence = try series.occurrence(at: time)
            if future {
                if occurrence.isFirst { return (parsed.components("VEVENT", uid: uid).map { ($0.byteRange, []) }, ()) }
                var master = ComponentText(series.masterComponent, in: parsed.bytes, writer: parsed.writer)
                try Self.end(&master, series: series, before: occurrence, zones: parsed.document.zones)
                touch(&master)
                var patches = [(series.masterComponent.byteRange, master.bytes)]
                patches += series.overrides.filter { $0.key >= occurrence.key }.map { ($0.component.byteRange, []) }
                return (patches, ())
            }
            var master = ComponentText(series.masterComponent, in: parsed.bytes, writer: parsed.writer)
            master.add(ItemText.property("EXDATE", occurrence.time))
            touch(&master)
            var patches = [(series.masterComponent.byteRange, master.bytes)]
            patches += series.overrides.filter { $0.key == occurrence.key }.map { ($0.component.byteRange, []) }
            return (patches, ())
        }
    }

    // MARK: Changing

    /// Changes an event: the whole series (a new start moves every
    /// occurrence, overrides and exceptions by the same amount), one
    /// occurrence (`occurrence`: written as an override, or the override
    /// updated), or (`future`) that occurrence and every later one: the
    /// series is split, the original ending before it and a new series (a
    /// fresh UID, the later overrides with it) starting there with the changes.
    /// - Returns: the new series' UID for `future`, else nil.
    /// - Throws: `CalendarEditError`; the file is then unchanged.
    @discardableResult
    public func edit(uid: String, occurrence time: ItemTime? = nil, future: Bool = false, changes: EventChanges) throws -> String? {
        guard !changes.isEmpty else { throw CalendarEditError.invalid("nothing to change: give a new title, start, end, duration, rule or location") }
        return try edit(uid: uid, what: "event") { parsed in
            guard let time else {
                let found = parsed.components("VEVENT", uid: uid)
                guard let master = found.first(where: { $0.first("RECURRENCE-ID") == nil }) ?? found.first else {
                    throw CalendarEditError.unknownUID(uid: uid, what: "event", path: parsed.path)
                }
                return (try Self.changeWhole(master, overrides: found.filter { $0.first("RECURRENCE-ID") != nil }, parsed: parsed,
                                             changes: changes, editor: self), nil)
            }
            let series = try parsed.series(uid)
            let occurrence = try series.occurrence(at: time)
            if !future {
                return ([try Self.changeOne(series, occurrence, parsed: parsed, changes: changes, editor: self)], nil)
            }
            return try Self.split(series, at: occurrence, parsed: parsed, changes: changes, editor: self)
        }
    }

    // MARK: Reminders

    /// Marks a reminder done (STATUS:COMPLETED, COMPLETED now, in UTC,
    /// PERCENT-COMPLETE:100); a recurring one instead moves DUE (and
    /// DTSTART) to its next occurrence, COUNT lowered by the one done.
    /// - Throws: `CalendarEditError`; the file is then unchanged.
    public func complete(reminderUID uid: String) throws {
        try edit(uid: uid, what: "reminder") { parsed in
            guard let component = parsed.components("VTODO", uid: uid).first,
                  let reminder = parsed.calendar.reminders.first(where: { $0.uid == uid }) else {
                throw CalendarEditError.unknownUID(uid: uid, what: "reminder", path: parsed.path)
            }
            var text = ComponentText(component, in: parsed.bytes, writer: parsed.writer)
            if let base = reminder.start ?? reminder.due, !reminder.recurrence.isEmpty,
               let next = try Self.nextOccurrence(after: base, recurrence: reminder.recurrence) {
                let shift = EventSeries.key(of: next, reference: base).clampedSum(-EventSeries.key(of: base, reference: base))
                if reminder.start != nil { text.set(ItemText.property("DTSTART", next)) }
                if let due = reminder.due, let moved = CalendarStore.shifted(due, instant: try? due.instant(viewer: .utc), by: shift) {
                    text.set(ItemText.property("DUE", moved.time))
                }
                var rules: [ICalendarProperty] = []
                for rule in reminder.recurrence.rules {
                    if case .count(let count) = rule.end {
                        rules.append(ICalendarProperty(name: "RRULE", value: try Self.rule(rule, end: .count(Swift.max(1, count - 1))).description))
                    } else {
                        rules.append(ICalendarProperty(name: "RRULE", value: rule.description))
                    }
                }
                text.set("RRULE", rules)
            } else {
                text.set(ICalendarProperty(name: "STATUS", value: "COMPLETED"))
                text.set(ICalendarProperty(name: "COMPLETED", value: ItemText.basic(now())))
                text.set(ICalendarProperty(name: "PERCENT-COMPLETE", value: "100"))
            }
            touch(&text)
            return ([(component.byteRange, text.bytes)], ())
        }
    }

    // MARK: Shared

    /// The read of a file for an edit: its bytes, tree and items, strictly read.
    struct Parsed {
        let path: String
        let bytes: [UInt8]
        let document: ICalendarDocument
        let calendar: CalendarCollection
        let writer: ICalendarWriter

        init(_ bytes: [UInt8], path: String) throws {
            self.path = path
            self.bytes = bytes
            let reader = CalendarFileReader(mode: .strict)
            do {
                document = try reader.parse(bytes, source: path)
                calendar = try reader.decode(document, source: path).calendar
            } catch let error as ICalendarError {
                throw CalendarEditError.unreadable(path: path, reason: error.description)
            }
            // A series whose recurrence cannot be built is a defect too.
            let store = CalendarStore(calendars: [calendar])
            if let (event, error) = store.problems.first {
                throw CalendarEditError.unreadable(path: path, reason: "the VEVENT with UID \(RuleError.shown(event.uid)): \(error.message)")
            }
            writer = ICalendarWriter(lineEnd: ICalendarWriter.lineEnd(of: bytes))
        }

        /// The components of the calendars named `name` with `uid`, in file order.
        func components(_ name: String, uid: String) -> [ICalendarComponent] {
            document.calendars.flatMap { $0.components(named: name) }.filter { $0.uid == uid }
        }

        /// The bytes with each range replaced (the ranges do not overlap).
        func bytes(replacing patches: [(Range<Int>, [UInt8])]) -> [UInt8] {
            var result = bytes
            for (range, replacement) in patches.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
                result.replaceSubrange(range, with: replacement)
            }
            return result
        }

        /// The recurring series of `uid`.
        func series(_ uid: String) throws -> Series {
            let found = components("VEVENT", uid: uid)
            guard !found.isEmpty else { throw CalendarEditError.unknownUID(uid: uid, what: "event", path: path) }
            guard let masterComponent = found.first(where: { $0.first("RECURRENCE-ID") == nil }),
                  let master = calendar.events.first(where: { $0.uid == uid && $0.recurrenceID == nil }),
                  !master.recurrence.isEmpty else { throw CalendarEditError.notRecurring(uid: uid) }
            let overrides = found.filter { $0.first("RECURRENCE-ID") != nil }.compactMap { component -> (key: Int, component: ICalendarComponent)? in
                guard let event = calendar.events.first(where: { $0.uid == uid && $0.position?.line == component.line }),
                      let id = event.recurrenceID else { return nil }
                return (EventSeries.key(of: id, reference: master.start), component)
            }
            return Series(uid: uid, master: master, masterComponent: masterComponent, overrides: overrides)
        }
    }

    /// A recurring event: its master (decoded and as read) and its overrides by key.
    struct Series {
        let uid: String
        let master: Event
        let masterComponent: ICalendarComponent
        let overrides: [(key: Int, component: ICalendarComponent)]

        var set: RecurrenceSet {
            get throws {
                do {
                    return try RecurrenceSet(start: try master.start.recurrenceStart(), rules: master.recurrence.rules,
                                             dates: master.recurrence.dates, exclusions: master.recurrence.exclusions)
                } catch {
                    throw CalendarEditError.invalid("the event with UID \(RuleError.shown(uid)) does not expand: \(error)")
                }
            }
        }

        /// The occurrence that starts at `time` (as the occurrence's original start, its RECURRENCE-ID).
        func occurrence(at time: ItemTime) throws -> Occurrence {
            let key = EventSeries.key(of: time, reference: master.start)
            let set = try self.set
            let lower: RecurrenceSet.Bound
            if case .zoned = set.start {
                lower = .instant(Instant(seconds: key.clampedSum(-86_400)))
            } else if let local = LocalDateTime.fromWallSeconds(key.clampedSum(-86_400)) {
                lower = .local(local)
            } else {
                throw CalendarEditError.notAnOccurrence(uid: uid, time: ItemText.shown(time))
            }
            let first = set.occurrences().first(where: { _ in true }).map(CalendarStore.key(of:))
            if let occurrences = try? set.occurrences(from: lower) {
                for found in occurrences {
                    let foundKey = CalendarStore.key(of: found)
                    if foundKey > key { break }
                    if foundKey == key { return Occurrence(time: CalendarStore.itemTime(found), key: key, isFirst: key == first) }
                }
            }
            throw CalendarEditError.notAnOccurrence(uid: uid, time: ItemText.shown(time))
        }
    }

    /// One occurrence of a series: its original start as written, its key.
    struct Occurrence {
        let time: ItemTime
        let key: Int
        let isFirst: Bool
    }

    /// Reads `path` (or the vdir item that holds `uid`), runs `change` on it
    /// and writes its patches.
    func edit<T>(uid: String, what: String, _ change: (Parsed) throws -> ([(Range<Int>, [UInt8])], T)) throws -> T {
        var file = path
        if CalendarFileReader.isDirectory(path) {
            let items: [String]
            do { items = try CalendarFileReader.itemFiles(in: path) } catch { throw CalendarEditError.system(path: path, what: "be read", code: error.code) }
            guard let found = items.first(where: { item in
                guard let read = try? CalendarFileReader(mode: .lenient).read(item) else { return false }
                return read.calendar.events.contains { $0.uid == uid } || read.calendar.reminders.contains { $0.uid == uid }
            }) else { throw CalendarEditError.unknownUID(uid: uid, what: what, path: path) }
            file = found
        }
        return try SafeFile.update(file, lockSeconds: lockTimeout) { current -> (bytes: [UInt8]?, result: T) in
            guard let current else { throw CalendarEditError.system(path: file, what: "be read", code: ENOENT) }
            let parsed = try Parsed(current, path: file)
            let (patches, result) = try change(parsed)
            let bytes = parsed.bytes(replacing: patches)
            // A vdir item left without an event or to-do is removed, as khal and vdirsyncer do.
            if file != path, let left = try? CalendarFileReader(mode: .lenient).read(bytes: bytes, source: file).calendar,
               left.events.isEmpty && left.reminders.isEmpty {
                return ([], result)
            }
            return (try Self.checked(bytes, path: file), result)
        }
    }

    /// `bytes` when they read back strictly: no edit writes a file it could not edit again
    /// (a date past year 9999, say, which a DATE cannot hold).
    static func checked(_ bytes: [UInt8], path: String) throws -> [UInt8] {
        do {
            _ = try Parsed(bytes, path: path)
        } catch CalendarEditError.unreadable(_, let reason) {
            throw CalendarEditError.invalid("nothing was changed: the result would not read back (\(reason))")
        }
        return bytes
    }

    /// SEQUENCE incremented, DTSTAMP renewed.
    func touch(_ text: inout ComponentText) {
        let sequence = text.first("SEQUENCE").flatMap { Int($0.value.trimmingCharacters(" ")) } ?? 0
        text.set(ICalendarProperty(name: "SEQUENCE", value: "\(sequence.clampedSum(1))"))
        text.set(stamp())
    }

    func stamp() -> ICalendarProperty {
        ICalendarProperty(name: "DTSTAMP", value: ItemText.basic(now()))
    }

    /// A UID no one has: 128 random bits, as RFC 5545 and 7986 advise.
    static func freshUID() -> String {
        let high = UInt64.random(in: 0...UInt64.max), low = UInt64.random(in: 0...UInt64.max)
        func hex(_ value: UInt64, _ width: Int) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: Swift.max(0, width - text.count)) + text
        }
        let all = hex(high, 16) + hex(low, 16)
        let parts = [all.prefix(8), all.dropFirst(8).prefix(4), all.dropFirst(12).prefix(4), all.dropFirst(16).prefix(4), all.dropFirst(20)]
        return parts.joined(separator: "-") + "@kalends"
    }

    /// The file of a vdir item: its UID made safe for a file name.
    static func itemPath(folder: String, uid: String) -> String {
        let safe = String(uid.unicodeScalars.map { scalar -> Character in
            let value = scalar.value
            let plain = (48...57).contains(value) || (65...90).contains(value) || (97...122).contains(value) || value == 45 || value == 95 || value == 46
            return plain ? Character(scalar) : "_"
        }.prefix(200))
        return (folder.hasSuffix("/") ? folder : folder + "/") + (safe.hasPrefix(".") ? "_" + safe : safe) + ".ics"
    }

    /// The zones (not UTC) of these times.
    static func zones(_ start: ItemTime?, _ end: EventEnd?) -> [ZoneRules] {
        var zones: [ZoneRules] = []
        for time in [start, { if case .end(let end)? = end { end } else { nil } }()] {
            if case .zoned(_, let zone)? = time, !zone.isUTC, !zones.contains(where: { $0.identifier == zone.identifier }) { zones.append(zone) }
        }
        return zones
    }

    /// Whether `end` comes after `start` (or equals it, for a zero-length time).
    static func order(_ start: ItemTime, _ end: ItemTime) throws -> Bool {
        if start.isDate != end.isDate { throw CalendarEditError.invalid("the start and end must both be dates, or both times") }
        return EventSeries.key(of: end, reference: start) >= EventSeries.key(of: start, reference: start)
            && !(start.isDate && EventSeries.key(of: end, reference: start) == EventSeries.key(of: start, reference: start))
    }

    /// Checks that `rules` can run from `start` (the forms RFC 5545 requires).
    static func checkRecurrence(_ start: ItemTime, _ rules: [RecurrenceRule]) throws {
        guard !rules.isEmpty else { return }
        do {
            try RecurrenceSet.validate(start: try start.recurrenceStart(), rules: rules, dates: [], exclusions: [], policy: .rfc5545)
        } catch let error as RecurrenceError {
            throw CalendarEditError.invalid(error.message)
        }
    }

    /// `rule` with another end.
    static func rule(_ rule: RecurrenceRule, end: RecurrenceRule.End) throws -> RecurrenceRule {
        do {
            return try RecurrenceRule(frequency: rule.frequency, interval: rule.interval, end: end, bySecond: rule.bySecond, byMinute: rule.byMinute,
                                      byHour: rule.byHour, byDay: rule.byDay, byMonthDay: rule.byMonthDay, byYearDay: rule.byYearDay,
                                      byWeekNo: rule.byWeekNo, byMonth: rule.byMonth, bySetPos: rule.bySetPos, weekStart: rule.weekStart,
                                      rscale: rule.rscale, skip: rule.skip)
        } catch {
            throw CalendarEditError.invalid("\(error)")
        }
    }

    /// The first occurrence after `base` of a recurrence that starts there.
    static func nextOccurrence(after base: ItemTime, recurrence: ItemRecurrence) throws -> ItemTime? {
        let set: RecurrenceSet
        do {
            set = try RecurrenceSet(start: try base.recurrenceStart(), rules: recurrence.rules, dates: recurrence.dates, exclusions: recurrence.exclusions)
        } catch {
            throw CalendarEditError.invalid("the reminder's recurrence does not expand: \(error)")
        }
        let key = EventSeries.key(of: base, reference: base)
        for occurrence in set.occurrences().prefix(100_000) where CalendarStore.key(of: occurrence) > key {
            return CalendarStore.itemTime(occurrence)
        }
        return nil
    }

    /// The master's rules made to end before `occurrence`: UNTIL just before
    /// it (UTC for a zoned start, as RFC 5545 requires), or COUNT lowered to
    /// the occurrences before it; RDATEs and EXDATEs from it on dropped.
    static func end(_ master: inout ComponentText, series: Series, before occurrence: Occurrence, zones: ICalendarZones) throws {
        let start = series.master.start
        var rules: [ICalendarProperty] = []
        for rule in series.master.recurrence.rules {
            let end: RecurrenceRule.End
            if case .count = rule.end {
                // Counted from DTSTART, EXDATEs included (RFC 5545): this rule's instances before the occurrence.
                let alone = try RecurrenceSet(start: try start.recurrenceStart(), rules: [rule])
                var before = 0
                for found in alone.occurrences() {
                    if CalendarStore.key(of: found) >= occurrence.key { break }
                    before += 1
                }
                guard before > 0 else { continue }
                end = .count(before)
            } else {
                switch start {
                case .date:
                    let day = occurrence.key.floorDivided(by: 86_400) - 1
                    end = .until(.date(ISODate(dayNumber: day)))
                case .floating:
                    guard let local = LocalDateTime.fromWallSeconds(occurrence.key - 1) else { continue }
                    end = .until(.local(local))
                case .zoned, .utc:
                    end = .until(.utc(Instant(seconds: occurrence.key - 1)))
                }
            }
            rules.append(ICalendarProperty(name: "RRULE", value: try Self.rule(rule, end: end).description))
        }
        master.set("RRULE", rules)
        for name in ["RDATE", "EXDATE"] {
            let kept = master.all(name).filter { property in
                guard let dates = try? property.dates(zones: zones) else { return true }
                return dates.allSatisfy { EventSeries.key(of: $0.value, reference: start) < occurrence.key }
            }
            if kept.count != master.all(name).count { master.set(name, kept) }
        }
    }

    /// The whole event changed: its fields; a new start moves the
    /// overrides' RECURRENCE-IDs and starts and the EXDATEs by as much.
    static func changeWhole(_ master: ICalendarComponent, overrides: [ICalendarComponent], parsed: Parsed, changes: EventChanges,
                            editor: CalendarFileEditor) throws -> [(Range<Int>, [UInt8])] {
        guard let event = parsed.calendar.events.first(where: { $0.uid == master.uid && $0.position?.line == master.line }) else {
            throw CalendarEditError.unknownUID(uid: master.uid ?? "", what: "event", path: parsed.path)
        }
        var text = ComponentText(master, in: parsed.bytes, writer: parsed.writer)
        try apply(changes, to: &text, event: event)
        var patches: [(Range<Int>, [UInt8])] = []
        // A new start moves every occurrence: the exceptions, extra dates, UNTIL and overrides move with it.
        if let newStart = changes.start, !event.recurrence.isEmpty || !overrides.isEmpty {
            let hasExceptions = !overrides.isEmpty || !event.recurrence.exclusions.isEmpty || !event.recurrence.dates.isEmpty
            if newStart.isDate != event.start.isDate && hasExceptions {
                throw CalendarEditError.invalid("a recurring event with exceptions keeps the form of its start (a date, or a time)")
            }
            let shift = EventSeries.key(of: newStart, reference: event.start).clampedSum(-EventSeries.key(of: event.start, reference: event.start))
            func moved(_ time: ItemTime) -> ItemTime? { CalendarStore.shifted(time, instant: try? time.instant(viewer: .utc), by: shift)?.time }
            if !event.recurrence.exclusions.isEmpty {
                text.set("EXDATE", event.recurrence.exclusions.compactMap { moved($0.value) }.map { ItemText.property("EXDATE", $0) })
            }
            if !event.recurrence.dates.isEmpty {
                text.set("RDATE", event.recurrence.dates.compactMap { date in
                    moved(date.value).map { time in
                        guard let period = date.periodSeconds else { return ItemText.property("RDATE", time) }
                        var property = ItemText.property("RDATE", time, extra: [ICalendarParameter(name: "VALUE", values: ["PERIOD"])])
                        property.parameters.removeAll { $0.name == "VALUE" && $0.value == "DATE" }
                        property.value += "/" + ItemText.duration(days: 0, seconds: period)
                        return property
                    }
                })
            }
            if changes.rules == nil, event.recurrence.rules.contains(where: { $0.until != nil }) {
                var rules: [ICalendarProperty] = []
                for rule in event.recurrence.rules {
                    var end = rule.end
                    switch rule.until {
                    case .date(let date)?: end = .until(.date(ISODate(dayNumber: date.dayNumber.clampedSum(shift.floorDivided(by: 86_400)))))
                    case .utc(let instant)?: end = .until(.utc(Instant(seconds: instant.seconds.clampedSum(shift))))
                    case .local(let local)?:
                        if let later = LocalDateTime.fromWallSeconds(local.wallSecondsClamped.clampedSum(shift)) { end = .until(.local(later)) }
                    case nil: break
                    }
                    rules.append(ICalendarProperty(name: "RRULE", value: try Self.rule(rule, end: end).description))
                }
                text.set("RRULE", rules)
            }
            for component in overrides {
                guard let override = parsed.calendar.events.first(where: { $0.uid == master.uid && $0.position?.line == component.line }),
                      let id = override.recurrenceID else { continue }
                var other = ComponentText(component, in: parsed.bytes, writer: parsed.writer)
                if let time = moved(id) { other.set(ItemText.property("RECURRENCE-ID", time)) }
                if let time = moved(override.start) {
                    other.set(ItemText.property("DTSTART", time))
                    if other.first("DTEND") != nil, let end = CalendarStore.span(start: override.start, startInstant: nil, length: override.length, viewer: .utc)?.endTime,
                       let movedEnd = moved(end) {
                        other.set(ItemText.property("DTEND", movedEnd))
                    }
                }
                editor.touch(&other)
                patches.append((component.byteRange, other.bytes))
            }
        }
        editor.touch(&text)
        return [(master.byteRange, text.bytes)] + patches
    }

    /// `changes` written into a component whose event is `event`.
    static func apply(_ changes: EventChanges, to text: inout ComponentText, event: Event) throws {
        if let title = changes.title { text.set(ItemText.text("SUMMARY", title)) }
        if let location = changes.location { text.set(ItemText.text("LOCATION", location)) }
        let start = changes.start ?? event.start
        if let newStart = changes.start {
            text.set(ItemText.property("DTSTART", newStart))
            // The length is kept: DTEND moves with the start.
            if changes.end == nil, text.first("DTEND") != nil {
                if newStart.isDate != event.start.isDate {
                    text.remove("DTEND")
                } else if let end = CalendarStore.span(start: event.start, startInstant: nil, length: event.length, viewer: .utc)?.endTime {
                    let shift = EventSeries.key(of: newStart, reference: event.start).clampedSum(-EventSeries.key(of: event.start, reference: event.start))
                    if let moved = CalendarStore.shifted(end, instant: try? end.instant(viewer: .utc), by: shift) { text.set(ItemText.property("DTEND", moved.time)) }
                }
            }
        }
        switch changes.end {
        case .end(let end)?:
            guard try order(start, end) else { throw CalendarEditError.invalid("the end \(ItemText.shown(end)) is not after the start \(ItemText.shown(start))") }
            text.remove("DURATION")
            text.set(ItemText.property("DTEND", end))
        case .duration(let length)?:
            text.remove("DTEND")
            text.set(ICalendarProperty(name: "DURATION", value: ItemText.duration(length)))
        case nil: break
        }
        if let rules = changes.rules {
            if event.recurrenceID != nil && !rules.isEmpty { throw CalendarEditError.invalid("an override (one occurrence) takes no rule") }
            text.set("RRULE", rules.map { ICalendarProperty(name: "RRULE", value: $0.description) })
        }
        try checkRecurrence(start, changes.rules ?? event.recurrence.rules)
    }

    /// One occurrence changed: its override updated, or a new one written after the master.
    static func changeOne(_ series: Series, _ occurrence: Occurrence, parsed: Parsed, changes: EventChanges,
                          editor: CalendarFileEditor) throws -> (Range<Int>, [UInt8]) {
        guard changes.rules == nil else { throw CalendarEditError.invalid("one occurrence takes no rule: change the whole event, or use --future") }
        if let existing = series.overrides.first(where: { $0.key == occurrence.key }),
           let event = parsed.calendar.events.first(where: { $0.uid == series.uid && $0.position?.line == existing.component.line }) {
            var text = ComponentText(existing.component, in: parsed.bytes, writer: parsed.writer)
            try apply(changes, to: &text, event: event)
            editor.touch(&text)
            return (existing.component.byteRange, text.bytes)
        }
        var event = series.master
        event.start = occurrence.time
        event.recurrence = ItemRecurrence()
        var properties = [ICalendarProperty(name: "UID", value: series.uid), editor.stamp(), ItemText.property("RECURRENCE-ID", occurrence.time),
                          ItemText.property("DTSTART", occurrence.time)]
        if let end = CalendarStore.span(start: occurrence.time, startInstant: nil, length: series.master.length, viewer: .utc)?.endTime,
           series.masterComponent.first("DURATION") == nil {
            properties.append(ItemText.property("DTEND", end))
        } else {
            properties.append(ICalendarProperty(name: "DURATION", value: ItemText.duration(series.master.length)))
        }
        if let title = series.master.title { properties.append(ItemText.text("SUMMARY", title)) }
        if let location = series.master.location { properties.append(ItemText.text("LOCATION", location)) }
        properties.append(ICalendarProperty(name: "SEQUENCE", value: "\(series.master.sequence.clampedSum(1))"))
        var text = ComponentText(new: ICalendarComponent(name: "VEVENT", properties: properties), writer: parsed.writer)
        try apply(changes, to: &text, event: event)
        let at = series.masterComponent.byteRange.upperBound
        return (at..<at, text.bytes)
    }

    /// The series split at `occurrence`: the original ends before it, a new
    /// series (fresh UID) with the changes starts there and takes the later
    /// overrides, RDATEs and EXDATEs.
    static func split(_ series: Series, at occurrence: Occurrence, parsed: Parsed, changes: EventChanges,
                      editor: CalendarFileEditor) throws -> ([(Range<Int>, [UInt8])], String?) {
        if occurrence.isFirst {
            let patches = try changeWhole(series.masterComponent, overrides: series.overrides.map(\.component), parsed: parsed,
                                          changes: changes, editor: editor)
            return (patches, series.uid)
        }
        let uid = freshUID()
        var old = ComponentText(series.masterComponent, in: parsed.bytes, writer: parsed.writer)
        try end(&old, series: series, before: occurrence, zones: parsed.document.zones)
        editor.touch(&old)
        // The new series: the master's lines, from the occurrence on.
        var new = ComponentText(series.masterComponent, in: parsed.bytes, writer: parsed.writer)
        new.set(ICalendarProperty(name: "UID", value: uid))
        new.set(ItemText.property("DTSTART", occurrence.time))
        if new.first("DTEND") != nil, let end = CalendarStore.span(start: occurrence.time, startInstant: nil, length: series.master.length, viewer: .utc)?.endTime {
            new.set(ItemText.property("DTEND", end))
        }
        var rules: [ICalendarProperty] = []
        for rule in series.master.recurrence.rules {
            if case .count(let count) = rule.end {
                let alone = try RecurrenceSet(start: try series.master.start.recurrenceStart(), rules: [rule])
                let before = alone.occurrences().prefix(count).filter { CalendarStore.key(of: $0) < occurrence.key }.count
                guard count - before > 0 else { continue }
                rules.append(ICalendarProperty(name: "RRULE", value: try Self.rule(rule, end: .count(count - before)).description))
            } else {
                rules.append(ICalendarProperty(name: "RRULE", value: rule.description))
            }
        }
        new.set("RRULE", rules)
        let start = series.master.start
        for name in ["RDATE", "EXDATE"] {
            new.set(name, new.all(name).filter { property in
                guard let dates = try? property.dates(zones: parsed.document.zones) else { return false }
                return dates.allSatisfy { EventSeries.key(of: $0.value, reference: start) >= occurrence.key }
            })
        }
        new.set(ICalendarProperty(name: "SEQUENCE", value: "0"))
        new.set(editor.stamp())
        var event = series.master
        event.start = occurrence.time
        try apply(changes, to: &new, event: event)
        // Keep lines that were read as they were, but the new series is a new component: all of it written afresh.
        var patches: [(Range<Int>, [UInt8])] = [(series.masterComponent.byteRange, old.bytes + new.bytes)]
        for (key, component) in series.overrides where key >= occurrence.key {
            var moved = ComponentText(component, in: parsed.bytes, writer: parsed.writer)
            moved.set(ICalendarProperty(name: "UID", value: uid))
            editor.touch(&moved)
            patches.append((component.byteRange, moved.bytes))
        }
        return (patches, uid)
    }
}
