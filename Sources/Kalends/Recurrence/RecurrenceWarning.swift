/// A part of a recurrence that was given but not used, because RFC 5545
/// says it must be ignored: the set is expanded without it, and
/// `RecurrenceSet.warnings` lists it so that a caller can say so.
///
///     let set = try RecurrenceSet(parsing: """
///         DTSTART;VALUE=DATE:20241018
///         RRULE:FREQ=DAILY;BYMINUTE=1,2,3,4;INTERVAL=2;COUNT=3
///         """)
///     set.occurrences().map(\.description)   // ["2024-10-18", "2024-10-20", "2024-10-22"]
///     set.warnings.first?.ignoredParts       // ["BYMINUTE=1,2,3,4"]
public struct RecurrenceWarning: Hashable, Sendable, CustomStringConvertible {
    /// What was ignored.
    public enum Reason: Hashable, Sendable {
        /// BYHOUR, BYMINUTE and BYSECOND (their values as given, each
        /// possibly empty) of a rule whose DTSTART is a date: a date has no
        /// time of day, and RFC 5545 section 3.3.10 says these parts "MUST be
        /// ignored" then.
        case timeOfDayPartsIgnored(byHour: [Int], byMinute: [Int], bySecond: [Int])
    }

    /// What was ignored.
    public let reason: Reason
    /// The rule's index in `RecurrenceSet.rules`.
    public let ruleIndex: Int
    /// The rule as given.
    public let rule: RecurrenceRule
    /// The 1-based line of the rule in the iCalendar text, when read from text.
    public let line: Int?
    /// DTSTART's date.
    public let start: ISODate
    /// How many rules the set has (a warning names the rule by its number when there are several).
    let ruleCount: Int

    init(_ reason: Reason, ruleIndex: Int, rule: RecurrenceRule, line: Int?, start: ISODate, ruleCount: Int) {
        self.reason = reason
        self.ruleIndex = ruleIndex
        self.rule = rule
        self.line = line
        self.start = start
        self.ruleCount = ruleCount
    }

    /// The parts ignored, as RRULE text: `["BYHOUR=9", "BYMINUTE=1,2,3,4"]`.
    public var ignoredParts: [String] {
        switch reason {
        case .timeOfDayPartsIgnored(let hours, let minutes, let seconds):
            return [("BYHOUR", hours), ("BYMINUTE", minutes), ("BYSECOND", seconds)].compactMap { name, values in
                values.isEmpty ? nil : name + "=" + values.map(String.init).joined(separator: ",")
            }
        }
    }

    /// What was ignored and why, without the rule or the line:
    /// `BYMINUTE=1,2,3,4 is ignored: DTSTART is the date 2024-10-18, ...`.
    public var message: String {
        switch reason {
        case .timeOfDayPartsIgnored:
            let parts = ignoredParts
            let list = parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + (parts.last ?? "")
            return "\(list) \(parts.count == 1 ? "is" : "are") ignored: DTSTART is the date \(start), which has no time of day "
                + "(RFC 5545 section 3.3.10)"
        }
    }

    /// `line 2: RRULE FREQ=DAILY;COUNT=3;BYMINUTE=1,2,3,4: BYMINUTE=1,2,3,4 is ignored: ...`.
    public var description: String {
        let name = ruleCount > 1 ? "RRULE \(ruleIndex + 1) (\(rule))" : "RRULE \(rule)"
        return (line.map { "line \($0): " } ?? "") + name + ": " + message
    }
}
