#if canImport(Glibc)
import Glibc
#endif
import Kalends
import KalendsICalendar

/// Edits a calendar file, or a vdir folder's items, as EventKit's store
/// saves and removes events and reminders. Each edit reads the file under
/// a lock, refuses one that does not read without a defect, changes only
/// the components it means to (every other byte stays as it was, line ends
/// and folding included), keeps the file's VTIMEZONEs right for the TZIDs
/// it writes, and replaces the file atomically once it has checked that no
/// other program changed it meanwhile (else it reads it again and redoes
/// the edit: `SafeFile`). Changed components get SEQUENCE incremented and a
/// new DTSTAMP; a new file gets VERSION and PRODID. In a vdir folder each
/// series is its own item file, named from its UID (`ItemFileName`).
///
///     let editor = CalendarFileEditor(path: "work.ics")
///     let uid = try editor.add(NewEvent(title: "Standup", start: .zoned(nine, berlin),
///                                       end: .duration(try CalendarDuration(parsing: "PT15M"))))
public struct CalendarFileEditor: Sendable {
    /// The file, or vdir folder, edited.
    public let path: String
    /// DTSTAMP's and COMPLETED's time: now, unless a test sets it.
    var now: @Sendable () -> Instant = {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Instant(seconds: Int(time.tv_sec))
    }

    /// How long an edit waits for another Kalends edit of the same folder, in seconds.
    public var lockTimeout: Int

    /// An editor of `path` (a file, which `add` creates when missing, or a
    /// vdir folder) that waits up to `lockTimeout` seconds for another edit.
    public init(path: String, lockTimeout: Int = 10) {
        self.path = path
        self.lockTimeout = lockTimeout
    }

    static let productID = "-//Kalends//Kalends 0.1//EN"

    /// Whether `path` is a vdir folder (one item file per series).
    var isFolder: Bool { CalendarFileReader.isDirectory(path) }

    // MARK: Adding

    /// Appends a VEVENT with a fresh UID; in a vdir folder, a new item file.
    /// - Returns: the new UID.
    /// - Throws: `CalendarEditError`; the file is then unchanged.
    public func add(_ event: NewEvent) throws(CalendarEditError) -> String {
        let uid = Self.freshUID()
        var properties = [ICalendarProperty(name: "UID", value: uid), ComponentText.stamp(now()), ICalendarProperty("DTSTART", time: event.start)]
        switch event.end {
        case .at(let end)?:
            try Self.checkOrder(event.start, end)
            properties.append(ICalendarProperty("DTEND", time: end))
        case .duration(let duration)?:
            properties.append(try Self.duration(duration))
        case nil: break
        }
        properties.append(ICalendarProperty("SUMMARY", text: event.title))
        if let location = event.location { properties.append(ICalendarProperty("LOCATION", text: location)) }
        if let notes = event.notes, !notes.isEmpty { properties.append(ICalendarProperty("DESCRIPTION", text: notes)) }
        if let categories = Self.categories(event.categories) { properties.append(categories) }
        if let url = try Self.url(event.url) { properties.append(url) }
        properties += event.rules.map { ICalendarProperty(rule: $0) }
        try Self.checkRecurrence(event.start, event.rules)
        let component = ICalendarComponent(name: "VEVENT", properties: properties,
                                           components: event.alarms.map { ComponentText.alarm($0, title: event.title) })
        try append(component, uid: uid)
        return uid
    }

