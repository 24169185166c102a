#if canImport(Glibc)
import Glibc
#endif
import Kalends

/// An iCalendar file's component tree as spans of its bytes: where each
/// component and each content line is, found in one scan, with nothing
/// decoded until asked. A property's name, value and parameters are read
/// from its bytes when a caller asks for them, the line's syntax and UTF-8
/// checked as `ICalendarReader` checks them.
///
///     let tree = try ICalendarSpanTree(bytes, source: "work.ics")
///     for calendar in tree.calendars {
///         for event in calendar.components.named("VEVENT") {
///             print(try event.first("SUMMARY")?.text() ?? "")
///         }
///     }
///
/// The tree shows the file as written. Lines are found as the reader
/// finds them (folds joined, empty lines passed over), and components
/// nest by their BEGIN and END lines. An END that closes an outer
/// component closes those inside it, an END that matches nothing closes
/// the innermost component (not a calendar at the root), and components
/// still open at the end of the bytes end there. Lines outside any
/// component after the first are passed over.
///
/// What the tree does not do is judge values: a component the reader
/// would leave out (a bad DTSTART, a line without a colon) is in the tree.
/// A line's syntax defect shows when that line is decoded; a value's (a
/// DTSTART that is no date) only in `checked(_:)`, the reader's document,
/// warnings and all. On a file the reader reads without
/// a warning, `Component.decoded()` of each calendar is the reader's
/// component (`SpanTreeProperties`).
public struct ICalendarSpanTree: Sendable {
    /// The name of the input (a file's path) as errors show it.
    public let source: String
    let storage: Storage

    /// A component in 28 bytes: its place, its name (an index into the
    /// storage's names), its first property, and where its descendants end.
    struct ComponentRecord {
        var start: Int32, end: Int32, line: Int32
        var name: Int32
        /// The index after its last descendant (its next sibling's).
        var subtreeEnd: Int32
        var firstProperty: Int32 = -1, lastProperty: Int32 = -1
    }

    /// A content line in 28 bytes. Offsets are into the bytes.
    struct PropertyRecord {
        /// Its first byte; the end of its first physical line's text (CR and LF
        /// not included); the end of its last physical line, line end included.
        var start: Int32, contentEnd: Int32, byteEnd: Int32
        /// The first byte of the value (after the first unquoted colon), in an
        /// unfolded line whose parameters read (its name not checked); else -1.
        var valueStart: Int32
        /// The length of the name (the bytes before the first `;` or `:`) of an unfolded line; -1 for a folded one.
        var nameLength: Int32
        var line: Int32
        /// The next property of the same component, -1 after the last.
        var next: Int32

        var isFolded: Bool { nameLength < 0 }
    }

    final class Storage: Sendable {
        let bytes: [UInt8]
        let components: [ComponentRecord]
        let properties: [PropertyRecord]
        /// Component names, upper-cased.
        let names: [String]

        init(bytes: [UInt8], components: [ComponentRecord], properties: [PropertyRecord], names: [String]) {
            self.bytes = bytes
            self.components = components
            self.properties = properties
            self.names = names
        }
    }

    /// The largest input a tree takes (offsets are kept in 32 bits); the
    /// command line reads at most 1 GiB.
    public static let maximumBytes = Int(Int32.max) - 1

    /// The tree of `bytes` (UTF-8 iCalendar, a byte order mark allowed),
    /// kept without copying them.
    /// - Throws: `ICalendarError`: what the reader throws for the same bytes
    ///   before its first BEGIN:VCALENDAR (`.notICalendar` for a first content
    ///   line, END lines passed over, that is not `BEGIN:VCALENDAR`;
    ///   `.binaryData` for a NUL or bytes that are not UTF-8 there) and for
    ///   nesting past `ICalendarReader.maximumDepth` (`.nestingTooDeep`), the
    ///   same error at the same place; and `.inputTooLarge` past
    ///   `maximumBytes`, which the reader takes.
    public init(_ bytes: [UInt8], source: String) throws(ICalendarError) {
        try self.init(bytes, source: source, parts: Parallel.workers(count: bytes.count, minimumChunk: Self.splitSize))
    }

    /// Input of 1 MiB and more is scanned in parts, one per core.
    static let splitSize = 1 << 20

