#if canImport(Glibc)
import Glibc
#endif
import Kalends
import KalendsICalendar

/// Calendar files and vdir folders read into calendars, as khal and
/// vdirsyncer lay them out: a file is one calendar; a folder of `.ics`
/// items (a vdir) is one; a folder of such folders (`~/.calendars`) is one
/// calendar per folder in it.
public struct CalendarFileReader: Sendable {
    /// What reading one file or vdir folder gave: its calendar, and the
    /// defects a lenient read passed over (each with its place and what was done).
    public struct Result: Sendable {
        /// The calendar read.
        public let calendar: CalendarCollection
        /// The defects a lenient read passed over, in the order met.
        public let warnings: [ICalendarWarning]
    }

    /// The largest file read: far more than any real calendar (a 100 MB export included).
    public static let maximumFileBytes = 1 << 30

    /// Lenient (a defective component is left out, with a warning) or strict (an error).
    public var mode: ICalendarReader.Mode
    /// The fewest components a thread decodes, and files of a folder a
    /// thread reads (tests make them small to reach the threads).
    var componentsChunk = 2_048
    var filesChunk = 64

    /// A reader in `mode`.
    public init(mode: ICalendarReader.Mode = .lenient) {
        self.mode = mode
    }

    /// Reads `path`: a file; a vdir folder (its `*.ics` files in name
    /// order; named by its `displayname` file, else the folder's name); or
    /// a folder of vdir folders, each a calendar, in name order.
    /// - Throws: `CalendarReadError`: the path cannot be read (`.file`), a
    ///   file is not iCalendar or (strict) has a defect (`.content`), a
    ///   folder holds no item and no calendar folder (`.noCalendar`).
    public func read(_ path: String) throws(CalendarReadError) -> [Result] {
        try Self.read(path, file: readFile, folder: readFolder)
    }

    /// `path` laid out as `read(_:)` says: a file read by `file`; a vdir
    /// folder by `folder` (given its path and entries); a folder of vdir
    /// folders, each by `folder`, in name order.
    static func read(_ path: String, file: (String) throws(CalendarReadError) -> Result,
                     folder: (String, [String]) throws(CalendarReadError) -> Result) throws(CalendarReadError) -> [Result] {
        guard Self.isDirectory(path) else { return [try file(path)] }
        let names: [String]
        do {
            names = try Self.entries(of: path)
        } catch {
            throw .file(error)
        }
        if names.contains(where: { $0.hasSuffix(".ics") }) || Self.isCollection(path, names: names) {
            return [try folder(path, names)]
        }
        var results: [Result] = []
        for name in names {
            let inside = Self.joined(path, name)
            guard Self.isDirectory(inside) else { continue }
            let inner: [String]
            do {
                inner = try Self.entries(of: inside)
            } catch {
                throw .file(error)
            }
            guard inner.contains(where: { $0.hasSuffix(".ics") }) || Self.isCollection(inside, names: inner) else { continue }
            results.append(try folder(inside, inner))
        }
        guard !results.isEmpty else { throw .noCalendar(path: path) }
        return results
    }

    /// Whether a folder without items is still a calendar: vdirsyncer wrote its `displayname` or `color`.
    static func isCollection(_ path: String, names: [String]) -> Bool {
        names.contains("displayname") || names.contains("color")
    }

    /// One vdir folder: its items, read on the machine's cores in chunks of
    /// the name order (the items, the warnings, the first error in that order: what one pass in order gives).
    func readFolder(_ path: String, names: [String]) throws(CalendarReadError) -> Result {
        let files = names.filter { $0.hasSuffix(".ics") }.map { Self.joined(path, $0) }
        let parts = Parallel.chunks(count: files.count, minimumChunk: filesChunk) { range -> ([Result], CalendarReadError?) in
            var reads: [Result] = []
            for file in files[range] {
                do throws(CalendarReadError) { reads.append(try readFile(file)) } catch { return (reads, error) }
            }
            return (reads, nil)
        }
        var events: [Event] = [], reminders: [Reminder] = [], warnings: [ICalendarWarning] = []
        for (reads, error) in parts {
            for read in reads {
                events += read.calendar.events
                reminders += read.calendar.reminders
                warnings += read.warnings
            }
            if let error { throw error }
        }
        let name = Self.displayName(of: path) ?? Self.lastComponent(path)
        let calendar = CalendarCollection(name: name, path: path, color: Self.displayName(of: path, file: "color"), events: events, reminders: reminders)
        return Result(calendar: calendar, warnings: warnings)
    }

