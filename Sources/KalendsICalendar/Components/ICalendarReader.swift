import Kalends

/// What a read gives: the top-level components (VCALENDARs) and the
/// defects a lenient read passed over.
public struct ICalendarDocument: Hashable, Sendable {
    /// The top-level components in order: the VCALENDARs.
    public var calendars: [ICalendarComponent]
    /// The defects passed over, in the order found (empty for a strict read).
    public var warnings: [ICalendarWarning]
    /// The zones of the calendars' VTIMEZONEs, the system's and X-WR-TIMEZONE.
    public var zones: ICalendarZones
    /// Content lines outside any component: only in a fragment (a recurrence's lines without BEGIN:VCALENDAR).
    public var properties: [ICalendarProperty]

    /// A document of `calendars`.
    public init(calendars: [ICalendarComponent], warnings: [ICalendarWarning] = [], zones: ICalendarZones = ICalendarZones(),
                properties: [ICalendarProperty] = []) {
        self.calendars = calendars
        self.warnings = warnings
        self.zones = zones
        self.properties = properties
    }

    /// Every child of the calendars named `name` (`VEVENT`), in order.
    public func components(named name: String) -> [ICalendarComponent] {
        calendars.flatMap { $0.components(named: name) }
    }
}

/// Reads iCalendar bytes (RFC 5545, with RFC 6868's parameter escapes and
/// RFC 7986's properties kept like any other) into an `ICalendarDocument`.
///
/// Every value is checked through the format's table of property kinds
/// (`PropertyKindTable.iCalendar`). `.lenient` (the default) leaves out a
/// component with a defect in what it needs — in a VEVENT its UID, DTSTART,
/// DTEND, DURATION, RRULE, RDATE, EXDATE, RECURRENCE-ID; an END that
/// closes the wrong component; a line without any colon — with one warning,
/// passes over a defect in another property (a bad DTSTAMP, a stray
/// parameter) with a warning that the property is ignored, and reads the rest. `.strict` throws the
/// first defect, in any value of any component. Input that is not
/// iCalendar at all (no BEGIN:VCALENDAR first, binary data) throws in both.
///
///     let document = try ICalendarReader(source: "work.ics").read(Array(text.utf8))
///     for warning in document.warnings { print(warning) }
///     // work.ics:12:9: DTSTART: '2024021' is not a DATE (YYYYMMDD) (the VEVENT with UID 42 is left out)
public struct ICalendarReader: Sendable {
    /// How defects are handled.
    public enum Mode: Hashable, Sendable {
        /// A defective component is left out with one warning.
        case lenient
        /// Every defect is an error.
        case strict
    }

    /// The longest content line, in bytes after unfolding (256 KiB: an
    /// inline ATTACH of some size fits). A longer line is a defect of its
    /// component; it is scanned, never held whole.
    public static let maximumLineLength = 1 << 18
    /// The deepest nesting of components (a VCALENDAR, a VEVENT, a VALARM is 3).
    /// Deeper input is an error in both modes.
    public static let maximumDepth = 64

    /// The input's name in messages (a file's path).
    public var source: String
    /// Lenient or strict.
    public var mode: Mode
    /// The property kinds values are checked by.
    public var table: PropertyKindTable = .iCalendar
    /// Content lines without BEGIN:VCALENDAR (a recurrence's lines): properties outside any component are kept.
    var fragment = false

    /// A reader of input named `source`.
    public init(source: String, mode: Mode = .lenient) {
        self.source = source
        self.mode = mode
    }