    /// The tree of `bytes` scanned in up to `parts` parts (on as many cores),
    /// each starting at a `BEGIN:VEVENT` or `BEGIN:VTODO` line; the parts
    /// joined are the one scan's tree. Where they would not be (a part that
    /// does not end with the VCALENDAR alone open, or a part that fails),
    /// the bytes are scanned in one pass.
    init(_ bytes: [UInt8], source: String, parts: Int) throws(ICalendarError) {
        self.source = source
        guard bytes.count <= Self.maximumBytes else {
            throw ICalendarError(.inputTooLarge(bytes: bytes.count, maximum: Self.maximumBytes), source: source, line: 1)
        }
        if parts > 1, let joined = bytes.withUnsafeBufferPointer({ Self.split($0, source: source, parts: parts) }) {
            storage = Storage(bytes: bytes, components: joined.components, properties: joined.properties, names: joined.names)
            return
        }
        var builder = Builder(source: source)
        try bytes.withUnsafeBufferPointer { (buffer) throws(ICalendarError) in try builder.run(buffer, range: 0..<buffer.count) }
        storage = Storage(bytes: bytes, components: builder.components, properties: builder.properties, names: builder.names)
    }

    /// The parts' builders joined into one tree, or nil when the bytes are not to be split there.
    static func split(_ bytes: UnsafeBufferPointer<UInt8>, source: String, parts: Int) -> Builder? {
        var starts = [0]
        for index in 1..<parts {
            guard let start = ICalendarReader.componentLine(in: bytes, from: Swift.max(starts[starts.count - 1] + 1, bytes.count * index / parts)),
                  start < bytes.count else { break }
            starts.append(start)
        }
        guard starts.count > 1 else { return nil }
        let ranges = starts.indices.map { starts[$0]..<($0 + 1 < starts.count ? starts[$0 + 1] : bytes.count) }
        nonisolated(unsafe) let shared = bytes
        let built = Parallel.chunks(count: ranges.count, minimumChunk: 1) { chunk -> [Builder?] in
            chunk.map { index in
                var builder = Builder(source: source, insideCalendar: index > 0)
                do throws(ICalendarError) {
                    try builder.run(shared, range: ranges[index], finishing: index == ranges.count - 1)
                    return builder
                } catch {
                    // The one scan gives the error, at its place.
                    return nil
                }
            }
        }.flatMap { $0 }
        var parts: [Builder] = []
        for part in built {
            guard let part else { return nil }
            parts.append(part)
        }
        return Builder.joined(parts)
    }

    /// The components at the root, in order: the file's VCALENDARs, and any
    /// component begun after the last one ends (which the reader leaves out).
    public var calendars: Components {
        Components(storage: storage, source: source, first: 0, end: Int32(truncatingIfNeeded: storage.components.count))
    }

    /// The bytes the tree was made of.
    public var bytes: [UInt8] { storage.bytes }

    /// The number of components and of content lines in them (BEGIN and END not counted).
    public var counts: (components: Int, properties: Int) { (storage.components.count, storage.properties.count) }

    /// What `ICalendarReader` reads of the same bytes: every value checked,
    /// defective components left out with warnings (strict: the first defect thrown).
    /// - Throws: `ICalendarError` as `ICalendarReader.read(_:)` does.
    public func checked(_ mode: ICalendarReader.Mode = .lenient) throws(ICalendarError) -> ICalendarDocument {
        try ICalendarReader(source: source, mode: mode).read(storage.bytes)
    }
}

// MARK: - Components and properties

extension ICalendarSpanTree {
    /// One component of the tree: its name, place, properties and children.
    public struct Component: Sendable {
        let storage: Storage
        let source: String
        let index: Int32

        private var record: ComponentRecord { storage.components[Int(index)] }

        /// The name, upper-cased (`VEVENT`).
        public var name: String { storage.names[Int(record.name)] }
        /// Whether the name is `name` (any case).
        public func isNamed(_ name: String) -> Bool {
            let own = self.name
            return own == name || own == ASCIICase.upper(name)
        }
        /// The 1-based line of its BEGIN.
        public var line: Int { Int(record.line) }
        /// From the start of its BEGIN line to the end of its END line, line end included.
        public var byteRange: Range<Int> { Int(record.start)..<Int(record.end) }
        /// Its content lines in order, BEGIN and END not included.
        public var properties: Properties { Properties(storage: storage, source: source, first: record.firstProperty) }
        /// Its child components in order.
        public var components: Components {
            Components(storage: storage, source: source, first: index + 1, end: record.subtreeEnd)
        }

