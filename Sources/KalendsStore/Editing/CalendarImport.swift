import Kalends
import KalendsICalendar

/// What an import did (or, in a dry run, would do) with one group of the
/// source's components: a series (its master with its overrides), an
/// override sent alone, or a cancellation of an event or of one occurrence.
public struct ImportOutcome: Hashable, Sendable {
    /// What happened to the calendar.
    public enum Action: String, Hashable, Sendable {
        /// The UID was not in the calendar: the components were added.
        case added
        /// A newer version (RFC 5546 section 2.1.5) replaced the calendar's.
        case updated
        /// The calendar's version is as new or newer: it was kept.
        case keptNotNewer = "kept (not newer)"
        /// A CANCEL removed the event, or excluded the occurrence it names.
        case cancelled
        /// A CANCEL of an event or an occurrence the calendar does not have.
        case keptNothingToCancel = "kept (nothing to cancel)"
        /// An override of a time that is no occurrence of the calendar's series.
        case keptNotAnOccurrence = "kept (not an occurrence)"
    }

    /// What happened.
    public let action: Action
    /// The UID of the event or reminder.
    public let uid: String
    /// `VEVENT` or `VTODO`.
    public let component: String
    /// The occurrence (RECURRENCE-ID) for an override or a cancellation of one; nil for a whole item.
    public let occurrence: ItemTime?

    /// An outcome of `action` for the item `uid`.
    public init(_ action: Action, uid: String, component: String, occurrence: ItemTime? = nil) {
        self.action = action
        self.uid = uid
        self.component = component
        self.occurrence = occurrence
    }
}

/// A calendar to import (an invitation with METHOD REQUEST or CANCEL, another
/// program's export), read strictly: a source with any defect is refused
/// whole. Its VEVENTs and VTODOs are grouped by UID (a master with its
/// overrides), each with its version (SEQUENCE, DTSTAMP) and its text as written.
///
///     let source = try ImportSource(bytes: Array(invitation.utf8), name: "invite.ics")
///     let outcomes = try CalendarFileEditor(path: "work.ics").importCalendar(source)
public struct ImportSource: Sendable {
    /// The name messages give the source (its path, or `standard input`).
    public let name: String
    let bytes: [UInt8]
    let groups: [ImportGroup]
    /// The source's VTIMEZONEs by TZID, as written: copied where the target lacks one.
    let zones: [String: [UInt8]]
    /// The source's zones as read, and for each TZID the earliest start of an event in it:
    /// where a target's own definition of the TZID must agree with the source's.
    let zoneRules: ICalendarZones
    let earliest: [String: Instant]

    /// Reads `bytes` strictly.
    /// - Throws: `CalendarEditError.importUnreadable` for a defect (its place), `.importUnusable` for a series that
    ///   cannot be expanded or is given twice, `.importMethod` for an iTIP message that is no event to keep
    ///   (REPLY, COUNTER, ...), `.importUpdatesAndCancels` for a UID both sent and cancelled.
    public init(bytes: [UInt8], name: String) throws(CalendarEditError) {
        self.name = name
        self.bytes = bytes
        let document: ICalendarDocument
        do {
            document = try ICalendarReader(source: name, mode: .strict).read(bytes)
        } catch {
            throw .importUnreadable(path: name, cause: .content(error))
        }
        var decoding = ComponentDecoding(zones: document.zones, source: name, strict: true)
        var events: [Event] = []
        var groups: [ImportGroup] = []
        var index: [String: Int] = [:]
        var zones: [String: [UInt8]] = [:]
        for calendar in document.calendars {
            for (tzid, definition) in TimeZoneUpkeep.defined(in: calendar, bytes: bytes) where zones[tzid] == nil { zones[tzid] = definition.text }
            var cancel = false
            if let method = calendar.first("METHOD") {
                switch method.value.uppercased() {
                case "PUBLISH", "REQUEST": cancel = false
                case "CANCEL": cancel = true
                default: throw .importMethod(path: name, method: method.value, line: method.line)
                }
            }
            for component in calendar.components where component.name == "VEVENT" || component.name == "VTODO" {
                let piece: ImportGroup.Piece
                do throws(ICalendarError) {
                    // A cancellation needs no more than its identity and version (RFC 5546 section 3.2.5).
                    if !cancel {
                        if component.name == "VEVENT" { events.append(try decoding.event(component)) } else { _ = try decoding.reminder(component) }
                    }
                    guard let uid = component.uid, !uid.isEmpty else {
                        throw ICalendarError(.missingProperty(component: component.name, property: "UID"), source: name, line: component.line)
                    }
                    piece = try ImportGroup.Piece(component, uid: uid, decoding: decoding)
                } catch {
                    throw .importUnreadable(path: name, cause: .content(error))
                }
                let key = component.name + "\u{0}" + piece.uid
                if let other = index[key + "\u{0}\(!cancel)"] { throw .importUpdatesAndCancels(path: name, uid: groups[other].uid) }
                let at = index[key + "\u{0}\(cancel)"] ?? groups.count
                if at == groups.count {
                    index[key + "\u{0}\(cancel)"] = at
                    groups.append(ImportGroup(kind: component.name, uid: piece.uid, cancel: cancel))
                }
                // One version of each: a second master, or a second override of one occurrence, is a defect.
                if let twin = groups[at].pieces.first(where: { ImportGroup.same($0.recurrenceID, piece.recurrenceID) }) {
                    throw .importTwice(path: name, uid: piece.uid, recurrenceID: piece.recurrenceID.map { "\($0)" }, line: component.line,
                                       other: twin.component.line)
                }
                groups[at].pieces.append(piece)
            }
        }
        let store = CalendarStore(calendars: [CalendarCollection(name: name, path: name, events: events)])
        if let problem = store.problems.first { throw .importUnusable(path: name, problem: problem) }
        self.groups = groups
        self.zones = zones
        self.zoneRules = document.zones
        var earliest: [String: Instant] = [:]
        for event in events {
            guard case .zoned(let local, let zone) = event.start, let instant = try? zone.resolve(local).instant else { continue }
            if let known = earliest[zone.identifier], known <= instant { continue }
            earliest[zone.identifier] = instant
        }
        self.earliest = earliest
    }

