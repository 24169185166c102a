/// One RRULE expanded from its DTSTART, in wall-clock ("local") seconds
/// since 1970-01-01T00:00: the rule's periods (years, months, weeks, days,
/// hours, minutes or seconds, every INTERVAL-th from DTSTART's), and in
/// each the sorted set of its candidates, as RFC 5545 section 3.3.10 builds
/// them: the parts that expand at this FREQ (`ByPartTable`) generate
/// candidates, every day-level part then limits them, times are combined,
/// BYSETPOS picks from the set.
///
/// Written against `CalendarSystem` only: the calendar's months, years,
/// leap years and weekdays, no calendar by name. With RSCALE (RFC 7529) the
/// calendar is the rule's own: BYMONTH names its month codes, and SKIP moves
/// a generated date the calendar lacks (see `resolvedMonth(_:inYear:)` and `appendDay`).
final class RuleEngine<C: CalendarSystem>: Sendable {
    typealias Frequency = RecurrenceRule.Frequency

    let rule: RecurrenceRule
    let calendar: C
    /// DTSTART's wall-clock seconds, day and second of the day.
    let startKey: Int
    let startDay: Int

    // The day-level parts with DTSTART's defaults applied.
    /// BYMONTH as month codes (DTSTART's for a plain YEARLY rule).
    let months: [MonthCode]
    /// Their numbers, which are the months' positions in a calendar without
    /// leap months; nil in a lunisolar one, where positions vary by year.
    let monthPositions: [Int]?
    let monthDays: [Int]
    let yearDays: [Int]
    let weekNumbers: [Int]
    /// BYDAY weekdays without an ordinal, as a bit mask (bit `rawValue`).
    let weekdayMask: Int
    /// BYDAY entries with an ordinal.
    let ordinalDays: [(ordinal: Int, weekday: Int)]
    /// BYDAY ordinals count within the month (MONTHLY, or YEARLY with BYMONTH), else within the year.
    let ordinalsInMonth: Bool
    let hasByDay: Bool

    /// Seconds of the day a day-or-longer period's days take (sorted), or
    /// the offsets within one hour/minute/second period (sorted).
    let timeOffsets: [Int]
    /// Hours, minutes, seconds that limit a sub-daily period (bit masks; all ones when not limited).
    let hourMask: Int
    let minuteMask: UInt64
    let secondMask: UInt64

    let generator: Generator
    /// Whether generated days must still be checked against the day-level parts.
    let filterDays: Bool
    /// The day-level parts generated days are checked against: those the generator does not guarantee.
    let limits: DayParts
    /// SKIP, and whether it can move a date out of its period (into the one
    /// before or after): a MONTHLY or YEARLY rule whose SKIP is not OMIT.
    let skip: RecurrenceRule.Skip
    let spills: Bool
    /// True for the Gregorian calendar, whose weekdays, month lengths and
    /// leap years repeat every 400 years (period counts and emptiness rely on it).
    let repeatsEvery400Years: Bool
    let needsFacts: Bool

    /// The first period: the year, the month index, the week's first day,
    /// the day, or the first second of the hour / minute / second of DTSTART.
    let startPeriod: Int
    /// Seconds per period unit for the sub-daily frequencies (3600, 60, 1).
    let unitSeconds: Int

    /// Seconds from one instance to the next when every period holds exactly
    /// one, at the same offset from a period start a fixed number of seconds
    /// after the last (a daily rule, weekly on one weekday, a sub-daily rule
    /// without limits; no day-level part, one time, no BYSETPOS); and that
    /// offset within period 0. `FastPathParityTests` proves the stepping equal
    /// to the general expansion.
    let fixedStep: (step: Int, firstOffset: Int)?

    enum Generator: Sendable {
        case day, weekDays, monthDays, monthWeekdays, monthAll, yearDays, weekNumbers, yearMonthDays, yearMonthWeekdays,
             yearWeekdays, yearMonthsAll, subDaily
    }

