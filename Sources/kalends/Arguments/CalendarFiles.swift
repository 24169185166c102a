import Kalends
import KalendsICalendar
import KalendsStore

/// FILE.ics arguments (files or vdir folders) read into a store, as the
/// contract's "Calendar files" reads them: a defect leaves its component out
/// with one `kalends: warning: FILE:LINE:COLUMN: ...` line; `--strict` makes
/// it an error.
enum CalendarFiles {
    /// The stores opened by this run, kept until the process exits: a
    /// command prints and exits, and freeing a store of 10,000 events one
    /// object at a time would only delay that (by about a tenth of its run).
    nonisolated(unsafe) static var opened: [CalendarStore] = []

    /// `paths` (files or folders; `-`, standard input) read; `standardInput`: iCalendar text already read from `-`.
    static func open(_ paths: [String], strict: Bool, standardInput: [UInt8]? = nil) throws -> CalendarStore {
        let reader = CalendarFileReader(mode: strict ? .strict : .lenient)
        var calendars: [CalendarCollection] = []
        for path in paths {
            let read: CalendarFileReader.Result
            do {
                if path == "-" {
                    let bytes = try standardInput ?? [UInt8](InputFile("-", argument: "FILE", maximumBytes: CalendarFileReader.maximumFileBytes,
                                                                       what: "a calendar").data)
                    read = try reader.read(bytes: bytes, source: "standard input")
                } else {
                    read = try reader.read(path)
                }
            } catch let error as CalendarFileError {
                throw InputError(.file(argument: "FILE", path: path), underlying: ArgumentProblem.unreadable(errno: error.code))
            }
            for warning in read.warnings { ErrorReporting.warn(warning.description) }
            calendars.append(read.calendar)
        }
        let store = CalendarStore(calendars: calendars)
        opened.append(store)
        for (event, error) in store.problems {
            let place = event.position.map { "\($0.file):\($0.line):1: " } ?? ""
            let text = place + "\(error.message) (the VEVENT with UID \(RuleError.shown(event.uid)) is left out)"
            if strict { throw ArgumentProblem.calendarFile(text) }
            ErrorReporting.warn(text)
        }
        return store
    }
}