    /// Refuses an import into `edited` when it defines a TZID the source
    /// defines too, and the two give another offset at some day from the
    /// source's first event in it on (twenty years): the imported times would
    /// silently move. Definitions that agree there (an Outlook zone's one
    /// current rule beside the zone's history) are one zone.
    /// - Throws: `CalendarEditError.importZoneConflict`.
    func checkZones(against edited: EditedFile) throws(CalendarEditError) {
        let own = CalendarFileEditor.knownTimeZones(edited)
        for tzid in zones.keys.sorted() where own[tzid] != nil {
            guard let theirs = zoneRules.zone(for: tzid), let ours = edited.document.zones.zone(for: tzid) else { continue }
            let from = earliest[tzid] ?? Instant(seconds: 946_684_800)
            if let at = ZoneAgreement.firstDifference(theirs, ours, from: from) {
                throw .importZoneConflict(path: name, file: edited.path, tzid: tzid, at: at,
                                          theirs: theirs.offset(at: at).seconds, ours: ours.offset(at: at).seconds)
            }
        }
    }

    /// The text of a component of the source, with `writer`'s line ends.
    func text(_ piece: ImportGroup.Piece, as writer: ICalendarWriter) -> [UInt8] {
        ComponentText.lineEnds(bytes[piece.component.byteRange], as: writer)
    }

    /// The source's VTIMEZONEs with `writer`'s line ends.
    func zones(as writer: ICalendarWriter) -> [String: [UInt8]] {
        zones.mapValues { ComponentText.lineEnds($0[...], as: writer) }
    }
}

/// The components of one UID and kind in a source (a master, overrides), or in a target file.
struct ImportGroup: Sendable {
    /// One component: its identity and version.
    struct Piece: Sendable {
        let component: ICalendarComponent
        let uid: String
        let recurrenceID: ItemTime?
        let sequence: Int
        let stamp: Instant?

        init(_ component: ICalendarComponent, uid: String, decoding: ComponentDecoding) throws(ICalendarError) {
            self.component = component
            self.uid = uid
            recurrenceID = try component.first("RECURRENCE-ID").map { (property) throws(ICalendarError) in try decoding.time(property) }
            sequence = try decoding.integer(component.first("SEQUENCE")) ?? 0
            stamp = try decoding.instant(component.first("DTSTAMP"))
        }

        /// Newer by iTIP (RFC 5546 section 2.1.5), as the store picks among versions: a higher SEQUENCE, then a later DTSTAMP.
        func isNewer(than other: Piece) -> Bool {
            if sequence != other.sequence { return sequence > other.sequence }
            switch (stamp, other.stamp) {
            case (let x?, let y?): return x > y
            default: return false
            }
        }
    }

    let kind: String
    let uid: String
    /// From a calendar with METHOD:CANCEL.
    let cancel: Bool
    var pieces: [Piece] = []

    var master: Piece? { pieces.first { $0.recurrenceID == nil } }
    var overrides: [Piece] { pieces.filter { $0.recurrenceID != nil } }

