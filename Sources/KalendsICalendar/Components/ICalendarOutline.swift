#if canImport(Glibc)
import Glibc
#endif

/// Where the children of a file's one VCALENDAR start and end, found by a
/// scan for line ends and for the lines `BEGIN:` and `END:` alone (at
/// several GB/s with `memchr`), without reading any property.
///
/// Only a plainly laid-out file has an outline: one VCALENDAR from its first
/// line (a UTF-8 byte order mark allowed) to its last (empty lines allowed
/// after it only), every BEGIN and END in capitals, unfolded, matched, at
/// most 16 deep. Any other file (damaged, unusual) has none, and is read in
/// one pass (`ICalendarReader.read`), whose warnings say what is wrong.
/// A windowed read (`ICalendarReader.read(_:outline:keeping:zoneUses:)`)
/// reads the children a query may need and passes over the others.
package struct ICalendarOutline: Sendable {
    /// One child of the VCALENDAR (a VEVENT, a VTODO, a VTIMEZONE...), in 16
    /// bytes (a 100 MB file has 170,000 of them; files are at most 1 GiB).
    package struct Child: Sendable {
        private let start: Int32, end: Int32, first: Int32
        /// A VEVENT.
        package let isEvent: Bool
        /// From the start of its BEGIN line to the end of its END line, line end included.
        package var byteRange: Range<Int> { Int(start)..<Int(end) }
        /// The 1-based line of its BEGIN.
        package var line: Int { Int(first) }

        init(isEvent: Bool, byteRange: Range<Int>, line: Int) {
            self.isEvent = isEvent
            start = Int32(truncatingIfNeeded: byteRange.lowerBound)
            end = Int32(truncatingIfNeeded: byteRange.upperBound)
            first = Int32(truncatingIfNeeded: line)
        }
    }

    /// Lines of the VCALENDAR's own, with the first one's number, in 12 bytes.
    package struct Gap: Sendable {
        private let start: Int32, end: Int32, first: Int32
        package var range: Range<Int> { Int(start)..<Int(end) }
        package var line: Int { Int(first) }

        init(_ range: Range<Int>, _ line: Int) {
            start = Int32(truncatingIfNeeded: range.lowerBound)
            end = Int32(truncatingIfNeeded: range.upperBound)
            first = Int32(truncatingIfNeeded: line)
        }
    }

    /// The children in order.
    package private(set) var children: [Child] = []
    /// The VCALENDAR's own lines between children (and before the first,
    /// after the last), in order, BEGIN and END:VCALENDAR included.
    package private(set) var gaps: [Gap] = []

    /// The deepest nesting an outline follows (deeper files are read in one pass).
    static let maximumDepth = 16

    /// The outline of `bytes`, or nil when they are not plainly laid out.
    package init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        // (Offsets and lines are kept in 32 bits: a file of 2 GiB or more has no outline.)
        guard let base = bytes.baseAddress, bytes.count < Int(Int32.max) else { return nil }
        let count = bytes.count
        var position = count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        var line = 1
        // The names open, as byte ranges (the VCALENDAR first).
        var open: [Range<Int>] = []
        var closed = false
        var previousWasStructure = false
        // The line before could be the start of a BEGIN or END that a fold completes ("BEGI", then " N:VEVENT").
        var previousMayBeStructure = false
        var childStart = 0, childLine = 0, childIsEvent = false
        var gapStart = 0, gapLine = 1
        while position < count {
            let found = memchr(base + position, 10, count - position)
            let newline = found.map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base } ?? count
            let next = Swift.min(newline + 1, count)
            var end = newline
            if end > position && end < count && bytes[end - 1] == 13 { end -= 1 }
            defer {
                position = next
                line += 1
            }
            if end == position {
                // An empty line: only after the VCALENDAR's end (or in a CR-only line, which is no place for one).
                guard closed else { return nil }
                continue
            }
            guard !closed else { return nil }
            let lead = bytes[position]
            if lead == 32 || lead == 9 {
                // A folded line: never the rest of a BEGIN or END, nor of what may become one once joined.
                guard !previousWasStructure, !previousMayBeStructure, !open.isEmpty else { return nil }
                continue
            }
            previousWasStructure = false
            previousMayBeStructure = Self.isProperPrefixFolded(bytes, position, end, "BEGIN:") || Self.isProperPrefixFolded(bytes, position, end, "END:")
            let isBegin = Self.startsWith(bytes, position, end, "BEGIN:")
            let isEnd = !isBegin && Self.startsWith(bytes, position, end, "END:")
            if !isBegin && !isEnd {
                // BEGIN or END in another case: what the reader reads, this scan does not.
                if Self.startsWithFolded(bytes, position, end, "BEGIN:") || Self.startsWithFolded(bytes, position, end, "END:") { return nil }
                guard !open.isEmpty else { return nil }
                continue
            }
            previousWasStructure = true
            let nameStart = position + (isBegin ? 6 : 4)
            guard nameStart < end else { return nil }
            for index in nameStart..<end {
                let byte = bytes[index]
                guard (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D else { return nil }
            }
            let name = nameStart..<end
            if isBegin {
                if open.isEmpty {
                    guard line == 1, Self.equals(bytes, name, "VCALENDAR") else { return nil }
                } else if open.count == 1 {
                    gaps.append(Gap(gapStart..<position, gapLine))
                    childStart = position
                    childLine = line
                    childIsEvent = Self.equals(bytes, name, "VEVENT")
                }
                guard open.count < Self.maximumDepth else { return nil }
                open.append(name)
            } else {
                guard let top = open.last, top.count == name.count,
                      memcmp(base + top.lowerBound, base + name.lowerBound, name.count) == 0 else { return nil }
                open.removeLast()
                if open.count == 1 {
                    children.append(Child(isEvent: childIsEvent, byteRange: childStart..<next, line: childLine))
                    gapStart = next
                    gapLine = line + 1
                } else if open.isEmpty {
                    gaps.append(Gap(gapStart..<next, gapLine))
                    closed = true
                }
            }
        }
        guard closed else { return nil }
    }

    /// Whether the line `start..<end` starts with `text` (capitals, as written).
    private static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard end - start >= count else { return false }
        let pattern = text.utf8Start
        for offset in 0..<count where bytes[start + offset] != pattern[offset] { return false }
        return true
    }

    /// Whether the line is shorter than `text` and begins it, in any case (a fold may complete it).
    private static func isProperPrefixFolded(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ text: StaticString) -> Bool {
        let count = end - start
        guard count < text.utf8CodeUnitCount else { return false }
        let pattern = text.utf8Start
        for offset in 0..<count {
            let byte = bytes[start + offset]
            if (byte >= 0x61 && byte <= 0x7A ? byte - 32 : byte) != pattern[offset] { return false }
        }
        return true
    }

    /// Whether the line starts with `text` in any case.
    private static func startsWithFolded(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard end - start >= count else { return false }
        let pattern = text.utf8Start
        for offset in 0..<count {
            let byte = bytes[start + offset]
            if (byte >= 0x61 && byte <= 0x7A ? byte - 32 : byte) != pattern[offset] { return false }
        }
        return true
    }

    /// Whether the bytes `range` are `text`.
    private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: StaticString) -> Bool {
        range.count == text.utf8CodeUnitCount && startsWith(bytes, range.lowerBound, range.upperBound, text)
    }
}

