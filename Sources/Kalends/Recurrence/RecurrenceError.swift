/// Why a recurrence (a DTSTART with its rules, RDATEs and EXDATEs) cannot be
/// expanded, or its iCalendar text read: what is wrong (`kind`, whose
/// payloads carry the offending values) and where (`line` of the text; for
/// a rule, its part and character offset; for a content line, its column).
///
///     try RecurrenceSet(parsing: "DTSTART:20240101\nRRULE:FREQ=DAILY;BYMONTH=13")
///     // throws: line 2, part BYMONTH at offset 11 of the rule, its value 13 out of 1 ... 12
public struct RecurrenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Hashable, Sendable {
        /// A content line that does not read (its syntax, or a DTSTART, RDATE or EXDATE value).
        case contentLine(ContentLineError)
        /// iCalendar text that does not read as content lines and components; the reader's message.
        case unreadableText(String)
        /// A DTSTART, RRULE, RDATE, EXDATE or EXRULE line longer than `RecurrenceSet.maximumLineLength`.
        case lineTooLong(property: String, bytes: Int, maximum: Int)
        /// DTSTART given more than once.
        case repeatedStart
        /// No DTSTART line.
        case missingStart
        /// A DTSTART that is no time Kalends can hold; `detail` says why.
        case invalidStart(detail: String)
        /// A DTSTART with a fraction of a second.
        case fractionalSecondStart(RecurrenceStart)
        /// An RRULE that does not read or is not valid: the rule error names the part and its offset.
        case rule(RuleError)
        /// EXRULE, which RFC 5545 removed.
        case exceptionRule
        /// `rule` (`RRULE`, or `RRULE 2` among several) names an RSCALE calendar whose engine failed to open.
        case calendarUnavailable(rule: String, ConversionError)
        /// `rule` steps finer than days from a date DTSTART.
        case frequencyNeedsTime(rule: String, frequency: RecurrenceRule.Frequency, start: RecurrenceStart)
        /// `rule`'s UNTIL is not of DTSTART's form (a date, a floating or a UTC date-time).
        case untilForm(rule: String, start: RecurrenceStart)
        /// An RDATE or EXDATE (`property`) that cannot be placed in DTSTART's zone; `detail` says why.
        case unplacedDate(property: String, date: RecurrenceDate, detail: String)
        /// An RDATE or EXDATE with a time where DTSTART is a date.
        case timeForDateStart(property: String, date: RecurrenceDate, start: RecurrenceStart)
        /// An RDATE or EXDATE instant where DTSTART is floating.
        case instantForFloatingStart(property: String, date: RecurrenceDate, start: RecurrenceStart)
        /// A query bound that is an instant where DTSTART has no zone.
        case instantBound(Instant, start: RecurrenceStart)
        /// A query bound that is no time in DTSTART's zone; `detail` says why.
        case invalidBound(LocalDateTime, detail: String)
    }

    /// What is wrong.
    public let kind: Kind
    /// The 1-based line of the iCalendar text (its unfolded line's first physical line), when read from text.
    public let line: Int?

    /// An error of `kind`, at `line` of the text when read from one.
    public init(_ kind: Kind, line: Int? = nil) {
        self.kind = kind
        self.line = line
    }


    /// The rule part at fault (`BYMONTH`), for an RRULE that does not read.
    public var part: String? {
        if case .rule(let error) = kind { return error.part }
        return nil
    }

    /// The 0-based character offset of that part in the RRULE value.
    public var offset: Int? {
        if case .rule(let error) = kind { return error.offset }
        return nil
    }

    /// The 1-based column of the fault in the (unfolded) content line.
    public var column: Int? {
        if case .contentLine(let error) = kind { return error.column }
        return nil
    }

    /// What is wrong, without the line.
    public var message: String {
        switch kind {
        case .contentLine(let error): error.description
        case .unreadableText(let message): message
        case .lineTooLong(let property, let bytes, let maximum):
            "the \(RuleError.shown(property)) line is \(bytes) bytes long, more than the \(maximum) a content line may have (after unfolding)"
        case .repeatedStart: "DTSTART is given more than once"
        case .missingStart: "no DTSTART line (e.g. DTSTART:19970902T090000)"
        case .invalidStart(let detail): "DTSTART: \(detail)"
        case .fractionalSecondStart(let start):
            "DTSTART \(start) has a fraction of a second; recurrences count whole seconds, as iCalendar does"
        case .rule(let error): error.description
        case .exceptionRule: "EXRULE was removed from iCalendar by RFC 5545; use EXDATE"
        case .calendarUnavailable(let rule, let error): "\(rule): RSCALE calendar cannot be opened: \(error)"
        case .frequencyNeedsTime(let rule, let frequency, let start):
            "\(rule): FREQ=\(frequency) needs a DTSTART with a time, and DTSTART is the date \(start) (a date recurs DAILY at the finest)"
        case .untilForm(let rule, let start):
            switch start {
            case .date: "\(rule): UNTIL must be a date (YYYYMMDD) like DTSTART \(start)"
            case .floating: "\(rule): UNTIL must be a floating date-time (YYYYMMDDTHHMMSS) like DTSTART \(start)"
            case .zoned: "\(rule): UNTIL must be a UTC date-time (YYYYMMDDTHHMMSSZ) for the zoned DTSTART \(start)"
            }
        case .unplacedDate(let property, let date, let detail): "\(property) \(date): \(detail)"
        case .timeForDateStart(let property, let date, let start):
            "\(property) \(date) has a time, but DTSTART is the date \(start): use VALUE=DATE"
        case .instantForFloatingStart(let property, let date, let start):
            "\(property) \(date) is an instant, but DTSTART \(start) is floating (no zone)"
        case .instantBound(let instant, let start):
            "the bound \(instant) is an instant, but DTSTART \(start) has no zone: the rule's wall-clock times are no instants to compare it with"
        case .invalidBound(let local, let detail): "the bound \(local): \(detail)"
        }
    }

    public var description: String { (line.map { "line \($0): " } ?? "") + message }
}

