#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// A FILE argument opened for reading: standard input for `-`, else the
/// file, with the names errors give it. Opening and reading errors give the
/// system's reason (`no such file or directory`, `is a directory`,
/// `permission denied`), as `cat` does.
struct InputSource {
    let descriptor: Int32
    /// Where what is read comes from, as a line's origin names it:
    /// `standard input`, or the path alone.
    let contents: InputOrigin
    /// The argument and its value as errors name them: `ICAL-FILE '/tmp'`, or `standard input`.
    let origin: InputOrigin
    let isStandardInput: Bool

    /// Opens `path` (`-`: standard input); `argument` names the argument in errors (`FILE`, `ICAL-FILE`).
    init(_ path: String, argument: String) throws {
        if path == "-" {
            descriptor = 0
            contents = .standardInput
            origin = .standardInput
            isStandardInput = true
            return
        }
        contents = .path(path)
        origin = .file(argument: argument, path: path)
        isStandardInput = false
        var opened: Int32
        repeat { opened = open(path, O_RDONLY | O_CLOEXEC) } while opened < 0 && errno == EINTR
        guard opened >= 0 else { throw InputError(origin, underlying: ArgumentProblem.unreadable(errno: errno)) }
        descriptor = opened
    }

    /// Closes a file (never standard input).
    func close() {
        if !isStandardInput { _ = Glibc.close(descriptor) }
    }

    /// The read that failed with `code`, as an error of this input.
    func readError(_ code: Int32) -> InputError {
        InputError(origin, underlying: ArgumentProblem.unreadable(errno: code))
    }
}

/// A FILE argument read whole: its bytes (standard input for `-`) and the name errors give it.
struct InputFile {
    let data: Data
    /// Where the bytes came from, as errors about their contents name it:
    /// `standard input`, or the path.
    let contents: InputOrigin

    /// Reads `path` (`-`: standard input), at most `maximumBytes`; `argument`
    /// names the argument in errors (`FILE`, `ICAL-FILE`) and `what` the
    /// input in the error for a larger one (`the input of layout`).
    init(_ path: String, argument: String, maximumBytes: Int, what: String) throws {
        let input = try InputSource(path, argument: argument)
        defer { input.close() }
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = block.withUnsafeMutableBytes { read(input.descriptor, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { throw input.readError(errno) }
            guard got > 0 else { break }
            guard bytes.count + got <= maximumBytes else {
                throw InputError(input.origin, underlying: InputLimitError.inputTooLarge(limit: maximumBytes, what: what))
            }
            bytes.append(contentsOf: block[0..<got])
        }
        data = Data(bytes)
        contents = input.contents
    }
}
