#if canImport(Glibc)
import Glibc
#endif

/// The lines of a file descriptor, read in 64 KiB blocks (POSIX `read`),
/// each at most `maximumLength` bytes: a longer line is handed over once,
/// as its first `maximumLength` bytes, as soon as it is that long, and the
/// rest of it is read past without being kept, so no line, however long,
/// costs more memory than the limit.
enum LineReader {
    /// One line, without its newline: valid only inside the call it is given to.
    enum Line {
        /// A whole line.
        case complete(UnsafeBufferPointer<UInt8>)
        /// The first `maximumLength` bytes of a line longer than that.
        case tooLong(prefix: UnsafeBufferPointer<UInt8>)
    }

    /// How the reading ended.
    enum End: Equatable {
        /// At the end of the input.
        case finished
        /// A read failed (a directory, a closed descriptor): its `errno`, after the lines read before it.
        case failed(Int32)
        /// More than `maximumTotal` bytes came: the lines before were handed over.
        case tooLarge
    }

    /// Calls `body` with each line of `descriptor` (the last one also
    /// without a newline), in order. `maximumTotal` bounds the bytes read
    /// in all (nil: none, for a stream such as batch input). `body` may
    /// throw to stop the reading.
    static func forEachLine(of descriptor: Int32, maximumLength: Int, maximumTotal: Int? = nil,
                            _ body: (Line) throws -> Void) rethrows -> End {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var carry: [UInt8] = []
        // Inside a line already handed over as too long: its bytes are passed over.
        var skipping = false
        var total = 0
        while true {
            var failure: Int32?
            let count = buffer.withUnsafeMutableBytes { raw -> Int in
                while true {
                    let got = read(descriptor, raw.baseAddress, raw.count)
                    if got < 0 && errno == EINTR { continue }
                    if got < 0 { failure = errno }
                    return got
                }
            }
            if let failure { return .failed(failure) }
            if count <= 0 { break }
            total += count
            if let maximumTotal, total > maximumTotal { return .tooLarge }
            try buffer.withUnsafeBufferPointer { block in
                let chunk = UnsafeBufferPointer(rebasing: block[0..<count])
                var start = 0
                while start < count {
                    let newline = Self.newline(in: chunk, from: start)
                    let end = newline ?? count
                    if skipping {
                        // Nothing of the line is kept.
                    } else if carry.isEmpty && newline != nil && end - start <= maximumLength {
                        try body(.complete(UnsafeBufferPointer(rebasing: chunk[start..<end])))
                    } else if carry.count + (end - start) > maximumLength {
                        carry.append(contentsOf: chunk[start..<(start + maximumLength - carry.count)])
                        try carry.withUnsafeBufferPointer { try body(.tooLong(prefix: $0)) }
                        carry.removeAll(keepingCapacity: true)
                        skipping = true
                    } else {
                        carry.append(contentsOf: chunk[start..<end])
                        if newline != nil {
                            try carry.withUnsafeBufferPointer { try body(.complete($0)) }
                            carry.removeAll(keepingCapacity: true)
                        }
                    }
                    if newline != nil { skipping = false }
                    start = end + 1
                }
            }
        }
        if !carry.isEmpty && !skipping { try carry.withUnsafeBufferPointer { try body(.complete($0)) } }
        return .finished
    }

    /// The index of the first newline in `chunk` at or after `start` (`memchr`: fast in a debug build too).
    private static func newline(in chunk: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = chunk.baseAddress, start < chunk.count,
              let found = memchr(base + start, 10, chunk.count - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
}

/// Input longer than the command line reads: a line, or the whole input.
enum InputLimitError: Error, CustomStringConvertible {
    /// Line `line` is longer than `limit` bytes; `what` names the kind of line.
    case lineTooLong(line: Int, limit: Int, what: String)
    /// The input is larger than `limit` bytes; `what` names the input.
    case inputTooLarge(limit: Int, what: String)

    var description: String {
        switch self {
        case .lineTooLong(let line, let limit, let what):
            "line \(line) is longer than \(Self.bytes(limit)), the limit for \(what)"
        case .inputTooLarge(let limit, let what):
            "the input is larger than \(Self.bytes(limit)), the limit for \(what)"
        }
    }

    /// `65536 bytes (64 KiB)`, `16 MiB`.
    static func bytes(_ count: Int) -> String {
        if count >= 1 << 20 && count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        if count >= 1 << 10 && count % (1 << 10) == 0 { return "\(count) bytes (\(count >> 10) KiB)" }
        return "\(count) bytes"
    }
}
