import CICU

/// Text compared as people of a locale compare it, by ICU's collation:
/// sort keys for ordering names, and a search that ignores case and
/// accents (primary strength) for finding text in fields.
///
///     let collator = try TextCollator(locale: "sv")
///     names.sorted { collator.key($0).lexicographicallyPrecedes(collator.key($1)) }
///     TextSearch(pattern: "muller")?.matches("Jürgen Müller")   // true
public final class TextCollator: @unchecked Sendable {
    private let pointer: OpaquePointer
    private let lock = Lock()

    /// The collator of `locale` (a BCP 47 or ICU locale ID; "" for the root collation).
    /// - Throws: `ConversionError.icuFailure` when ICU cannot open it.
    public init(locale: String = "") throws(ConversionError) {
        var status: Int32 = 0
        guard locale.utf8.count < 128, let collator = kicu_collator_open(locale, &status), status <= 0 else {
            throw .icuFailure(operation: "open the collator of '\(locale)'", status: ICUCalendarHandle.errorName(status))
        }
        pointer = collator
    }

    deinit { kicu_collator_close(pointer) }

    /// The sort key of `text`: keys compare byte by byte as the texts collate.
    public func key(_ text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                lock.lock()
                defer { lock.unlock() }
                do {
                    var status: Int32 = 0
                    var buffer = [UInt8](repeating: 0, count: Swift.max(64, chars.count * 4 + 16))
                    var length = Int(kicu_sort_key(pointer, chars.baseAddress, Int32(chars.count), &buffer, Int32(buffer.count), &status))
                    if length > buffer.count {
                        buffer = [UInt8](repeating: 0, count: length)
                        length = Int(kicu_sort_key(pointer, chars.baseAddress, Int32(chars.count), &buffer, Int32(buffer.count), &status))
                    }
                    return Array(buffer.prefix(Swift.max(0, Swift.min(length, buffer.count))))
                }
            }
        }
    }
}

/// A search for one text in others, case and accents ignored (ICU's
/// string search at primary strength, by the collation of a locale).
public final class TextSearch: @unchecked Sendable {
    private let pointer: OpaquePointer
    private let lock = Lock()

    /// A search for `pattern`; nil for an empty pattern, one of nothing but
    /// characters the search ignores (it would match everything), or one ICU cannot search for.
    public init?(pattern: String, locale: String = "") {
        var status: Int32 = 0
        var pattern = pattern
        let opened: OpaquePointer? = pattern.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                locale.utf8.count < 128 ? kicu_search_open(locale, chars.baseAddress, Int32(chars.count), &status) : nil
            }
        }
        guard let opened, status <= 0 else { return nil }
        pointer = opened
        // A pattern of nothing but characters the search ignores (a lone
        // combining accent, a zero-width space) would match every text.
        if matches("0") && matches("1") { return nil }
    }

    deinit { kicu_search_close(pointer) }

    /// Whether `text` contains the pattern.
    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                lock.lock()
                defer { lock.unlock() }
                do {
                    var status: Int32 = 0
                    return kicu_search_matches(pointer, chars.baseAddress, Int32(chars.count), &status) == 1 && status <= 0
                }
            }
        }
    }
}
