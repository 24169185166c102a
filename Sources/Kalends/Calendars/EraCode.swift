import Synchronization

/// Era codes as small numbers: the codes Kalends produces have fixed
/// indices; any other string given to `Era.init(code:value:year:)` is
/// interned on first use (a rare path, behind a lock).
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

    private static let interned = Mutex<[String]>([])

    /// The index of `code`, interning a code not known before.
    static func index(of code: String?) -> UInt32 {
        guard let code else { return none }
        if let index = known.firstIndex(of: code), index > 0 { return UInt32(index) }
        return interned.withLock { extra in
            if let index = extra.firstIndex(of: code) { return UInt32(known.count + index) }
            extra.append(code)
            return UInt32(known.count + extra.count - 1)
        }
    }

    /// The code of an index.
    @inline(__always)
    static func text(_ index: UInt32) -> String? {
        if index == none { return nil }
        let position = Int(index)
        if position < known.count { return known[position] }
        return interned.withLock { extra in
            let offset = position - known.count
            return offset < extra.count ? extra[offset] : nil
        }
    }
}