    /// A vdir folder's `displayname` (or `color`) file, trimmed; nil when it has none (or an empty one, or not UTF-8).
    static func displayName(of folder: String, file: String = "displayname") -> String? {
        guard let bytes = try? contents(of: joined(folder, file), maximum: 4_096),
              let text = String(validating: bytes, as: UTF8.self) else { return nil }
        let name = text.trimmingCharacters("\n").trimmingCharacters("\r").trimmingCharacters(" ")
        return name.isEmpty ? nil : name
    }

    /// One .ics file; named by X-WR-CALNAME, else by the file's name.
    func readFile(_ path: String) throws(CalendarReadError) -> Result {
        var bytes: [UInt8]
        do {
            bytes = try Self.contents(of: path, maximum: Self.maximumFileBytes)
        } catch {
            throw .file(error)
        }
        let document = try parse(bytes, source: path)
        // The file's bytes are not needed past the tree: freed before decoding, for a lower peak.
        bytes = []
        return try decode(document, source: path)
    }

    func parse(_ bytes: [UInt8], source path: String) throws(CalendarReadError) -> ICalendarDocument {
        do {
            return try ICalendarReader(source: path, mode: mode).read(bytes)
        } catch {
            throw .content(error)
        }
    }

    /// iCalendar text read from elsewhere (standard input); `source` names
    /// it in messages and is its calendar's name without an X-WR-CALNAME.
    /// - Throws: `CalendarReadError.content` for text that is not iCalendar, or (strict) for any defect.
    public func read(bytes: [UInt8], source path: String) throws(CalendarReadError) -> Result {
        try decode(try parse(bytes, source: path), source: path)
    }

    /// The events and reminders of a document. A large one's components are
    /// decoded in chunks on the machine's cores; the result (items, warnings,
    /// the first error in strict mode) is what one pass in order gives.
    func decode(_ document: ICalendarDocument, source path: String) throws(CalendarReadError) -> Result {
        let (name, color) = Self.nameAndColor(of: document)
        var components: [ICalendarComponent] = []
        for calendar in document.calendars { components += calendar.components }
        let strict = mode == .strict
        let parts = Parallel.chunks(count: components.count, minimumChunk: componentsChunk) { range in
            Self.decode(components[range], zones: document.zones, source: path, strict: strict)
        }
        var warnings = document.warnings
        var events: [Event] = [], reminders: [Reminder] = []
        events.reserveCapacity(parts.reduce(0) { $0 + $1.events.count })
        for part in parts {
            if let error = part.error { throw .content(error) }
            events += part.events
            reminders += part.reminders
            warnings += part.warnings
        }
        let calendar = CalendarCollection(name: name ?? Self.lastComponent(path), path: path, color: color, events: events, reminders: reminders)
        return Result(calendar: calendar, warnings: warnings)
    }

    /// The first X-WR-CALNAME and X-APPLE-CALENDAR-COLOR of a document's calendars (not empty), if any.
    static func nameAndColor(of document: ICalendarDocument) -> (name: String?, color: String?) {
        var name: String?, color: String?
        for calendar in document.calendars {
            if name == nil, let calendarName = calendar.first("X-WR-CALNAME")?.text, !calendarName.isEmpty { name = calendarName }
            if color == nil, let written = calendar.first("X-APPLE-CALENDAR-COLOR")?.text, !written.isEmpty { color = written }
        }
        return (name, color)
    }

