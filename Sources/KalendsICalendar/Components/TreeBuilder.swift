import Kalends

/// The one pass of `ICalendarReader`: logical lines to properties, BEGIN
/// and END to a stack of open components, defects to warnings (or, strict,
/// the first thrown).
///
/// A defect belongs to the open child of the VCALENDAR (the VEVENT, not
/// its VALARM): that component is left out whole, with the first defect
/// found in it as its one warning. A defect in the VCALENDAR's own lines,
/// or outside any component, drops that line only.
struct TreeBuilder {
    /// A component being read.
    struct Open {
        var name: String
        var line: Int
        var start: Int
        var properties: [ICalendarProperty] = []
        var components: [ICalendarComponent] = []
        /// The first defect found in it (or in its children), for the warning when it closes.
        var defect: ICalendarError?
    }

    let source: String
    let strict: Bool
    /// The property kinds values are checked by, and which properties each component needs.
    let table: PropertyKindTable
    /// Content lines without BEGIN:VCALENDAR (a recurrence's lines): properties outside any component are kept.
    let fragment: Bool
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var calendars: [ICalendarComponent] = []
    /// The properties outside any component, in a fragment.
    private(set) var topLevel: [ICalendarProperty] = []
    private(set) var warnings: [ICalendarWarning] = []
    private var stack: [Open] = []
    /// Whether a first content line was read (it must be BEGIN:VCALENDAR).
    private var started = false
    /// Each TZID in use, with the place of its first use, in order.
    private(set) var zoneUses: [(tzid: String, line: Int, column: Int)] = []
    private var seenZones: Set<String> = []
    /// Files use one or two TZIDs over and over: the last one is compared before hashing.
    private var lastZone: String?

    /// The part of `bytes` read, and its first physical line.
    let range: Range<Int>
    let firstLine: Int

    /// A builder of the tree of `bytes`, or (`range`) of a part of them
    /// that starts at the line `firstLine`; `insideCalendar`: the part
    /// starts inside a VCALENDAR (a later part of a split read);
    /// `betweenItems`: it starts between two items at the root (a later part of a vCard split read).
    init(source: String, strict: Bool, table: PropertyKindTable = .iCalendar, fragment: Bool = false, bytes: UnsafeBufferPointer<UInt8>,
         range: Range<Int>? = nil, firstLine: Int = 1, insideCalendar: Bool = false, betweenItems: Bool = false) {
        self.source = source
        self.strict = strict
        self.table = table
        self.fragment = fragment
        self.bytes = bytes
        self.range = range ?? 0..<bytes.count
        self.firstLine = firstLine
        if insideCalendar {
            started = true
            stack = [Open(name: table.root, line: firstLine, start: self.range.lowerBound)]
        }
        if fragment { started = true }
        // A later part of a split read of items at the root (vCard): the first item has been met, nothing is open.
        if betweenItems { started = true }
    }

    /// Whether nothing is open (where a part of a split read of items at the root ends).
    var isBetweenItems: Bool { started && stack.isEmpty }

    /// The open VCALENDAR, when it is all that is open (where a part of a split read ends).
    var openCalendar: Open? {
        stack.count == 1 && stack[0].name == table.root ? stack[0] : nil
    }

    private func error(_ kind: ICalendarError.Kind, line: Int, column: Int = 1) -> ICalendarError {
        ICalendarError(kind, source: source, line: line, column: column)
    }

    /// Records a defect: strict, throws it; else marks the component it
    /// belongs to (the first defect only), or warns that the line is ignored.
    private mutating func defect(_ found: ICalendarError) throws(ICalendarError) {
        if strict { throw found }
        if let target = targetIndex {
            if stack[target].defect == nil { stack[target].defect = found }
        } else {
            warnings.append(ICalendarWarning(found, .lineIgnored))
        }
    }