    /// Appends a VTODO with a fresh UID; in a vdir folder, a new item file.
    /// - Returns: the new UID.
    /// - Throws: `CalendarEditError`; the file is then unchanged.
    public func add(_ reminder: NewReminder) throws(CalendarEditError) -> String {
        guard (0...9).contains(reminder.priority) else { throw .invalidPriority(reminder.priority) }
        let uid = Self.freshUID()
        var properties = [ICalendarProperty(name: "UID", value: uid), ComponentText.stamp(now())]
        if let due = reminder.due { properties.append(ICalendarProperty("DUE", time: due)) }
        if !reminder.rules.isEmpty {
            guard let due = reminder.due else { throw .recurringReminderNeedsDue }
            // The rule runs from DTSTART, which RFC 5545 wants with a rule: the due time.
            properties.append(ICalendarProperty("DTSTART", time: due))
            try Self.checkRecurrence(due, reminder.rules)
            properties += reminder.rules.map { ICalendarProperty(rule: $0) }
        }
        properties.append(ICalendarProperty("SUMMARY", text: reminder.title))
        properties.append(ICalendarProperty(name: "STATUS", value: "NEEDS-ACTION"))
        if reminder.priority > 0 { properties.append(ICalendarProperty("PRIORITY", integer: reminder.priority)) }
        let component = ICalendarComponent(name: "VTODO", properties: properties,
                                           components: reminder.alarms.map { ComponentText.alarm($0, title: reminder.title) })
        try append(component, uid: uid)
        return uid
    }

    /// `component` appended to the file (before its last END:VCALENDAR); a
    /// new file, or a new item file in a folder, holds it alone.
    func append(_ component: ICalendarComponent, uid: String) throws(CalendarEditError) {
        let file = isFolder ? ItemFileName.path(for: uid, in: path) : path
        try transaction(file) { (reader) throws(CalendarEditError) in
            let snapshot = try reader.read(file)
            guard let current = snapshot.bytes else {
                let created = try newCalendarFile(ICalendarWriter().component(component), path: file, known: [:])
                return ([.replace(snapshot, created)], ())
            }
            if isFolder { throw .itemNameTaken(path: file, uid: uid) }
            // A file whose result certainly reads back is not read three times (`FastAppend`).
            if let appended = FastAppend.appended(current, component: component, path: file) { return ([.replace(snapshot, appended)], ()) }
            let edited = try EditedFile(current, path: file)
            guard let calendar = edited.lastCalendar else {
                throw .unreadable(path: file, cause: .content(ICalendarError(.notICalendar(found: nil), source: file, line: 1)))
            }
            let text = ComponentText(calendar, in: current, writer: edited.writer)
            let at = calendar.byteRange.upperBound - text.end.count
            let inserted = edited.writer.component(component)
            let bytes = try finish(edited, edited.bytes(applying: [.insert(inserted, at: at)]), written: inserted)
            return ([.replace(snapshot, bytes)], ())
        }
    }

    // MARK: Removing

    /// Removes every VEVENT with `uid` (the series and its overrides).
    /// - Throws: `CalendarEditError.unknownUID`, or another; the file is then unchanged.
    public func removeEvent(uid: String) throws(CalendarEditError) {
        try edit(uid: uid, what: "event") { (file) throws(CalendarEditError) in
            let found = file.events(uid: uid)
            guard !found.isEmpty else { throw .unknownUID(uid: uid, what: "event", path: file.path) }
            return (FileEdit(patches: found.map { .remove($0.component.byteRange) }), ())
        }
    }

    /// Removes one occurrence of a recurring event (an EXDATE, its override
    /// dropped), or (`future`) it and every later one: the series ends
    /// before it (UNTIL, or COUNT lowered), later overrides, RDATEs and
    /// EXDATEs dropped; the whole event when it is the first occurrence.
    /// - Throws: `CalendarEditError` (`.notAnOccurrence`, `.notRecurring`, ...); the file is then unchanged.
    public func removeOccurrence(uid: String, at time: ItemTime, future: Bool = false) throws(CalendarEditError) {
        try edit(uid: uid, what: "event") { (file) throws(CalendarEditError) in
            let series = try file.series(uid)
            let occurrence = try series.occurrence(at: time)
            if future {
                if occurrence.isFirst { return (FileEdit(patches: file.events(uid: uid).map { .remove($0.component.byteRange) }), ()) }
                var master = ComponentText(series.master.component, in: file.bytes, writer: file.writer)
                try SeriesEdits.end(&master, series: series, before: occurrence)
                master.touch(now: now())
                var patches = [Patch(series.master.component.byteRange, master.bytes)]
                patches += series.overrides.filter { $0.key >= occurrence.key }.map { .remove($0.entry.component.byteRange) }
                return (FileEdit(patches: patches), ())
            }
            var master = ComponentText(series.master.component, in: file.bytes, writer: file.writer)
            master.add(ICalendarProperty("EXDATE", time: occurrence.time))
            master.touch(now: now())
            var patches = [Patch(series.master.component.byteRange, master.bytes)]
            patches += series.overrides.filter { $0.key == occurrence.key }.map { .remove($0.entry.component.byteRange) }
            return (FileEdit(patches: patches), ())
        }
    }

