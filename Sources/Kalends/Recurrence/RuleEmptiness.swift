/// Rules that can never produce an instance, found without expanding them.
extension RecurrenceSet {
    /// The rules (by index) that provably produce no instance after DTSTART,
    /// each with the reason: no date has the day-level parts at all
    /// (`BYMONTH=2;BYMONTHDAY=30`), the times never meet the interval's
    /// steps, BYSETPOS lies beyond every set, or none of the periods the rule
    /// steps through holds a match. The checks cost at most one 400-year
    /// cycle of the rule's periods (146,097 for a daily rule); the set's
    /// queries never need them (an empty rule ends after one such cycle).
    public func emptyRules() -> [(index: Int, reason: String)] {
        expansions.enumerated().compactMap { index, expansion in
            expansion.engine.emptinessReason().map { (index, $0) }
        }
    }
}

extension RuleEngine {
    /// Why the rule never yields an instance after DTSTART, or nil when it does (or may).
    func emptinessReason() -> String? {
        guard !timeOffsets.isEmpty else { return "BYSECOND=60 names only a leap second, which never occurs" }
        if let reason = dayLevelReason() { return reason }
        if generator == .subDaily {
            return subDailyReason()
        }
        // BYSETPOS beyond the largest set a period can hold.
        let largestSet: Int
        switch rule.frequency {
        case .daily: largestSet = timeOffsets.count
        case .weekly: largestSet = weekdayMask.nonzeroBitCount * timeOffsets.count
        case .monthly: largestSet = RecurrenceRule.Limits(rule.rscale).monthDays * timeOffsets.count
        default: largestSet = RecurrenceRule.Limits(rule.rscale).yearDays * timeOffsets.count
        }
        if !rule.bySetPos.isEmpty && rule.bySetPos.allSatisfy({ $0.magnitude > UInt(largestSet) }) {
            return "BYSETPOS=\(rule.bySetPos.map(String.init).joined(separator: ",")) lies beyond the at most \(largestSet) instance\(largestSet == 1 ? "" : "s") of each \(periodName)"
        }
        // Every period of one 400-year cycle (the pattern then repeats).
        var output: [Int] = [], days: [Int] = []
        var period = 0
        while period <= cyclePeriodsBound {
            guard candidates(ofPeriod: period, into: &output, days: &days) else {
                return "none of its dates falls in the periods it steps through before the end of the supported years"
            }
            if output.contains(where: { $0 > startKey }) { return nil }
            period += 1
        }
        if !rule.bySetPos.isEmpty {
            return "BYSETPOS=\(rule.bySetPos.map(String.init).joined(separator: ",")) lies beyond the instances of every period"
        }
        return "none of its dates falls in the periods it steps through from DTSTART (\(rule.interval == 1 ? "every" : "every \(rule.interval)th") \(periodName))"
    }

    private var periodName: String {
        ["second", "minute", "hour", "day", "week", "month", "year"][rule.frequency.rawValue]
    }

    /// No day of any kind of year (28 consecutive Gregorian years hold all
    /// 14: leap or not, starting on each weekday) satisfies the day-level
    /// parts. Other calendars have no such short cycle: a month day longer
    /// than every month is plain, else the 400 years from DTSTART are searched.
    private func dayLevelReason() -> String? {
        // SKIP moves dates onto days the parts do not name: only the walk of periods answers then.
        guard (needsFacts || hasByDay) && skip == .omit else { return nil }
        let first: Int, last: Int
        var span = "no date"
        if repeatsEvery400Years {
            first = calendar.dayNumber(year: 2000, month: 1, day: 1)
            last = calendar.dayNumber(year: 2028, month: 1, day: 1)
        } else {
            // The calendar's fact: 30 in the lunar and lunisolar calendars, 31 in most others.
            let longest = calendar.monthLengths.upperBound
            let calendarName = calendar.name
            if !monthDays.isEmpty && monthDays.allSatisfy({ $0.magnitude > UInt(longest) }) {
                return "no month of the \(calendarName) calendar has \(longest + 1) days or more (BYMONTHDAY=\(monthDays.map(String.init).joined(separator: ",")))"
            }
            first = startDay
            last = Swift.min(DayNumber.supported.upperBound + 1, startDay + 146_097)
            span = "no date of the \(calendarName) calendar in the 400 years from DTSTART"
        }
        for day in first..<last where matches(day) { return nil }
        var parts: [String] = []
        if !months.isEmpty { parts.append("BYMONTH=" + months.map { RuleText.format($0) }.joined(separator: ",")) }
        if !weekNumbers.isEmpty { parts.append("BYWEEKNO=" + weekNumbers.map(String.init).joined(separator: ",")) }
        if !yearDays.isEmpty { parts.append("BYYEARDAY=" + yearDays.map(String.init).joined(separator: ",")) }
        if !monthDays.isEmpty {
            parts.append(rule.byMonthDay.isEmpty ? "day \(monthDays[0]) of the month (DTSTART's)" : "BYMONTHDAY=" + monthDays.map(String.init).joined(separator: ","))
        }
        if hasByDay { parts.append("BYDAY=" + rule.byDay.map(\.description).joined(separator: ",")) }
        return span + " has " + parts.joined(separator: " and ")
    }

    private func subDailyReason() -> String? {
        let step = unitSeconds * rule.interval
        let phase = PeriodCounts.gcd(step, 86_400)
        var reached = false
        var second = startPeriod.floorModulo(86_400) % phase
        while second < 86_400 {
            if hourMask & (1 << (second / 3600)) != 0, minuteMask & (1 << UInt64(second / 60 % 60)) != 0,
               secondMask & (1 << UInt64(second % 60)) != 0 {
                reached = true
                break
            }
            second += phase
        }
        if !reached {
            let limits = [("BYHOUR", rule.byHour), ("BYMINUTE", rule.byMinute), ("BYSECOND", rule.bySecond)]
                .filter { !$0.1.isEmpty }.map { "\($0.0)=" + $0.1.map(String.init).joined(separator: ",") }
            return "FREQ=\(rule.frequency);INTERVAL=\(rule.interval) from DTSTART never reaches " + limits.joined(separator: ";")
        }
        if !rule.bySetPos.isEmpty && rule.bySetPos.allSatisfy({ $0.magnitude > UInt(timeOffsets.count) }) {
            return "BYSETPOS=\(rule.bySetPos.map(String.init).joined(separator: ",")) lies beyond the \(timeOffsets.count) instance\(timeOffsets.count == 1 ? "" : "s") of each \(periodName)"
        }
        return nil
    }
}