        /// The first property named `name` (any case), if any.
        public func first(_ name: String) -> Property? {
            properties.first { $0.isNamed(name) }
        }

        /// Every property named `name` (any case), in order.
        public func all(_ name: String) -> [Property] {
            properties.filter { $0.isNamed(name) }
        }

        /// The component as the reader's tree has it: every line decoded, children included.
        /// - Throws: `ICalendarError` for the first line that does not read (see `Property.decoded()`).
        public func decoded() throws(ICalendarError) -> ICalendarComponent {
            var properties: [ICalendarProperty] = []
            for property in self.properties { properties.append(try property.decoded()) }
            var components: [ICalendarComponent] = []
            for child in self.components { components.append(try child.decoded()) }
            return ICalendarComponent(name: name, properties: properties, components: components, line: line, byteRange: byteRange)
        }
    }

    /// Components that are siblings, in order.
    public struct Components: Sequence, Sendable {
        let storage: Storage?
        let source: String
        let first: Int32, end: Int32

        /// No components.
        public static var empty: Components { Components(storage: nil, source: "", first: 0, end: 0) }

        /// Steps from a component to its next sibling.
        public struct Iterator: IteratorProtocol {
            let storage: Storage?
            let source: String
            var position: Int32
            let end: Int32

            /// The next component, nil after the last.
            public mutating func next() -> Component? {
                guard let storage, position < end else { return nil }
                let found = Component(storage: storage, source: source, index: position)
                position = storage.components[Int(position)].subtreeEnd
                return found
            }
        }

        /// An iterator from the first component.
        public func makeIterator() -> Iterator { Iterator(storage: storage, source: source, position: first, end: end) }

        /// Those named `name` (any case), in order.
        public func named(_ name: String) -> [Component] { filter { $0.isNamed(name) } }
    }

    /// A component's properties, in order.
    public struct Properties: Sequence, Sendable {
        let storage: Storage
        let source: String
        let first: Int32

        /// Steps from a line to the next line of the same component.
        public struct Iterator: IteratorProtocol {
            let storage: Storage
            let source: String
            var position: Int32

            /// The next line, nil after the last.
            public mutating func next() -> Property? {
                guard position >= 0 else { return nil }
                let found = Property(storage: storage, source: source, index: position)
                position = storage.properties[Int(position)].next
                return found
            }
        }

        /// An iterator from the first line.
        public func makeIterator() -> Iterator { Iterator(storage: storage, source: source, position: first) }
    }

    /// One content line of the tree, read from its bytes when asked.
    public struct Property: Sendable {
        let storage: Storage
        let source: String
        let index: Int32

        private var record: PropertyRecord { storage.properties[Int(index)] }

        /// The 1-based number of the line it starts on (its first physical line).
        public var line: Int { Int(record.line) }
        /// The bytes of the source it spans, folds and its line end included.
        public var byteRange: Range<Int> { Int(record.start)..<Int(record.byteEnd) }
        /// Whether it is folded over more than one physical line.
        public var isFolded: Bool { record.isFolded }

        /// The name, upper-cased: the text before the first `;` or `:` (not checked: see `decoded()`).
        public var name: String {
            let record = self.record
            if !record.isFolded {
                return storage.bytes.withUnsafeBufferPointer { bytes in
                    ICalendarSpanTree.upper(UnsafeBufferPointer(rebasing: bytes[Int(record.start)..<Int(record.start + record.nameLength)]))
                }
            }
            let joined = unfolded()
            var end = 0
            while end < joined.count && joined[end] != UInt8(ascii: ";") && joined[end] != UInt8(ascii: ":") { end += 1 }
            return joined.withUnsafeBufferPointer { ICalendarSpanTree.upper(UnsafeBufferPointer(rebasing: $0[0..<end])) }
        }

        /// Whether the name is `name` (any case), compared in the bytes.
        public func isNamed(_ name: String) -> Bool {
            let record = self.record
            guard !record.isFolded else { return self.name == ASCIICase.upper(name) }
            var name = name
            return name.withUTF8 { wanted in
                guard wanted.count == Int(record.nameLength) else { return false }
                return storage.bytes.withUnsafeBufferPointer { bytes in
                    for offset in 0..<wanted.count {
                        let byte = bytes[Int(record.start) + offset], other = wanted[offset]
                        if byte != other && ICalendarSpanTree.upperByte(byte) != ICalendarSpanTree.upperByte(other) { return false }
                    }
                    return true
                }
            }
        }

