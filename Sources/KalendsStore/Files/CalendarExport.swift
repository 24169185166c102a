import Kalends
import KalendsICalendar

/// The events and reminders of a store written as one VCALENDAR, for
/// another program: each component's text as read (its line ends made
/// CRLF), with the VTIMEZONEs its TZIDs need (the file's own, else the
/// system's). A window keeps the series that touch it, whole (a master with
/// its overrides), and the reminders due in it; `expanded` writes each
/// occurrence in a window as a VEVENT of its own instead, for programs that
/// know no RRULE (or no RSCALE).
///
///     let export = CalendarExport(store: store) { path in try? CalendarExport.contents(of: path) }
///     let text = try export.calendar(window: nil, viewer: .utc)
///
/// Not `Sendable`: it keeps the files it has read, and the caller's function that reads them.
public struct CalendarExport {
    /// The bytes of a file the store read, by the path its items' positions name (nil: not available).
    let texts: (String) -> [UInt8]?
    let store: CalendarStore
    /// The files read so far: their bytes, their components by the line of their BEGIN, their VTIMEZONEs.
    private var files: [String: (bytes: [UInt8], components: [Int: ICalendarComponent], zones: [String: [UInt8]], rules: ICalendarZones)] = [:]
    /// For each TZID, the earliest start of an exported event in it: where two files' definitions of it must agree.
    private var earliest: [String: Instant] = [:]

    /// Notes `time`'s instant as the earliest in its zone so far, when it is.
    mutating func note(_ time: ItemTime) {
        guard case .zoned(let local, let zone) = time, let instant = try? zone.resolve(local).instant else { return }
        if let known = earliest[zone.identifier], known <= instant { return }
        earliest[zone.identifier] = instant
    }

    /// An export of `store`, whose files' bytes `texts` gives.
    public init(store: CalendarStore, texts: @escaping (String) -> [UInt8]?) {
        self.store = store
        self.texts = texts
    }

    /// The bytes of the file at `path`.
    public static func contents(of path: String) throws(CalendarFileError) -> [UInt8] {
        try CalendarFileReader.contents(of: path, maximum: CalendarFileReader.maximumFileBytes)
    }

    static let writer = ICalendarWriter()

    /// The series and reminders of the store (those that touch `window`, when given) as one VCALENDAR.
    /// - Throws: `ExportError` when a component's text cannot be found again, or the window holds too many occurrences.
    public mutating func calendar(window: Range<Instant>?, viewer: ZoneRules) throws(ExportError) -> [UInt8] {
        var touched: Set<String>?
        if let window {
            do {
                touched = Set(try store.touching(window, viewer: viewer).map { $0.calendar + "\u{0}" + $0.uid })
            } catch {
                throw .store(error)
            }
        }
        var parts: [(ICalendarComponent, [UInt8], String)] = []
        for series in store.series where touched?.contains(series.calendar + "\u{0}" + (series.master?.uid ?? series.allOverrides.first?.event.uid ?? "")) ?? true {
            let events = (series.master.map { [$0] } ?? []) + series.allOverrides.map(\.event)
            for event in events.sorted(by: Self.fileOrder) {
                note(event.start)
                parts.append(try component(event.position, uid: event.uid))
            }
        }
        let reminders = store.reminders(includeDone: true, dueIn: window, viewer: viewer).map(\.reminder).sorted { a, b in
            Self.fileOrder(a.position, b.position)
        }
        for reminder in reminders { parts.append(try component(reminder.position, uid: reminder.uid)) }
        return try wrap(parts.map { ($0.1, $0.2) })
    }

    /// Each occurrence that touches `window` as its own VEVENT: its RECURRENCE-ID
    /// (for an occurrence of a recurring event), its start and end as the
    /// occurrence has them (DTEND; none for one without length), no RRULE,
    /// RDATE or EXDATE; every other line as read. Reminders due in the window as read.
    /// - Throws: `ExportError`.
    public mutating func expanded(window: Range<Instant>, viewer: ZoneRules) throws(ExportError) -> [UInt8] {
        let occurrences: [EventOccurrence]
        do {
            occurrences = try store.events(in: window, viewer: viewer)
        } catch {
            throw .store(error)
        }
        var parts: [([UInt8], String)] = []
        for occurrence in occurrences {
            let (component, _, file) = try self.component(occurrence.event.position, uid: occurrence.uid)
            note(occurrence.start)
            guard let bytes = files[file]?.bytes else { continue }
            var text = ComponentText(component, in: bytes, writer: Self.writer)
            for name in ["RRULE", "RDATE", "EXDATE", "EXRULE"] { text.remove(name) }
            text.set(ICalendarProperty("DTSTART", time: occurrence.start))
            // The end where the event had its end (DTEND, or DURATION); none for an occurrence without length.
            let end = occurrence.endInstant != occurrence.startInstant || occurrence.isAllDay ? [ICalendarProperty("DTEND", time: occurrence.end)] : []
            if text.first("DTEND") == nil, text.first("DURATION") != nil {
                text.set("DURATION", end)
            } else {
                text.remove("DURATION")
                text.set("DTEND", end)
            }
            if let id = occurrence.recurrenceID {
                text.set(ICalendarProperty("RECURRENCE-ID", time: id))
            } else {
                text.remove("RECURRENCE-ID")
            }
            parts.append((ComponentText.lineEnds(text.bytes[...], as: Self.writer), file))
        }
        let reminders = store.reminders(includeDone: true, dueIn: window, viewer: viewer).map(\.reminder).sorted { a, b in
            Self.fileOrder(a.position, b.position)
        }
        for reminder in reminders {
            let (_, text, file) = try component(reminder.position, uid: reminder.uid)
            parts.append((text, file))
        }
        return try wrap(parts)
    }