    /// A defect in the line of a property named `name` (nil: the line has
    /// no name): of what the open component needs (BEGIN, END, and in a
    /// VEVENT its DTSTART, UID, RRULE...), the component is left out (a
    /// VALARM alone); of another property, only that line is.
    private mutating func defect(_ found: ICalendarError, inPropertyNamed name: String?) throws(ICalendarError) {
        // A fragment's own lines are few and all its own: none is passed over.
        if strict || (fragment && stack.isEmpty) { throw found }
        guard let open = stack.last, let name, name == "BEGIN" || name == "END" || table.isNeeded(name, in: open.name) else {
            warnings.append(ICalendarWarning(found, name.map { .propertyIgnored($0) } ?? .lineIgnored))
            return
        }
        if open.name == "VALARM" && stack.count > 2 {
            if stack[stack.count - 1].defect == nil { stack[stack.count - 1].defect = found }
            return
        }
        try defect(found)
    }

    /// The component a defect leaves out: the VCALENDAR's open child, or a
    /// stray top-level component; nil inside a VCALENDAR's own lines.
    private var targetIndex: Int? {
        if table.itemsAtRoot { return stack.isEmpty ? nil : 0 }
        if stack.count >= 2 { return 1 }
        if stack.count == 1 && stack[0].name != table.root { return 0 }
        return nil
    }

    /// Input that is not of the table's format at all: the first line is not its root's BEGIN.
    private func notFormat(_ found: String?) -> ICalendarError.Kind {
        table.root == "VCALENDAR" ? .notICalendar(found: found) : .notFormat(format: table.format, root: table.root, found: found)
    }

    /// Binary data where the format's text was expected.
    private var binary: ICalendarError.Kind {
        table.root == "VCALENDAR" ? .binaryData : .binaryDataNotFormat(format: table.format)
    }

    /// Reads the lines; `finishing`: the input ends here (else the part
    /// stops at a line where the next part goes on, and nothing is closed).
    mutating func run(finishing: Bool = true) throws(ICalendarError) {
        try run(parts: [(range, firstLine)], finishing: finishing)
    }

    /// Reads the lines of `parts` in order (ranges of the bytes, each with
    /// its first physical line), going on from one to the next with what is
    /// open: the parts left between them are components one pass would have
    /// closed as it opened them (a windowed read's). `finishing`: the input ends with the last.
    mutating func run(parts: [(range: Range<Int>, line: Int)], finishing: Bool) throws(ICalendarError) {
        for part in parts { try read(part.range, firstLine: part.line) }
        try end(finishing: finishing, last: parts.last ?? (range, firstLine))
    }

    /// Reads the lines of `range`, whose first is the physical line `firstLine`.
    private mutating func read(_ range: Range<Int>, firstLine: Int) throws(ICalendarError) {
        var scanner = ContentLineScanner(bytes, maximumLength: ICalendarReader.maximumLineLength, range: range, firstLine: firstLine,
                                         syntax: table.syntax)
        while let logical = scanner.next() {
            if !started, let first = logical.contentRange?.lowerBound ?? Optional(logical.byteRange.lowerBound),
               bytes[first..<Swift.min(logical.byteRange.upperBound, first + 64)].contains(0) {
                throw error(binary, line: logical.line)
            }
            // A recurrence's own lines are bounded tighter (`RecurrenceSet.maximumLineLength`).
            if fragment && logical.length > RecurrenceSet.maximumLineLength, let name = leadingName(logical),
               RecurrenceSet.lineNames.contains(name) {
                throw error(.lineTooLong(bytes: logical.length, maximum: RecurrenceSet.maximumLineLength, property: name), line: logical.line)
            }
            if logical.isTooLong {
                guard started else { throw error(notFormat(firstText(logical)), line: logical.line) }
                let name = leadingName(logical)
                try defect(error(.lineTooLong(bytes: logical.length, maximum: ICalendarReader.maximumLineLength, property: name), line: logical.line),
                           inPropertyNamed: name)
                continue
            }
            let parsed: ICalendarProperty
            do {
                if let range = logical.contentRange {
                    parsed = try ContentLineParser.parse(UnsafeBufferPointer(rebasing: bytes[range]), line: logical.line, byteRange: logical.byteRange,
                                                         syntax: table.syntax)
                } else {
                    parsed = try logical.folded.withUnsafeBufferPointer { (folded) throws(ContentLineFault) in
                        try ContentLineParser.parse(folded, line: logical.line, byteRange: logical.byteRange, syntax: table.syntax)
                    }
                }
            } catch {
                let found: ICalendarError
                switch error {
                case .invalidUTF8(let column):
                    guard started else { throw self.error(binary, line: logical.line, column: column) }
                    found = self.error(.invalidUTF8, line: logical.line, column: column)
                case .syntax(let syntax):
                    guard started else { throw self.error(notFormat(firstText(logical)), line: logical.line) }
                    found = self.error(.contentLine(syntax), line: logical.line, column: syntax.column ?? 1)
                }
                // A line without a colon at all is no content line: its component is left out, as the
                // command-line contract says; another defect of a line costs what its property costs.
                if hasColon(logical) || (fragment && stack.isEmpty) {
                    try defect(found, inPropertyNamed: leadingName(logical))
                } else {
                    try defect(found)
                }
                continue
            }
            try take(parsed, end: logical.byteRange.upperBound)
        }
    }

