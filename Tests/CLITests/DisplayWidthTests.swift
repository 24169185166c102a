import XCTest
@testable import kalends

/// `DisplayWidth`: terminal columns as glibc's wcwidth counts them, which the month
/// grids use to line up ICU's names and numerals.
final class DisplayWidthTests: XCTestCase {
    func testColumns() {
        let cases: [(String, Int, String)] = [
            ("", 0, ""),
            ("Mo", 2, ""),
            ("2024年3月", 8 + 1, "年 and 月 are wide"),
            ("日", 2, ""),
            ("일", 2, "a Hangul syllable"),
            ("\u{1112}\u{1161}\u{11AB}", 2, "the same syllable as jamo: one wide cluster"),
            ("ＡＢ", 4, "fullwidth forms"),
            ("א׳", 2, "a letter and a geresh"),
            ("ט״ו", 3, ""),
            ("שָׁלוֹם", 4, "points are combining marks"),
            ("e\u{301}", 1, ""),
            ("\u{301}", 0, "a lone combining mark"),
            ("١٥", 2, "Arabic-Indic digits"),
            ("۱ش", 2, ""),
            ("सो", 2, "a consonant and its spacing vowel sign, one column each as wcwidth counts"),
            ("कि", 2, "i is a spacing mark too"),
            ("कं", 1, "anusvara is a non-spacing mark"),
            ("\u{200F}a", 1, "a format character takes no column"),
            ("〇", 2, ""),
            ("\u{303F}", 1, "the half-fill space is narrow"),
        ]
        for (text, width, why) in cases {
            XCTAssertEqual(DisplayWidth.of(text), width, "\(text.unicodeScalars.map { String($0.value, radix: 16) }): \(why)")
        }
    }

    func testWideCharactersAreICUs() {
        XCTAssertTrue(DisplayWidth.isWide("\u{4E00}"), "an ideograph")
        XCTAssertTrue(DisplayWidth.isWide("\u{1F600}"), "an emoji")
        XCTAssertTrue(DisplayWidth.isWide("\u{FF21}"), "fullwidth A")
        XCTAssertFalse(DisplayWidth.isWide("A"))
        XCTAssertFalse(DisplayWidth.isWide("\u{05D0}"), "alef")
        XCTAssertFalse(DisplayWidth.isWide("\u{FF61}"), "a halfwidth form")
    }

    func testGridColumnsCountColumns() {
        XCTAssertEqual(GridColumns.width(of: [["2024年3月"], ["abc"]]), 9)
        XCTAssertEqual(GridColumns.lines([["日 月", "1"], ["x"]], perRow: 2), ["日 月  x", "1"])
        XCTAssertEqual(GridColumns.centered("2024年3月", width: 20), "     2024年3月")
        XCTAssertEqual(GridColumns.padded("١", to: 2), " ١")
        XCTAssertEqual(GridColumns.padded("日", to: 2), "日")
    }
}
