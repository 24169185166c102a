import Kalends

/// How many terminal columns text takes, as `wcwidth` counts them: East
/// Asian wide and fullwidth characters (CJK, kana, Hangul, fullwidth forms,
/// emoji; ICU's East Asian Width property) take two, combining marks,
/// format and control characters none, everything else one. Counted per grapheme cluster, so a letter with its
/// marks (`א׳` is two clusters, `סֹ` one) or an emoji sequence is one unit.
///
///     DisplayWidth.of("Mo")        // 2
///     DisplayWidth.of("2024年3月")  // 9
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        // ASCII is one column a byte: the grids of the default English output.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// One grapheme cluster: 2 if any of its scalars is wide, 0 if none takes
    /// a column of its own (a lone combining mark), else 1.
    static func of(_ character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars {
            if isWide(scalar) { return 2 }
            if !isZeroWidth(scalar) { width = 1 }
        }
        return width
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark, .format, .control: return true
        default:
            // Hangul medial vowels and final consonants join the syllable before them.
            return (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value)
        }
    }

    /// East Asian Width W or F, as the system ICU has it.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x1100 && ICUCharacterWidth.isWide(scalar)
    }
}