/// Why an iCalendar content line (RFC 5545 section 3.1) of a recurrence does
/// not read: its syntax, or a DTSTART, RDATE or EXDATE value. `property` is
/// the line's name as shown in the message, `column` the 1-based column of
/// the fault (or of the value at fault) in the unfolded line.
public struct ContentLineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong; the texts are as written in the line.
    public enum Kind: Hashable, Sendable {
        /// No property name before `;` or `:` (`text`: the whole line).
        case notAContentLine(text: String)
        /// A parameter without `=VALUE`.
        case parameterWithoutValue(parameter: String)
        /// A quoted parameter value without its closing quote.
        case unclosedQuote(parameter: String)
        /// No `:` before the value (`text`: the whole line).
        case missingColon(text: String)
        /// VALUE= naming no value type the property may have (`allowed`, in capitals).
        case unknownValueType(String, allowed: [String])
        /// A value that is not of its type (`type`: INTEGER, URI, ...).
        case malformedValue(type: String, text: String)
        /// VALUE=PERIOD on a property other than RDATE.
        case periodNotAllowed
        /// A TZID this system has no zone for; `detail` says why.
        case unknownZone(String, detail: String)
        /// A PERIOD that is not START/END or START/DURATION.
        case malformedPeriod(String)
        /// A PERIOD whose end is not after its start.
        case periodNotAfterStart(String)
        /// Not `YYYYMMDD`.
        case malformedDate(String)
        /// `YYYYMMDD` that is no date (month 13); `detail` says why.
        case invalidDate(String, detail: String)
        /// Not `YYYYMMDDTHHMMSS` with an optional `Z`.
        case malformedDateTime(String)
        /// A date-time with no such time of day; `detail` says why.
        case invalidTime(String, detail: String)
        /// Not a positive RFC 5545 duration (`PT2H`).
        case malformedDuration(String)
        /// A DTSTART with no value, several, or a PERIOD.
        case startNotOneValue
        /// Not a UTC offset (`+HHMM`, `-HHMMSS`; `-0000` is not one).
        case malformedUTCOffset(String)
        /// Not an RFC 5545 duration (`-PT15M`, `P1W`, `P1DT2H`).
        case malformedSignedDuration(String)
    }

    /// What is wrong.
    public let kind: Kind
    /// The property (`RDATE`), as the message names it; nil when the line has none.
    public let property: String?
    /// The 1-based column of the fault in the unfolded line, when known.
    public let column: Int?

    /// An error of `kind` in the line of `property`, at `column`.
    public init(_ kind: Kind, property: String?, column: Int? = nil) {
        self.kind = kind
        self.property = property
        self.column = column
    }

    public var description: String {
        let prefix = property.map { "\($0): " } ?? ""
        let shown = RuleError.shown
        return switch kind {
        case .notAContentLine(let text): "'\(shown(text))' is not an iCalendar content line (NAME:VALUE)"
        case .parameterWithoutValue(let parameter): prefix + "parameter '\(shown(parameter))' has no value (NAME=VALUE)"
        case .unclosedQuote(let parameter): prefix + "parameter \(shown(parameter)) has an unclosed quote"
        case .missingColon(let text): prefix + "no ':' before the value in '\(shown(text))'"
        case .unknownValueType(let kind, let allowed):
            prefix + "VALUE=\(shown(kind)) is not " + (allowed.count > 1 ? allowed.dropLast().joined(separator: ", ") + " or " + (allowed.last ?? "") : allowed.first ?? "a value type")
        case .malformedValue(let type, let text): prefix + "'\(shown(text))' is not \(type.first.map { "AEIO".contains($0) } == true ? "an" : "a") \(type)"
        case .periodNotAllowed: prefix + "VALUE=PERIOD is only for RDATE"
        case .unknownZone(let name, let detail): prefix + "TZID=\(shown(name)) is not a time zone this system knows (\(detail))"
        case .malformedPeriod(let text): prefix + "'\(shown(text))' is not a PERIOD (START/END or START/DURATION)"
        case .periodNotAfterStart(let text): prefix + "the PERIOD '\(shown(text))' does not end after it starts"
        case .malformedDate(let text): prefix + "'\(shown(text))' is not a DATE (YYYYMMDD)"
        case .invalidDate(let text, let detail): prefix + "'\(text)' is not a date: \(detail)"
        case .malformedDateTime(let text): prefix + "'\(shown(text))' is not a DATE-TIME (YYYYMMDDTHHMMSS, Z for UTC)"
        case .invalidTime(let text, let detail): prefix + "'\(shown(text))' has no such time: \(detail)"
        case .malformedDuration(let text): prefix + "'\(shown(text))' is not a positive duration (PT2H, P1D, P1W)"
        case .startNotOneValue: (property ?? "DTSTART") + " takes one date or date-time"
        case .malformedUTCOffset(let text): prefix + "'\(shown(text))' is not a UTC offset (+HHMM or +HHMMSS)"
        case .malformedSignedDuration(let text): prefix + "'\(shown(text))' is not a duration (PT15M, -P1D, P1W)"
        }
    }
}