        /// The value as written after the first unquoted `:` (folds joined, not unescaped).
        /// - Throws: `ICalendarError` when the line does not read (as `decoded()`).
        public func value() throws(ICalendarError) -> String {
            let record = self.record
            let length = Int(record.contentEnd - record.start)
            if record.valueStart >= 0 && length <= ICalendarReader.maximumLineLength {
                let plain: String? = storage.bytes.withUnsafeBufferPointer { bytes in
                    let line = UnsafeBufferPointer(rebasing: bytes[Int(record.start)..<Int(record.contentEnd)])
                    guard ContentLineParser.isASCII(line) else { return nil }
                    // A name the parser refuses: its error, from `decoded()`.
                    guard line[0..<Int(record.nameLength)].allSatisfy(ContentLineParser.isNameByte) else { return nil }
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(record.valueStart)..<Int(record.contentEnd)]), as: UTF8.self)
                }
                if let plain { return plain }
            }
            return try decoded().value
        }

        /// The value as TEXT (RFC 5545 section 3.3.11), unescaped.
        /// - Throws: `ICalendarError` when the line does not read (as `decoded()`).
        public func text() throws(ICalendarError) -> String {
            ICalendarText.unescape(Substring(try value()))
        }

        /// The property as the reader's tree has it (name, parameters, value, place).
        /// - Throws: `ICalendarError` when the line does not read: `.lineTooLong`,
        ///   `.invalidUTF8`, `.contentLine` (no name, no colon, a parameter
        ///   without a value or with an unclosed quote), at its line and column.
        ///   Values are not checked against their type.
        public func decoded() throws(ICalendarError) -> ICalendarProperty {
            let record = self.record
            let source = self.source
            return try storage.bytes.withUnsafeBufferPointer { (bytes) throws(ICalendarError) -> ICalendarProperty in
                guard let logical = ICalendarSpanTree.logicalLine(bytes, Int(record.start)..<Int(record.byteEnd), line: Int(record.line)) else {
                    throw ICalendarError(.contentLine(ContentLineError(.notAContentLine(text: ""), property: nil, column: 1)),
                                         source: source, line: Int(record.line))
                }
                if logical.isTooLong {
                    let name = TreeBuilder.leadingName(logical, in: bytes)
                    throw ICalendarError(.lineTooLong(bytes: logical.length, maximum: ICalendarReader.maximumLineLength, property: name),
                                         source: source, line: logical.line)
                }
                do throws(ContentLineFault) {
                    return try ICalendarSpanTree.parse(logical, in: bytes)
                } catch {
                    switch error {
                    case .invalidUTF8(let column):
                        throw ICalendarError(.invalidUTF8, source: source, line: logical.line, column: column)
                    case .syntax(let syntax):
                        throw ICalendarError(.contentLine(syntax), source: source, line: logical.line, column: syntax.column ?? 1)
                    }
                }
            }
        }

        /// The line's bytes with its folds joined (cut at `ICalendarReader.maximumLineLength`).
        func unfolded() -> [UInt8] {
            let record = self.record
            return storage.bytes.withUnsafeBufferPointer { bytes in
                guard let logical = ICalendarSpanTree.logicalLine(bytes, Int(record.start)..<Int(record.byteEnd), line: Int(record.line)) else {
                    return []
                }
                if let range = logical.contentRange { return Array(bytes[range]) }
                return logical.folded
            }
        }
    }

    /// The logical line that starts `range` (at the physical line `line`), found as the reader finds it.
    static func logicalLine(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int) -> LogicalLine? {
        var scanner = ContentLineScanner(bytes, maximumLength: ICalendarReader.maximumLineLength, range: range, firstLine: line)
        return scanner.next()
    }

    /// A logical line of `bytes` read as the reader reads it.
    static func parse(_ logical: LogicalLine, in bytes: UnsafeBufferPointer<UInt8>) throws(ContentLineFault) -> ICalendarProperty {
        if let range = logical.contentRange {
            return try ContentLineParser.parse(UnsafeBufferPointer(rebasing: bytes[range]), line: logical.line, byteRange: logical.byteRange)
        }
        return try logical.folded.withUnsafeBufferPointer { (folded) throws(ContentLineFault) in
            try ContentLineParser.parse(folded, line: logical.line, byteRange: logical.byteRange)
        }
    }

    @inline(__always)
    static func upperByte(_ byte: UInt8) -> UInt8 { byte >= 0x61 && byte <= 0x7A ? byte - 32 : byte }

    /// Bytes of a name as a String in capitals (as `ASCIICase.upper` makes them).
    static func upper(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var lower = false, ascii = true
        for byte in bytes {
            if byte >= 0x61 && byte <= 0x7A { lower = true }
            if byte >= 0x80 { ascii = false }
        }
        if !lower { return String(decoding: bytes, as: UTF8.self) }
        guard ascii else { return ASCIICase.upper(String(decoding: bytes, as: UTF8.self)) }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (offset, byte) in bytes.enumerated() { buffer[offset] = upperByte(byte) }
            return bytes.count
        }
    }
}