extension ICalendarReader {
    /// Reads `bytes` as `read(_:)` does (in the reader's mode), but only the children of
    /// their VCALENDAR that `keeping` says (by index in `outline.children`)
    /// and the VCALENDAR's own lines. The children left out must be ones one
    /// pass reads without a defect, whose TZIDs are defined: then the
    /// document is one pass's without them, warnings included (strict: the
    /// same first error).
    /// - Throws: `ICalendarError` as `read(_:)` does.
    package func read(_ bytes: UnsafeBufferPointer<UInt8>, outline: ICalendarOutline, keeping: (Int) -> Bool) throws(ICalendarError) -> ICalendarDocument {
        // The parts: runs of what is kept (the VCALENDAR's own lines always), each read by a builder of its own.
        var parts: [(range: Range<Int>, line: Int)] = []
        func add(_ range: Range<Int>, line: Int) {
            guard !range.isEmpty else { return }
            if let last = parts.last, last.range.upperBound == range.lowerBound {
                parts[parts.count - 1].range = last.range.lowerBound..<range.upperBound
            } else {
                parts.append((range, line))
            }
        }
        for (index, child) in outline.children.enumerated() {
            let gap = outline.gaps[index]
            add(gap.range, line: gap.line)
            if keeping(index) { add(child.byteRange, line: child.line) }
        }
        if let last = outline.gaps.last, outline.gaps.count > outline.children.count { add(last.range, line: last.line) }
        // In up to one chunk per core, each chunk's parts read by one builder going on from part to part.
        let table = self.table, source = self.source, strict = mode == .strict
        nonisolated(unsafe) let shared = bytes
        let built = Parallel.chunks(count: parts.count, minimumChunk: 64) { chunk -> [Result<TreeBuilder, ICalendarError>] in
            var builder = TreeBuilder(source: source, strict: strict, table: table, bytes: shared, range: parts[chunk.lowerBound].range,
                                      firstLine: parts[chunk.lowerBound].line, insideCalendar: chunk.lowerBound > 0)
            do throws(ICalendarError) {
                try builder.run(parts: Array(parts[chunk]), finishing: chunk.upperBound == parts.count)
                return [.success(builder)]
            } catch {
                return [.failure(error)]
            }
        }.flatMap { $0 }
        guard let tree = try joined(built) else {
            // (An outline's parts always join; were one not to, one pass is the answer.)
            return try read(bytes, parts: 1)
        }
        return try finish(tree, bytes: bytes)
    }
}