    // MARK: Changing

    /// Changes an event: the whole series (a new start moves every
    /// occurrence, override and exception with it), one occurrence
    /// (`occurrence`: written as an override, or the override updated), or
    /// (`future`) that occurrence and every later one: the series is split,
    /// the original ending before it and a new series (a fresh UID, in a
    /// vdir folder its own item file) starting there with the changes and
    /// the later overrides, so that no occurrence is lost or doubled.
    /// - Returns: the new series' UID for `future` (the event's own when the occurrence is its first), else nil.
    /// - Throws: `CalendarEditError`; the file is then unchanged.
    @discardableResult
    public func edit(uid: String, occurrence time: ItemTime? = nil, future: Bool = false, changes: EventChanges) throws(CalendarEditError) -> String? {
        guard !changes.isEmpty else { throw .nothingToChange }
        let stamp = now()
        return try edit(uid: uid, what: "event") { (file) throws(CalendarEditError) in
            let edits = SeriesEdits(file: file, now: stamp)
            guard let time else { return (try edits.changeWhole(uid: uid, changes: changes), nil) }
            let series = try file.series(uid)
            let occurrence = try series.occurrence(at: time)
            if !future { return (FileEdit(patches: [try edits.changeOne(series, occurrence, changes: changes)]), nil) }
            if occurrence.isFirst { return (try edits.changeWhole(uid: uid, changes: changes), uid) }
            let newUID = Self.freshUID()
            return (try edits.split(series, at: occurrence, newUID: newUID, changes: changes), newUID)
        }
    }

    // MARK: Reminders

    /// Marks a reminder done (STATUS:COMPLETED, COMPLETED now, in UTC,
    /// PERCENT-COMPLETE:100); a recurring one instead moves DTSTART and DUE
    /// to its next occurrence, COUNT lowered by the one done. One completed
    /// already is left as it is (its COMPLETED time kept), and the result says so.
    /// - Throws: `CalendarEditError`; the file is then unchanged.
    @discardableResult
    public func complete(reminderUID uid: String) throws(CalendarEditError) -> ReminderCompletion {
        let stamp = now()
        return try edit(uid: uid, what: "reminder") { (file) throws(CalendarEditError) in
            guard let entry = file.reminders.first(where: { $0.item.uid == uid }) else {
                throw .unknownUID(uid: uid, what: "reminder", path: file.path)
            }
            return try SeriesEdits(file: file, now: stamp).complete(entry)
        }
    }

    // MARK: Transactions

    /// Reads the file (or the vdir item) that holds `uid`, runs `change` on
    /// it, and writes what it gives: the file patched (a vdir item left
    /// without an event or to-do removed, as khal and vdirsyncer do), and a
    /// new series in its own item file in a folder, or after its old series in a file.
    func edit<T>(uid: String, what: String, _ change: (EditedFile) throws(CalendarEditError) -> (FileEdit, T)) throws(CalendarEditError) -> T {
        let file = isFolder ? try locate(uid: uid, what: what) : path
        return try transaction(file) { (reader) throws(CalendarEditError) in
            let snapshot = try reader.read(file)
            guard let current = snapshot.bytes else { throw .system(path: file, what: "be read", code: ENOENT) }
            let edited = try EditedFile(current, path: file)
            let (plan, result) = try change(edited)
            var patches = plan.patches
            var written = plan.patches.flatMap(\.bytes)
            var writes: [SafeFile.Write] = []
            if let series = plan.newSeries {
                if isFolder {
                    let item = ItemFileName.path(for: series.uid, in: path)
                    let itemSnapshot = try reader.read(item)
                    guard itemSnapshot.bytes == nil else { throw .itemNameTaken(path: item, uid: series.uid) }
                    let known = Self.knownTimeZones(edited)
                    writes.append(.replace(itemSnapshot, try newCalendarFile(series.text, path: item, known: known)))
                } else {
                    patches.append(.insert(series.text, at: series.after))
                    written += series.text
                }
            }
            let bytes = try finish(edited, edited.bytes(applying: patches), written: written)
            let left = try EditedFile(bytes, path: file)
            if isFolder && left.events.isEmpty && left.reminders.isEmpty {
                writes.append(.remove(snapshot))
            } else {
                writes.append(.replace(snapshot, bytes))
            }
            return (writes, result)
        }
    }