// MARK: - The scan

extension ICalendarSpanTree {
    /// The one scan: physical lines found with `memchr`, joined into logical
    /// lines as `ContentLineScanner` joins them; each line's name and the
    /// start of its value found in its first physical line; BEGIN and END
    /// followed on a stack.
    struct Builder {
        let source: String
        var components: [ComponentRecord] = []
        var properties: [PropertyRecord] = []
        var names: [String] = []
        /// The names upper-cased, as bytes, for finding them again without making a String.
        private var nameBytes: [(index: Int32, bytes: [UInt8])] = []
        private(set) var namesFound: [String: Int32] = [:]
        /// The components open, innermost last (indexes into `components`).
        private var stack: [Int32] = []
        private var started = false

        /// The physical lines read (the next line's number, less one).
        private(set) var lines = 0

        /// A builder of a whole input, or (`insideCalendar`) of a later part
        /// of a split scan: one that starts inside a VCALENDAR opened before
        /// it, which it holds as its component 0 (not part of the tree).
        init(source: String, insideCalendar: Bool = false) {
            self.source = source
            properties.reserveCapacity(1024)
            if insideCalendar {
                started = true
                let text = Array("VCALENDAR".utf8)
                let name = text.withUnsafeBufferPointer { internName($0, 0..<9) }
                components.append(ComponentRecord(start: 0, end: 0, line: 1, name: name, subtreeEnd: 0))
                stack = [0]
            }
        }

        /// Scans the lines of `range` of `bytes` (numbered from 1 at its start);
        /// `finishing`: the input ends there (else nothing is closed at its end).
        mutating func run(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, finishing: Bool = true) throws(ICalendarError) {
            guard let base = bytes.baseAddress else { throw ICalendarError(.notICalendar(found: nil), source: source, line: 1) }
            let count = range.upperBound
            let bom = range.lowerBound == 0 && count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
            var position = bom ? 3 : range.lowerBound
            var lineNumber = 1
            defer { lines = lineNumber - 1 }
            @inline(__always) func lineEnd(from start: Int) -> Int {
                guard start < count, let found = memchr(base + start, 10, count - start) else { return count }
                return UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            }
            // Offsets stay in 32 bits (the initializer refused larger inputs).
            // (No capacity from the input's size: a file of one huge line would reserve for lines it does not have.)
            while position < count {
                let newline = lineEnd(from: position)
                let next = Swift.min(newline + 1, count)
                var contentEnd = newline
                if newline < count && newline > position && bytes[newline - 1] == 13 { contentEnd -= 1 }
                // Empty and (at a line's start) blank physical lines are passed over.
                if contentEnd == position || Self.isBlank(bytes, position, contentEnd) {
                    position = next
                    lineNumber += 1
                    continue
                }
                let start = position, first = lineNumber
                lineNumber += 1
                // Continuations: lines that start with a space or tab, empty lines between them passed over.
                var end = next, lookahead = next, skipped = 0, isFolded = false
                while lookahead < count {
                    let lead = bytes[lookahead]
                    if lead == 10 {
                        lookahead += 1
                        skipped += 1
                        continue
                    }
                    if lead == 13 && lookahead + 1 < count && bytes[lookahead + 1] == 10 {
                        lookahead += 2
                        skipped += 1
                        continue
                    }
                    guard lead == 32 || lead == 9 else { break }
                    isFolded = true
                    lookahead = Swift.min(lineEnd(from: lookahead) + 1, count)
                    lineNumber += skipped + 1
                    skipped = 0
                    end = lookahead
                }
                position = end
                try take(bytes, start: start, contentEnd: contentEnd, end: end, line: first, isFolded: isFolded)
            }
            guard finishing else { return }
            guard started else { throw ICalendarError(.notICalendar(found: nil), source: source, line: 1) }
            while !stack.isEmpty { close(end: count) }
        }