    init(rule: RecurrenceRule, calendar: C, start: LocalDateTime) {
        self.rule = rule
        self.calendar = calendar
        let secondOfDay = start.nanosecondOfDay / 1_000_000_000
        startDay = start.dayNumber
        startKey = start.dayNumber * 86_400 + secondOfDay
        let fields = calendar.ordinalDate(ofDay: start.dayNumber)
        let startWeekday = DayNumber.isoWeekday(start.dayNumber)
        let frequency = rule.frequency

        var months = rule.byMonth, monthDays = rule.byMonthDay, byDay = rule.byDay
        switch frequency {
        case .yearly where rule.byWeekNo.isEmpty && rule.byYearDay.isEmpty && monthDays.isEmpty && byDay.isEmpty:
            monthDays = [fields.day]
            if months.isEmpty { months = [calendar.monthCode(year: fields.year, month: fields.month)] }
        case .monthly where monthDays.isEmpty && byDay.isEmpty:
            monthDays = [fields.day]
        case .weekly where byDay.isEmpty:
            byDay = [RecurrenceRule.Day(Weekday(rawValue: startWeekday) ?? .monday)]
        default:
            break
        }
        self.months = months
        monthPositions = calendar.hasLeapMonths ? nil : months.map(\.number)
        self.monthDays = monthDays
        yearDays = rule.byYearDay
        weekNumbers = rule.byWeekNo
        var mask = 0
        for day in byDay where day.ordinal == nil { mask |= 1 << day.weekday.rawValue }
        weekdayMask = mask
        ordinalDays = byDay.compactMap { day in day.ordinal.map { ($0, day.weekday.rawValue) } }
        ordinalsInMonth = frequency == .monthly || !months.isEmpty
        hasByDay = !byDay.isEmpty

        // Times: the parts the table expands at this FREQ take their values
        // (or DTSTART's); the parts it limits become masks.
        let startHour = secondOfDay / 3600, startMinute = secondOfDay / 60 % 60, startSecond = secondOfDay % 60
        func expands(_ part: ByPart) -> Bool { ByPartTable.action(part, frequency) == .expand }
        if rule.byHour.isEmpty && rule.byMinute.isEmpty && rule.bySecond.isEmpty {
            // One time (most rules): DTSTART's parts that expand, without the lists of one.
            timeOffsets = [(expands(.byHour) ? startHour * 3600 : 0) + (expands(.byMinute) ? startMinute * 60 : 0)
                           + (expands(.bySecond) ? startSecond : 0)]
        } else {
            let hours = expands(.byHour) ? (rule.byHour.isEmpty ? [startHour] : rule.byHour) : [0]
            let minutes = expands(.byMinute) ? (rule.byMinute.isEmpty ? [startMinute] : rule.byMinute) : [0]
            let seconds = expands(.bySecond) ? (rule.bySecond.isEmpty ? [startSecond] : rule.bySecond.filter { $0 < 60 }) : [0]
            var offsets: [Int] = []
            for hour in hours { for minute in minutes { for second in seconds { offsets.append(hour * 3600 + minute * 60 + second) } } }
            timeOffsets = offsets.sorted()
        }
        hourMask = !expands(.byHour) && !rule.byHour.isEmpty ? rule.byHour.reduce(0) { $0 | 1 << $1 } : ~0
        minuteMask = !expands(.byMinute) && !rule.byMinute.isEmpty ? rule.byMinute.reduce(UInt64(0)) { $0 | 1 << UInt64($1) } : ~0
        secondMask = !expands(.bySecond) && !rule.bySecond.isEmpty ? rule.bySecond.reduce(UInt64(0)) { $0 | 1 << UInt64($1) } : ~0

        let generator: Generator
        switch frequency {
        case .secondly, .minutely, .hourly: generator = .subDaily
        case .daily: generator = .day
        case .weekly: generator = .weekDays
        case .monthly: generator = !monthDays.isEmpty ? .monthDays : (!byDay.isEmpty ? .monthWeekdays : .monthAll)
        case .yearly:
            if !yearDays.isEmpty { generator = .yearDays }
            else if !weekNumbers.isEmpty { generator = .weekNumbers }
            else if !monthDays.isEmpty { generator = .yearMonthDays }
            else if !byDay.isEmpty { generator = months.isEmpty ? .yearWeekdays : .yearMonthWeekdays }
            else { generator = .yearMonthsAll }
        }
        self.generator = generator
        // A generator guarantees its own part (and BYMONTH where it walks the
        // BYMONTH months); the others limit what it generates. (A date SKIP
        // moved has its part only as SKIP reads it: it is not checked again.)
        var present: DayParts = []
        if !months.isEmpty { present.insert(.months) }
        if !monthDays.isEmpty { present.insert(.monthDays) }
        if !rule.byYearDay.isEmpty { present.insert(.yearDays) }
        if !rule.byWeekNo.isEmpty { present.insert(.weekNumbers) }
        if !byDay.isEmpty { present.insert(.weekdays) }
        let covered: DayParts
        switch generator {
        case .day, .subDaily: covered = []
        case .weekDays, .yearWeekdays: covered = .weekdays
        case .monthWeekdays: covered = [.months, .weekdays]
        case .monthDays: covered = [.months, .monthDays]
        case .yearDays: covered = .yearDays
        case .weekNumbers: covered = .weekNumbers
        case .yearMonthDays: covered = [.months, .monthDays]
        case .yearMonthWeekdays: covered = [.months, .weekdays]
        case .monthAll, .yearMonthsAll: covered = .months
        }
        limits = present.subtracting(covered)
        filterDays = !limits.isEmpty
        skip = rule.skip
        spills = rule.skip != .omit && frequency >= .monthly
        // The Gregorian engine called directly (no RSCALE, or RSCALE=GREGORIAN or ISO8601).
        repeatsEvery400Years = (calendar as? RuleCalendar)?.isGregorian == true
        needsFacts = !months.isEmpty || !monthDays.isEmpty || !yearDays.isEmpty || !weekNumbers.isEmpty || !ordinalDays.isEmpty

        let single = timeOffsets.count == 1 && rule.bySetPos.isEmpty && months.isEmpty && monthDays.isEmpty
            && yearDays.isEmpty && weekNumbers.isEmpty && ordinalDays.isEmpty
        let interval = rule.interval
        switch frequency {
        case .daily where single && !hasByDay:
            fixedStep = interval <= Int.max / 86_400 ? (86_400 * interval, timeOffsets[0]) : nil
        case .weekly where single && weekdayMask.nonzeroBitCount == 1:
            let weekday = weekdayMask.trailingZeroBitCount
            let dayOffset = (weekday - rule.weekStart.rawValue).floorModulo(7)
            fixedStep = interval <= Int.max / 604_800 ? (604_800 * interval, dayOffset * 86_400 + timeOffsets[0]) : nil
        case .hourly where single && !hasByDay && hourMask == ~0:
            fixedStep = interval <= Int.max / 3600 ? (3600 * interval, timeOffsets[0]) : nil
        case .minutely where single && !hasByDay && hourMask == ~0 && minuteMask == ~0:
            fixedStep = interval <= Int.max / 60 ? (60 * interval, timeOffsets[0]) : nil
        case .secondly where single && !hasByDay && hourMask == ~0 && minuteMask == ~0 && secondMask == ~0:
            fixedStep = (interval, 0)
        default:
            fixedStep = nil
        }

        switch frequency {
        case .yearly: startPeriod = fields.year; unitSeconds = 0
        case .monthly: startPeriod = calendar.monthIndex(year: fields.year, month: fields.month); unitSeconds = 0
        case .weekly:
            startPeriod = start.dayNumber - (startWeekday - rule.weekStart.rawValue).floorModulo(7); unitSeconds = 0
        case .daily: startPeriod = start.dayNumber; unitSeconds = 0
        case .hourly: unitSeconds = 3600; startPeriod = startKey - startKey.floorModulo(3600)
        case .minutely: unitSeconds = 60; startPeriod = startKey - startKey.floorModulo(60)
        case .secondly: unitSeconds = 1; startPeriod = startKey
        }
    }

