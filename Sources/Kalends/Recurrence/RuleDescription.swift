extension RecurrenceRule {
    /// The rule in English, for people: lower case, no final period, every
    /// part's meaning in it (`description` stays the RRULE text). Parts that
    /// take DTSTART's value when absent (the day, the time) are left unsaid.
    ///
    ///     try RecurrenceRule(parsing: "FREQ=WEEKLY;INTERVAL=2;COUNT=10;BYDAY=TU,TH").naturalDescription
    ///     // "every other week on Tuesday and Thursday, 10 times"
    public var naturalDescription: String { RuleDescription(self).sentence }
}

/// `RecurrenceRule.naturalDescription`: the sentence, clause by clause in a
/// fixed order (frequency, days, weeks, months, times, SKIP, BYSETPOS, WKST,
/// the calendar, the end). Each BYxxx part reads as RFC 5545's table says it
/// acts at the rule's FREQ: BYMONTH of a YEARLY rule names the months its
/// days fall in ("the last Sunday of October"), a part that only limits
/// others reads as a condition ("when it falls on a Friday", "only in May").
struct RuleDescription {
    let rule: RecurrenceRule
    /// The calendar the sentence names: nil for a Gregorian rule (no RSCALE, or RSCALE=GREGORIAN).
    let calendarName: String?
    let months: RuleMonthWords
    /// BYDAY without ordinals, and with them.
    let weekdays: [Weekday]
    let ordinalDays: [RecurrenceRule.Day]

    init(_ rule: RecurrenceRule) {
        self.rule = rule
        let facts = rule.rscale.flatMap(Calendars.facts(of:)) ?? BuiltInFacts(.gregorian).facts
        calendarName = facts.id == .gregorian ? nil : facts.name
        months = RuleMonthWords(facts)
        weekdays = rule.byDay.filter { $0.ordinal == nil }.map(\.weekday)
        ordinalDays = rule.byDay.filter { $0.ordinal != nil }
    }

    var sentence: String {
        var text = frequency
        if let days = dayClause { text += " on " + days }
        text += weekClause + monthClause
        if let clock = RuleWords.clock(hours: rule.byHour, minutes: rule.byMinute, seconds: rule.bySecond) { text += " " + clock }
        text += skipClause + setPositionClause + weekStartClause
        if let calendarName, rule.frequency < .monthly { text += ", in the \(calendarName) calendar" }
        return text + endClause
    }