        /// The builders of the parts of a split scan, in order, joined into
        /// one; nil when a part other than the last does not end with one
        /// VCALENDAR alone open (the one it began inside of, for a later part).
        static func joined(_ parts: [Builder]) -> Builder? {
            guard var whole = parts.first, whole.started, whole.stack.count == 1,
                  whole.names[Int(whole.components[Int(whole.stack[0])].name)] == "VCALENDAR" else { return nil }
            let root = Int(whole.stack[0])
            var lines = whole.lines
            for (number, part) in parts.enumerated().dropFirst() {
                // A middle part ends inside the VCALENDAR it began in, with nothing else open.
                if number < parts.count - 1 && part.stack != [0] { return nil }
                let componentOffset = Int32(truncatingIfNeeded: whole.components.count - 1)
                let propertyOffset = Int32(truncatingIfNeeded: whole.properties.count)
                let lineOffset = Int32(truncatingIfNeeded: lines)
                let nameMap = part.names.map { name -> Int32 in
                    if let found = whole.namesFound[name] { return found }
                    let index = Int32(truncatingIfNeeded: whole.names.count)
                    whole.names.append(name)
                    whole.namesFound[name] = index
                    return index
                }
                func property(_ index: Int32) -> Int32 { index < 0 ? -1 : index + propertyOffset }
                for var record in part.properties {
                    record.next = property(record.next)
                    record.line += lineOffset
                    whole.properties.append(record)
                }
                // The VCALENDAR's own lines in this part go on from its lines before.
                let open = part.components[0]
                if open.firstProperty >= 0 {
                    let last = whole.components[root].lastProperty
                    if last < 0 {
                        whole.components[root].firstProperty = property(open.firstProperty)
                    } else {
                        whole.properties[Int(last)].next = property(open.firstProperty)
                    }
                    whole.components[root].lastProperty = property(open.lastProperty)
                }
                if open.subtreeEnd > 0 {
                    // Closed in this part.
                    whole.components[root].end = open.end
                    whole.components[root].subtreeEnd = open.subtreeEnd + componentOffset
                }
                for var record in part.components.dropFirst() {
                    record.line += lineOffset
                    record.name = nameMap[Int(record.name)]
                    record.subtreeEnd += componentOffset
                    record.firstProperty = property(record.firstProperty)
                    record.lastProperty = property(record.lastProperty)
                    whole.components.append(record)
                }
                lines += part.lines
            }
            return whole
        }

        /// Whether `start..<end` (not empty) is spaces and tabs only.
        @inline(__always)
        private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
            guard bytes[start] == 32 || bytes[start] == 9 else { return false }
            for index in start..<end where bytes[index] != 32 && bytes[index] != 9 { return false }
            return true
        }