    // MARK: Periods

    /// The anchor of period `index` (see `startPeriod`), nil past the supported range.
    func anchor(ofPeriod index: Int) -> Int? {
        let (steps, overflow) = index.multipliedReportingOverflow(by: rule.interval)
        guard !overflow else { return nil }
        let scaled: Int
        switch rule.frequency {
        case .weekly:
            let (weeks, weeksOverflow) = steps.multipliedReportingOverflow(by: 7)
            guard !weeksOverflow else { return nil }
            scaled = weeks
        case .hourly, .minutely, .secondly:
            let (units, unitsOverflow) = steps.multipliedReportingOverflow(by: unitSeconds)
            guard !unitsOverflow else { return nil }
            scaled = units
        default: scaled = steps
        }
        let (anchor, sumOverflow) = startPeriod.addingReportingOverflow(scaled)
        guard !sumOverflow else { return nil }
        switch rule.frequency {
        case .yearly: return calendar.supportedYears.contains(anchor) ? anchor : nil
        case .monthly:
            guard let month = try? calendar.month(atIndex: anchor) else { return nil }
            return calendar.supportedYears.contains(month.year) ? anchor : nil
        case .weekly, .daily: return anchor >= DayNumber.supported.lowerBound - 7 && anchor <= DayNumber.supported.upperBound ? anchor : nil
        case .hourly, .minutely, .secondly:
            return Instant.supportedSeconds.contains(anchor) ? anchor : nil
        }
    }

