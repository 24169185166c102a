import CICU

/// Unicode character data the command line's grids need, from ICU (so the
/// tables follow the system ICU's Unicode version rather than a copy).
package enum ICUCharacterWidth {
    /// True when `scalar`'s East Asian Width is Wide or Fullwidth: CJK
    /// ideographs, kana, Hangul syllables, fullwidth forms and emoji take two
    /// terminal columns.
    package static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        kicu_is_east_asian_wide(Int32(bitPattern: scalar.value)) != 0
    }
}