    /// Reads `bytes`.
    /// - Throws: `ICalendarError` for input that is not iCalendar, nesting
    ///   deeper than `maximumDepth`, and (strict) any defect.
    public func read(_ bytes: [UInt8]) throws(ICalendarError) -> ICalendarDocument {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ICalendarError) in try read(buffer) }
    }

    /// Reads the UTF-8 of `text`.
    public func read(_ text: String) throws(ICalendarError) -> ICalendarDocument {
        try read(Array(text.utf8))
    }

    /// Reads `bytes` (borrowed for the call only).
    public func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(ICalendarError) -> ICalendarDocument {
        try read(bytes, parts: Parallel.workers(count: bytes.count, minimumChunk: Self.splitSize))
    }

    /// Reads `bytes` in up to `parts` parts at once (one pass for 1).
    func read(_ bytes: UnsafeBufferPointer<UInt8>, parts: Int) throws(ICalendarError) -> ICalendarDocument {
        let tree: Tree
        if let split = try splitRead(bytes, parts: parts) {
            tree = split
        } else {
            var builder = TreeBuilder(source: source, strict: mode == .strict, table: table, fragment: fragment, bytes: bytes)
            try builder.run()
            tree = Tree(calendars: builder.calendars, warnings: builder.warnings, zoneUses: builder.zoneUses, topLevel: builder.topLevel)
        }
        return try finish(tree, bytes: bytes)
    }

    /// The document of a tree: its zones, and the zone warnings after the tree's.
    func finish(_ tree: Tree, bytes: UnsafeBufferPointer<UInt8>) throws(ICalendarError) -> ICalendarDocument {
        let zones = ICalendarZones(tree.calendars, source: source, inUse: tree.zoneUses.map(\.tzid), bytes: bytes)
        var warnings = tree.warnings
        try checkZones(tree.calendars, uses: tree.zoneUses, zones: zones, warnings: &warnings)
        return ICalendarDocument(calendars: tree.calendars, warnings: warnings, zones: zones, properties: tree.topLevel)
    }

    /// What the one pass gives: the calendars, the defects passed over, the TZIDs in use.
    struct Tree {
        var calendars: [ICalendarComponent]
        var warnings: [ICalendarWarning]
        var zoneUses: [(tzid: String, line: Int, column: Int)]
        var topLevel: [ICalendarProperty] = []
    }

    /// Input is read in parts on the machine's cores, one part per this many bytes (512 KiB).
    static let splitSize = 1 << 19

    /// The input read in up to `parts` parts at once, each starting at a line
    /// `BEGIN:VEVENT` or `BEGIN:VTODO`; the parts joined give what one pass
    /// gives (the same tree, warnings in order, the first error in strict
    /// mode). Nil for one part, or when one part does not end where the next
    /// begins (inside a VCALENDAR, nothing else open): then it is read in one pass.
    func splitRead(_ bytes: UnsafeBufferPointer<UInt8>, parts: Int) throws(ICalendarError) -> Tree? {
        guard parts > 1, !fragment else { return nil }
        if table.itemsAtRoot { return try splitItemsRead(bytes, parts: parts) }
        // Parts start at a VEVENT or VTODO: iCalendar's alone.
        guard table.root == "VCALENDAR" else { return nil }
        guard let built = builtParts(bytes, parts: parts, startingAt: { bytes, from in Self.componentLine(in: bytes, from: from) }) else {
            return nil
        }
        return try joined(built)
    }

    /// The trees of parts that each start inside the VCALENDAR the one
    /// before left open, joined as one pass builds them; nil when one does not.
    func joined(_ built: [Result<TreeBuilder, ICalendarError>]) throws(ICalendarError) -> Tree? {
        // Joined in order: the first part's failure is the one a single pass meets first.
        var tree = Tree(calendars: [], warnings: [], zoneUses: [])
        var seen: Set<String> = []
        // The VCALENDAR open where the previous part ended, with all it holds so far.
        var open: TreeBuilder.Open?
        for (index, result) in built.enumerated() {
            let builder: TreeBuilder
            switch result {
            case .success(let found): builder = found
            case .failure(let error): throw error
            }
            var calendars = builder.calendars
            if index > 0 {
                guard var before = open else { return nil }
                // Appended in place (the only copy), so that many parts join in linear time.
                open = nil
                if calendars.isEmpty {
                    // Still open at this part's end (a middle part): what it read joins the earlier parts'.
                    guard let continuing = builder.openCalendar else { return nil }
                    before.properties += continuing.properties
                    before.components += continuing.components
                    open = before
                } else {
                    let rest = calendars[0]
                    before.properties += rest.properties
                    before.components += rest.components
                    calendars[0] = ICalendarComponent(name: before.name, properties: before.properties, components: before.components,
                                                      line: before.line, byteRange: before.start..<rest.byteRange.upperBound)
                    open = builder.openCalendar
                }
            } else {
                open = builder.openCalendar
            }
            tree.calendars += calendars
            tree.warnings += builder.warnings
            for use in builder.zoneUses where seen.insert(use.tzid).inserted { tree.zoneUses.append(use) }
            // A part that ends anywhere but inside a VCALENDAR (nothing else open): not a place to split.
            if index < built.count - 1 && open == nil { return nil }
        }
        return tree
    }

    /// The split read of a format whose items are at the root (vCard): each
    /// part after the first starts at a line `BEGIN:<root>` right after a
    /// line `END:<root>`, and each part but the last must end with nothing
    /// open; the parts joined give what one pass gives. Nil when a part
    /// does not end between items: then it is read in one pass.
    func splitItemsRead(_ bytes: UnsafeBufferPointer<UInt8>, parts: Int) throws(ICalendarError) -> Tree? {
        let root = table.root
        guard let built = builtParts(bytes, parts: parts, startingAt: { bytes, from in Self.itemLine(in: bytes, root: root, from: from) }) else {
            return nil
        }
        var tree = Tree(calendars: [], warnings: [], zoneUses: [])
        var seen: Set<String> = []
        for (index, result) in built.enumerated() {
            let builder: TreeBuilder
            switch result {
            case .success(let found): builder = found
            case .failure(let error): throw error
            }
            // A part that ends with an item open (or before the first): not a place to split.
            if index < built.count - 1 && !builder.isBetweenItems { return nil }
            tree.calendars += builder.calendars
            tree.warnings += builder.warnings
            for use in builder.zoneUses where seen.insert(use.tzid).inserted { tree.zoneUses.append(use) }
        }
        return tree
    }

    /// The parts of `bytes` (up to `parts`, each after the first starting
    /// where `startingAt` finds a line at or after its share of the bytes),
    /// each read on the machine's cores by a builder of its own, in order;
    /// nil when no second part starts. A later part starts inside the
    /// VCALENDAR (iCalendar) or between items (a format with items at the root).
    func builtParts(_ bytes: UnsafeBufferPointer<UInt8>, parts: Int,
                    startingAt: (UnsafeBufferPointer<UInt8>, Int) -> Int?) -> [Result<TreeBuilder, ICalendarError>]? {
        var starts = [0]
        for index in 1..<parts {
            guard let start = startingAt(bytes, Swift.max(starts[starts.count - 1] + 1, bytes.count * index / parts)) else { break }
            starts.append(start)
        }
        guard starts.count > 1 else { return nil }
        // Each part's first physical line: the line ends before it, plus one.
        var firstLines = [1]
        var lines = 1, counted = 0
        for start in starts.dropFirst() {
            for index in counted..<start where bytes[index] == 10 { lines += 1 }
            counted = start
            firstLines.append(lines)
        }
        let strict = mode == .strict, table = self.table, source = self.source
        let ranges = starts.indices.map { starts[$0]..<(($0 + 1 < starts.count) ? starts[$0 + 1] : bytes.count) }
        nonisolated(unsafe) let shared = bytes
        return Parallel.chunks(count: ranges.count, minimumChunk: 1) { chunk -> [Result<TreeBuilder, ICalendarError>] in
            chunk.map { index in
                var builder = TreeBuilder(source: source, strict: strict, table: table, bytes: shared, range: ranges[index],
                                          firstLine: firstLines[index], insideCalendar: index > 0 && !table.itemsAtRoot,
                                          betweenItems: index > 0 && table.itemsAtRoot)
                do throws(ICalendarError) {
                    try builder.run(finishing: index == ranges.count - 1)
                    return .success(builder)
                } catch {
                    return .failure(error)
                }
            }
        }.flatMap { $0 }
    }

    /// The start of the first line `BEGIN:<root>` (CRLF or LF after it) at or
    /// after `from` whose previous line is `END:<root>`.
    static func itemLine(in bytes: UnsafeBufferPointer<UInt8>, root: String, from: Int) -> Int? {
        let begin = Array("BEGIN:\(root)".utf8), end = Array("END:\(root)".utf8)
        func isLine(_ pattern: [UInt8], at start: Int) -> Bool {
            guard start >= 0, start + pattern.count < bytes.count else { return false }
            for offset in 0..<pattern.count where bytes[start + offset] != pattern[offset] { return false }
            let after = bytes[start + pattern.count]
            return after == 10 || after == 13
        }
        var index = Swift.max(from, 1)
        while index < bytes.count {
            guard bytes[index] == 10 else { index += 1; continue }
            let start = index + 1
            // The line before: END:<root> with its line end (CRLF or LF) just before `start`.
            let previousEnd = index > 0 && bytes[index - 1] == 13 ? index - 1 : index
            if isLine(begin, at: start), isLine(end, at: previousEnd - end.count),
               previousEnd - end.count == 0 || bytes[previousEnd - end.count - 1] == 10 {
                return start
            }
            index = start
        }
        return nil
    }

    /// The start of the first line `BEGIN:VEVENT` or `BEGIN:VTODO` (CRLF or LF after it) at or after `from`.
    static func componentLine(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        let vevent = Array("BEGIN:VEVENT".utf8), vtodo = Array("BEGIN:VTODO".utf8)
        var index = from
        while index < bytes.count {
            guard bytes[index] == 10 else { index += 1; continue }
            let start = index + 1
            for pattern in [vevent, vtodo] where start + pattern.count < bytes.count {
                var matches = true
                for offset in 0..<pattern.count where bytes[start + offset] != pattern[offset] { matches = false; break }
                let after = bytes[start + pattern.count]
                if matches && (after == 10 || after == 13) { return start }
            }
            index = start
        }
        return nil
    }

    /// A VTIMEZONE that gives no zone, and each TZID in use that nothing
    /// defines (once, at its first use): a warning (the times are floating), or strict, an error.
    private func checkZones(_ calendars: [ICalendarComponent], uses: [(tzid: String, line: Int, column: Int)],
                            zones: ICalendarZones, warnings: inout [ICalendarWarning]) throws(ICalendarError) {
        var reported: Set<String> = []
        for calendar in calendars {
            for component in calendar.components where component.name == "VTIMEZONE" {
                let tzid = component.first("TZID")?.text ?? ""
                // Those that read are in `zones`; only a failed one is read again, for its error.
                guard zones.timeZones[tzid] == nil else { continue }
                do {
                    _ = try ZoneRules(vtimezone: component, source: source)
                } catch {
                    if mode == .strict { throw error }
                    // The system's zone of that name, preferred anyway, makes the defect harmless.
                    guard zones.zone(for: tzid) == nil, reported.insert(tzid).inserted else { continue }
                    warnings.append(ICalendarWarning(error, .floating(tzid: tzid)))
                }
            }
        }
        for use in uses where !reported.contains(use.tzid) && zones.zone(for: use.tzid) == nil {
            let error = ICalendarError(.unknownZone(use.tzid), source: source, line: use.line, column: use.column)
            if mode == .strict { throw error }
            warnings.append(ICalendarWarning(error, .floating(tzid: use.tzid)))
        }
    }
}