    /// The first day of period `index` (the day of its first second for a sub-daily rule), nil past the supported range.
    func firstDay(ofPeriod index: Int) -> Int? {
        guard let anchor = anchor(ofPeriod: index) else { return nil }
        switch rule.frequency {
        case .yearly: return calendar.dayNumber(year: anchor, month: 1, day: 1)
        case .monthly:
            guard let (year, month) = try? calendar.month(atIndex: anchor) else { return nil }
            return calendar.dayNumber(year: year, month: month, day: 1)
        case .weekly, .daily: return anchor
        case .hourly, .minutely, .secondly: return anchor.floorDivided(by: 86_400)
        }
    }

    /// The period that contains wall-clock seconds `key`, or the first period after it
    /// (never before period 0); nil past the supported range.
    func period(containing key: Int) -> Int {
        guard key > startKey else { return 0 }
        let day = key.floorDivided(by: 86_400)
        let distance: Int
        switch rule.frequency {
        case .yearly:
            guard DayNumber.supported.contains(day) else { return Int.max }
            distance = calendar.ordinalDate(ofDay: day).year - startPeriod
        case .monthly:
            guard DayNumber.supported.contains(day) else { return Int.max }
            let fields = calendar.ordinalDate(ofDay: day)
            distance = calendar.monthIndex(year: fields.year, month: fields.month) - startPeriod
        case .weekly:
            let weekStart = day - (DayNumber.isoWeekday(day) - rule.weekStart.rawValue).floorModulo(7)
            return Swift.max(0, (weekStart - startPeriod).floorDivided(by: 7 * rule.interval))
        case .daily: distance = day - startPeriod
        case .hourly, .minutely, .secondly:
            let (offset, overflow) = key.subtractingReportingOverflow(startPeriod)
            return overflow ? Int.max : Swift.max(0, offset.floorDivided(by: unitSeconds * rule.interval))
        }
        return Swift.max(0, distance.floorDivided(by: rule.interval))
    }

    // MARK: Candidates

    /// The candidates of period `index`, sorted, in wall-clock seconds, after
    /// BYSETPOS (candidates before DTSTART included: BYSETPOS counts them).
    /// Returns false past the supported range.
    func candidates(ofPeriod index: Int, into output: inout [Int], days: inout [Int]) -> Bool {
        output.removeAll(keepingCapacity: true)
        guard let anchor = anchor(ofPeriod: index) else { return false }
        if generator == .subDaily {
            subDailyCandidates(anchor, into: &output)
        } else {
            days.removeAll(keepingCapacity: true)
            generateDays(anchor, into: &days)
            for day in days where DayNumber.supported.contains(day) && (!filterDays || matches(day, limits)) {
                let base = day * 86_400
                for offset in timeOffsets { output.append(base + offset) }
            }
        }
        if !rule.bySetPos.isEmpty { applySetPositions(&output) }
        return true
    }

