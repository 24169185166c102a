import Kalends

/// RSCALE and SKIP (RFC 7529) held to a naive reading, for property tests
/// of any calendar: the built-in ones and those registered through
/// `Calendars.register`. The naive reading walks every day, converts it
/// with the conversion layer (`date(dayNumber:)`, month codes), groups days
/// into the rule's periods by watching the fields change, and tests each
/// part as a filter; SKIP's moved dates are found through the month-code API
/// (`date(year:monthCode:day:)`). Nothing of the engine's generators or
/// month line is used.
public enum RScaleOracle {
    public typealias Frequency = RecurrenceRule.Frequency

    /// A date-level rule in `calendar` (built in, or registered with
    /// `Calendars.register`), as RRULE text; with `skip`, BYMONTHDAY rules with a SKIP.
    public static func rules(_ calendar: any CalendarSystem, skip: Bool) -> Gen<String> {
        let codes = (1...13).flatMap { [MonthCode($0), MonthCode($0, isLeap: true)] }.filter { calendar.hasMonthCode($0) }
        let name = calendar.id.key.uppercased()
        let frequency = Gen<Frequency>.frequency([(3, Gen.constant(.yearly)), (3, Gen.constant(.monthly)), (1, Gen.constant(.weekly)),
                                                  (1, Gen.constant(.daily))])
        return Gen.zip(frequency, Gen.int(in: 1...3), Gen.element(of: codes).array(count: 0...2), Gen.int(in: 0...9)).flatMap { frequency, interval, months, shape in
            Gen.zip(Gen.element(of: [1, 2, 15, 28, 29, 30, 31, -1, -2, -29, -30, -31]).array(count: 1...2),
                    Gen.element(of: ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]).array(count: 1...2),
                    Gen.element(of: [1, 2, -1, 5, -5]), Gen.element(of: ["OMIT", "BACKWARD", "FORWARD"])).map { monthDays, weekdays, ordinal, skipValue in
                var parts = ["RSCALE=\(name)", "FREQ=\(frequency)"]
                if interval > 1 { parts.append("INTERVAL=\(interval)") }
                let monthText = months.map { "\($0.number)" + ($0.isLeap ? "L" : "") }
                if !months.isEmpty && !(frequency == .weekly && shape < 5) { parts.append("BYMONTH=" + monthText.joined(separator: ",")) }
                switch (frequency, shape) {
                case (.yearly, 0...3), (.monthly, 0...4), (.daily, 0...3):
                    parts.append("BYMONTHDAY=" + monthDays.map(String.init).joined(separator: ","))
                case (.yearly, 4...5) where !skip, (.monthly, 5...6) where !skip:
                    parts.append("BYDAY=\(ordinal)\(weekdays[0])")
                case (.yearly, 6) where !skip:
                    parts.append("BYYEARDAY=" + monthDays.map { $0 * 9 }.map(String.init).joined(separator: ","))
                case (.yearly, 7) where !skip:
                    parts.append("BYWEEKNO=\(ordinal * 7)")
                case (.weekly, _), (.daily, 4...6):
                    parts.append("BYDAY=" + weekdays.joined(separator: ","))
                default:
                    break
                }
                if !skip && shape == 9 && parts.contains(where: { $0.hasPrefix("BY") }) { parts.append("BYSETPOS=1,-1") }
                if skip { parts.append("SKIP=\(skipValue)") }
                return parts.joined(separator: ";")
            }
        }
    }

    /// A date DTSTART, 1950 ... 2049.
    public static let starts = Gen<Int>.int(in: -7_305...29_220)

    /// How many years of periods a check expands, by frequency.
    public static func horizon(_ frequency: Frequency) -> Int {
        switch frequency {
        case .yearly: 40
        case .monthly: 6
        default: 2
        }
    }

    // MARK: The naive reading

    /// The rule read literally, as the type's documentation says.
    public struct Naive {
        let calendar: any CalendarSystem
        let rule: RecurrenceRule
        let start: Int

        /// DTSTART's fields and the rule's parts with DTSTART's defaults.
        var months: [MonthCode]
        var monthDays: [Int]
        var byDay: [RecurrenceRule.Day]

        /// The reading of `rule` from the date DTSTART `start` (a day number).
        public init(_ rule: RecurrenceRule, start: Int) throws {
            self.rule = rule
            self.start = start
            calendar = try Calendars.system(rule.rscale ?? .gregorian)
            let fields = try calendar.date(dayNumber: start)
            months = rule.byMonth
            monthDays = rule.byMonthDay
            byDay = rule.byDay
            switch rule.frequency {
            case .yearly where rule.byWeekNo.isEmpty && rule.byYearDay.isEmpty && monthDays.isEmpty && byDay.isEmpty:
                monthDays = [fields.day]
                if months.isEmpty { months = [fields.monthCode] }
            case .monthly where monthDays.isEmpty && byDay.isEmpty:
                monthDays = [fields.day]
            case .weekly where byDay.isEmpty:
                byDay = [RecurrenceRule.Day(Weekday(rawValue: DayNumber.isoWeekday(start)) ?? .monday)]
            default:
                break
            }
        }

        func weekStart(_ day: Int) -> Int {
            let offset = (DayNumber.isoWeekday(day) - rule.weekStart.rawValue) % 7
            return day - (offset < 0 ? offset + 7 : offset)
        }

        func yearLength(_ year: Int) throws -> Int { try calendar.firstDay(ofYear: year + 1) - calendar.firstDay(ofYear: year) }

        /// Whether `day` (whose fields are `date`) has every part, read literally.
        func matches(_ day: Int, _ date: CalendarDate) throws -> Bool {
            if !months.isEmpty && !months.contains(date.monthCode) { return false }
            let length = try calendar.checkedDaysInMonth(year: date.year, month: date.month)
            if !monthDays.isEmpty && !monthDays.contains(date.day) && !monthDays.contains(date.day - length - 1) { return false }
            let yearStart = try calendar.firstDay(ofYear: date.year), yearDays = try yearLength(date.year)
            let dayOfYear = day - yearStart + 1
            if !rule.byYearDay.isEmpty && !rule.byYearDay.contains(dayOfYear) && !rule.byYearDay.contains(dayOfYear - yearDays - 1) {
                return false
            }
            if !rule.byWeekNo.isEmpty {
                // Week 1 holds the year's fourth day; the week year is the one whose week 1 starts last on or before the day.
                func week1(_ year: Int) throws -> Int { weekStart(try calendar.firstDay(ofYear: year) + 3) }
                var weekYear = date.year
                if try day >= week1(date.year + 1) { weekYear += 1 } else if try day < week1(date.year) { weekYear -= 1 }
                let first = try week1(weekYear), weeks = (try week1(weekYear + 1) - first) / 7
                let number = (day - first) / 7 + 1
                if !rule.byWeekNo.contains(number) && !rule.byWeekNo.contains(number - weeks - 1) { return false }
            }
            if !byDay.isEmpty {
                let weekday = DayNumber.isoWeekday(day)
                let inMonth = rule.frequency == .monthly || (rule.frequency == .yearly && !months.isEmpty)
                let position = inMonth ? date.day : dayOfYear, span = inMonth ? length : yearDays
                let fromStart = (position - 1) / 7 + 1, fromEnd = -((span - position) / 7 + 1)
                guard byDay.contains(where: { $0.weekday.rawValue == weekday && ($0.ordinal == nil || $0.ordinal == fromStart || $0.ordinal == fromEnd) }) else {
                    return false
                }
            }
            return true
        }

        /// The dates SKIP moves in a period (BYMONTHDAY rules only): each
        /// BYMONTHDAY of each month the period names, in the month SKIP gives
        /// a missing leap month, at the day SKIP gives a missing day.
        func moved(year: Int, periodMonth: MonthCode?) throws -> [Int] {
            guard rule.skip != .omit else { return [] }
            var codes: [MonthCode]
            if let periodMonth { codes = [periodMonth] } else { codes = months.isEmpty ? try calendar.monthCodes(inYear: year) : months }
            var days: [Int] = []
            for code in codes {
                var place: (year: Int, code: MonthCode)? = (year, code)
                if try !calendar.monthCodes(inYear: year).contains(code) {
                    switch rule.skip {
                    case .omit: place = nil
                    case .backward: place = (year, MonthCode(code.number))
                    case .forward:
                        let next = MonthCode(code.number + 1)
                        place = try calendar.monthCodes(inYear: year).contains(next) ? (year, next) : (year + 1, try calendar.monthCodes(inYear: year + 1)[0])
                    }
                }
                guard let place else { continue }
                let first = try calendar.date(year: place.year, monthCode: place.code, day: 1).dayNumber
                let length = try calendar.checkedDaysInMonth(year: place.year, month: try calendar.date(dayNumber: first).month)
                for value in monthDays {
                    let day = value > 0 ? value : length + 1 + value
                    if (1...length).contains(day) {
                        days.append(try calendar.date(year: place.year, monthCode: place.code, day: day).dayNumber)
                    } else if rule.skip == .backward {
                        days.append(value > 0 ? first + length - 1 : first - 1)
                    } else {
                        days.append(value > 0 ? first + length : first)
                    }
                }
            }
            return days
        }

        /// DTSTART, then the rule's dates after it, through the periods that start before `end`.
        public func expand(through end: Int) throws -> [Int] {
            let first = try calendar.date(dayNumber: start)
            // Walk from the first day of DTSTART's period: BYSETPOS counts the days before DTSTART.
            var day: Int
            switch rule.frequency {
            case .yearly: day = try calendar.firstDay(ofYear: first.year)
            case .monthly: day = start - first.day + 1
            case .weekly: day = weekStart(start)
            default: day = start
            }
            var period = 0, lastYear = first.year
            var found: [Int] = [], current: [Int] = []
            var periodYear = first.year, periodMonth = first.monthCode
            func close() throws {
                if period % rule.interval == 0 {
                    var set = current
                    if rule.skip != .omit && (rule.frequency == .yearly || rule.frequency == .monthly) {
                        set = try moved(year: periodYear, periodMonth: rule.frequency == .monthly ? periodMonth : nil)
                        if rule.frequency == .monthly && !rule.byMonth.isEmpty && !rule.byMonth.contains(periodMonth) { set = [] }
                    }
                    set = Array(Set(set)).sorted()
                    if !rule.bySetPos.isEmpty {
                        set = Array(Set(rule.bySetPos.compactMap { position -> Int? in
                            let index = position > 0 ? position - 1 : set.count + position
                            return set.indices.contains(index) ? set[index] : nil
                        })).sorted()
                    }
                    found += set
                }
                current = []
            }
            var weekAnchor = weekStart(day)
            while true {
                let date = try calendar.date(dayNumber: day)
                // A new period starts when its field changes.
                let newPeriod: Bool
                switch rule.frequency {
                case .yearly: newPeriod = date.year != lastYear
                case .monthly: newPeriod = date.day == 1 && day != start - first.day + 1
                case .weekly: newPeriod = weekStart(day) != weekAnchor
                default: newPeriod = day != start
                }
                if newPeriod {
                    try close()
                    period += 1
                    if day >= end { break }
                    lastYear = date.year
                    weekAnchor = weekStart(day)
                    periodYear = date.year
                    periodMonth = date.monthCode
                }
                if try matches(day, date) { current.append(day) }
                day += 1
            }
            return [start] + Array(Set(found.filter { $0 > start })).sorted()
        }
    }

    /// Nil when the engine's occurrences of the rule `text` from the date
    /// DTSTART `start` (a day number) are exactly the naive reading's through
    /// `horizon` years of periods; otherwise what differs.
    public static func mismatch(_ text: String, start: Int) throws -> String? {
        let rule = try RecurrenceRule(parsing: text)
        let naive = try Naive(rule, start: start)
        let end = start + horizon(rule.frequency) * 366
        let expected = try naive.expand(through: end)
        let set = try RecurrenceSet(start: .date(ISODate(dayNumber: start)), rules: [rule])
        let got = Array(set.occurrences().prefix(expected.count + 1).map(\.local.dayNumber).prefix { $0 <= expected.last ?? start })
        guard got == expected else {
            let show = { (days: [Int]) in days.prefix(10).map { ISODate(dayNumber: $0).description } }
            return "\(text) from \(ISODate(dayNumber: start)): got \(show(got)) expected \(show(expected))"
        }
        return nil
    }

    /// Nil when SKIP=BACKWARD and FORWARD keep every OMIT date of a
    /// BYMONTHDAY rule in `calendar`, add only dates that end a month
    /// (BACKWARD) or start one (FORWARD), and never repeat or disorder one;
    /// otherwise what is wrong. The rule ends by UNTIL, five years on.
    public static func skipViolation(_ calendar: any CalendarSystem, frequency: Frequency, monthDays: [Int], start: Int) throws -> String? {
        let days = monthDays.map(String.init).joined(separator: ",")
        // `YYYYMMDD`: DTSTART lies in a year after 0 (`starts`).
        let until = ISODate(dayNumber: start + 5 * 366).description.split(separator: "-").joined()
        let base = "RSCALE=\(calendar.id.key.uppercased());FREQ=\(frequency);BYMONTHDAY=\(days);UNTIL=\(until)"
        func dates(_ skip: String) throws -> [Int] {
            let set = try RecurrenceSet(start: .date(ISODate(dayNumber: start)), rules: [try RecurrenceRule(parsing: base + ";SKIP=" + skip)])
            return set.occurrences().map(\.local.dayNumber).filter { $0 != start }
        }
        let omit = try dates("OMIT"), backward = try dates("BACKWARD"), forward = try dates("FORWARD")
        for (name, list) in [("BACKWARD", backward), ("FORWARD", forward)] {
            guard list == Array(Set(list)).sorted() else { return "\(base);SKIP=\(name): out of order or repeated" }
            guard Set(omit).isSubset(of: list) else { return "\(base);SKIP=\(name) lost an OMIT date" }
            for day in Set(list).subtracting(omit) {
                let date = try calendar.date(dayNumber: day)
                let length = try calendar.checkedDaysInMonth(year: date.year, month: date.month)
                // Moved back: a month's last day (its own, or the one before for a negative value); forward: a first day.
                guard name == "BACKWARD" ? date.day == length : date.day == 1 else {
                    return "\(base);SKIP=\(name) moved to \(ISODate(dayNumber: day)), not a month's \(name == "BACKWARD" ? "last" : "first") day"
                }
            }
        }
        return nil
    }

    /// Nil when the rule `text` ended by COUNT=`count` gives the first
    /// `count` occurrences of the rule without an end, and ended by UNTIL the
    /// last of those gives the same; otherwise what differs. `text` has no end.
    public static func endViolation(_ text: String, start: Int, count: Int) throws -> String? {
        let dtstart = RecurrenceStart.date(ISODate(dayNumber: start))
        let open = try RecurrenceSet(start: dtstart, rules: [try RecurrenceRule(parsing: text)])
        let first = Array(open.occurrences().prefix(count).map(\.local.dayNumber))
        let counted = try RecurrenceSet(start: dtstart, rules: [try RecurrenceRule(parsing: text + ";COUNT=\(count)")])
        let byCount = counted.occurrences().map(\.local.dayNumber)
        guard byCount == first else { return "\(text);COUNT=\(count) gives \(byCount.count) dates, not the first \(count)" }
        guard let last = first.last, ISODate(dayNumber: last).year >= 0 else { return nil }
        let until = ISODate(dayNumber: last).description.split(separator: "-").joined()
        let bounded = try RecurrenceSet(start: dtstart, rules: [try RecurrenceRule(parsing: text + ";UNTIL=" + until)])
        let byUntil = bounded.occurrences().map(\.local.dayNumber)
        guard byUntil == first else { return "\(text);UNTIL=\(until) gives \(byUntil.count) dates, not the \(first.count) up to it" }
        return nil
    }
}