    /// Components decoded: their items and warnings, or (strict) the first error.
    static func decode(_ components: ArraySlice<ICalendarComponent>, zones: ICalendarZones, source path: String,
                       strict: Bool) -> (events: [Event], reminders: [Reminder], warnings: [ICalendarWarning], error: ICalendarError?) {
        var events: [Event] = [], reminders: [Reminder] = []
        var decoding = ComponentDecoding(zones: zones, source: path, strict: strict)
        for component in components {
            do throws(ICalendarError) {
                switch component.name {
                case "VEVENT": events.append(try decoding.event(component))
                case "VTODO": reminders.append(try decoding.reminder(component))
                default: continue
                }
            } catch {
                if strict { return ([], [], [], error) }
                decoding.warnings.append(ICalendarWarning(error, .leftOut(component: component.name, uid: component.uid, line: component.line)))
            }
        }
        return (events, reminders, decoding.warnings, nil)
    }

    static func lastComponent(_ path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    }

    static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The paths of a vdir folder's items: its `*.ics` files, in name order.
    /// - Throws: `CalendarFileError` when the folder cannot be read.
    public static func itemFiles(in folder: String) throws(CalendarFileError) -> [String] {
        try entries(of: folder).filter { $0.hasSuffix(".ics") }.map { joined(folder, $0) }
    }

    /// True when `path` names a folder (a vdir).
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The folder listings of one read, by path and whether hidden names are in: a reference, so that
    /// what `listingOnce`'s body lists is kept for the rest of it (in its task only: another thread,
    /// an edit beside it, lists afresh).
    private final class Listings: @unchecked Sendable {
        let names = Locked<[String: [String]]>([:])
    }

    @TaskLocal private static var listings: Listings?

