import Kalends

#if canImport(Glibc)
import Glibc
#endif

/// Buffered standard output: batch conversion writes millions of lines, so
/// bytes are collected and written in large blocks.
struct OutputBuffer {
    private var bytes: [UInt8] = []
    /// Lines written so far (by `line`), so batch input can keep one output
    /// line per input line and target even when a line fails half-way.
    private(set) var lineCount = 0

    init() { bytes.reserveCapacity(1 << 16) }

    mutating func write(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        if bytes.count >= 1 << 16 { flush() }
    }

    mutating func line(_ text: String) {
        write(text)
        bytes.append(10)
        lineCount += 1
    }

    /// Writes a finished JSON object and a newline.
    mutating func line(_ object: JSONObject) {
        bytes.append(contentsOf: object.encodedBytes)
        bytes.append(10)
        lineCount += 1
        if bytes.count >= 1 << 16 { flush() }
    }

    /// Writes a line whose bytes `body` appends (no String in between), and a newline.
    mutating func line(bytes body: (inout [UInt8]) -> Void) {
        body(&bytes)
        bytes.append(10)
        lineCount += 1
        if bytes.count >= 1 << 16 { flush() }
    }

    /// Writes one long line in pieces: `body` appends its bytes and calls the
    /// flush it is given with them whenever it likes, which writes them out
    /// and empties them; then the newline.
    mutating func line(streaming body: (inout [UInt8], _ flush: (inout [UInt8]) -> Void) -> Void) {
        body(&bytes) { pending in
            writeAll(pending, to: 1)
            pending.removeAll(keepingCapacity: true)
        }
        bytes.append(10)
        lineCount += 1
        if bytes.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !bytes.isEmpty else { return }
        writeAll(bytes, to: 1)
        bytes.removeAll(keepingCapacity: true)
    }
}

/// Writes a line to standard error.
func printError(_ text: String) {
    writeAll(Array((text + "\n").utf8), to: 2)
}

/// Writes every byte to a file descriptor, retrying short writes; gives up
/// quietly when the reader has gone (a closed pipe).
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBufferPointer { buffer in
        guard var pointer = buffer.baseAddress else { return }
        var remaining = buffer.count
        while remaining > 0 {
            let written = write(descriptor, pointer, remaining)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            pointer += written
            remaining -= written
        }
    }
}
