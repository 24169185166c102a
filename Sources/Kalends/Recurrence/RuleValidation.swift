/// RFC 5545 section 3.3.10's validity rules, checked once when a rule is built.
extension RecurrenceRule {
    func validate() throws(RuleError) {
        guard (1...Self.maximumInterval).contains(interval) else {
            throw RuleError(.outOfRange(value: String(interval), allowed: "1 ... \(Self.maximumInterval)"), part: "INTERVAL")
        }
        if case .count(let count) = end, !(1...Self.maximumCount).contains(count) {
            throw RuleError(.outOfRange(value: String(count), allowed: "1 ... \(Self.maximumCount)"), part: "COUNT")
        }
        try Self.check(bySecond, 0...60, part: "BYSECOND")
        try Self.check(byMinute, 0...59, part: "BYMINUTE")
        try Self.check(byHour, 0...23, part: "BYHOUR")
        try Self.checkSigned(byMonthDay, 31, part: "BYMONTHDAY")
        try Self.checkSigned(byYearDay, 366, part: "BYYEARDAY")
        try Self.checkSigned(byWeekNo, 53, part: "BYWEEKNO")
        try Self.check(byMonth, 1...12, part: "BYMONTH")
        try Self.checkSigned(bySetPos, 366, part: "BYSETPOS")
        for day in byDay {
            if let ordinal = day.ordinal, !(1...53).contains(ordinal.magnitude) {
                throw RuleError(.outOfRange(value: day.description, allowed: "ordinals -53 ... -1 or 1 ... 53"), part: "BYDAY")
            }
        }

        if !byWeekNo.isEmpty && frequency != .yearly {
            throw RuleError(.notWithFrequency(frequency, allowed: "BYWEEKNO is only allowed with FREQ=YEARLY"), part: "BYWEEKNO")
        }
        if !byYearDay.isEmpty && [.daily, .weekly, .monthly].contains(frequency) {
            throw RuleError(.notWithFrequency(frequency, allowed: "BYYEARDAY is not allowed with FREQ=DAILY, WEEKLY or MONTHLY"),
                            part: "BYYEARDAY")
        }
        if !byMonthDay.isEmpty && frequency == .weekly {
            throw RuleError(.notWithFrequency(frequency, allowed: "BYMONTHDAY is not allowed with FREQ=WEEKLY"), part: "BYMONTHDAY")
        }
        if byDay.contains(where: { $0.ordinal != nil }) {
            if frequency != .monthly && frequency != .yearly {
                throw RuleError(.notWithFrequency(frequency, allowed: "BYDAY ordinals (1MO, -1FR) need FREQ=MONTHLY or YEARLY"),
                                part: "BYDAY")
            }
            if frequency == .yearly && !byWeekNo.isEmpty {
                throw RuleError(.conflict("BYDAY ordinals (1MO, -1FR) cannot be used with BYWEEKNO"), part: "BYDAY")
            }
        }
        if !bySetPos.isEmpty {
            let others = bySecond.isEmpty && byMinute.isEmpty && byHour.isEmpty && byDay.isEmpty && byMonthDay.isEmpty
                && byYearDay.isEmpty && byWeekNo.isEmpty && byMonth.isEmpty
            if others {
                throw RuleError(.conflict("BYSETPOS needs another BYxxx part to select from"), part: "BYSETPOS")
            }
        }
    }

    private static func check(_ values: [Int], _ range: ClosedRange<Int>, part: String) throws(RuleError) {
        if let bad = values.first(where: { !range.contains($0) }) {
            throw RuleError(.outOfRange(value: String(bad), allowed: "\(range.lowerBound) ... \(range.upperBound)"), part: part)
        }
    }

    private static func checkSigned(_ values: [Int], _ limit: Int, part: String) throws(RuleError) {
        if let bad = values.first(where: { $0 == 0 || $0.magnitude > UInt(limit) }) {
            throw RuleError(.outOfRange(value: String(bad), allowed: "-\(limit) ... -1 or 1 ... \(limit)"), part: part)
        }
    }
}