    private func subDailyCandidates(_ anchor: Int, into output: inout [Int]) {
        let day = anchor.floorDivided(by: 86_400)
        let secondOfDay = anchor - day * 86_400
        guard hourMask & (1 << (secondOfDay / 3600)) != 0,
              minuteMask & (1 << UInt64(secondOfDay / 60 % 60)) != 0,
              secondMask & (1 << UInt64(secondOfDay % 60)) != 0,
              DayNumber.supported.contains(day), !hasDayParts || matches(day) else { return }
        for offset in timeOffsets { output.append(anchor + offset) }
    }

    var hasDayParts: Bool { needsFacts || hasByDay }

    private func applySetPositions(_ output: inout [Int]) {
        let count = output.count
        guard count > 0 else { return }
        var picked: [Int] = []
        for position in rule.bySetPos {
            let index = position > 0 ? position - 1 : count + position
            if index >= 0 && index < count { picked.append(output[index]) }
        }
        picked.sort()
        output.removeAll(keepingCapacity: true)
        for value in picked where output.last != value { output.append(value) }
    }

    /// The days the period's expanding parts give, sorted, without repeats.
    private func generateDays(_ anchor: Int, into days: inout [Int]) {
        switch generator {
        case .day:
            days.append(anchor)
            return
        case .weekDays:
            for weekday in 1...7 where weekdayMask & (1 << weekday) != 0 {
                days.append(anchor + (weekday - rule.weekStart.rawValue).floorModulo(7))
            }
        case .monthDays, .monthWeekdays, .monthAll:
            guard let (year, month) = try? calendar.month(atIndex: anchor) else { return }
            // BYMONTH limits the period before the days expand in it (RFC 5545's order),
            // so a date SKIP moves into another month still counts.
            if !months.isEmpty && !isListed(year: year, month: month) { return }
            appendMonth(start: calendar.dayNumber(year: year, month: month, day: 1), length: calendar.daysInMonth(year: year, month: month),
                        into: &days)
        case .yearDays:
            let start = calendar.dayNumber(year: anchor, month: 1, day: 1), length = calendar.daysInYear(anchor)
            for value in yearDays { appendDay(value, start: start, length: length, into: &days) }
        case .weekNumbers:
            let start = calendar.dayNumber(year: anchor, month: 1, day: 1), length = calendar.daysInYear(anchor)
            for weekYear in (anchor - 1)...(anchor + 1) where calendar.supportedYears.contains(weekYear) {
                guard let week1 = week1Start(weekYear), let weeks = weeksInYear(weekYear) else { continue }
                for value in weekNumbers {
                    let number = value > 0 ? value : weeks + 1 + value
                    guard number >= 1 && number <= weeks else { continue }
                    let first = week1 + 7 * (number - 1)
                    for day in first..<(first + 7) where day >= start && day < start + length { days.append(day) }
                }
            }
        case .yearMonthDays, .yearMonthWeekdays, .yearMonthsAll:
            if months.isEmpty {
                for month in 1...Swift.max(1, calendar.monthsInYear(anchor)) {
                    appendMonth(start: calendar.dayNumber(year: anchor, month: month, day: 1),
                                length: calendar.daysInMonth(year: anchor, month: month), into: &days)
                }
            } else if let monthPositions {
                for month in monthPositions where month <= calendar.monthsInYear(anchor) {
                    appendMonth(start: calendar.dayNumber(year: anchor, month: month, day: 1),
                                length: calendar.daysInMonth(year: anchor, month: month), into: &days)
                }
            } else {
                for code in months {
                    guard let (year, month) = resolvedMonth(code, inYear: anchor) else { continue }
                    appendMonth(start: calendar.dayNumber(year: year, month: month, day: 1),
                                length: calendar.daysInMonth(year: year, month: month), into: &days)
                }
            }
        case .yearWeekdays:
            let start = calendar.dayNumber(year: anchor, month: 1, day: 1), length = calendar.daysInYear(anchor)
            appendWeekdays(start: start, length: length, into: &days)
        case .subDaily:
            return
        }
        sortUnique(&days)
    }