    /// The locked read-modify-write of the folder of `file`, redone when another program changed a file meanwhile.
    func transaction<T>(_ file: String, _ body: (SafeFile.Reader) throws(CalendarEditError) -> ([SafeFile.Write], T)) throws(CalendarEditError) -> T {
        try SafeFile.transaction(file: file, lockSeconds: lockTimeout, body)
    }

    /// An edit's result with its VTIMEZONEs kept right, checked to read back strictly.
    /// `imported`: VTIMEZONEs of another source (an import's), for TZIDs the file does not define.
    func finish(_ edited: EditedFile, _ bytes: [UInt8], written: [UInt8], imported: [String: [UInt8]] = [:]) throws(CalendarEditError) -> [UInt8] {
        var usedBefore: Set<String> = []
        for calendar in edited.document.calendars { usedBefore.formUnion(TimeZoneUpkeep.used(in: calendar)) }
        let known = Self.knownTimeZones(edited).merging(imported) { own, _ in own }
        let kept = try TimeZoneUpkeep.kept(bytes, path: edited.path, written: TimeZoneUpkeep.used(inComponents: written),
                                           usedBefore: usedBefore, known: known, writer: edited.writer)
        return try Self.checked(kept, path: edited.path)
    }

    /// A new calendar file of `components` (their texts): VERSION, PRODID, the VTIMEZONEs they need.
    func newCalendarFile(_ components: [UInt8], path: String, known: [String: [UInt8]]) throws(CalendarEditError) -> [UInt8] {
        let writer = ICalendarWriter()
        let header = ICalendarComponent(name: "VCALENDAR", properties: [ICalendarProperty(name: "VERSION", value: "2.0"),
                                                                       ICalendarProperty(name: "PRODID", value: Self.productID)])
        var text = writer.component(header)
        let end = writer.fold(Array("END:VCALENDAR".utf8))
        text.removeLast(end.count)
        text += components + end
        let kept = try TimeZoneUpkeep.kept(text, path: path, written: TimeZoneUpkeep.used(inComponents: components), usedBefore: [],
                                           known: known, writer: writer)
        return try Self.checked(kept, path: path)
    }

    /// The VTIMEZONEs of a file, by TZID, as written.
    static func knownTimeZones(_ edited: EditedFile) -> [String: [UInt8]] {
        var known: [String: [UInt8]] = [:]
        for calendar in edited.document.calendars {
            for (tzid, definition) in TimeZoneUpkeep.defined(in: calendar, bytes: edited.bytes) where known[tzid] == nil {
                known[tzid] = definition.text
            }
        }
        return known
    }

    /// The item of this folder that holds `uid`.
    func locate(uid: String, what: String) throws(CalendarEditError) -> String {
        let items: [String]
        do {
            items = try CalendarFileReader.itemFiles(in: path)
        } catch {
            throw .system(path: path, what: "be read", code: error.code)
        }
        // The item named after the UID first, then every other (items named otherwise by other programs).
        let named = ItemFileName.path(for: uid, in: path)
        for item in [named] + items where item == named ? items.contains(named) : true {
            do throws(CalendarReadError) {
                let read = try CalendarFileReader(mode: .lenient).read(item)
                if read.contains(where: { $0.calendar.events.contains { $0.uid == uid } || $0.calendar.reminders.contains { $0.uid == uid } }) {
                    return item
                }
            } catch {
                // An item that does not read holds no event an edit could change.
                continue
            }
        }
        throw .unknownUID(uid: uid, what: what, path: path)
    }

