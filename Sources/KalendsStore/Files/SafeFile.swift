#if canImport(Glibc)
import Glibc
#endif
import CFileSystem
import Kalends

/// Calendar files read, changed and written back safely, beside other
/// programs that write them too (vdirsyncer, khal, Thunderbird):
///
/// - an advisory lock (on the files' folder) held around the
///   read-modify-write, so two Kalends edits both land;
/// - each file's identity as read (device, inode, size, modification time
///   to the nanosecond) checked again when it is replaced: another program
///   that wrote it in between (in place, or by writing another file and
///   renaming it over, as vdirsyncer and khal do) makes the edit read again
///   and redo its change, a bounded number of times, else refuse;
/// - the new bytes written to a hidden temporary file in the same folder,
///   synced, given the file's mode and owner (a failure is an error), then
///   exchanged with the file atomically (Linux's RENAME_EXCHANGE): the file
///   it displaced is checked to be the one read and only then removed; one
///   another program wrote in the last instant is put back and the edit
///   redone on it, so that no write of theirs is ever lost, however close;
///   the folder synced: a reader sees a whole file, a crash leaves one;
///   a symbolic link is written through;
/// - whether a file may be written is the system's answer (`access`, and
///   the error of the writes), not a guess from its mode bits.
///
/// A process that edits files should ignore SIGXFSZ (the `kalends` command
/// does): past a file-size limit a write then fails with an error, which
/// leaves the file as it was, instead of ending the process.
public enum SafeFile {
    /// How long an edit waits for another one on the same folder.
    public static let lockSeconds = 10
    /// How many times an edit is redone when another program changed the file meanwhile
    /// (waiting a little longer each time, up to about 2 s in all).
    static let attempts = 20