    /// `body`, in which each folder is listed once: a command that reads
    /// looks at a folder twice (does it hold contacts? which items?), and a
    /// vdir of 10,000 items takes milliseconds to list. Only for reads: an
    /// edit lists what is there when it looks.
    package static func listingOnce<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let result: Swift.Result<T, E> = $listings.withValue(Listings()) {
            do throws(E) { return .success(try body()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// The names in a folder (no `.` entries), sorted.
    static func entries(of path: String, includingHidden: Bool = false) throws(CalendarFileError) -> [String] {
        guard let listings else { return try listedEntries(of: path, includingHidden: includingHidden) }
        let key = (includingHidden ? "1" : "0") + path
        if let known = listings.names.withLock({ $0[key] }) { return known }
        let names = try listedEntries(of: path, includingHidden: includingHidden)
        listings.names.withLock { $0[key] = names }
        return names
    }

    private static func listedEntries(of path: String, includingHidden: Bool) throws(CalendarFileError) -> [String] {
        guard let directory = opendir(path) else { throw CalendarFileError(path: path, code: errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = DirectoryEntries.name(of: entry)
            guard includingHidden ? (name != "." && name != "..") : !name.hasPrefix(".") else { continue }
            // A FIFO, socket or device, or a link to one, is no item (as vdirsyncer, which takes regular files only, sees it).
            if DirectoryEntries.isSpecial(entry, in: directory) { continue }
            names.append(name)
        }
        return names.sorted()
    }

    /// Whether some entry of `folder` (not hidden) satisfies `match`, given its
    /// name and whether it is a folder (nil when the system does not say: then
    /// the caller asks). Stops at the first; unsorted, so no name is kept.
    static func anyEntry(in folder: String, filesEnding suffix: String? = nil, _ match: (String, Bool?) -> Bool) -> Bool {
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        let ending = suffix.map { Array($0.utf8) } ?? []
        while let entry = readdir(directory) {
            // A file whose name does not end in `suffix` is passed over without a String made of its name (a vdir has thousands).
            if suffix != nil, entry.pointee.d_type == UInt8(DT_REG) {
                let raw = DirectoryEntries.nameBytes(of: entry)
                let ends = raw.count >= ending.count && raw[(raw.count - ending.count)...].elementsEqual(ending)
                if !ends { continue }
            }
            let name = DirectoryEntries.name(of: entry)
            if name.hasPrefix(".") { continue }
            let type = entry.pointee.d_type
            let isFolder: Bool? = type == UInt8(DT_DIR) ? true : (type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) ? nil : false)
            if match(name, isFolder) { return true }
        }
        return false
    }

    /// The bytes of a file, at most `maximum`; `directory`: an open folder
    /// `path` is relative to (one step of the path to look up, not all: a vdir's items).
    static func contents(of path: String, maximum: Int, in directory: (descriptor: Int32, name: String)? = nil) throws(CalendarFileError) -> [UInt8] {
        var descriptor: Int32
        repeat {
            // Not blocking: a FIFO no one writes to would hold the open for ever (see `contents(of:path:maximum:)`).
            descriptor = directory.map { openat($0.descriptor, $0.name, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
                ?? open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw CalendarFileError(path: path, code: errno) }
        defer { close(descriptor) }
        return try contents(of: descriptor, path: path, maximum: maximum)
    }

    /// The bytes read from an open file, at most `maximum`: read straight into
    /// an array of the file's size (and one byte more, to see its end in the
    /// same call: a regular file's read that gives less than asked is at its
    /// end); a file that grew meanwhile, or has no size (a pipe), in blocks after that.
    static func contents(of descriptor: Int32, path: String, maximum: Int) throws(CalendarFileError) -> [UInt8] {
        var info = stat()
        let known = fstat(descriptor, &info) == 0
        let size = known && info.st_size > 0 ? Int(info.st_size) : 0
        let regular = known && (info.st_mode & S_IFMT) == S_IFREG
        if !regular {
            // A pipe's reads wait for its writer (one opened without blocking has none to wait for, and ends at once).
            let flags = fcntl(descriptor, F_GETFL)
            if flags >= 0 && flags & O_NONBLOCK != 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        }
        guard size <= maximum else { throw CalendarFileError(path: path, code: EFBIG) }
        var failure: Int32 = 0
        var ended = false
        var bytes = [UInt8](unsafeUninitializedCapacity: regular ? size + 1 : Swift.max(size + 1, 4096)) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress else { return }
            if buffer.count >= 1 << 20 { prefault(buffer) }
            while initialized < buffer.count {
                let got = Glibc.read(descriptor, base + initialized, buffer.count - initialized)
                if got < 0 && errno == EINTR { continue }
                guard got >= 0 else {
                    failure = errno
                    return
                }
                guard got > 0 else {
                    ended = true
                    return
                }
                initialized += got
                if regular && initialized == size {
                    // All its size given and no more: its end (a file grown by then fills the extra byte, and is read on).
                    ended = true
                    return
                }
            }
        }
        guard failure == 0 else { throw CalendarFileError(path: path, code: failure) }
        guard bytes.count <= maximum else { throw CalendarFileError(path: path, code: EFBIG) }
        guard !ended else { return bytes }
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = block.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw CalendarFileError(path: path, code: errno) }
            guard got > 0 else { break }
            guard bytes.count + got <= maximum else { throw CalendarFileError(path: path, code: EFBIG) }
            bytes.append(contentsOf: block[0..<got])
        }
        return bytes
    }
}

extension CalendarFileReader {
    /// Asks the system to map the whole pages of a large new buffer at once
    /// (`MADV_POPULATE_WRITE`, Linux 5.14): a read into it then takes one
    /// fault per call, not one per page (a 4 MB file has a thousand pages).
    /// A system without it says no, and the pages come one by one as before.
    static func prefault(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress else { return }
        let page = UInt(Swift.max(4_096, sysconf(Int32(_SC_PAGESIZE))))
        let start = (UInt(bitPattern: base) + page - 1) / page * page
        let end = (UInt(bitPattern: base) + UInt(buffer.count)) / page * page
        guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(first, Int(end - start), 23)  // MADV_POPULATE_WRITE
    }
}

/// A calendar file or folder that cannot be read: its path and the system's reason.
public struct CalendarFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path as given.
    public let path: String
    /// `errno`.
    public let code: Int32

    public var description: String {
        "\(RuleError.shown(path)): cannot be read: " + SystemReason.text(code)
    }
}

/// Why calendar files could not be read.
public enum CalendarReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file or folder the system would not read.
    case file(CalendarFileError)
    /// A file that is not iCalendar, or (strict) has a defect: where and what.
    case content(ICalendarError)
    /// A folder with no `.ics` item and no calendar folder in it.
    case noCalendar(path: String)

    public var description: String {
        switch self {
        case .file(let error): return error.description
        case .content(let error): return error.description
        case .noCalendar(let path): return "\(RuleError.shown(path)): no .ics items and no calendar folders"
        }
    }
}
