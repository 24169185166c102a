/// Era codes as small numbers: every code Kalends produces has a fixed
/// index. Nothing is interned at run time, so no input (an `Era` decoded from
/// untrusted JSON, `Era.init(code:value:year:)`) can grow a table.
enum EraCode {
    static let none: UInt32 = 0
    static let ce: UInt32 = 1
    static let bce: UInt32 = 2
    static let be: UInt32 = 3
    static let roc: UInt32 = 4
    static let broc: UInt32 = 5
    static let am: UInt32 = 6
    static let ah: UInt32 = 7
    static let bh: UInt32 = 8
    static let ap: UInt32 = 9
    static let shaka: UInt32 = 10
    static let bd: UInt32 = 11
    static let aa: UInt32 = 12
    /// Meiji ... Reiwa follow at 13 ... 17, in `EraCodes.japanese` order.
    static let firstJapanese: UInt32 = 13

    /// The codes with fixed indices (index 0, no code, is nil).
    static let known: [String] = ["", "ce", "bce", "be", "roc", "broc", "am", "ah", "bh", "ap", "shaka", "bd", "aa",
                                  "meiji", "taisho", "showa", "heisei", "reiwa"]

    /// The index of `code` (`none` for nil); nil for a code no calendar has.
    static func index(of code: String?) -> UInt32? {
        guard let code else { return none }
        guard let index = known.firstIndex(of: code), index > 0 else { return nil }
        return UInt32(index)
    }

    /// The code of an index.
    @inline(__always)
    static func text(_ index: UInt32) -> String? {
        let position = Int(index)
        return position > 0 && position < known.count ? known[position] : nil
    }
}