    /// After the last part (`last`, with its first line): `finishing`, the
    /// components left open are closed (a defect); else nothing is.
    private mutating func end(finishing: Bool, last: (range: Range<Int>, line: Int)) throws(ICalendarError) {
        let range = last.range
        // A part that is not the end and met no line leaves the split to the caller's judgement.
        guard finishing else { return }
        guard started else { throw error(notFormat(nil), line: 1) }
        guard !stack.isEmpty else { return }
        // Components left open at the end of the input, innermost first, at its last line.
        var line = last.line
        for index in range where bytes[index] == 10 { line += 1 }
        if range.upperBound > range.lowerBound && bytes[range.upperBound - 1] == 10 { line -= 1 }
        while let open = stack.last {
            let found = error(.missingEnd(open.name), line: Swift.max(line, open.line))
            if strict { throw found }
            if stack.count == 1 && open.name == table.root && !table.itemsAtRoot {
                warnings.append(ICalendarWarning(found, .keptToEnd(component: open.name)))
            } else if let target = targetIndex, stack[target].defect == nil {
                stack[target].defect = found
            }
            close(end: bytes.count)
        }
    }

    /// The first line's text, cut, for the not-iCalendar message.
    private func firstText(_ logical: LogicalLine) -> String {
        let range = logical.contentRange ?? logical.byteRange
        var end = range.lowerBound
        while end < Swift.min(range.upperBound, range.lowerBound + 80) && bytes[end] != 10 && bytes[end] != 13 { end += 1 }
        return String(decoding: bytes[range.lowerBound..<end], as: UTF8.self)
    }

    /// Whether the line holds a colon anywhere.
    private func hasColon(_ logical: LogicalLine) -> Bool {
        if let range = logical.contentRange { return bytes[range].contains(UInt8(ascii: ":")) }
        return logical.folded.contains(UInt8(ascii: ":"))
    }

    /// The name a line starts with (upper-cased), when it starts with one
    /// followed by `;` or `:`; nil for a line that names no property (text
    /// whose fold lost its leading space, say).
    private func leadingName(_ logical: LogicalLine) -> String? {
        Self.leadingName(logical, in: bytes)
    }

    /// The name a logical line of `bytes` starts with, as `leadingName(_:)` finds it.
    static func leadingName(_ logical: LogicalLine, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func name(_ line: UnsafeBufferPointer<UInt8>) -> String? {
            var end = 0
            while end < line.count && end < 128, line[end] != UInt8(ascii: ";") && line[end] != UInt8(ascii: ":") {
                guard ContentLineParser.isNameByte(line[end]) else { return nil }
                end += 1
            }
            guard end > 0, end < line.count else { return nil }
            return ASCIICase.upper(String(decoding: UnsafeBufferPointer(rebasing: line[0..<end]), as: UTF8.self))
        }
        if let range = logical.contentRange { return name(UnsafeBufferPointer(rebasing: bytes[range])) }
        return logical.folded.withUnsafeBufferPointer(name)
    }

