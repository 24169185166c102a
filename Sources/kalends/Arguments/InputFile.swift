#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// A FILE argument: its bytes (standard input for `-`) and the name errors give it.
struct InputFile {
    let data: Data
    /// `standard input`, or the path as errors echo it.
    let source: String

    /// Reads `path` (`-`: standard input); `place` names the argument in errors (`FILE`, `ICAL-FILE`).
    init(_ path: String, place: String) throws {
        if path == "-" {
            data = try Self.standardInput()
            source = "standard input"
        } else {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw InputError(place: place, input: path, underlying: FileError("cannot read the file"))
            }
            data = contents
            source = Echo.text(path)
        }
    }

    /// All of standard input, read in 64 KiB blocks (POSIX `read`, so the
    /// binary needs no CoreFoundation); a read that fails (a directory, a
    /// closed descriptor) is an error, not an empty input.
    static func standardInput() throws -> Data {
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = block.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { throw readError(errno) }
            guard got > 0 else { break }
            bytes.append(contentsOf: block[0..<got])
        }
        return Data(bytes)
    }

    /// Standard input could not be read: the system's reason (`Is a directory`).
    static func readError(_ code: Int32) -> InputError {
        let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
        return InputError(place: "standard input", underlying: FileError("cannot be read: \(reason)"))
    }

    struct FileError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
