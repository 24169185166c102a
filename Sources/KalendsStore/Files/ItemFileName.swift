/// The file name of a vdir item from its UID, as khal names items: the UID
/// itself when it is a safe name (letters, digits, `_ . - + @`, at most 200
/// bytes, not starting with a dot), so that the name says which item it is
/// and two UIDs never share it; else a 128-bit hash of the UID (two
/// FNV-1a 64-bit hashes over its UTF-8), `h-` and 32 hexadecimal digits,
/// stable across edits. Names are checked before a new item is written:
/// one that holds another UID is refused (`CalendarEditError.itemNameTaken`).
///
///     ItemFileName.name(for: "abc@example.com")   // "abc@example.com.ics"
///     ItemFileName.name(for: "a/b c")             // "h-….ics"
public enum ItemFileName {
    /// The characters of a UID kept as its file name.
    static func isSafe(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "@")
    }

    /// The item's file name (with `.ics`, or `.vcf` for a contact).
    public static func name(for uid: String, extension suffix: String = "ics") -> String {
        let bytes = Array(uid.utf8)
        if !bytes.isEmpty, bytes.count <= 200, bytes[0] != UInt8(ascii: "."), bytes.allSatisfy(isSafe) {
            return uid + "." + suffix
        }
        return "h-" + hex(fnv1a(bytes, basis: 0xcbf2_9ce4_8422_2325)) + hex(fnv1a(bytes, basis: 0x6c62_272e_07bb_0142)) + "." + suffix
    }

    /// The item's path in `folder`.
    public static func path(for uid: String, in folder: String, extension suffix: String = "ics") -> String {
        (folder.hasSuffix("/") ? folder : folder + "/") + name(for: uid, extension: suffix)
    }

    /// A new random UID in the form of a UUID (version 4), lower-case.
    public static func randomUUID() -> String {
        let high = UInt64.random(in: 0...UInt64.max) & 0xFFFF_FFFF_FFFF_0FFF | 0x4000
        let low = UInt64.random(in: 0...UInt64.max) & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
        let all = hex(high) + hex(low)
        return [all.prefix(8), all.dropFirst(8).prefix(4), all.dropFirst(12).prefix(4), all.dropFirst(16).prefix(4), all.dropFirst(20)]
            .joined(separator: "-")
    }

    /// FNV-1a, 64 bits, from `basis`.
    static func fnv1a(_ bytes: [UInt8], basis: UInt64) -> UInt64 {
        var hash = basis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
