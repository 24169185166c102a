import Kalends

/// How many terminal columns text takes, as glibc's `wcswidth` counts
/// them, scalar by scalar: East Asian wide and fullwidth characters (CJK,
/// kana, Hangul syllables, fullwidth forms, emoji; ICU's East Asian Width
/// property) take two; non-spacing and enclosing marks, format and control
/// characters and Hangul's medial and final jamo none; everything else one,
/// spacing vowel signs (Devanagari, Bengali, Tamil, Myanmar ...) included.
///
///     DisplayWidth.of("Mo")        // 2
///     DisplayWidth.of("2024年3月")  // 9
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        // ASCII is one column a byte: the grids of the default English output.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// One scalar's columns: 2, 1 or 0.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        isWide(scalar) ? 2 : isZeroWidth(scalar) ? 0 : 1
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return true
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
