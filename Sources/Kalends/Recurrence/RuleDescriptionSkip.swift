/// SKIP (RFC 7529) in `RecurrenceRule.naturalDescription`: where a date the
/// calendar lacks goes, said only where SKIP acts (`RuleEngine.appendDay`
/// and `resolvedMonth`): month days and DTSTART's day in MONTHLY and YEARLY
/// rules, year days, and the leap months a YEARLY rule's BYMONTH names.
extension RuleDescription {
    /// `, or the last day when the month is shorter`, `, moving to 8 Adar in
    /// common years`; empty for SKIP=OMIT and where no date can be missing.
    var skipClause: String {
        guard rule.rscale != nil, rule.skip != .omit, rule.frequency >= .monthly else { return "" }
        let backward = rule.skip == .backward
        var text = ""
        if isYearly && !rule.byYearDay.isEmpty {
            text += missingDays(rule.byYearDay, shortest: months.facts.yearLengths.lowerBound, unit: "year", backward: backward)
        } else if isYearly && !rule.byWeekNo.isEmpty {
            // Week days always exist.
        } else if !rule.byMonthDay.isEmpty {
            text += missingDays(rule.byMonthDay, shortest: months.facts.monthLengths.lowerBound, unit: "month", backward: backward)
        } else if rule.byDay.isEmpty {
            // DTSTART's day of the month, which may be the 31st.
            text += ", or on " + (backward ? "the last day" : "the 1st of the next month") + " when a month is too short for the start's day"
        }
        if monthsGenerate && months.facts.hasLeapMonths { text += missingMonths(backward: backward) }
        return text
    }

    /// The days of `values` some month (or year) lacks, and where they go.
    private func missingDays(_ values: [Int], shortest: Int, unit: String, backward: Bool) -> String {
        let late = values.filter { $0 > shortest }, early = values.filter { -$0 > shortest }
        let lateTarget = backward ? "the last day" : unit == "month" ? "the 1st of the next month" : "the 1st day of the next year"
        let earlyTarget = backward ? "the last day of the \(unit) before" : unit == "month" ? "the 1st" : "the 1st day"
        switch (late.isEmpty, early.isEmpty) {
        case (true, true): return ""
        case (false, true): return ", or \(lateTarget) when the \(unit) is shorter"
        case (true, false): return ", or \(earlyTarget) when the \(unit) is shorter"
        case (false, false):
            return ", or \(lateTarget) when the \(unit) is shorter (for \(RuleWords.days(late))), or \(earlyTarget) (for \(RuleWords.days(early)))"
        }
    }

    /// The leap months of BYMONTH (or DTSTART's) in years without them.
    private func missingMonths(backward: Bool) -> String {
        let facts = months.facts
        guard !rule.byMonth.isEmpty else {
            guard rule.byMonthDay.isEmpty && rule.byDay.isEmpty else { return "" }
            return ", or the same day of the month \(backward ? "before" : "after") when the year lacks the start's leap month"
        }
        let leaps = rule.byMonth.filter(\.isLeap)
        guard !leaps.isEmpty else { return "" }
        // Where a calendar has one leap month (Hebrew Adar I), the years without it are its common years.
        let oneLeapMonth = (1...13).filter { facts.hasMonthCode(MonthCode($0, isLeap: true)) }.count == 1
        let condition = oneLeapMonth ? "in common years" : leaps.count == 1 ? "in years without it" : "in years without them"
        if rule.byMonth.count == 1 {
            let (target, nextYear) = skipTarget(leaps[0], backward: backward)
            let phrase = dayPhrase(in: [target], commonYear: true) ?? months.name(target, commonYear: true)
            return ", moving to " + phrase + (nextYear ? " of the next year " : " ") + condition
        }
        let moves = leaps.map { code in
            let (target, nextYear) = skipTarget(code, backward: backward)
            return months.name(code) + " moving to " + months.name(target, commonYear: true) + (nextYear ? " of the next year" : "")
        }
        return ", with " + RuleWords.list(moves) + " " + condition
    }

    /// The month SKIP puts a missing leap month's dates in, as the engine
    /// does: the month it follows, or the one after it (the next year's first
    /// month after the last).
    private func skipTarget(_ code: MonthCode, backward: Bool) -> (MonthCode, nextYear: Bool) {
        if backward { return (MonthCode(code.number), false) }
        let next = MonthCode(code.number + 1)
        return months.facts.hasMonthCode(next) ? (next, false) : (MonthCode(1), true)
    }
}