    /// The month of `code` in `year`, as (year, position); for a leap month
    /// the year lacks, SKIP's choice: none, the month before it, or the month
    /// after it (the next year's first when it would have been the last).
    func resolvedMonth(_ code: MonthCode, inYear year: Int) -> (year: Int, month: Int)? {
        if let month = calendar.month(of: code, inYear: year) { return (year, month) }
        switch skip {
        case .omit: return nil
        case .backward:
            let before = MonthCode(code.number)
            return calendar.month(of: before, inYear: year).map { (year, $0) }
        case .forward:
            if let month = calendar.month(of: MonthCode(code.number + 1), inYear: year) { return (year, month) }
            let next = year + 1
            return calendar.supportedYears.contains(next) ? (next, 1) : nil
        }
    }

    /// Day `value` of the span [start, start + length) (a month, or a year
    /// for BYYEARDAY): counted from its end when negative. A day the span
    /// lacks is SKIP's: none, the nearest day before (the span's last day, or
    /// for a negative value the day before the span), or the nearest after
    /// (the day after the span, or for a negative value its first day).
    @inline(__always)
    private func appendDay(_ value: Int, start: Int, length: Int, into days: inout [Int]) {
        let ordinal = value > 0 ? value : length + 1 + value
        if ordinal >= 1 && ordinal <= length {
            days.append(start + ordinal - 1)
            return
        }
        switch skip {
        case .omit: return
        case .backward: days.append(value > 0 ? start + length - 1 : start - 1)
        case .forward: days.append(value > 0 ? start + length : start)
        }
    }

    /// The days of a month the generator takes: its BYMONTHDAY days, its BYDAY days, or all.
    private func appendMonth(start: Int, length: Int, into days: inout [Int]) {
        switch generator {
        case .monthDays, .yearMonthDays:
            for value in monthDays { appendDay(value, start: start, length: length, into: &days) }
        case .monthWeekdays, .yearMonthWeekdays:
            appendWeekdays(start: start, length: length, into: &days)
        default:
            for day in start..<(start + length) { days.append(day) }
        }
    }

    /// The BYDAY days of the span [start, start + length) (a month or a year).
    private func appendWeekdays(start: Int, length: Int, into days: inout [Int]) {
        let firstWeekday = DayNumber.isoWeekday(start)
        for weekday in 1...7 where weekdayMask & (1 << weekday) != 0 {
            var day = start + (weekday - firstWeekday).floorModulo(7)
            while day < start + length {
                days.append(day)
                day += 7
            }
        }
        let lastWeekday = DayNumber.isoWeekday(start + length - 1)
        for (ordinal, weekday) in ordinalDays {
            let offset = ordinal > 0
                ? (weekday - firstWeekday).floorModulo(7) + (ordinal - 1) * 7
                : length - 1 - (lastWeekday - weekday).floorModulo(7) + (ordinal + 1) * 7
            if offset >= 0 && offset < length { days.append(start + offset) }
        }
    }

    private func sortUnique(_ days: inout [Int]) {
        guard days.count > 1 else { return }
        days.sort()
        var write = 1
        for read in 1..<days.count where days[read] != days[write - 1] {
            days[write] = days[read]
            write += 1
        }
        days.removeLast(days.count - write)
    }

    // MARK: Day-level parts

    typealias DayParts = RuleDayParts

    /// Whether `day` satisfies every day-level part (each as a limit).
    func matches(_ day: Int) -> Bool { matches(day, .all) }

