/// 64-bit FNV-1a over a string's UTF-8 bytes: fast and, unlike `Hasher`,
/// the same in every run (event ids are sorted and coloured by it).
enum FNV1a {
    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }
}
