/// The years of a table calendar as shipped in the source: generated once
/// from the reference engine (`Scripts/generate-calendar-tables.sh`), so the
/// table engines answer these years without ICU and the same on every
/// toolchain. Docs/Conformance.md says where each table came from.
///
/// `packed` holds three characters a year, in year order, from the 64-symbol
/// alphabet `0-9 A-Z a-z - _` (6 bits each, least significant first): bits
/// 0 ... 12 are the month lengths (bit `i` set: month `i + 1` has 30 days,
/// else 29), bits 13 ... 16 the position of the leap month (0: none, the
/// year has 12 months; 2 ... 13: 13 months). Line breaks are ignored. The
/// first day of `years.lowerBound` is `firstDay`; each later year starts
/// where the one before it ends.
struct BakedYearTable: Sendable {
    /// The calendar's identifier (`CalendarID.rawValue`).
    let calendar: String
    /// Which engine and ICU the years were computed with.
    let source: String
    /// The calendar years the table holds.
    let years: ClosedRange<Int>
    /// Day number of the first day of `years.lowerBound`.
    let firstDay: Int
    /// The reference's supported years (the years of ISO -9999 ... 9999),
    /// so the engine needs no ICU call to know them.
    let supportedYears: ClosedRange<Int>
    /// The years, packed as described above.
    let packed: StaticString

    /// The layouts of `years`, in order; nil when `packed` is not a table of
    /// exactly those years (a symbol outside the alphabet, a year no layout
    /// holds, too few or too many years).
    func layouts() -> [YearLayout]? {
        guard packed.hasPointerRepresentation else { return nil }
        var result: [YearLayout] = []
        result.reserveCapacity(years.count)
        var day = firstDay
        var value = 0
        var symbols = 0
        var failed = false
        packed.withUTF8Buffer { bytes in
            for byte in bytes where byte != 0x0A {
                guard let symbol = Self.symbolValue(byte) else {
                    failed = true
                    return
                }
                value |= symbol << (6 * symbols)
                symbols += 1
                guard symbols == 3 else { continue }
                guard result.count < years.count,
                      let layout = YearLayout(firstDay: day, longMonths: value & 0x1FFF, leapMonth: value >> 13)
                else {
                    failed = true
                    return
                }
                result.append(layout)
                day += Int(layout.dayCount)
                value = 0
                symbols = 0
            }
        }
        guard !failed, symbols == 0, result.count == years.count else { return nil }
        return result
    }

    /// The value of one symbol of the alphabet, or nil.
    @inline(__always)
    static func symbolValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A")) + 10
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a")) + 36
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }

    /// The symbols in value order (for the generator).
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_")
}
