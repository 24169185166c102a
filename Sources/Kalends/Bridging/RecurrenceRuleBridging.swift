import FoundationEssentials
import FoundationInternationalization

/// Foundation's `Calendar.RecurrenceRule` and EventKit's shape of a rule.
extension RecurrenceRule {
    /// A rule built the way EventKit's `EKRecurrenceRule` is: a frequency
    /// (daily, weekly, monthly or yearly in EventKit; any here), an
    /// interval, the days of the week (`Day(.monday)` for every Monday,
    /// `try Day(-1, .friday)` for the last Friday), of the month and of the
    /// year, the months and weeks of the year, set positions, an end, and
    /// the first day of the week. Nil and empty lists mean "not given".
    ///
    ///     // Every other day that is a Wednesday, 20 times: every 14 days.
    ///     try RecurrenceRule(frequency: .daily, interval: 2, daysOfTheWeek: [.init(.wednesday)], end: .count(20))
    public init(frequency: Frequency, interval: Int, daysOfTheWeek: [Day]? = nil, daysOfTheMonth: [Int]? = nil,
                monthsOfTheYear: [Int]? = nil, weeksOfTheYear: [Int]? = nil, daysOfTheYear: [Int]? = nil,
                setPositions: [Int]? = nil, end: End = .never, firstDayOfTheWeek: Weekday? = nil) throws(RuleError) {
        try self.init(frequency: frequency, interval: interval, end: end, byDay: daysOfTheWeek ?? [],
                      byMonthDay: daysOfTheMonth ?? [], byYearDay: daysOfTheYear ?? [], byWeekNo: weeksOfTheYear ?? [],
                      byMonth: (monthsOfTheYear ?? []).map { MonthCode($0) }, bySetPos: setPositions ?? [], weekStart: firstDayOfTheWeek ?? .monday)
    }

    /// FREQ and Foundation's frequency (which has no SECONDLY).
    static let frequencies: [(Frequency, Calendar.RecurrenceRule.Frequency)] = [
        (.minutely, .minutely), (.hourly, .hourly), (.daily, .daily), (.weekly, .weekly), (.monthly, .monthly), (.yearly, .yearly),
    ]

    /// The rule of Foundation's `Calendar.RecurrenceRule`. Its calendar's
    /// first weekday becomes WKST (Foundation counts weeks from it); an end
    /// date becomes a UTC UNTIL. Throws for what RFC 5545 cannot say without
    /// RSCALE: a calendar other than the Gregorian one, a leap month.
    public init(_ rule: Calendar.RecurrenceRule) throws(RuleError) {
        guard rule.calendar.identifier == .gregorian || rule.calendar.identifier == .iso8601 else {
            throw RuleError(.unsupported("Foundation's rule is in the \(rule.calendar.identifier) calendar; RFC 5545 rules are Gregorian (RSCALE comes with RFC 7529)"))
        }
        guard let frequency = Self.frequencies.first(where: { $0.1 == rule.frequency })?.0 else {
            throw RuleError(.unsupported("an unknown Foundation frequency"), part: "FREQ")
        }
        var end = End.never
        if let count = rule.end.occurrences {
            end = .count(count)
        } else if let date = rule.end.date {
            let seconds = date.timeIntervalSince1970.rounded(.down)
            guard seconds.isFinite, let whole = Int(exactly: seconds), Instant.supportedSeconds.contains(whole) else {
                throw RuleError(.outOfRange(value: "\(date)", allowed: "ISO years -9999 ... 9999"), part: "UNTIL")
            }
            end = .until(.utc(Instant(seconds: whole)))
        }
        var months: [MonthCode] = []
        for month in rule.months {
            guard !month.isLeap else { throw RuleError(.unsupported("leap months (\(month.index)L) need RSCALE (RFC 7529)"), part: "BYMONTH") }
            months.append(MonthCode(month.index))
        }
        var days: [Day] = []
        for weekday in rule.weekdays {
            switch weekday {
            case .every(let day): days.append(Day(Weekday(locale: day)))
            case .nth(let n, let day): days.append(try Day(n, Weekday(locale: day)))
            @unknown default: throw RuleError(.unsupported("an unknown Foundation weekday form"), part: "BYDAY")
            }
        }
        try self.init(frequency: frequency, interval: rule.interval, end: end, bySecond: rule.seconds, byMinute: rule.minutes,
                      byHour: rule.hours, byDay: days, byMonthDay: rule.daysOfTheMonth, byYearDay: rule.daysOfTheYear,
                      byWeekNo: rule.weeks, byMonth: months, bySetPos: rule.setPositions,
                      weekStart: Weekday(foundationNumber: rule.calendar.firstWeekday))
    }

