#if canImport(Glibc)
import Glibc
#endif
import Kalends

/// Why a calendar file was not changed. The file is then byte-for-byte
/// what it was.
public enum CalendarEditError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (or its folder) could not be read, written or synced: the system's reason.
    case system(path: String, what: String, code: Int32)
    /// The file has no write permission for anyone.
    case readOnly(path: String)
    /// Another edit held the file's folder for longer than `seconds`.
    case locked(path: String, seconds: Int)
    /// The file does not read as iCalendar without a defect (edits are strict).
    case unreadable(path: String, reason: String)
    /// No event (or reminder) with this UID.
    case unknownUID(uid: String, what: String, path: String)
    /// The time given is not an occurrence of the event.
    case notAnOccurrence(uid: String, time: String)
    /// An occurrence was named for an event that does not recur.
    case notRecurring(uid: String)
    /// The change asked for does not make a valid item.
    case invalid(String)

    public var description: String {
        switch self {
        case .system(let path, let what, let code):
            "\(RuleError.shown(path)): cannot \(what): " + SystemReason.text(code)
        case .readOnly(let path):
            "\(RuleError.shown(path)) is read-only: nothing was changed"
        case .locked(let path, let seconds):
            "\(RuleError.shown(path)) is being edited by another program (waited \(seconds) s): nothing was changed"
        case .unreadable(let path, let reason):
            "\(RuleError.shown(path)) was not changed: it does not read as iCalendar without a defect (\(reason))"
        case .unknownUID(let uid, let what, let path):
            "no \(what) with UID \(RuleError.shown(uid)) in \(RuleError.shown(path))"
        case .notAnOccurrence(let uid, let time):
            "\(time) is not an occurrence of the event with UID \(RuleError.shown(uid))"
        case .notRecurring(let uid):
            "the event with UID \(RuleError.shown(uid)) does not recur: it has no occurrence to name"
        case .invalid(let reason):
            reason
        }
    }
}

/// A calendar file read, changed and written back safely: an advisory lock
/// (on the file's folder) held around the read-modify-write, the new bytes
/// written to a temporary file in the same folder, synced, renamed over the
/// file and the folder synced; so a reader sees the old file or the new one,
/// a crash leaves one of them, and two processes editing at once both land.
/// The file's mode (and, where the process may, its owner) is kept; a
/// symbolic link is written through.
///
/// A process that edits files should ignore SIGXFSZ (the `kalends` command
/// does): past a file-size limit a write then fails with an error, which
/// leaves the file as it was, instead of ending the process.
enum SafeFile {
    /// How long an edit waits for another one on the same folder.
    static let lockSeconds = 10

    /// Runs `change` on the file's current bytes (nil when it does not exist)
    /// under the lock, and writes what it returns (nothing when nil; an empty
    /// array removes the file, a vdir item left without an item).
    /// - Throws: `CalendarEditError`, or what `change` throws; the file is then unchanged.
    static func update<T>(_ path: String, lockSeconds: Int = SafeFile.lockSeconds,
                          _ change: (_ current: [UInt8]?) throws -> (bytes: [UInt8]?, result: T)) throws -> T {
        let target = resolved(path)
        let folder = directory(of: target)
        let lock = try Lock(folder: folder, file: path, seconds: lockSeconds)
        defer { lock.release() }
        removeStaleTemporaries(of: target, in: folder)
        var info = stat()
        let exists = stat(target, &info) == 0
        if !exists && errno != ENOENT { throw CalendarEditError.system(path: path, what: "be read", code: errno) }
        if exists && info.st_mode & 0o222 == 0 { throw CalendarEditError.readOnly(path: path) }
        let current: [UInt8]?
        if exists {
            do {
                current = try CalendarFileReader.contents(of: target, maximum: CalendarFileReader.maximumFileBytes)
            } catch {
                throw CalendarEditError.system(path: path, what: "be read", code: error.code)
            }
        } else {
            current = nil
        }
        let (bytes, result) = try change(current)
        if bytes?.isEmpty == true, exists {
            guard unlink(target) == 0 else { throw CalendarEditError.system(path: path, what: "be removed", code: errno) }
            syncFolder(folder)
        } else if let bytes {
            try replace(target, with: bytes, shownAs: path, keeping: exists ? info : nil, folder: folder)
        }
        return result
    }

    /// The path a symbolic link (or a chain of them) leads to; the path itself otherwise.
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// An exclusive advisory lock (flock) on a folder, waited for at most `lockSeconds`.
    struct Lock {
        let descriptor: Int32

        init(folder: String, file: String, seconds: Int) throws {
            var descriptor: Int32
            repeat { descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
            guard descriptor >= 0 else { throw CalendarEditError.system(path: folder, what: "be opened", code: errno) }
            var waited = 0
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK || errno == EINTR else {
                    let code = errno
                    close(descriptor)
                    throw CalendarEditError.system(path: folder, what: "be locked", code: code)
                }
                guard waited < seconds * 200 else {
                    close(descriptor)
                    throw CalendarEditError.locked(path: file, seconds: seconds)
                }
                usleep(5_000)
                waited += 1
            }
            self.descriptor = descriptor
        }

        func release() {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    /// The temporary files of edits of `target` that a killed process left:
    /// with the folder's lock held, no edit is writing one.
    static func removeStaleTemporaries(of target: String, in folder: String) {
        let prefix = "." + (target.split(separator: "/").last.map(String.init) ?? target) + ".kalends-"
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        var stale: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name.hasPrefix(prefix) { stale.append(name) }
        }
        for name in stale { unlink((folder == "/" ? "" : folder) + "/" + name) }
    }

    /// `bytes` written to a new file beside `target`, synced, renamed over it, the folder synced.
    static func replace(_ target: String, with bytes: [UInt8], shownAs path: String, keeping info: stat?, folder: String) throws {
        let name = target.split(separator: "/").last.map(String.init) ?? target
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<16 {
            temporary = (folder == "/" ? "" : folder) + "/." + name + ".kalends-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            repeat { descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) } while descriptor < 0 && errno == EINTR
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw CalendarEditError.system(path: path, what: "be written (a file beside it cannot be made)", code: errno) }
        func fail(_ what: String, _ code: Int32) -> CalendarEditError {
            close(descriptor)
            unlink(temporary)
            return .system(path: path, what: what, code: code)
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in write(descriptor, raw.baseAddress.map { $0 + written }, bytes.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw fail("be written", errno)
            }
            written += count
        }
        if let info {
            _ = fchmod(descriptor, info.st_mode & 0o7777)
            // Kept where the process may (its own files, or root's).
            _ = fchown(descriptor, info.st_uid, info.st_gid)
        }
        guard fsync(descriptor) == 0 else { throw fail("be written (sync)", errno) }
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(temporary)
            throw CalendarEditError.system(path: path, what: "be written", code: code)
        }
        guard rename(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            throw CalendarEditError.system(path: path, what: "be replaced", code: code)
        }
        syncFolder(folder)
    }

    /// The folder's entries made durable (a rename or an unlink in it survives a crash).
    static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