    /// A file as it was read: what a write by another program changes.
    struct Identity: Hashable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modified: Int64
        let modifiedNanoseconds: Int64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = Int64(info.st_mtim.tv_sec)
            modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
        }

        /// The identity of the file at `path` now; nil when there is none.
        /// - Throws: `CalendarEditError.system` when it cannot be asked.
        static func current(_ path: String, shownAs: String) throws(CalendarEditError) -> Identity? {
            var info = stat()
            guard stat(path, &info) == 0 else {
                if errno == ENOENT { return nil }
                throw .system(path: shownAs, what: "be read", code: errno)
            }
            return Identity(info)
        }
    }

    /// A file of the folder as the edit read it.
    public struct Snapshot {
        /// The path written to (a symbolic link resolved).
        let target: String
        /// The path as given, for messages.
        public let shownAs: String
        /// Its bytes; nil when it does not exist.
        public let bytes: [UInt8]?
        /// Its identity when read; nil when it did not exist.
        let identity: Identity?
        /// Its mode and owner, kept by the new file.
        let info: stat?
    }

    /// A change to one file, checked against the snapshot it was made from.
    public enum Write {
        /// The file's bytes replaced (created, when the snapshot found none).
        case replace(Snapshot, [UInt8])
        /// The file removed (a vdir item left without an item).
        case remove(Snapshot)
    }

    /// The reads an edit makes under the lock.
    public struct Reader {
        /// The file at `path` (nil bytes when it does not exist).
        /// - Throws: `CalendarEditError` when it cannot be read or written (read-only).
        public func read(_ path: String) throws(CalendarEditError) -> Snapshot {
            let target = resolved(path)
            var descriptor: Int32
            // Not blocking: a FIFO would hold the open for ever; it is refused below.
            repeat { descriptor = open(target, O_RDONLY | O_CLOEXEC | O_NONBLOCK) } while descriptor < 0 && errno == EINTR
            guard descriptor >= 0 else {
                if errno == ENOENT { return Snapshot(target: target, shownAs: path, bytes: nil, identity: nil, info: nil) }
                throw .system(path: path, what: "be read", code: errno)
            }
            defer { close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { throw .system(path: path, what: "be read", code: errno) }
            // Only a regular file is replaced by a new one (a device or a FIFO would not be itself after).
            let kind = info.st_mode & S_IFMT
            guard kind == S_IFREG || kind == S_IFDIR else { throw .system(path: path, what: "be edited (it is not a regular file)", code: EINVAL) }
            if access(target, W_OK) != 0 {
                let code = errno
                if code == EACCES || code == EROFS || code == EPERM { throw .readOnly(path: path, code: code) }
                throw .system(path: path, what: "be written", code: code)
            }
            let bytes: [UInt8]
            do {
                bytes = try CalendarFileReader.contents(of: descriptor, path: path, maximum: CalendarFileReader.maximumFileBytes)
            } catch {
                throw .system(path: path, what: "be read", code: error.code)
            }
            return Snapshot(target: target, shownAs: path, bytes: bytes, identity: Identity(info), info: info)
        }
    }

    /// Another program changed a file after it was read: the edit is read and made again.
    private struct Conflict: Error {}

    /// Runs `change` under the lock of `folder` on the files it reads, and
    /// makes the writes it returns; when another program changed one of
    /// those files since it was read, runs it again on what is there now,
    /// up to `attempts` times.
    /// - Throws: `CalendarEditError` (`.locked`, `.changedByAnotherProgram`,
    ///   `.readOnly`, `.system`, ...), or what `change` throws; the files are then unchanged.
    static func edit<T>(folder: String, shownAs path: String, lockSeconds: Int = SafeFile.lockSeconds, attempts: Int = SafeFile.attempts,
                        _ change: (Reader) throws -> (writes: [Write], result: T)) throws -> T {
        let lock = try Lock(folder: folder, file: path, seconds: lockSeconds)
        defer { lock.release() }
        for attempt in 0..<attempts {
            let (writes, result) = try change(Reader())
            for write in writes {
                switch write {
                case .replace(let snapshot, _), .remove(let snapshot):
                    removeStaleTemporaries(of: snapshot.target, in: directory(of: snapshot.target))
                }
            }
            do {
                try commit(writes)
                return result
            } catch is Conflict {
                // The other program is writing: let it finish before reading again.
                usleep(UInt32.random(in: 1_000...10_000) * UInt32(min(attempt + 1, 20)))
                continue
            }
        }
        throw CalendarEditError.changedByAnotherProgram(path: path, attempts: attempts)
    }

    /// The locked read-modify-write of files in the folder of `file` (the
    /// calendar and contact editors' one way to write): `body` reads what it
    /// needs through the reader and returns the writes, which are made once
    /// every file read is checked to be unchanged; else `body` runs again.
    /// - Throws: `CalendarEditError`, or what `body` throws; the files are then unchanged.
    public static func transaction<T>(file: String, lockSeconds: Int = SafeFile.lockSeconds,
                                      _ body: (Reader) throws(CalendarEditError) -> ([Write], T)) throws(CalendarEditError) -> T {
        let folder = directory(of: resolved(file))
        do {
            return try edit(folder: folder, shownAs: file, lockSeconds: lockSeconds) { reader in
                let (writes, result) = try body(reader)
                return (writes, result)
            }
        } catch let error as CalendarEditError {
            throw error
        } catch {
            throw .system(path: file, what: "be edited (\(error))", code: 0)
        }
    }

    /// The writes made, each file checked to be the one read just before it is replaced.
    private static func commit(_ writes: [Write]) throws {
        // Every file as read, before any is written: a conflict changes nothing.
        for write in writes {
            switch write {
            case .replace(let snapshot, _), .remove(let snapshot):
                guard try Identity.current(snapshot.target, shownAs: snapshot.shownAs) == snapshot.identity else { throw Conflict() }
            }
        }
        for write in writes {
            switch write {
            case .replace(let snapshot, let bytes):
                try replace(snapshot, with: bytes)
            case .remove(let snapshot):
                try remove(snapshot)
            }
        }
    }

    /// The snapshot's file removed, losing no other program's write: it is
    /// moved aside first, and removed only when it is the one read; one
    /// another program wrote meanwhile is put back and the edit redone.
    private static func remove(_ snapshot: Snapshot) throws {
        let target = snapshot.target, path = snapshot.shownAs
        let folder = directory(of: target)
        let name = target.split(separator: "/").last.map(String.init) ?? target
        let aside = (folder == "/" ? "" : folder) + "/." + name + ".kalends-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        guard kalends_rename_noreplace(target, aside) == 0 else {
            if errno == ENOENT { throw Conflict() }
            throw CalendarEditError.system(path: path, what: "be removed", code: errno)
        }
        if try Identity.current(aside, shownAs: path) == snapshot.identity {
            unlink(aside)
            syncFolder(folder)
            return
        }
        guard kalends_rename_noreplace(aside, target) == 0 else {
            throw CalendarEditError.system(path: path, what: "be restored (another program's version is at \(aside))", code: errno)
        }
        throw Conflict()
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

    /// An exclusive advisory lock (flock) on a folder, waited for at most `seconds`.
    struct Lock {
        let descriptor: Int32

        init(folder: String, file: String, seconds: Int) throws(CalendarEditError) {
            var descriptor: Int32
            repeat { descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
            guard descriptor >= 0 else { throw .system(path: folder, what: "be opened", code: errno) }
            var waited = 0
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK || errno == EINTR else {
                    let code = errno
                    close(descriptor)
                    throw .system(path: folder, what: "be locked", code: code)
                }
                guard waited < seconds * 200 else {
                    close(descriptor)
                    throw .locked(path: file, seconds: seconds)
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
            let name = DirectoryEntries.name(of: entry)
            if name.hasPrefix(prefix) { stale.append(name) }
        }
        for name in stale { unlink((folder == "/" ? "" : folder) + "/" + name) }
    }

    /// `bytes` written to a new file beside the snapshot's, synced, given its
    /// mode and owner, renamed over it (once it is checked to be the file read), the folder synced.
    private static func replace(_ snapshot: Snapshot, with bytes: [UInt8]) throws {
        let target = snapshot.target, path = snapshot.shownAs
        let folder = directory(of: target)
        let name = target.split(separator: "/").last.map(String.init) ?? target
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<16 {
            temporary = (folder == "/" ? "" : folder) + "/." + name + ".kalends-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            repeat { descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) } while descriptor < 0 && errno == EINTR
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else {
            let code = errno
            if code == EACCES || code == EROFS || code == EPERM { throw CalendarEditError.readOnly(path: path, code: code) }
            throw CalendarEditError.system(path: path, what: "be written (a file beside it cannot be made)", code: code)
        }
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
        if let info = snapshot.info {
            guard fchmod(descriptor, info.st_mode & 0o7777) == 0 else { throw fail("keep its permissions", errno) }
            // The owner and group kept: a file the process does not own keeps them only where the system allows it.
            if info.st_uid != geteuid() || info.st_gid != getegid() {
                guard fchown(descriptor, info.st_uid, info.st_gid) == 0 else { throw fail("keep its owner and group", errno) }
            }
        }
        guard fsync(descriptor) == 0 else { throw fail("be written (sync)", errno) }
        var ours = stat()
        guard fstat(descriptor, &ours) == 0 else { throw fail("be written", errno) }
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(temporary)
            throw CalendarEditError.system(path: path, what: "be written", code: code)
        }
        try install(temporary, ours: Identity(ours), over: snapshot)
        syncFolder(folder)
    }

    /// The written temporary file put in place of the snapshot's file, losing
    /// no other program's write: a new file only where none is (no-replace);
    /// else an atomic exchange, after which the file displaced (now at the
    /// temporary path) must be the one read. One that is not was written by
    /// another program just now: it is exchanged back (and again, should yet
    /// another write have come, until the file at the temporary path is ours)
    /// and the edit is redone (`Conflict`). Only the file read, or our own
    /// temporary file, is ever removed.
    private static func install(_ temporary: String, ours: Identity, over snapshot: Snapshot) throws {
        let target = snapshot.target, path = snapshot.shownAs
        guard snapshot.identity != nil else {
            if kalends_rename_noreplace(temporary, target) == 0 { return }
            let code = errno
            unlink(temporary)
            if code == EEXIST { throw Conflict() }
            throw CalendarEditError.system(path: path, what: "be created", code: code)
        }
        guard kalends_rename_exchange(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            // The file went away meanwhile: made again on what is there now.
            if code == ENOENT { throw Conflict() }
            throw CalendarEditError.system(path: path, what: "be replaced", code: code)
        }
        // The temporary path now holds the file displaced.
        if try Identity.current(temporary, shownAs: path) == snapshot.identity {
            unlink(temporary)
            return
        }
        // Another program's write: it goes back in place, ours is taken out again.
        for _ in 0..<64 {
            guard kalends_rename_exchange(temporary, target) == 0 else {
                throw CalendarEditError.system(path: path, what: "be restored (another program's version is at \(temporary))", code: errno)
            }
            if try Identity.current(temporary, shownAs: path) == ours {
                unlink(temporary)
                throw Conflict()
            }
        }
        throw CalendarEditError.system(path: path, what: "be restored (another program's version is at \(temporary))", code: EAGAIN)
    }

    /// The folder's entries made durable (a rename or an unlink in it survives a crash).
    static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
