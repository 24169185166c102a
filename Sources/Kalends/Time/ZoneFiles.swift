#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's zone files: where they are, how a name becomes a file, and
/// reading one (with the system's reason when it cannot be read).
package enum ZoneFiles {
    /// The system's zone directory.
    static let defaultDirectory = "/usr/share/zoneinfo"

    /// The directories searched for a zone name: `TZDIR` if set, then /usr/share/zoneinfo.
    static var directories: [String] {
        var result: [String] = []
        if let tzdir = environment("TZDIR"), !tzdir.isEmpty { result.append(tzdir) }
        if !result.contains(defaultDirectory) { result.append(defaultDirectory) }
        return result
    }

    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// Whether `name` can name a file under a zone directory: relative, of
    /// letters, digits and `._+-` in components that are not `.` or `..`.
    static func isPlausibleName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, name.first != "/" else { return false }
        for component in name.split(separator: "/", omittingEmptySubsequences: false) {
            guard !component.isEmpty, component != ".", component != "..",
                  component.utf8.allSatisfy({ byte in
                      (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
                          || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                  }) else { return false }
        }
        return true
    }

    /// What reading a file gave.
    enum Reading {
        case bytes([UInt8])
        /// No such file, or not a regular file (a directory): not a zone.
        case missing
        /// It exists but cannot be read: the system's reason.
        case unreadable(String)
    }

    /// The bytes of the regular file at `path`, up to `limit` bytes (more is `.unreadable`).
    static func read(_ path: String, limit: Int = TZifReader.maximumBytes) -> Reading {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            return code == ENOENT || code == ENOTDIR || code == EISDIR ? .missing : .unreadable(reason(code))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .unreadable(reason(errno)) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { return .missing }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .unreadable(reason(errno))
            }
            if count == 0 { break }
            result.append(contentsOf: buffer[0..<count])
            if result.count > limit { return .unreadable("larger than \(limit) bytes: not a zone file") }
        }
        return .bytes(result)
    }

    static func reason(_ code: Int32) -> String { SystemReason.text(code) }

    /// Where the symbolic link at `path` points, or nil.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 1_024)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The zone name of a path into a zone directory (`/usr/share/zoneinfo/Asia/Tokyo`,
    /// `../usr/share/zoneinfo/Asia/Tokyo`: `Asia/Tokyo`), or nil.
    static func zoneName(ofPath path: String) -> String? {
        for directory in directories {
            let prefix = directory.hasSuffix("/") ? directory : directory + "/"
            if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        }
        guard let range = path.firstRange(of: "zoneinfo/") else { return nil }
        var name = String(path[range.upperBound...])
        // Debian's posix/ tree holds the same zones as the top level.
        if name.hasPrefix("posix/") { name.removeFirst("posix/".count) }
        return name.isEmpty ? nil : name
    }
}

/// The C library's `read`, which `ZoneFiles.read` hides.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

extension ZoneFiles {
    /// The names of the zones under `directory` (its TZif files; the right/
    /// and posix/ trees, leap-second and repeated, and `localtime` left
    /// out), sorted: what tests go through when they check every zone.
    package static func systemZoneNames(in directory: String = defaultDirectory) -> [String] {
        var names: [String] = []
        func walk(_ relative: String) {
            let path = relative.isEmpty ? directory : directory + "/" + relative
            guard let folder = opendir(path) else { return }
            defer { closedir(folder) }
            while let entry = readdir(folder) {
                let name = DirectoryEntries.name(of: entry)
                guard !name.hasPrefix(".") else { continue }
                let inner = relative.isEmpty ? name : relative + "/" + name
                if relative.isEmpty && (name == "right" || name == "posix" || name == "localtime") { continue }
                var info = stat()
                guard stat(directory + "/" + inner, &info) == 0 else { continue }
                if (info.st_mode & S_IFMT) == S_IFDIR {
                    walk(inner)
                } else if case .bytes(let bytes) = read(directory + "/" + inner), TZifReader.looksLikeTZif(bytes) {
                    names.append(inner)
                }
            }
        }
        walk("")
        return names.sorted()
    }
}