    /// Two RECURRENCE-IDs (or none) naming one occurrence: equal, or the same instant in the same form.
    static func same(_ a: ItemTime?, _ b: ItemTime?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        if a == b { return true }
        guard a.isDate == b.isDate, let x = try? a.instant(viewer: .utc), let y = try? b.instant(viewer: .utc) else { return false }
        return x == y
    }
}

/// An import's changes to one calendar file (nil: a file, or vdir item, that
/// is made new): patches of the file's components, and components to append.
struct ImportPlan {
    let file: EditedFile?
    let source: ImportSource
    let writer: ICalendarWriter
    var patches: [Patch] = []
    /// The texts to append at the end of the last calendar.
    var appended: [UInt8] = []
    /// Every text written: its TZIDs get their VTIMEZONEs.
    var written: [UInt8] = []
    var outcomes: [ImportOutcome] = []

    init(file: EditedFile?, source: ImportSource) {
        self.file = file
        self.source = source
        writer = file?.writer ?? ICalendarWriter()
    }

    /// The components of the file with the group's kind and UID, in file order.
    func targets(_ group: ImportGroup) throws(CalendarEditError) -> [ImportGroup.Piece] {
        guard let file else { return [] }
        let decoding = ComponentDecoding(zones: file.document.zones, source: file.path, strict: true)
        var found: [ImportGroup.Piece] = []
        for calendar in file.document.calendars {
            for component in calendar.components where component.name == group.kind && component.uid == group.uid {
                do throws(ICalendarError) {
                    found.append(try ImportGroup.Piece(component, uid: group.uid, decoding: decoding))
                } catch {
                    throw .unreadable(path: file.path, cause: .content(error))
                }
            }
        }
        return found
    }

    func text(_ pieces: [ImportGroup.Piece]) -> [UInt8] {
        pieces.reduce(into: []) { $0 += source.text($1, as: writer) }
    }

    mutating func outcome(_ action: ImportOutcome.Action, _ group: ImportGroup, _ occurrence: ItemTime? = nil) {
        outcomes.append(ImportOutcome(action, uid: group.uid, component: group.kind, occurrence: occurrence))
    }

    mutating func append(_ text: [UInt8]) {
        appended += text
        written += text
    }

    mutating func replace(_ range: Range<Int>, with text: [UInt8]) {
        patches.append(Patch(range, text))
        written += text
    }

    /// The group imported: added, a newer version in place of the file's, or a cancellation.
    mutating func apply(_ group: ImportGroup) throws(CalendarEditError) {
        let targets = try self.targets(group)
        if group.cancel { return try cancel(group, targets: targets) }
        guard !targets.isEmpty else {
            append(text(group.pieces))
            if group.master != nil {
                outcome(.added, group)
            } else {
                for piece in group.pieces { outcome(.added, group, piece.recurrenceID) }
            }
            return
        }
        let targetMaster = targets.first { $0.recurrenceID == nil }
        if let master = group.master {
            // A series is sent whole (RFC 5546 section 3.2.2): a newer one replaces the file's, overrides included.
            if let targetMaster, !master.isNewer(than: targetMaster) { return outcome(.keptNotNewer, group) }
            replace(targets[0].component.byteRange, with: text(group.pieces))
            for other in targets.dropFirst() { patches.append(.remove(other.component.byteRange)) }
            return outcome(.updated, group)
        }
        // Overrides sent alone: each replaces the file's override of its occurrence, or joins the series, when newer.
        let series = group.kind == "VEVENT" && targetMaster != nil ? try? file?.series(group.uid) : nil
        var inserted: [UInt8] = []
        for piece in group.pieces {
            guard let id = piece.recurrenceID else { continue }
            if let existing = targets.first(where: { $0.recurrenceID.map { Self.same($0, id, series) } ?? false }) {
                if piece.isNewer(than: existing) {
                    replace(existing.component.byteRange, with: source.text(piece, as: writer))
                    outcome(.updated, group, id)
                } else {
                    outcome(.keptNotNewer, group, id)
                }
                continue
            }
            if let targetMaster {
                guard let series, (try? series.occurrence(at: id)) != nil else {
                    outcome(.keptNotAnOccurrence, group, id)
                    continue
                }
                guard piece.isNewer(than: targetMaster) else {
                    outcome(.keptNotNewer, group, id)
                    continue
                }
                inserted += source.text(piece, as: writer)
                outcome(.updated, group, id)
            } else {
                inserted += source.text(piece, as: writer)
                outcome(.added, group, id)
            }
        }
        if !inserted.isEmpty, let last = targets.map(\.component.byteRange.upperBound).max() {
            patches.append(.insert(inserted, at: last))
            written += inserted
        }
    }