    static let units = ["second", "minute", "hour", "day", "week", "month", "year"]
    static let mondayToFriday: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]

    var unit: String { Self.units[rule.frequency.rawValue] }
    var isYearly: Bool { rule.frequency == .yearly }
    /// A YEARLY rule whose BYMONTH months generate its days (no BYYEARDAY or
    /// BYWEEKNO): their names then go with the days, and SKIP may move a month.
    var monthsGenerate: Bool { isYearly && rule.byYearDay.isEmpty && rule.byWeekNo.isEmpty }
    var monthsMerged: Bool { monthsGenerate && !rule.byMonth.isEmpty && !(rule.byMonthDay.isEmpty && rule.byDay.isEmpty) }

    /// `yearly`, `every other week`, `every 3 Hebrew years`: a calendar is
    /// named here for months and years; shorter periods name it at the end.
    var frequency: String {
        let scale = rule.frequency >= .monthly ? calendarName.map { $0 + " " } ?? "" : ""
        switch rule.interval {
        case 1:
            guard scale.isEmpty else { return "every " + scale + unit }
            return ["every second", "every minute", "hourly", "daily", "weekly", "monthly", "yearly"][rule.frequency.rawValue]
        case 2: return "every other " + scale + unit
        default: return "every \(rule.interval) " + scale + unit + "s"
        }
    }

    // MARK: Days

    /// What follows "on": the days the parts generate, then the parts that
    /// only limit them as conditions. Nil when no day-level part is given
    /// (DTSTART's day) or BYWEEKNO alone gives the days.
    var dayClause: String? {
        var conditions: [String] = []
        let primary: String
        if !rule.byYearDay.isEmpty {
            primary = yearDays
            if !rule.byMonthDay.isEmpty {
                conditions.append("is " + RuleWords.days(rule.byMonthDay, joiner: "or", noun: months.style == .numbered) + " of the month")
            }
        } else if let phrase = dayPhrase(in: monthsMerged ? rule.byMonth : []) {
            primary = phrase
        } else {
            return nil
        }
        if !rule.byDay.isEmpty && !(rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty) {
            conditions.append("falls on " + weekdayCondition)
        }
        return conditions.isEmpty ? primary : primary + " when it " + conditions.joined(separator: " and ")
    }

    /// The month days or weekdays, in `codes` when BYMONTH goes with them
    /// (`commonYear`: as a common year names the months); nil without either part.
    func dayPhrase(in codes: [MonthCode], commonYear: Bool = false) -> String? {
        if !rule.byMonthDay.isEmpty {
            if !codes.isEmpty { return months.dates(rule.byMonthDay, in: codes, commonYear: commonYear) }
            let days = RuleWords.days(rule.byMonthDay, noun: months.style == .numbered)
            return monthsGenerate ? days + " of every month" : days
        }
        guard !rule.byDay.isEmpty else { return nil }
        return setPositionDays(in: codes, commonYear: commonYear) ?? weekdayPhrase(in: codes, commonYear: commonYear)
    }

    /// `Tuesday and Thursday` (weekly, daily), `every Tuesday` (monthly,
    /// yearly), `the 1st and last Sunday`, with the months or year the
    /// ordinals count in (`of October`, `of the year`).
    func weekdayPhrase(in codes: [MonthCode], commonYear: Bool) -> String {
        let every = rule.frequency >= .monthly && rule.byWeekNo.isEmpty
        var items: [String] = []
        if !weekdays.isEmpty {
            let set = Set(weekdays)
            if set.count == 7 {
                items.append("every day")
            } else if set == Self.mondayToFriday {
                items.append(every ? "every weekday" : "weekdays")
            } else {
                items.append((every ? "every " : "") + RuleWords.list(RuleWords.names(weekdays)))
            }
        }
        items += ordinalGroups(joiner: "and")
        var text = RuleWords.list(items)
        if !codes.isEmpty {
            text += (weekdays.isEmpty ? " of " : " in ") + months.list(codes, commonYear: commonYear)
        } else if isYearly && !ordinalDays.isEmpty {
            text += " of the year"
        }
        return text
    }

    /// BYDAY as a condition on days other parts give: `a Friday`, `a weekday`,
    /// `the 1st Monday of the month`.
    var weekdayCondition: String {
        var items: [String] = []
        if !weekdays.isEmpty {
            let set = Set(weekdays)
            items.append(set.count == 7 ? "any day" : set == Self.mondayToFriday ? "a weekday" : "a " + RuleWords.list(RuleWords.names(weekdays), joiner: "or"))
        }
        let groups = ordinalGroups(joiner: "or")
        if !groups.isEmpty {
            let scope = rule.frequency == .monthly ? "" : rule.byMonth.isEmpty ? " of the year" : " of the month"
            items.append(RuleWords.list(groups, joiner: "or") + scope)
        }
        return RuleWords.list(items, joiner: "or")
    }

    /// `the 1st and last Sunday`, one group per weekday.
    func ordinalGroups(joiner: String) -> [String] {
        Weekday.allCases.compactMap { weekday in
            let ordinals = ordinalDays.filter { $0.weekday == weekday }.compactMap(\.ordinal)
            return ordinals.isEmpty ? nil : "the " + RuleWords.positions(ordinals, joiner: joiner) + " " + weekday.description
        }
    }

    /// `day 100 of the year`, `days 1, 100 and 200 of the year`, `the 1st and last day of the year`.
    var yearDays: String {
        let values = rule.byYearDay
        if values.allSatisfy({ $0 > 0 }) {
            return (values.count == 1 ? "day " : "days ") + RuleWords.list(values.map(String.init)) + " of the year"
        }
        return RuleWords.days(values, noun: true) + " of the year"
    }

    // MARK: Weeks, months

    /// BYWEEKNO: ` in week 20`, ` on every day of the last week of the year`.
    var weekClause: String {
        guard !rule.byWeekNo.isEmpty else { return "" }
        let positive = rule.byWeekNo.filter { $0 > 0 }, negative = rule.byWeekNo.filter { $0 < 0 }
        var items: [String] = []
        if !positive.isEmpty { items.append((positive.count == 1 ? "week " : "weeks ") + RuleWords.list(positive.map(String.init))) }
        if !negative.isEmpty { items.append("the " + RuleWords.positions(negative) + " week of the year") }
        let weeks = RuleWords.list(items)
        return dayClause == nil ? " on every day of " + weeks : " in " + weeks
    }

    /// BYMONTH when it does not go with the days: ` in January and July`;
    /// `, only in May` where it limits a YEARLY rule's year or week days.
    var monthClause: String {
        guard !rule.byMonth.isEmpty, !monthsMerged else { return "" }
        return (isYearly && !monthsGenerate ? ", only in " : " in ") + months.list(rule.byMonth)
    }

    // MARK: BYSETPOS, WKST, the end

    /// BYSETPOS said with the days when it picks among one kind of weekday,
    /// one instance a day: `the last weekday`, `the 2nd Tuesday of March`.
    func setPositionDays(in codes: [MonthCode], commonYear: Bool) -> String? {
        guard !rule.bySetPos.isEmpty, rule.frequency >= .weekly, ordinalDays.isEmpty, !weekdays.isEmpty,
              rule.byMonthDay.isEmpty, rule.byYearDay.isEmpty, rule.byWeekNo.isEmpty,
              rule.byHour.count <= 1, rule.byMinute.count <= 1, rule.bySecond.count <= 1,
              !(isYearly && rule.byMonth.count > 1) else { return nil }
        let set = Set(weekdays)
        let kind: String
        if set.count == 7 {
            kind = "day"
        } else if set == Self.mondayToFriday {
            kind = "weekday"
        } else if set.count == 1 {
            kind = weekdays[0].description
        } else {
            return nil
        }
        var text = "the " + RuleWords.positions(rule.bySetPos) + " " + kind
        if isYearly { text += codes.isEmpty ? " of the year" : " of " + months.list(codes, commonYear: commonYear) }
        return text
    }

    /// BYSETPOS otherwise: `, the 3rd of them in each month`.
    var setPositionClause: String {
        guard !rule.bySetPos.isEmpty, setPositionDays(in: rule.byMonth, commonYear: false) == nil else { return "" }
        return ", the " + RuleWords.positions(rule.bySetPos) + " of them in each " + unit
    }

    /// WKST when it is not Monday and changes the instances: a WEEKLY rule
    /// with INTERVAL > 1 and BYDAY, or with BYSETPOS; any BYWEEKNO.
    var weekStartClause: String {
        guard rule.weekStart != .monday else { return "" }
        let weekly = rule.frequency == .weekly && ((rule.interval > 1 && !rule.byDay.isEmpty) || !rule.bySetPos.isEmpty)
        return weekly || !rule.byWeekNo.isEmpty ? ", weeks starting on \(rule.weekStart)" : ""
    }

    /// `, 10 times`, `, once`, `, until 1997-12-24`, `, until 1997-12-24T00:00:00Z`.
    var endClause: String {
        switch rule.end {
        case .never: return ""
        case .count(let count): return ", " + RuleWords.times(count)
        case .until(.date(let date)): return ", until \(date)"
        case .until(.local(let local)): return ", until \(local)"
        case .until(.utc(let instant)): return ", until \(instant)"
        }
    }
}