    /// `bytes` when they read back strictly: no edit writes a file it could not edit again.
    static func checked(_ bytes: [UInt8], path: String) throws(CalendarEditError) -> [UInt8] {
        do {
            _ = try EditedFile(bytes, path: path)
        } catch {
            switch error {
            case .unreadable(_, .content(let cause)): throw .wouldNotReadBack(cause)
            case .unusableSeries(_, let problem): throw .wouldNotReadBack(problem.error)
            default: throw error
            }
        }
        return bytes
    }

    /// A UID no one has: 128 random bits, as RFC 5545 and 7986 advise.
    static func freshUID() -> String {
        let high = UInt64.random(in: 0...UInt64.max), low = UInt64.random(in: 0...UInt64.max)
        let all = ItemFileName.hex(high) + ItemFileName.hex(low)
        let parts = [all.prefix(8), all.dropFirst(8).prefix(4), all.dropFirst(12).prefix(4), all.dropFirst(16).prefix(4), all.dropFirst(20)]
        return parts.joined(separator: "-") + "@kalends"
    }

    /// A DURATION property of a positive duration without years or months.
    static func duration(_ duration: CalendarDuration) throws(CalendarEditError) -> ICalendarProperty {
        let length = ComponentDecoding.length(duration)
        guard duration.date.years == 0, duration.date.months == 0, duration.time.nanoseconds == 0,
              case .nominal(let days, let seconds) = length, days >= 0, seconds >= 0, days > 0 || seconds > 0 else {
            throw .invalidDuration(duration)
        }
        return ComponentText.duration(length)
    }

    /// A CATEGORIES line of the non-empty `names`, each escaped (RFC 5545
    /// 3.3.11: a comma in a name is `\,`, the separator a bare comma); nil when none is left.
    static func categories(_ names: [String]) -> ICalendarProperty? {
        let names = names.filter { !$0.isEmpty }
        return names.isEmpty ? nil : ICalendarProperty("CATEGORIES", texts: names)
    }

    /// A URL line, nil for an empty one.
    /// - Throws: `.invalidURL` for one with a control character.
    static func url(_ url: String?) throws(CalendarEditError) -> ICalendarProperty? {
        guard let url, !url.isEmpty else { return nil }
        if url.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { throw .invalidURL(url) }
        return ICalendarProperty(name: "URL", value: url)
    }

    /// Refuses an end not after the start, or of another form.
    static func checkOrder(_ start: ItemTime, _ end: ItemTime) throws(CalendarEditError) {
        if start.isDate != end.isDate { throw .mixedForms(start: start, end: end) }
        let distance: Int
        do {
            distance = try SeriesTimeline(start: start).distance(from: start, to: end)
        } catch {
            throw .unplaceable(detail: "\(error)")
        }
        // A time may end where it starts (an instant); a date ends a day later at the earliest.
        if distance < 0 || (start.isDate && distance == 0) { throw .endNotAfterStart(end: end, start: start) }
    }

    /// Checks that `rules` can run from `start` (the forms RFC 5545 requires).
    static func checkRecurrence(_ start: ItemTime, _ rules: [RecurrenceRule]) throws(CalendarEditError) {
        guard !rules.isEmpty else { return }
        do {
            try RecurrenceSet.validate(start: try start.recurrenceStart(), rules: rules, dates: [], exclusions: [], policy: .rfc5545)
        } catch let error as RecurrenceError {
            throw .invalidRecurrence(error)
        } catch {
            throw .unplaceable(detail: "\(error)")
        }
    }
}

/// What an edit of a file does: its patches, and a new series (a split's),
/// which goes after its old series in a file and into its own item file in a vdir folder.
struct FileEdit {
    var patches: [Patch]
    var newSeries: (uid: String, text: [UInt8], after: Int)?

    init(patches: [Patch], newSeries: (uid: String, text: [UInt8], after: Int)? = nil) {
        self.patches = patches
        self.newSeries = newSeries
    }
}