    private mutating func take(_ property: ICalendarProperty, end: Int) throws(ICalendarError) {
        switch property.name {
        case "BEGIN":
            let name = ASCIICase.upper(property.value)
            guard !started else {
                guard !name.isEmpty else {
                    return try defect(error(.missingComponentName("BEGIN"), line: property.line, column: property.valueColumn))
                }
                guard stack.count < ICalendarReader.maximumDepth else {
                    throw error(.nestingTooDeep(maximum: ICalendarReader.maximumDepth), line: property.line)
                }
                stack.append(Open(name: name, line: property.line, start: property.byteRange.lowerBound))
                if stack.count == 1 && name != table.root && !fragment {
                    try defect(error(notFormat(firstLineText(property)), line: property.line))
                }
                return
            }
            guard name == table.root else { throw error(notFormat(firstLineText(property)), line: property.line) }
            started = true
            stack.append(Open(name: name, line: property.line, start: property.byteRange.lowerBound))
        case "END":
            let name = ASCIICase.upper(property.value)
            guard let top = stack.last else {
                return try defect(error(.endWithoutBegin(property.value), line: property.line, column: property.valueColumn))
            }
            if top.name == name {
                close(end: end)
            } else if let match = stack.lastIndex(where: { $0.name == name }) {
                // The components opened after the one this END closes never ended.
                try defect(error(.mismatchedEnd(expected: top.name, found: property.value), line: property.line, column: property.valueColumn))
                while stack.count > match + 1 { close(end: property.byteRange.lowerBound) }
                close(end: end)
            } else {
                // An END naming no open component closes the innermost one (an exporter
                // wrote the wrong name), so what follows is read as its sibling, not inside it.
                try defect(error(.mismatchedEnd(expected: top.name, found: property.value), line: property.line, column: property.valueColumn))
                if stack.count > 1 || table.itemsAtRoot { close(end: end) }
            }
        default:
            guard let open = stack.last else {
                guard started else { throw error(notFormat(firstLineText(property)), line: property.line) }
                if fragment {
                    if let problem = ValueCheck.problem(property, table: table, strict: strict, source: source) { throw problem }
                    noteZone(property)
                    topLevel.append(property)
                    return
                }
                return try defect(error(.propertyOutsideComponent(property.name), line: property.line))
            }
            var property = property
            if let problem = ValueCheck.problem(property, table: table, strict: strict, source: source) {
                // A property of the open component, which it needs or not.
                if strict { throw problem }
                if !table.isNeeded(property.name, in: open.name) {
                    warnings.append(ICalendarWarning(problem, .propertyIgnored(property.name)))
                    return
                }
                switch Salvage.outcome(property) {
                case .ignored?:
                    warnings.append(ICalendarWarning(problem, .propertyIgnored(property.name)))
                    return
                case .readAs(let fixed, let how)?:
                    warnings.append(ICalendarWarning(problem, .readAs(how)))
                    property = fixed
                case nil:
                    try defect(problem, inPropertyNamed: property.name)
                }
            }
            noteZone(property)
            stack[stack.count - 1].properties.append(property)
        }
    }

    /// Records the first use of each TZID.
    private mutating func noteZone(_ property: ICalendarProperty) {
        guard !property.parameters.isEmpty, let tzid = property.parameter("TZID"), tzid != lastZone else { return }
        lastZone = tzid
        if seenZones.insert(tzid).inserted { zoneUses.append((tzid, property.line, property.column)) }
    }

    /// A property's line as written (its name as written, not upper-cased), cut, for the not-iCalendar message.
    private func firstLineText(_ property: ICalendarProperty) -> String {
        let range = property.byteRange
        guard !range.isEmpty else { return property.name + ":" + property.value }
        var end = range.lowerBound
        while end < Swift.min(range.upperBound, range.lowerBound + 80) && bytes[end] != 10 && bytes[end] != 13 { end += 1 }
        return String(decoding: bytes[range.lowerBound..<end], as: UTF8.self)
    }

    /// Closes the innermost open component at byte `end`: into its parent,
    /// into the calendars, or (when it is the target of a defect) left out with its warning.
    private mutating func close(end: Int) {
        guard let open = stack.popLast() else { return }
        let component = ICalendarComponent(name: open.name, properties: open.properties, components: open.components,
                                           line: open.line, byteRange: open.start..<Swift.max(open.start, end))
        if let defect = open.defect, stack.count <= 1 || open.name == "VALARM" {
            warnings.append(ICalendarWarning(defect, .leftOut(component: open.name, uid: stack.count <= 1 ? component.uid : nil, line: open.line)))
            return
        }
        if stack.isEmpty {
            calendars.append(component)
        } else {
            stack[stack.count - 1].components.append(component)
        }
    }
}