        /// The logical line `start..<end` (its first physical line's text ends at `contentEnd`).
        private mutating func take(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, contentEnd: Int, end: Int, line: Int,
                                   isFolded: Bool) throws(ICalendarError) {
            if !started { return try takeBeforeStart(bytes, start: start, contentEnd: contentEnd, end: end, line: line) }
            var nameLength = -1, valueStart = -1
            // What BEGIN and END name, when the line is one of them.
            var structure: (isBegin: Bool, value: Range<Int>)?
            var joined: [UInt8] = []
            if isFolded {
                // Only a line that may be a BEGIN or END is joined here.
                let lead = ICalendarSpanTree.upperByte(bytes[start])
                if lead == UInt8(ascii: "B") || lead == UInt8(ascii: "E") {
                    if let logical = ICalendarSpanTree.logicalLine(bytes, start..<end, line: line), !logical.isTooLong {
                        joined = logical.folded
                        structure = joined.withUnsafeBufferPointer { Self.structure($0, 0, $0.count) }
                    }
                }
            } else {
                let head = Self.head(bytes, start, contentEnd)
                nameLength = head.nameLength
                valueStart = head.valueStart
                if valueStart >= 0 && (nameLength == 5 || nameLength == 3) && contentEnd - start <= ICalendarReader.maximumLineLength && Self.isNamed(bytes, start, nameLength, nameLength == 5 ? "BEGIN" : "END") {
                    structure = (nameLength == 5, valueStart..<contentEnd)
                }
            }
            // A BEGIN or END that is not UTF-8 (or too long) does not read: no structure, as for the reader.
            if structure != nil {
                let line = isFolded ? joined.withUnsafeBufferPointer { Self.isUTF8($0) } : Self.isUTF8(UnsafeBufferPointer(rebasing: bytes[start..<contentEnd]))
                if !line { structure = nil }
            }
            if let structure {
                let name: Int32
                if isFolded {
                    name = joined.withUnsafeBufferPointer { internName($0, structure.value) }
                } else {
                    name = internName(bytes, structure.value)
                }
                if structure.isBegin {
                    return try begin(name: name, start: start, line: line, empty: structure.value.isEmpty)
                }
                return close(named: name, start: start, end: end)
            }
            // A line outside any component (after the first): the reader's to report.
            guard let open = stack.last else { return }
            let index = Int32(truncatingIfNeeded: properties.count)
            properties.append(PropertyRecord(start: Int32(truncatingIfNeeded: start), contentEnd: Int32(truncatingIfNeeded: contentEnd),
                                             byteEnd: Int32(truncatingIfNeeded: end), valueStart: Int32(truncatingIfNeeded: valueStart),
                                             nameLength: Int32(truncatingIfNeeded: nameLength), line: Int32(truncatingIfNeeded: line), next: -1))
            let owner = Int(open)
            let last = components[owner].lastProperty
            if last < 0 {
                components[owner].firstProperty = index
            } else {
                properties[Int(last)].next = index
            }
            components[owner].lastProperty = index
        }

        /// A line before the first BEGIN:VCALENDAR, read in full as the reader
        /// reads it: an END is passed over, BEGIN:VCALENDAR starts the tree,
        /// anything else is refused as the reader refuses it.
        private mutating func takeBeforeStart(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, contentEnd: Int, end: Int,
                                              line: Int) throws(ICalendarError) {
            if bytes[start..<Swift.min(end, start + 64)].contains(0) { throw ICalendarError(.binaryData, source: source, line: line) }
            guard let logical = ICalendarSpanTree.logicalLine(bytes, start..<end, line: line), !logical.isTooLong else {
                throw notICalendar(bytes, start, contentEnd, line)
            }
            let property: ICalendarProperty
            do throws(ContentLineFault) {
                property = try ICalendarSpanTree.parse(logical, in: bytes)
            } catch {
                if case .invalidUTF8(let column) = error { throw ICalendarError(.binaryData, source: source, line: line, column: column) }
                throw notICalendar(bytes, start, contentEnd, line)
            }
            switch property.name {
            case "END": return
            case "BEGIN" where ASCIICase.upper(property.value) == "VCALENDAR":
                started = true
                let text = Array("VCALENDAR".utf8)
                let name = text.withUnsafeBufferPointer { internName($0, 0..<9) }
                try begin(name: name, start: start, line: line, empty: false)
            default: throw notICalendar(bytes, start, contentEnd, line)
            }
        }

        /// The first line's text, cut, for the not-iCalendar message.
        private func notICalendar(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ contentEnd: Int, _ line: Int) -> ICalendarError {
            // Up to 80 bytes, to the first CR or LF (a line ended by CR alone is cut there too, as by the reader).
            var end = start
            while end < Swift.min(contentEnd, start + 80) && bytes[end] != 10 && bytes[end] != 13 { end += 1 }
            let shown = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            return ICalendarError(.notICalendar(found: shown), source: source, line: line)
        }

