/// RFC 5545 section 3.3.10's validity rules, checked once when a rule is built.
extension RecurrenceRule {
    func validate() throws(RuleError) {
        guard (1...Self.maximumInterval).contains(interval) else {
            throw RuleError(.outOfRange(value: String(interval), allowed: "1 ... \(Self.maximumInterval)"), part: "INTERVAL")
        }
        if case .count(let count) = end, !(1...Self.maximumCount).contains(count) {
            throw RuleError(.outOfRange(value: String(count), allowed: "1 ... \(Self.maximumCount)"), part: "COUNT")
        }
        let limits = Limits(rscale)
        try Self.check(bySecond, 0...60, part: "BYSECOND")
        try Self.check(byMinute, 0...59, part: "BYMINUTE")
        try Self.check(byHour, 0...23, part: "BYHOUR")
        try Self.checkSigned(byMonthDay, limits.monthDays, part: "BYMONTHDAY")
        try Self.checkSigned(byYearDay, limits.yearDays, part: "BYYEARDAY")
        try Self.checkSigned(byWeekNo, limits.weeks, part: "BYWEEKNO")
        try checkMonths()
        try Self.checkSigned(bySetPos, limits.yearDays, part: "BYSETPOS")
        for day in byDay {
            if let ordinal = day.ordinal, ordinal == 0 || ordinal.magnitude > UInt(limits.weeks) {
                throw RuleError(.outOfRange(value: day.description, allowed: "ordinals -\(limits.weeks) ... -1 or 1 ... \(limits.weeks)"),
                                part: "BYDAY")
            }
        }
        if skip != .omit && rscale == nil {
            throw RuleError(.conflict("SKIP needs RSCALE (RFC 7529 section 4.1): add RSCALE=GREGORIAN for a Gregorian rule"), part: "SKIP")
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

    /// The largest day of the month, day of the year, week number and BYDAY
    /// ordinal a rule may name: 31, 366 and 53, or the RSCALE calendar's
    /// longest month and year where longer (a lunisolar year of 385 days,
    /// with 55 weeks).
    struct Limits {
        let monthDays: Int
        let yearDays: Int
        let weeks: Int

        init(_ rscale: CalendarIdentifier?) {
            let facts = rscale.flatMap(Calendars.facts(of:))
            monthDays = Swift.max(31, facts?.monthLengths.upperBound ?? 31)
            yearDays = Swift.max(366, facts?.yearLengths.upperBound ?? 366)
            weeks = facts?.hasLeapMonths == true ? 55 : 53
        }
    }

    /// BYMONTH: 1 ... 12 without RSCALE, else the RSCALE calendar's month codes.
    private func checkMonths() throws(RuleError) {
        guard let rscale else {
            if let bad = byMonth.first(where: { $0.isLeap || !(1...12).contains($0.number) }) {
                let value = RuleText.format(bad)
                if bad.isLeap {
                    throw RuleError(.conflict("has the leap month \(value), which needs RSCALE naming a calendar with leap months (RSCALE=HEBREW, CHINESE or DANGI)"),
                                    part: "BYMONTH")
                }
                throw RuleError(.outOfRange(value: value, allowed: "1 ... 12"), part: "BYMONTH")
            }
            return
        }
        guard let facts = Calendars.facts(of: rscale) else {
            throw RuleError(.unsupported("RSCALE=\(RuleText.format(rscale)) names a calendar with no engine registered (Calendars.register)"),
                            part: "RSCALE")
        }
        if let bad = byMonth.first(where: { !facts.hasMonthCode($0) }) {
            let value = RuleText.format(bad)
            let months = facts.ruleMonthsDescription
            throw RuleError(.outOfRange(value: value, allowed: "the months of RSCALE=\(RuleText.format(rscale)): \(months)"), part: "BYMONTH")
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
