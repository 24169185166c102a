/// The shape of a locale id as people type it, checked before ICU reads it:
/// ICU's canonicalization drops what it cannot parse (`he@@@` becomes `he`),
/// so a typing mistake would otherwise pass as another locale.
///
/// Two forms are well formed:
/// - a BCP 47 tag: subtags of 1 ... 8 ASCII letters and digits joined by
///   `-`, the first 2 ... 8 letters (`he`, `zh-Hant`, `he-u-nu-hebr`,
///   `ja-JP-u-ca-japanese`); ICU then checks that it parses all of it;
/// - an ICU or POSIX id: a language (2 ... 8 letters, or `C`) and subtags of
///   1 ... 8 letters and digits joined by `_` (an empty one in the middle, as
///   ICU's `en__POSIX`), then optionally `.CODESET` (`.UTF-8`) and
///   `@MODIFIER` (`@euro`) or `@key=value;key=value` (`@numbers=hebr`).
enum LocaleIdentifierSyntax {
    /// What a malformed id should have been, for error messages.
    static let expectation = "expected a BCP 47 tag or ICU id (he, zh-Hant, he-u-nu-hebr, fa_IR, en_US_POSIX)"

    /// The longest id read, in UTF-8 bytes (ICU's own ids are shorter).
    static let maximumLength = 100

    /// Whether `identifier` has one of the two forms (and is not too long).
    static func isWellFormed(_ identifier: String) -> Bool {
        let bytes = Array(identifier.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumLength, bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return false }
        if !bytes.contains(where: { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: ".") }) {
            return isLanguageTag(bytes)
        }
        return isICUIdentifier(bytes)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isLanguage(_ subtag: ArraySlice<UInt8>) -> Bool {
        ((2...8).contains(subtag.count) && subtag.allSatisfy(isLetter)) || subtag.elementsEqual("C".utf8)
    }

    /// `he-IL`, `he-u-nu-hebr`: no empty subtag, none longer than 8.
    private static func isLanguageTag(_ bytes: [UInt8]) -> Bool {
        let subtags = bytes.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard let language = subtags.first, isLanguage(language) else { return false }
        return subtags.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy(isAlphanumeric) }
    }

    /// `fa_IR`, `en_US_POSIX`, `he_IL.UTF-8`, `de_DE@euro`, `he@numbers=hebr`.
    private static func isICUIdentifier(_ bytes: [UInt8]) -> Bool {
        let at = bytes.firstIndex(of: UInt8(ascii: "@")) ?? bytes.endIndex
        let beforeKeywords = bytes[..<at]
        let dot = beforeKeywords.firstIndex(of: UInt8(ascii: ".")) ?? at
        let subtags = bytes[..<dot].split(separator: UInt8(ascii: "_"), omittingEmptySubsequences: false)
        guard let language = subtags.first, isLanguage(language), subtags.last?.isEmpty == false else { return false }
        for subtag in subtags.dropFirst() where !(subtag.count <= 8 && subtag.allSatisfy(isAlphanumeric)) { return false }
        if dot < at {
            // The codeset: UTF-8, utf8, ISO8859-15.
            let codeset = bytes[(dot + 1)..<at]
            guard (1...20).contains(codeset.count),
                  codeset.allSatisfy({ isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }) else { return false }
        }
        guard at < bytes.endIndex else { return true }
        let keywords = bytes[(at + 1)...]
        if !keywords.contains(UInt8(ascii: "=")) {
            // A POSIX modifier: @euro.
            return (1...16).contains(keywords.count) && keywords.allSatisfy(isAlphanumeric)
        }
        return keywords.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).allSatisfy { pair in
            let parts = pair.split(separator: UInt8(ascii: "="), omittingEmptySubsequences: false)
            guard parts.count == 2, (1...20).contains(parts[0].count), parts[0].allSatisfy(isAlphanumeric),
                  (1...40).contains(parts[1].count) else { return false }
            return parts[1].allSatisfy { isAlphanumeric($0) || "-_/+".utf8.contains($0) }
        }
    }
}
