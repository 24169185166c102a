/// The months of one year in 16 bytes: first day, month count, the position
/// of the leap month, and every month's length in 4 bits (16 ... 31 days).
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
    /// Month k (1-based) has `16 + (lengths >> (4 (k - 1))) & 15` days.
    let lengths: UInt64

    /// Packs a year as a reference engine describes it; nil when the year
    /// does not fit the form (month codes out of order, a month shorter than
    /// 16 or longer than 31 days, a day number beyond 32 bits).
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
        var packed: UInt64 = 0
        for (index, length) in lengths.enumerated() {
            guard (16...31).contains(length) else { return nil }
            packed |= UInt64(length - 16) << UInt64(4 * index)
        }
        self.firstDay = first
        self.monthCount = UInt8(codes.count)
        self.leapMonth = UInt8(leap)
        self.lengths = packed
        self.dayCount = UInt16(lengths.reduce(0, +))
    }

    /// Days in the `month`-th month (1-based, valid).
    @inline(__always)
    func length(ofMonth month: Int) -> Int {
        16 &+ Int((lengths >> UInt64(4 &* (month &- 1))) & 15)
    }

    /// The month code of the `month`-th month.
    @inline(__always)
    func code(ofMonth month: Int) -> MonthCode {
        let leap = Int(leapMonth)
        if leap == 0 || month < leap { return MonthCode(month) }
        return month == leap ? MonthCode(month &- 1, isLeap: true) : MonthCode(month &- 1)
    }

    /// The position of `code`, or nil when the year lacks it.
    func month(of code: MonthCode) -> Int? {
        let leap = Int(leapMonth)
        if code.isLeap {
            return leap != 0 && code.number == leap - 1 ? leap : nil
        }
        let count = Int(monthCount) - (leap == 0 ? 0 : 1)
        guard code.number >= 1 && code.number <= count else { return nil }
        return leap != 0 && code.number >= leap ? code.number + 1 : code.number
    }

    /// Month and day of a day of year (0-based, within the year).
    @inline(__always)
    func monthAndDay(dayOfYear: Int) -> (month: Int, day: Int) {
        var remaining = dayOfYear
        var month = 1
        var bits = lengths
        let last = Int(monthCount)
        while month < last {
            let length = 16 &+ Int(bits & 15)
            if remaining < length { break }
            remaining &-= length
            bits >>= 4
            month &+= 1
        }
        return (month, remaining &+ 1)
    }

    /// Days from the first day of the year to the first of `month`.
    @inline(__always)
    func daysBefore(month: Int) -> Int {
        var total = 0
        var bits = lengths
        var index = 1
        while index < month {
            total &+= 16 &+ Int(bits & 15)
            bits >>= 4
            index &+= 1
        }
        return total
    }
}
