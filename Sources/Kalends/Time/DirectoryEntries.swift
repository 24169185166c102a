#if canImport(Glibc)
import Glibc
#endif

/// The names of `readdir`'s entries. A record is only as long as its name
/// (`d_reclen`), so the 256 bytes Swift gives `d_name` must not be copied
/// whole: past the last record of the system's buffer may lie unmapped
/// memory (a crash seen in a folder of thousands of entries). The name is
/// read as the C string it is.
package enum DirectoryEntries {
    /// Where `d_name` starts in a record (19 on Linux).
    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19

    /// The name's bytes, up to its terminating zero (valid while the entry is).
    package static func nameBytes(of entry: UnsafeMutablePointer<dirent>) -> UnsafeBufferPointer<UInt8> {
        let start = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: UInt8.self)
        return UnsafeBufferPointer(start: start, count: strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)))
    }

    /// The name, as text (bytes that are not UTF-8 repaired, as a String decoding them is).
    package static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        String(decoding: nameBytes(of: entry), as: UTF8.self)
    }

    /// Whether the entry is a FIFO, a socket or a device, or a link to one (nothing a
    /// folder of items holds as an item: vdirsyncer takes regular files only). `folder`: `readdir`'s stream.
    package static func isSpecial(_ entry: UnsafeMutablePointer<dirent>, in folder: OpaquePointer) -> Bool {
        let type = entry.pointee.d_type
        if type == UInt8(DT_FIFO) || type == UInt8(DT_SOCK) || type == UInt8(DT_CHR) || type == UInt8(DT_BLK) { return true }
        guard type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) else { return false }
        // What a link names (or what the file system did not say): asked.
        var info = stat()
        let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
        guard fstatat(dirfd(folder), name, &info, 0) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }
}
