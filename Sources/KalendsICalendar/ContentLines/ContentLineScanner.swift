/// One logical content line (RFC 5545 section 3.1) found by `ContentLineScanner`:
/// where its physical lines are in the source, and its unfolded bytes.
struct LogicalLine {
    /// The 1-based number of its first physical line.
    let line: Int
    /// The bytes of the source it spans: from its first byte to the end of
    /// the line end of its last physical line.
    let byteRange: Range<Int>
    /// For an unfolded line (the common case) its bytes' range in the source
    /// (no line end); nil when folded, then `folded` holds the joined bytes.
    let contentRange: Range<Int>?
    /// The joined bytes of a folded line, cut at the scanner's maximum.
    let folded: [UInt8]
    /// Its length in bytes after unfolding, counted in full even when longer than the maximum.
    let length: Int
    /// Longer than the scanner's maximum: its bytes are not all kept.
    var isTooLong: Bool
}

/// Finds the logical lines of iCalendar bytes in one pass: line ends CRLF or
/// LF, a UTF-8 byte order mark at the start skipped, a physical line that
/// starts with a space or tab joined to the one before without that
/// character (a fold may split a UTF-8 sequence: the bytes join whole), and
/// empty lines passed over (they do not end a line that continues after
/// them). No line is copied unless it is folded, and a folded line is kept
/// only up to `maximumLength` bytes, so a huge line costs its scan only.
struct ContentLineScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumLength: Int
    /// vCard 2.1's quoted-printable soft line breaks are read (`ContentLineSyntax`).
    private let quotedPrintableSoftBreaks: Bool
    private var position: Int
    /// Where the scan stops: the end of the bytes, or of the part read.
    private let end: Int
    private var lineNumber: Int

    /// A scanner of `bytes`, or of the part `range` of them (which starts at
    /// a line, the physical line `firstLine`); offsets are the buffer's.
    init(_ bytes: UnsafeBufferPointer<UInt8>, maximumLength: Int, range: Range<Int>? = nil, firstLine: Int = 1,
         syntax: ContentLineSyntax = .iCalendar) {
        self.bytes = bytes
        self.maximumLength = maximumLength
        quotedPrintableSoftBreaks = syntax.quotedPrintableSoftBreaks
        let range = range ?? 0..<bytes.count
        end = range.upperBound
        lineNumber = firstLine
        let bom = range.lowerBound == 0 && end >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        position = bom ? 3 : range.lowerBound
    }

    /// The end of the physical line starting at `start` (before CR LF or LF),
    /// and where the next one starts.
    @inline(__always)
    private func physicalLine(from start: Int) -> (contentEnd: Int, next: Int) {
        var index = start
        let count = end
        while index < count && bytes[index] != 10 { index += 1 }
        if index == count { return (index, index) }
        let contentEnd = index > start && bytes[index - 1] == 13 ? index - 1 : index
        return (contentEnd, index + 1)
    }

    /// Spaces and tabs only: a line with nothing to read (before any line it continues).
    private func isBlank(_ range: Range<Int>) -> Bool {
        guard bytes[range.lowerBound] == 32 || bytes[range.lowerBound] == 9 else { return false }
        return bytes[range].allSatisfy { $0 == 32 || $0 == 9 }
    }

    /// Whether the parameters of the line (before its first `:`) say QUOTED-PRINTABLE, in any case.
    private func isQuotedPrintable(_ range: Range<Int>) -> Bool {
        let pattern = Array("QUOTED-PRINTABLE".utf8)
        var index = range.lowerBound
        while index + pattern.count <= range.upperBound && bytes[index] != UInt8(ascii: ":") {
            var matches = true
            for offset in 0..<pattern.count {
                let byte = bytes[index + offset]
                if (byte >= 0x61 && byte <= 0x7A ? byte - 32 : byte) != pattern[offset] { matches = false; break }
            }
            if matches { return true }
            index += 1
        }
        return false
    }

    /// A quoted-printable line whose physical lines end in `=` (soft line
    /// breaks): each `=` dropped and the next physical line joined whole, up
    /// to one that does not end in `=` (or the end of the input).
    private mutating func softBrokenLine(start: Int, contentEnd: Int, next: Int, first: Int) -> LogicalLine {
        var folded: [UInt8] = []
        var length = 0
        func append(_ range: Range<Int>) {
            length += range.count
            guard folded.count < maximumLength else { return }
            folded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<Swift.min(range.upperBound, range.lowerBound + maximumLength - folded.count)]))
        }
        var lineEnd = next
        append(start..<(contentEnd - 1))
        while lineEnd < end {
            let (nextEnd, after) = physicalLine(from: lineEnd)
            lineNumber += 1
            let continues = nextEnd > lineEnd && bytes[nextEnd - 1] == UInt8(ascii: "=")
            append(lineEnd..<(continues ? nextEnd - 1 : nextEnd))
            lineEnd = after
            if !continues { break }
        }
        position = lineEnd
        return LogicalLine(line: first, byteRange: start..<lineEnd, contentRange: nil, folded: folded, length: length,
                           isTooLong: length > maximumLength)
    }

    /// The next logical line, or nil at the end.
    mutating func next() -> LogicalLine? {
        // Empty (and, before any line, blank) physical lines are passed over.
        var start = position, contentEnd = 0, next = 0
        while true {
            guard start < end else { return nil }
            (contentEnd, next) = physicalLine(from: start)
            if contentEnd > start && !isBlank(start..<contentEnd) { break }
            start = next
            lineNumber += 1
        }
        let first = lineNumber
        lineNumber += 1
        if quotedPrintableSoftBreaks && bytes[contentEnd - 1] == UInt8(ascii: "=") && isQuotedPrintable(start..<contentEnd) {
            return softBrokenLine(start: start, contentEnd: contentEnd, next: next, first: first)
        }
        var lineEnd = next
        var folded: [UInt8] = []
        var isFolded = false
        var length = contentEnd - start
        var lookahead = next, skipped = 0
        while lookahead < end {
            let (nextEnd, after) = physicalLine(from: lookahead)
            if nextEnd == lookahead {
                // An empty line: continue only if a continuation follows it.
                lookahead = after
                skipped += 1
                continue
            }
            let lead = bytes[lookahead]
            guard lead == 32 || lead == 9 else { break }
            if !isFolded {
                isFolded = true
                folded.reserveCapacity(Swift.min(length * 2, maximumLength))
                folded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<Swift.min(contentEnd, start + maximumLength)]))
            }
            let piece = nextEnd - lookahead - 1
            if folded.count < maximumLength {
                let take = Swift.min(piece, maximumLength - folded.count)
                folded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(lookahead + 1)..<(lookahead + 1 + take)]))
            }
            length += piece
            lineNumber += skipped + 1
            skipped = 0
            lineEnd = after
            lookahead = after
        }
        position = lineEnd
        return LogicalLine(line: first, byteRange: start..<lineEnd, contentRange: isFolded ? nil : start..<contentEnd,
                           folded: folded, length: length, isTooLong: length > maximumLength)
    }
}