    static func fileOrder(_ a: Event, _ b: Event) -> Bool { fileOrder(a.position, b.position) }

    static func fileOrder(_ a: SourcePosition?, _ b: SourcePosition?) -> Bool {
        guard let a, let b else { return a != nil && b == nil }
        if a.file != b.file { return a.file < b.file }
        return a.line < b.line
    }

    /// The component read at `position`, its text with CRLF line ends, and its file.
    mutating func component(_ position: SourcePosition?, uid: String) throws(ExportError) -> (ICalendarComponent, [UInt8], String) {
        guard let position else { throw .notFound(uid: uid, file: "", line: 0) }
        if files[position.file] == nil {
            guard let bytes = texts(position.file),
                  let document = try? ICalendarReader(source: position.file, mode: .lenient).read(bytes) else {
                throw .notFound(uid: uid, file: position.file, line: position.line)
            }
            var components: [Int: ICalendarComponent] = [:]
            var zones: [String: [UInt8]] = [:]
            for calendar in document.calendars {
                for component in calendar.components { components[component.line] = component }
                for (tzid, definition) in TimeZoneUpkeep.defined(in: calendar, bytes: bytes) where zones[tzid] == nil { zones[tzid] = definition.text }
            }
            files[position.file] = (bytes, components, zones, document.zones)
        }
        guard let file = files[position.file], let component = file.components[position.line] else {
            throw .notFound(uid: uid, file: position.file, line: position.line)
        }
        return (component, ComponentText.lineEnds(file.bytes[component.byteRange], as: Self.writer), position.file)
    }

    /// One VCALENDAR of the components' texts (and the files they come from, whose VTIMEZONEs they use).
    func wrap(_ parts: [([UInt8], String)]) throws(ExportError) -> [UInt8] {
        let header = ICalendarComponent(name: "VCALENDAR", properties: [ICalendarProperty(name: "VERSION", value: "2.0"),
                                                                       ICalendarProperty(name: "PRODID", value: CalendarFileEditor.productID)])
        var text = Self.writer.component(header)
        let end = Self.writer.fold(Array("END:VCALENDAR".utf8))
        text.removeLast(end.count)
        var known: [String: [UInt8]] = [:]
        var definedBy: [String: String] = [:]
        var body: [UInt8] = []
        for (component, file) in parts {
            body += component
            // Each TZID's definition from the file of the first component that uses it; another
            // file's definition of it must give the same offsets, or its times would move.
            for tzid in TimeZoneUpkeep.used(inComponents: component) {
                guard let definition = files[file]?.zones[tzid] else { continue }
                guard let first = definedBy[tzid] else {
                    known[tzid] = ComponentText.lineEnds(definition[...], as: Self.writer)
                    definedBy[tzid] = file
                    continue
                }
                guard first != file, files[first]?.zones[tzid] != definition,
                      let a = files[first]?.rules.zone(for: tzid), let b = files[file]?.rules.zone(for: tzid),
                      let at = ZoneAgreement.firstDifference(a, b, from: earliest[tzid] ?? Instant(seconds: 946_684_800)) else { continue }
                throw .zoneConflict(tzid: tzid, first: first, second: file, at: at)
            }
        }
        text += body + end
        do {
            return try TimeZoneUpkeep.kept(text, path: "export", written: TimeZoneUpkeep.used(inComponents: body), usedBefore: [],
                                           known: known, writer: Self.writer)
        } catch {
            throw .unwritable("\(error)")
        }
    }
}

/// Why a store could not be exported.
public enum ExportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text of the item with `uid`, read at `file`:`line`, is not there any more (the file changed meanwhile).
    case notFound(uid: String, file: String, line: Int)
    /// The window's query failed (too many occurrences, one that cannot be placed).
    case store(StoreError)
    /// The calendar written would not read back.
    case unwritable(String)
    /// Two files define `tzid` with other offsets (at `at`): one VTIMEZONE cannot serve both.
    case zoneConflict(tzid: String, first: String, second: String, at: Instant)

    public var description: String {
        switch self {
        case .notFound(let uid, let file, let line):
            return "the item with UID \(RuleError.shown(uid)) is no longer at \(RuleError.shown(file)):\(line) (the file changed while it was read): nothing was exported"
        case .store(let error):
            return error.description
        case .unwritable(let detail):
            return "the export would not read back: \(detail)"
        case .zoneConflict(let tzid, let first, let second, let at):
            let when = (try? ZonedDateTime(instant: at, zone: .utc).description) ?? "\(at.seconds)"
            return "\(RuleError.shown(first)) and \(RuleError.shown(second)) define the zone \(RuleError.shown(tzid)) with other offsets (at \(when)): "
                + "one calendar cannot hold both; export them one at a time, or rename the TZID in one"
        }
    }
}