    /// This rule as Foundation's `Calendar.RecurrenceRule` in a Gregorian
    /// calendar in `timeZone`, whose first weekday is WKST (Foundation has no
    /// WKST of its own). An UNTIL date or floating time is read in `timeZone`.
    /// Throws for FREQ=SECONDLY, which Foundation lacks, and for RSCALE and
    /// SKIP (Foundation's rules in other calendars number months its own way).
    public func foundationRule(in timeZone: TimeZone) throws(RuleError) -> Calendar.RecurrenceRule {
        if let rscale, rscale != .gregorian || skip != .omit {
            throw RuleError(.unsupported("RSCALE=\(RuleText.format(rscale))\(skip == .omit ? "" : ";SKIP=\(skip)") has no Foundation equivalent here"),
                            part: skip == .omit ? "RSCALE" : "SKIP")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = weekStart.foundationNumber
        guard let frequency = Self.frequencies.first(where: { $0.0 == self.frequency })?.1 else {
            throw RuleError(.unsupported("Foundation's Calendar.RecurrenceRule has no FREQ=SECONDLY"), part: "FREQ")
        }
        let end: Calendar.RecurrenceRule.End
        switch self.end {
        case .never: end = .never
        case .count(let count): end = .afterOccurrences(count)
        case .until(.utc(let instant)): end = .afterDate(Date(timeIntervalSince1970: Double(instant.seconds)))
        case .until(.local(let local)):
            let seconds = (try? ZoneRules(identifier: timeZone.identifier).resolve(local).instant.seconds) ?? local.wallSeconds.seconds
            end = .afterDate(Date(timeIntervalSince1970: Double(seconds)))
        case .until(.date(let date)):
            // Inclusive: the whole day.
            let next = calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day)).map { $0.addingTimeInterval(86_399) }
            end = .afterDate(next ?? Date(timeIntervalSince1970: Double(date.dayNumber * 86_400 + 86_399)))
        }
        var rule = Calendar.RecurrenceRule(calendar: calendar, frequency: frequency, interval: interval, end: end)
        rule.seconds = bySecond
        rule.minutes = byMinute
        rule.hours = byHour
        rule.weekdays = byDay.map { day in
            day.ordinal.map { .nth($0, day.weekday.localeWeekday) } ?? .every(day.weekday.localeWeekday)
        }
        rule.daysOfTheMonth = byMonthDay
        rule.daysOfTheYear = byYearDay
        rule.weeks = byWeekNo
        rule.months = byMonth.map { Calendar.RecurrenceRule.Month($0.number) }
        rule.setPositions = bySetPos
        return rule
    }
}

extension Weekday {
    /// The weekday of Foundation's number (1 = Sunday ... 7 = Saturday); Monday for any other.
    init(foundationNumber number: Int) {
        self = Weekday(rawValue: (number + 5) % 7 + 1) ?? .monday
    }

    init(locale: Locale.Weekday) {
        switch locale {
        case .monday: self = .monday
        case .tuesday: self = .tuesday
        case .wednesday: self = .wednesday
        case .thursday: self = .thursday
        case .friday: self = .friday
        case .saturday: self = .saturday
        case .sunday: self = .sunday
        @unknown default: self = .monday
        }
    }

    var localeWeekday: Locale.Weekday {
        [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday][rawValue - 1]
    }
}
