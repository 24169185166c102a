/// Text blocks (month grids rendered as lines) set side by side in rows, as
/// `cal 2024` and `cal -3` set months: one layout for the year view and the
/// three-month view of `kalends month`.
enum GridColumns {
    /// The width of the widest line of any block, in terminal columns
    /// (`DisplayWidth`: 年 takes two), as the month grid measures its title.
    static func width(of blocks: [[String]]) -> Int {
        blocks.joined().map(DisplayWidth.of).max() ?? 0
    }

    /// `blocks` in rows of `perRow`, left to right, `gutter` spaces apart.
    ///
    /// Every block is padded to the widest line of all blocks (in columns), so columns line
    /// up from row to row, and every row to its tallest block, or to
    /// `minimumHeight` lines; rows are separated by one blank line. Lines carry
    /// no trailing blanks, and the output no blank lines at its end.
    ///
    ///     GridColumns.lines([["a", "b"], ["ccc"]], perRow: 3)   // ["a    ccc", "b"]
    static func lines(_ blocks: [[String]], perRow: Int, gutter: Int = 2, minimumHeight: Int = 0) -> [String] {
        let width = width(of: blocks)
        let perRow = Swift.max(1, perRow)
        let separator = String(repeating: " ", count: Swift.max(0, gutter))
        var lines: [String] = []
        for start in stride(from: 0, to: blocks.count, by: perRow) {
            if start > 0 { lines.append("") }
            let row = blocks[start..<Swift.min(start + perRow, blocks.count)]
            let height = Swift.max(minimumHeight, row.map(\.count).max() ?? 0)
            for index in 0..<height {
                let cells = row.map { block in
                    let line = index < block.count ? block[index] : ""
                    return line + String(repeating: " ", count: Swift.max(0, width - DisplayWidth.of(line)))
                }
                lines.append(trimmingTrailingBlanks(cells.joined(separator: separator)))
            }
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// `text` centered over `width` columns (the extra blank, if any, on the
    /// right), as the month title is centered over its grid.
    static func centered(_ text: String, width: Int) -> String {
        String(repeating: " ", count: Swift.max(0, (width - DisplayWidth.of(text)) / 2)) + text
    }

    /// `text` right-aligned in `width` columns, as `cal` sets day numbers.
    static func padded(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: Swift.max(0, width - DisplayWidth.of(text))) + text
    }

    /// `text` left-aligned in `width` columns (a label before more text).
    static func leftAligned(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: Swift.max(0, width - DisplayWidth.of(text)))
    }

    static func trimmingTrailingBlanks(_ line: String) -> String {
        // Spaces are single bytes that no grapheme extends: cut at the last other byte.
        let utf8 = line.utf8
        guard utf8.last == 0x20 else { return line }
        guard let last = utf8.lastIndex(where: { $0 != 0x20 }) else { return "" }
        return String(decoding: utf8[...last], as: UTF8.self)
    }
}