    /// A CANCEL (RFC 5546 section 3.2.5) applied as `event remove` does: without
    /// RECURRENCE-ID the item goes (overrides included); with one, an EXDATE
    /// excludes that occurrence and its override goes. It applies unless the
    /// file holds a newer version than the cancellation.
    mutating func cancel(_ group: ImportGroup, targets: [ImportGroup.Piece]) throws(CalendarEditError) {
        let targetMaster = targets.first { $0.recurrenceID == nil }
        let series = group.kind == "VEVENT" && targetMaster != nil ? try? file?.series(group.uid) : nil
        var master = series.flatMap { series in file.map { ComponentText(series.master.component, in: $0.bytes, writer: writer) } }
        var masterChanged = false
        var removed: Set<Int> = []
        for piece in group.master.map({ [$0] + group.overrides }) ?? group.overrides {
            guard !targets.isEmpty, removed.count < targets.count else {
                if piece.recurrenceID == nil || targets.isEmpty { outcome(.keptNothingToCancel, group, piece.recurrenceID) }
                continue
            }
            guard let id = piece.recurrenceID else {
                if let targetMaster, targetMaster.isNewer(than: piece) { outcome(.keptNotNewer, group); continue }
                for target in targets { patches.append(.remove(target.component.byteRange)) }
                removed = Set(targets.map(\.component.byteRange.lowerBound))
                outcome(.cancelled, group)
                continue
            }
            let existing = targets.first { $0.recurrenceID.map { Self.same($0, id, series) } ?? false }
            if let reference = existing ?? targetMaster, reference.isNewer(than: piece) {
                outcome(.keptNotNewer, group, id)
                continue
            }
            if let series, let occurrence = try? series.occurrence(at: id) {
                master?.add(ICalendarProperty("EXDATE", time: occurrence.time))
                masterChanged = true
            } else if existing == nil {
                outcome(.keptNothingToCancel, group, id)
                continue
            }
            if let existing, !removed.contains(existing.component.byteRange.lowerBound) {
                patches.append(.remove(existing.component.byteRange))
                removed.insert(existing.component.byteRange.lowerBound)
            }
            outcome(.cancelled, group, id)
        }
        if masterChanged, let master, let series, !removed.contains(series.master.component.byteRange.lowerBound) {
            replace(series.master.component.byteRange, with: master.bytes)
        }
    }

    /// Two RECURRENCE-IDs of one occurrence: by the series' keys when there is one.
    static func same(_ a: ItemTime, _ b: ItemTime, _ series: EditedSeries?) -> Bool {
        if let series, let x = try? series.timeline.key(of: a), let y = try? series.timeline.key(of: b) { return x == y }
        return ImportGroup.same(a, b)
    }

    /// The file's bytes with the plan made (unchanged when it changes nothing).
    func bytes() -> [UInt8]? {
        guard let file else { return nil }
        var patches = self.patches
        if !appended.isEmpty, let calendar = file.lastCalendar {
            let end = ComponentText(calendar, in: file.bytes, writer: writer).end
            patches.append(.insert(appended, at: calendar.byteRange.upperBound - end.count))
        }
        return file.bytes(applying: patches)
    }
}

extension CalendarFileEditor {
    /// Imports `source` into the file or vdir folder: each group of its
    /// components added when the UID is new; a newer version (higher
    /// SEQUENCE, then later DTSTAMP) in place of the calendar's, else the
    /// calendar's kept; a CANCEL removing the item or excluding the
    /// occurrence it names. Each component's text is kept as written (its
    /// line ends made the file's), METHOD left behind; the VTIMEZONEs it
    /// uses are copied when the calendar lacks them. One locked, atomic write
    /// (a missing file is created; in a folder each new UID is its own item);
    /// `dryRun`: the outcomes only, nothing written.
    /// - Returns: one outcome per group of the source, in its order.
    /// - Throws: `CalendarEditError`; the calendar is then unchanged.
    public func importCalendar(_ source: ImportSource, dryRun: Bool = false) throws(CalendarEditError) -> [ImportOutcome] {
        if isFolder { return try importIntoFolder(source, dryRun: dryRun) }
        return try transaction(path) { (reader) throws(CalendarEditError) in
            let snapshot = try reader.read(path)
            guard let current = snapshot.bytes else {
                var plan = ImportPlan(file: nil, source: source)
                for group in source.groups { try plan.apply(group) }
                guard !plan.appended.isEmpty, !dryRun else { return ([], plan.outcomes) }
                let created = try newCalendarFile(plan.appended, path: path, known: source.zones(as: plan.writer))
                return ([.replace(snapshot, created)], plan.outcomes)
            }
            let edited = try EditedFile(current, path: path)
            try source.checkZones(against: edited)
            var plan = ImportPlan(file: edited, source: source)
            for group in source.groups { try plan.apply(group) }
            guard let bytes = plan.bytes(), bytes != current else { return ([], plan.outcomes) }
            let finished = try finish(edited, bytes, written: plan.written, imported: source.zones(as: edited.writer))
            return (dryRun ? [] : [.replace(snapshot, finished)], plan.outcomes)
        }
    }

