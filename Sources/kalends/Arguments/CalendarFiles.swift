import Kalends
import KalendsContacts
import KalendsICalendar
import KalendsStore

/// FILE.ics arguments (files, vdir folders, folders of vdir folders) read
/// into a store, as the contract's "Calendar files" reads them: a defect
/// leaves its component out with one `kalends: warning: FILE:LINE:COLUMN:
/// ...` line; `--strict` makes it an error. A folder with no calendar in it
/// is an error, never an empty answer.
enum CalendarFiles {
    /// The stores opened by this run, kept until the process exits: a
    /// command prints and exits, and freeing a store of 10,000 events one
    /// object at a time would only delay that (by about a tenth of its run).
    nonisolated(unsafe) static var opened: [CalendarStore] = []
    /// The iCalendar text of sources that are no file (standard input, the
    /// birthdays of contacts), by the name their items' positions give: what `export` writes again.
    nonisolated(unsafe) static var generated: [String: [UInt8]] = [:]

    /// `paths` (files or folders; `-`, standard input) read; `standardInput`:
    /// iCalendar text already read from `-`; `viewer`: the zone floating times are read in;
    /// `window`: the only window the store will be asked about (the series that cannot touch it are left out unread).
    static func open(_ paths: [String], strict: Bool, viewer: ZoneRules = .utc, standardInput: [UInt8]? = nil,
                     window: Range<Instant>? = nil) throws -> CalendarStore {
        // Each folder listed once for this read.
        try LocalFiles.listingOnce { () throws -> CalendarStore in
            try openListed(paths, strict: strict, viewer: viewer, standardInput: standardInput, window: window)
        }
    }

    private static func openListed(_ paths: [String], strict: Bool, viewer: ZoneRules, standardInput: [UInt8]?,
                                   window: Range<Instant>?) throws -> CalendarStore {
        let reader = CalendarFileReader(mode: strict ? .strict : .lenient)
        var calendars: [CalendarCollection] = []
        var warnings: [ICalendarWarning] = []
        var contacts: [Contact] = []
        var contactPaths: [String] = []
        for path in paths {
            // Contact files and folders: their birthdays are the calendar "Birthdays".
            let hasContacts = path != "-" && Self.holdsContacts(path)
            if hasContacts {
                contacts += try ContactFiles.open([path], strict: strict).flatMap(\.contacts)
                contactPaths.append(path)
                if !LocalFiles.isDirectory(path) { continue }
            }
            let reads: [CalendarFileReader.Result]
            do {
                if path == "-" {
                    let bytes = try standardInput ?? [UInt8](InputFile("-", argument: "FILE", maximumBytes: CalendarFileReader.maximumFileBytes,
                                                                       what: "a calendar").data)
                    generated["standard input"] = bytes
                    reads = [try reader.read(bytes: bytes, source: "standard input")]
                } else {
                    // Without a window, all of time: the same calendars as the full read (`WindowedReadProperties`), sooner.
                    reads = try reader.read(path, touching: window ?? CalendarFileReader.allTime)
                }
            } catch let error as CalendarReadError {
                switch error {
                case .file(let file):
                    throw InputError(.file(argument: "FILE", path: file.path), underlying: ArgumentProblem.unreadable(errno: file.code))
                case .content(let content):
                    throw content
                case .noCalendar:
                    // A folder of address books only.
                    if hasContacts { continue }
                    throw ArgumentProblem.calendarFile(error.description)
                }
            }
            for read in reads {
                warnings += read.warnings
                calendars.append(read.calendar)
            }
        }
        if !contactPaths.isEmpty {
            calendars.append(try birthdays(contacts, source: contactPaths.joined(separator: ", ")))
        }
        let store = CalendarStore(calendars: calendars, floatingZone: viewer)
        opened.append(store)
        if strict, let problem = store.problems.first { throw problem.error }
        // The reader's warnings and the store's, each file's in the order of its lines.
        var fileOrder: [String: Int] = [:]
        for warning in warnings where fileOrder[warning.error.source] == nil { fileOrder[warning.error.source] = fileOrder.count }
        for problem in store.problems where fileOrder[problem.error.source] == nil { fileOrder[problem.error.source] = fileOrder.count }
        let all = (warnings + store.problems).enumerated().sorted { a, b in
            let x = a.element.error, y = b.element.error
            let fileX = fileOrder[x.source] ?? 0, fileY = fileOrder[y.source] ?? 0
            if fileX != fileY { return fileX < fileY }
            if x.line != y.line { return x.line < y.line }
            return a.offset < b.offset
        }
        for (_, warning) in all { ErrorReporting.warn(warning.description) }
        return store
    }

    /// Whether `path` is a `.vcf` file, or a folder with `.vcf` items in it or in its folders.
    static func holdsContacts(_ path: String) -> Bool {
        guard LocalFiles.isDirectory(path) else { return path.hasSuffix(".vcf") }
        // A folder of 10,000 items is read once, unsorted, without a stat per file.
        // The folder's listing (the one the calendar read uses next, within `LocalFiles.listingOnce`).
        guard let names = try? LocalFiles.entries(of: path) else { return false }
        if names.contains(where: { $0.hasSuffix(".vcf") }) { return true }
        // Folders of cards, among the names that are no calendar item or collection file.
        for name in names where !name.hasSuffix(".ics") && name != "displayname" && name != "color" {
            let folder = LocalFiles.joined(path, name)
            guard LocalFiles.isDirectory(folder) else { continue }
            if LocalFiles.anyEntry(in: folder, filesEnding: ".vcf", { inner, _ in inner.hasSuffix(".vcf") }) { return true }
        }
        return false
    }

    /// The calendar "Birthdays": a yearly event for each birthday, anniversary and death date (`BirthdayCalendar`).
    static func birthdays(_ contacts: [Contact], source: String) throws -> CalendarCollection {
        let text = try BirthdayCalendar.iCalendar(contacts, stamp: Instant(seconds: 0))
        generated[source] = Array(text.utf8)
        let read = try CalendarFileReader(mode: .strict).read(bytes: Array(text.utf8), source: source)
        var calendar = read.calendar
        calendar.name = "Birthdays"
        return calendar
    }
}