        private mutating func begin(name: Int32, start: Int, line: Int, empty: Bool) throws(ICalendarError) {
            // A BEGIN without a name opens nothing (the reader leaves its component out).
            guard !empty else { return }
            guard stack.count < ICalendarReader.maximumDepth else {
                throw ICalendarError(.nestingTooDeep(maximum: ICalendarReader.maximumDepth), source: source, line: line)
            }
            stack.append(Int32(truncatingIfNeeded: components.count))
            components.append(ComponentRecord(start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: start),
                                              line: Int32(truncatingIfNeeded: line), name: name, subtreeEnd: 0))
        }

        private mutating func close(named name: Int32, start: Int, end: Int) {
            guard let top = stack.last else { return }
            if components[Int(top)].name == name {
                close(end: end)
            } else if let match = stack.lastIndex(where: { components[Int($0)].name == name }) {
                while stack.count > match + 1 { close(end: start) }
                close(end: end)
            } else if stack.count > 1 {
                close(end: end)
            }
        }

        private mutating func close(end: Int) {
            guard let index = stack.popLast() else { return }
            components[Int(index)].end = Int32(truncatingIfNeeded: Swift.max(Int(components[Int(index)].start), end))
            components[Int(index)].subtreeEnd = Int32(truncatingIfNeeded: components.count)
        }

        /// The index of the component name `range` of `bytes` upper-cased, added when new.
        private mutating func internName(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int32 {
            let text = UnsafeBufferPointer(rebasing: bytes[range])
            // An ASCII name is compared byte by byte with the first few ASCII names met. Others are
            // upper-cased by Unicode's rules (as `ASCIICase.upper` does, `xé` to `XÉ`): compared as Strings.
            let isASCII = ContentLineParser.isASCII(text)
            if isASCII {
                search: for (index, known) in nameBytes where known.count == range.count {
                    for offset in 0..<known.count where ICalendarSpanTree.upperByte(text[offset]) != known[offset] { continue search }
                    return index
                }
            }
            let name = ICalendarSpanTree.upper(text)
            if let found = namesFound[name] { return found }
            let index = Int32(truncatingIfNeeded: names.count)
            names.append(name)
            namesFound[name] = index
            // Only the first few names are searched byte by byte; a file of many names goes by the dictionary.
            if isASCII && nameBytes.count < 16 { nameBytes.append((index, Array(name.utf8))) }
            return index
        }

        /// The length of the name of the line `start..<end` (the bytes before
        /// its first `;` or `:`) and where its value starts: after the first
        /// colon outside a parameter's quotes, as `ContentLineParser` finds
        /// it; -1 when there is none, or a parameter does not read. The
        /// name's bytes are not checked here.
        @inline(__always)
        static func head(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (nameLength: Int, valueStart: Int) {
            var index = start
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") { break }
                index += 1
            }
            let nameLength = index - start
            guard nameLength > 0, index < end else { return (nameLength, -1) }
            while bytes[index] == UInt8(ascii: ";") {
                index += 1
                while index < end, bytes[index] != UInt8(ascii: "=") && bytes[index] != UInt8(ascii: ":") && bytes[index] != UInt8(ascii: ";") {
                    index += 1
                }
                guard index < end, bytes[index] == UInt8(ascii: "=") else { return (nameLength, -1) }
                index += 1
                while true {
                    if index < end && bytes[index] == UInt8(ascii: "\"") {
                        index += 1
                        while index < end && bytes[index] != UInt8(ascii: "\"") { index += 1 }
                        guard index < end else { return (nameLength, -1) }
                        index += 1
                    } else {
                        while index < end, bytes[index] != UInt8(ascii: ";") && bytes[index] != UInt8(ascii: ":") && bytes[index] != UInt8(ascii: ",") {
                            index += 1
                        }
                    }
                    guard index < end, bytes[index] == UInt8(ascii: ",") else { break }
                    index += 1
                }
                guard index < end else { return (nameLength, -1) }
            }
            guard bytes[index] == UInt8(ascii: ":") else { return (nameLength, -1) }
            return (nameLength, index + 1)
        }

        /// For a line `start..<end` that reads and is named BEGIN or END (any
        /// case): which, and the range of its value (the component's name).
        static func structure(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (isBegin: Bool, value: Range<Int>)? {
            let (nameLength, valueStart) = head(bytes, start, end)
            guard valueStart >= 0 else { return nil }
            if isNamed(bytes, start, nameLength, "BEGIN") { return (true, valueStart..<end) }
            if isNamed(bytes, start, nameLength, "END") { return (false, valueStart..<end) }
            return nil
        }

        @inline(__always)
        static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            ContentLineParser.isASCII(bytes) || ContentLineParser.firstInvalidUTF8(bytes) == nil
        }

        /// Whether the name of `length` bytes at `start` is `text` (capitals) in any case.
        @inline(__always)
        static func isNamed(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int, _ text: StaticString) -> Bool {
            guard length == text.utf8CodeUnitCount else { return false }
            for offset in 0..<length where upperByte(bytes[start + offset]) != text.utf8Start[offset] { return false }
            return true
        }
    }
}
