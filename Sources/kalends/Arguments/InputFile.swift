import Foundation

/// A FILE argument: its bytes (standard input for `-`) and the name errors give it.
struct InputFile {
    let data: Data
    /// `standard input`, or the path as errors echo it.
    let source: String

    /// Reads `path` (`-`: standard input); `place` names the argument in errors (`FILE`, `ICAL-FILE`).
    init(_ path: String, place: String) throws {
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
            source = "standard input"
        } else {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw InputError(place: place, input: path, underlying: FileError("cannot read the file"))
            }
            data = contents
            source = Echo.text(path)
        }
    }

    struct FileError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
