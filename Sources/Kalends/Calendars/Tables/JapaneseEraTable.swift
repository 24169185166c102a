/// The Japanese eras as ICU (CLDR) numbers them, from Taika (0, 645) to
/// Reiwa (236, 2019): ICU's `ERA` field is the index in this table. Dates are
/// the proleptic Gregorian days on which ICU starts each era, `yyyymmdd`;
/// `JapaneseEraTableTests` checks every boundary against the system ICU.
///
/// Before era 1 (Hakuchi, 650-02-15) ICU answers era 0 with year
/// `gregorianYear - 644`, which is zero or negative before 645.
enum JapaneseEraTable {
    /// Era start dates as `year * 10_000 + month * 100 + day`; the first,
    /// Taika's, only fixes its first year (everything earlier is era 0 too).
    static let packedStarts: [Int32] = [
        6450619, 6500215, 6720101, 6860720, 7010321, 7040510, 7080111, 7150902, 7171117, 7240204,
        7290805, 7490414, 7490702, 7570818, 7650107, 7670816, 7701001, 7810101, 7820819, 8060518,
        8100919, 8240105, 8340103, 8480613, 8510428, 8541130, 8570221, 8590415, 8770416, 8850221,
        8890427, 8980426, 9010715, 9230411, 9310426, 9380522, 9470422, 9571027, 9610216, 9640710,
        9680813, 9700325, 9731220, 9760713, 9781129, 9830415, 9850427, 9870405, 9890808, 9901107,
        9950222, 9990113, 10040720, 10121225, 10170423, 10210202, 10240713, 10280725, 10370421,
        10401110, 10441124, 10460414, 10530111, 10580829, 10650802, 10690413, 10740823, 10771117,
        10810210, 10840207, 10870407, 10941215, 10961217, 10971121, 10990828, 11040210, 11060409,
        11080803, 11100713, 11130713, 11180403, 11200410, 11240403, 11260122, 11310129, 11320811,
        11350427, 11410710, 11420428, 11440223, 11450722, 11510126, 11541028, 11560427, 11590420,
        11600110, 11610904, 11630329, 11650605, 11660827, 11690408, 11710421, 11750728, 11770804,
        11810714, 11820527, 11840416, 11850814, 11900411, 11990427, 12010213, 12040220, 12060427,
        12071025, 12110309, 12131206, 12190412, 12220413, 12241120, 12250420, 12271210, 12290305,
        12320402, 12330415, 12341105, 12350919, 12381123, 12390207, 12400716, 12430226, 12470228,
        12490318, 12561005, 12570314, 12590326, 12600413, 12610220, 12640228, 12750425, 12780301,
        12880428, 12930805, 12990425, 13021121, 13030805, 13061214, 13081009, 13110428, 13120320,
        13170203, 13190428, 13210223, 13241209, 13260426, 13290829, 13310809, 13340129, 13360229,
        13400428, 13461208, 13700724, 13720401, 13750527, 13790322, 13810210, 13840428, 13870822,
        13870823, 13890209, 13900326, 13940705, 14280427, 14290905, 14410217, 14440205, 14490728,
        14520725, 14550725, 14570928, 14601221, 14660228, 14670303, 14690428, 14870729, 14890821,
        14920719, 15010301, 15040301, 15210823, 15280820, 15320729, 15551023, 15580228, 15700423,
        15730728, 15921208, 15961027, 16150713, 16240301, 16441216, 16480215, 16520918, 16550413,
        16580723, 16610425, 16730921, 16810929, 16840221, 16880930, 17040313, 17110425, 17160622,
        17360428, 17410227, 17440221, 17480712, 17511027, 17640602, 17721116, 17810402, 17890125,
        18010205, 18040211, 18180422, 18301210, 18441202, 18480228, 18541127, 18600318, 18610219,
        18640220, 18650407, 18680908, 19120730, 19261225, 19890108, 20190501,
    ]

    /// Day numbers of the era starts, and the Gregorian years they fall in.
    static let startDays: [Int32] = packedStarts.map { packed in
        let value = Int(packed)
        return Int32(GregorianMath.dayNumber(year: value / 10_000, month: value / 100 % 100, day: value % 100))
    }
    static let startYears: [Int32] = packedStarts.map { $0 / 10_000 }

    /// Day numbers of the starts of Meiji (232) ... Reiwa (236), as literals
    /// so the common case reads no lazily built table; a test checks them
    /// against `startDays`.
    static let meijiStart = -37_004
    static let taishoStart = -20_974
    static let showaStart = -15_713
    static let heiseiStart = 6_947
    static let reiwaStart = 18_017

    /// The Gregorian year era `index` starts in (literals for the modern eras).
    @inline(__always)
    static func startYear(ofEra index: Int) -> Int {
        switch index {
        case 236: 2019
        case 235: 1989
        case 234: 1926
        case 233: 1912
        case 232: 1868
        default: Int(startYears[index])
        }
    }

    /// The index of the era containing `day`: the last era starting at or
    /// before it, or 0 before Hakuchi.
    @inline(__always)
    static func eraIndex(ofDay day: Int) -> Int {
        // Most dates in use fall in the modern eras.
        if day >= meijiStart {
            if day >= heiseiStart { return day >= reiwaStart ? 236 : 235 }
            if day >= showaStart { return 234 }
            return day >= taishoStart ? 233 : 232
        }
        let starts = startDays
        var low = 0
        var high = 232
        // Invariant: starts[low] <= day (or low == 0) and day < starts[high].
        while high - low > 1 {
            let middle = (low + high) / 2
            if Int(starts[middle]) <= day { low = middle } else { high = middle }
        }
        return low
    }
}