    /// An import into a vdir folder: each UID into the item that holds it, or a new item named after it.
    func importIntoFolder(_ source: ImportSource, dryRun: Bool) throws(CalendarEditError) -> [ImportOutcome] {
        // The folder's lock is taken through a path in it.
        let lockPath = ItemFileName.path(for: ".import", in: path)
        return try transaction(lockPath) { (reader) throws(CalendarEditError) in
            var holders: [String: String]?
            var itemOf: [String: String] = [:]
            var order: [String] = []
            var groupsOf: [String: [Int]] = [:]
            for (index, group) in source.groups.enumerated() {
                let item: String
                if let known = itemOf[group.uid] {
                    item = known
                } else {
                    let named = ItemFileName.path(for: group.uid, in: path)
                    if Self.itemHolds(named, uid: group.uid) {
                        item = named
                    } else {
                        if holders == nil { holders = try Self.holders(in: path) }
                        item = holders?[group.uid] ?? named
                    }
                    itemOf[group.uid] = item
                }
                if groupsOf[item] == nil { order.append(item) }
                groupsOf[item, default: []].append(index)
            }
            var outcomes: [(Int, ImportOutcome)] = []
            var writes: [SafeFile.Write] = []
            for item in order {
                let indices = groupsOf[item] ?? []
                let snapshot = try reader.read(item)
                let edited = try snapshot.bytes.map { (bytes) throws(CalendarEditError) in try EditedFile(bytes, path: item) }
                if let edited { try source.checkZones(against: edited) }
                var plan = ImportPlan(file: edited, source: source)
                for index in indices {
                    let before = plan.outcomes.count
                    try plan.apply(source.groups[index])
                    outcomes += plan.outcomes[before...].map { (index, $0) }
                }
                guard let edited, let current = snapshot.bytes else {
                    if !plan.appended.isEmpty {
                        writes.append(.replace(snapshot, try newCalendarFile(plan.appended, path: item, known: source.zones(as: plan.writer))))
                    }
                    continue
                }
                guard let bytes = plan.bytes(), bytes != current else { continue }
                let finished = try finish(edited, bytes, written: plan.written, imported: source.zones(as: edited.writer))
                let left = try EditedFile(finished, path: item)
                writes.append(left.events.isEmpty && left.reminders.isEmpty ? .remove(snapshot) : .replace(snapshot, finished))
            }
            let ordered = outcomes.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element.1)
            return (dryRun ? [] : writes, ordered)
        }
    }

    /// Whether the vdir item at `item` exists and holds an event or reminder with `uid`.
    static func itemHolds(_ item: String, uid: String) -> Bool {
        guard let bytes = try? CalendarFileReader.contents(of: item, maximum: CalendarFileReader.maximumFileBytes),
              let document = try? ICalendarReader(source: item, mode: .lenient).read(bytes) else { return false }
        return document.calendars.contains { $0.components.contains { ($0.name == "VEVENT" || $0.name == "VTODO") && $0.uid == uid } }
    }

    /// The item of `folder` that holds each UID (the first, in name order), for items named otherwise than after their UID.
    static func holders(in folder: String) throws(CalendarEditError) -> [String: String] {
        let items: [String]
        do {
            items = try CalendarFileReader.itemFiles(in: folder)
        } catch {
            throw .system(path: folder, what: "be read", code: error.code)
        }
        var holders: [String: String] = [:]
        for item in items {
            guard let bytes = try? CalendarFileReader.contents(of: item, maximum: CalendarFileReader.maximumFileBytes),
                  let document = try? ICalendarReader(source: item, mode: .lenient).read(bytes) else { continue }
            for calendar in document.calendars {
                for component in calendar.components where component.name == "VEVENT" || component.name == "VTODO" {
                    if let uid = component.uid, holders[uid] == nil { holders[uid] = item }
                }
            }
        }
        return holders
    }
}