    /// Whether `day` satisfies the day-level parts among `parts` (each as a limit).
    func matches(_ day: Int, _ parts: DayParts) -> Bool {
        let weekday = DayNumber.isoWeekday(day)
        let byDay = hasByDay && parts.contains(.weekdays)
        if byDay && ordinalDays.isEmpty && weekdayMask & (1 << weekday) == 0 { return false }
        let checkMonths = !months.isEmpty && parts.contains(.months), checkMonthDays = !monthDays.isEmpty && parts.contains(.monthDays)
        let checkYearDays = !yearDays.isEmpty && parts.contains(.yearDays), checkWeeks = !weekNumbers.isEmpty && parts.contains(.weekNumbers)
        guard checkMonths || checkMonthDays || checkYearDays || checkWeeks || (byDay && !ordinalDays.isEmpty) else { return true }
        let fields = calendar.ordinalDate(ofDay: day)
        if checkMonths && !isListed(year: fields.year, month: fields.month) { return false }
        let monthLength = !checkMonthDays && !(byDay && ordinalsInMonth) ? 0 : calendar.daysInMonth(year: fields.year, month: fields.month)
        if checkMonthDays && !monthDays.contains(fields.day) && !monthDays.contains(fields.day - monthLength - 1) { return false }
        var yearStart = 0, yearLength = 0
        if checkYearDays || checkWeeks || (byDay && !ordinalsInMonth && !ordinalDays.isEmpty) {
            yearStart = calendar.dayNumber(year: fields.year, month: 1, day: 1)
            yearLength = calendar.daysInYear(fields.year)
        }
        let dayOfYear = day - yearStart + 1
        if checkYearDays && !yearDays.contains(dayOfYear) && !yearDays.contains(dayOfYear - yearLength - 1) { return false }
        if checkWeeks && !matchesWeekNumber(day, year: fields.year, yearStart: yearStart, yearLength: yearLength) { return false }
        if byDay && weekdayMask & (1 << weekday) == 0 {
            let position = ordinalsInMonth ? fields.day : dayOfYear
            let length = ordinalsInMonth ? monthLength : yearLength
            let fromStart = (position - 1) / 7 + 1, fromEnd = -((length - position) / 7 + 1)
            guard ordinalDays.contains(where: { $0.weekday == weekday && ($0.ordinal == fromStart || $0.ordinal == fromEnd) }) else {
                return false
            }
        }
        return true
    }

    /// Whether the `month`-th month of `year` is one of BYMONTH's.
    @inline(__always)
    private func isListed(year: Int, month: Int) -> Bool {
        if let monthPositions { return monthPositions.contains(month) }
        return months.contains(calendar.monthCode(year: year, month: month))
    }

    /// The first day of week 1 of `year`: the week (from WKST) holding the year's fourth day.
    func week1Start(_ year: Int) -> Int? {
        guard calendar.supportedYears.contains(year) else { return nil }
        let fourth = calendar.dayNumber(year: year, month: 1, day: 1) + 3
        return fourth - (DayNumber.isoWeekday(fourth) - rule.weekStart.rawValue).floorModulo(7)
    }

    /// The number of weeks (52 or 53) of the week year `year`.
    func weeksInYear(_ year: Int) -> Int? {
        guard let start = week1Start(year) else { return nil }
        // Week 1 of the next year holds that year's fourth day.
        let fourth = calendar.dayNumber(year: year, month: 1, day: 1) + calendar.daysInYear(year) + 3
        let next = fourth - (DayNumber.isoWeekday(fourth) - rule.weekStart.rawValue).floorModulo(7)
        return (next - start) / 7
    }

    private func matchesWeekNumber(_ day: Int, year: Int, yearStart: Int, yearLength: Int) -> Bool {
        // The week year: the year whose week 1 starts on or before the day, latest first.
        var weekYear = year
        if let next = week1Start(year + 1), day >= next { weekYear = year + 1 }
        else if let this = week1Start(year), day < this { weekYear = year - 1 }
        guard let week1 = week1Start(weekYear), let weeks = weeksInYear(weekYear) else { return false }
        let number = (day - week1) / 7 + 1
        return weekNumbers.contains(number) || weekNumbers.contains(number - weeks - 1)
    }
}

/// A rule's day-level parts, as a set.
struct RuleDayParts: OptionSet, Sendable {
    let rawValue: UInt8
    static let months = RuleDayParts(rawValue: 1)
    static let monthDays = RuleDayParts(rawValue: 2)
    static let yearDays = RuleDayParts(rawValue: 4)
    static let weekNumbers = RuleDayParts(rawValue: 8)
    static let weekdays = RuleDayParts(rawValue: 16)
    static let all: RuleDayParts = [.months, .monthDays, .yearDays, .weekNumbers, .weekdays]
}
