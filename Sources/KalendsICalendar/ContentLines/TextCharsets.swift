import CICU

/// Text in a legacy charset (vCard 2.1's `CHARSET=windows-1252`,
/// `ISO-8859-1`, `Shift_JIS`...) read as Unicode through ICU's converters.
public enum TextCharsets {
    /// `bytes` read in `charset` (an IANA or MIME name; bytes it does not
    /// define become U+FFFD); nil when ICU knows no such charset.
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>, charset: String) -> String? {
        let upper = charset.uppercased()
        if upper == "UTF-8" || upper == "UTF8" { return String(decoding: bytes, as: UTF8.self) }
        guard charset.utf8.count < 64, bytes.count < Int(Int32.max) / 4 else { return nil }
        if bytes.isEmpty { return "" }
        var capacity = bytes.count * 3 + 16
        for _ in 0..<2 {
            var buffer = [CChar](repeating: 0, count: capacity)
            var status: Int32 = 0
            let length = bytes.withMemoryRebound(to: CChar.self) { chars in
                kicu_convert_to_utf8(charset, chars.baseAddress, Int32(chars.count), &buffer, Int32(capacity), &status)
            }
            // U_BUFFER_OVERFLOW_ERROR: once more with the length ICU asked for.
            if status == 15 && Int(length) > capacity {
                capacity = Int(length) + 1
                continue
            }
            guard status <= 0, length >= 0 else { return nil }
            return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }

    /// `bytes` read in `charset`.
    public static func decode(_ bytes: [UInt8], charset: String) -> String? {
        bytes.withUnsafeBufferPointer { decode($0, charset: charset) }
    }
}
