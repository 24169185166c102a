/// The file reading the collections share (calendars, address books): a
/// file's bytes up to a bound, a folder's entries, a vdir's `displayname`.
/// Errors carry the path and the system's reason.
public enum LocalFiles {
    /// The bytes of the file at `path`, at most `maximum`.
    /// - Throws: `CalendarFileError` (the system's errno; EFBIG past `maximum`).
    public static func contents(of path: String, maximum: Int) throws(CalendarFileError) -> [UInt8] {
        try CalendarFileReader.contents(of: path, maximum: maximum)
    }

    /// The names in a folder (no hidden ones, unless `includingHidden`), sorted.
    /// - Throws: `CalendarFileError` when the folder cannot be read.
    public static func entries(of folder: String, includingHidden: Bool = false) throws(CalendarFileError) -> [String] {
        try CalendarFileReader.entries(of: folder, includingHidden: includingHidden)
    }

    /// Whether some entry of `folder` (not hidden) satisfies `match`, given its
    /// name and whether it is a folder (nil when the system does not say).
    /// Stops at the first; reads no more of the folder than that.
    /// With `filesEnding`, only the files whose names end so (and the entries that are no plain file) are given to `match`.
    public static func anyEntry(in folder: String, filesEnding suffix: String? = nil, _ match: (String, Bool?) -> Bool) -> Bool {
        CalendarFileReader.anyEntry(in: folder, filesEnding: suffix, match)
    }

    /// `body`, in which each folder is listed once (for a command that reads, not one that edits).
    public static func listingOnce<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try CalendarFileReader.listingOnce(body)
    }

    /// Whether `path` names a folder.
    public static func isDirectory(_ path: String) -> Bool { CalendarFileReader.isDirectory(path) }

    /// A vdir folder's `displayname` file, trimmed; nil when it has none.
    public static func displayName(of folder: String) -> String? { CalendarFileReader.displayName(of: folder) }

    /// `name` inside `folder`.
    public static func joined(_ folder: String, _ name: String) -> String { CalendarFileReader.joined(folder, name) }

    /// The last component of a path, without a trailing `/`.
    public static func lastComponent(_ path: String) -> String { CalendarFileReader.lastComponent(path) }
}
