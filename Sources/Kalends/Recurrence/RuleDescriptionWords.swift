/// The English words `RecurrenceRule.naturalDescription` is built from:
/// ordinals, lists, counts and times of day, written once so every part of
/// a rule reads the same way.
enum RuleWords {
    /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`, `112th`.
    static func ordinal(_ value: Int) -> String {
        let number = value.magnitude
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }

    /// A position counted from either end: `1st`, `last` (-1), `2nd-to-last` (-2).
    static func position(_ value: Int) -> String {
        if value > 0 { return ordinal(value) }
        return value == -1 ? "last" : ordinal(value) + "-to-last"
    }

    /// Positions from the start, then from the end, each in calendar order
    /// (`1, 15, -3, -1` reads "1st, 15th, 3rd-to-last and last").
    static func positions(_ values: [Int], joiner: String = "and") -> String {
        list(inReadingOrder(values).map(position), joiner: joiner)
    }

    /// Positive values ascending, then negative ones from the farthest from the end.
    static func inReadingOrder(_ values: [Int]) -> [Int] {
        values.filter { $0 > 0 }.sorted() + values.filter { $0 < 0 }.sorted()
    }

    /// `a`, `a and b`, `a, b and c` (or with `or`).
    static func list(_ items: [String], joiner: String = "and") -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " \(joiner) " + items[items.count - 1]
        }
    }

    /// Days counted in a month or a year: `the 1st and 15th`, `the last day`,
    /// `the 1st and last day`; `noun` forces the final `day` (`the 15th day`).
    static func days(_ values: [Int], joiner: String = "and", noun: Bool = false) -> String {
        let needsNoun = noun || values.contains { $0 < 0 }
        return "the " + positions(values, joiner: joiner) + (needsNoun ? " day" : "")
    }

    /// `once`, `twice`, `10 times`.
    static func times(_ count: Int) -> String {
        switch count {
        case 1: return "once"
        case 2: return "twice"
        default: return "\(count) times"
        }
    }

    /// `09`, `17`: clock digits.
    static func twoDigits(_ value: Int) -> String {
        value < 10 && value >= 0 ? "0\(value)" : "\(value)"
    }

    /// BYHOUR, BYMINUTE and BYSECOND: as clock times when both hours and
    /// minutes are given and they make at most four (`at 09:00 and 17:30`),
    /// else each part's values (`at hours 9 and 17, minutes 0 and 30`).
    /// Nil when none is given.
    static func clock(hours: [Int], minutes: [Int], seconds: [Int]) -> String? {
        if !hours.isEmpty && !minutes.isEmpty && hours.count * minutes.count * Swift.max(1, seconds.count) <= 4 {
            var times: [String] = []
            for hour in hours {
                for minute in minutes {
                    let base = twoDigits(hour) + ":" + twoDigits(minute)
                    if seconds.isEmpty {
                        times.append(base)
                    } else {
                        times += seconds.map { base + ":" + twoDigits($0) }
                    }
                }
            }
            return "at " + list(times)
        }
        var parts: [String] = []
        for (name, values) in [("hour", hours), ("minute", minutes), ("second", seconds)] where !values.isEmpty {
            parts.append((values.count == 1 ? name : name + "s") + " " + list(values.map(String.init)))
        }
        return parts.isEmpty ? nil : "at " + parts.joined(separator: ", ")
    }

    /// The English weekday names in RRULE order (Monday first).
    static func names(_ weekdays: [Weekday]) -> [String] {
        weekdays.sorted().map(\.description)
    }
}
