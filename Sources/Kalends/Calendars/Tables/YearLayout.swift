/// The months of one year in three words: first day, month count, the
/// position of the leap month, the year's length, and where each month
/// starts (9 bits a month), so every question about the year is a shift.
///
/// Months are `M01`, `M02`, ... in order, with at most one leap month `MnnL`
/// right after `Mnn`, as in every calendar the table engines serve.
struct YearLayout: Hashable, Sendable {
    /// Day number of the first day of the year.
    let firstDay: Int32
    /// 12 or 13.
    let monthCount: UInt8
    /// 1-based position of the leap month, 0 when the year has none.
    let leapMonth: UInt8
    /// Days in the year.
    let dayCount: UInt16
    /// Days from the year's first day to the first of months 2 ... 8, 9 bits each.
    let startsLow: UInt64
    /// The same for months 9 ... 13.
    let startsHigh: UInt64

    /// Packs a year as a reference engine describes it; nil when the year
    /// does not fit the form (month codes out of order, a month shorter than
    /// 1 or longer than 31 days, a day number beyond 32 bits).
    init?(firstDay: Int, codes: [MonthCode], lengths: [Int]) {
        guard codes.count == lengths.count, (1...13).contains(codes.count),
              let first = Int32(exactly: firstDay) else { return nil }
        var leap = 0
        var number = 0
        for (index, code) in codes.enumerated() {
            if code.isLeap {
                guard leap == 0, code.number == number, number > 0 else { return nil }
                leap = index + 1
            } else {
                guard code.number == number + 1 else { return nil }
                number += 1
            }
        }
        var low: UInt64 = 0
        var high: UInt64 = 0
        var start = 0
        for (index, length) in lengths.enumerated() {
            guard (1...31).contains(length) else { return nil }
            start += length
            // `start` now begins month index + 2.
            let slot = index
            if index + 1 < lengths.count {
                if slot < 7 { low |= UInt64(start) << UInt64(9 * slot) } else { high |= UInt64(start) << UInt64(9 * (slot - 7)) }
            }
        }
        self.firstDay = first
        self.monthCount = UInt8(codes.count)
        self.leapMonth = UInt8(leap)
        self.dayCount = UInt16(start)
        self.startsLow = low
        self.startsHigh = high
    }

    /// A year as a baked table stores it (`BakedYearTable`): 12 months, or
    /// 13 with the leap month at position `leapMonth` (2 ... 13, 0 for none);
    /// month `i + 1` has 30 days when bit `i` of `longMonths` is set, else 29.
    /// Nil when the bits describe no such year.
    init?(firstDay: Int, longMonths: Int, leapMonth: Int) {
        guard leapMonth == 0 || (2...13).contains(leapMonth) else { return nil }
        let count = leapMonth == 0 ? 12 : 13
        guard longMonths >= 0, longMonths >> count == 0, let first = Int32(exactly: firstDay) else { return nil }
        var low: UInt64 = 0
        var high: UInt64 = 0
        var start = 0
        for index in 0..<count {
            start += 29 + (longMonths >> index) & 1
            if index + 1 < count {
                if index < 7 { low |= UInt64(start) << UInt64(9 * index) } else { high |= UInt64(start) << UInt64(9 * (index - 7)) }
            }
        }
        self.firstDay = first
        self.monthCount = UInt8(count)
        self.leapMonth = UInt8(leapMonth)
        self.dayCount = UInt16(start)
        self.startsLow = low
        self.startsHigh = high
    }

    /// The first word as `YearLayoutCache` stores it: first day, month
    /// count, leap month, day count. Never 0 (a year has a month).
    var head: UInt64 {
        UInt64(UInt32(bitPattern: firstDay)) | UInt64(monthCount) << 32 | UInt64(leapMonth) << 40 | UInt64(dayCount) << 48
    }

    /// A layout from the words `YearLayoutCache` stores.
    @inline(__always)
    init(head: UInt64, startsLow: UInt64, startsHigh: UInt64) {
        firstDay = Int32(bitPattern: UInt32(truncatingIfNeeded: head))
        monthCount = UInt8(truncatingIfNeeded: head >> 32)
        leapMonth = UInt8(truncatingIfNeeded: head >> 40)
        dayCount = UInt16(truncatingIfNeeded: head >> 48)
        self.startsLow = startsLow
        self.startsHigh = startsHigh
    }

    /// Days from the first day of the year to the first of `month` (1-based;
    /// `monthCount + 1` and beyond give the year's length).
    @inline(__always)
    func daysBefore(month: Int) -> Int {
        if month <= 1 { return 0 }
        if month > Int(monthCount) { return Int(dayCount) }
        let slot = month &- 2
        let word = slot < 7 ? startsLow >> UInt64(9 &* slot) : startsHigh >> UInt64(9 &* (slot &- 7))
        return Int(word & 511)
    }

    /// Days in the `month`-th month (1-based, valid).
    @inline(__always)
    func length(ofMonth month: Int) -> Int {
        daysBefore(month: month &+ 1) &- daysBefore(month: month)
    }

    /// The month code of the `month`-th month.
    @inline(__always)
    func code(ofMonth month: Int) -> MonthCode {
        let leap = Int(leapMonth)
        if leap == 0 || month < leap { return MonthCode(month) }
        return month == leap ? MonthCode(month &- 1, isLeap: true) : MonthCode(month &- 1)
    }

    /// The position of `code`, or nil when the year lacks it.
    @inline(__always)
    func month(of code: MonthCode) -> Int? {
        let leap = Int(leapMonth)
        if code.isLeap {
            return leap != 0 && code.number == leap &- 1 ? leap : nil
        }
        let count = Int(monthCount) &- (leap == 0 ? 0 : 1)
        guard code.number >= 1 && code.number <= count else { return nil }
        return leap != 0 && code.number >= leap ? code.number &+ 1 : code.number
    }

    /// Month and day of a day of year (0-based, within the year).
    @inline(__always)
    func monthAndDay(dayOfYear: Int) -> (month: Int, day: Int) {
        // No month is longer than 31 days, so this is the month or one before it.
        var month = dayOfYear / 31 &+ 1
        while month < Int(monthCount) && daysBefore(month: month &+ 1) <= dayOfYear {
            month &+= 1
        }
        return (month, dayOfYear &- daysBefore(month: month) &+ 1)
    }
}
