import Kalends

/// Why iCalendar input does not read, or what is wrong with one component
/// of it: what (`kind`, whose payloads carry the values at fault) and where
/// (`source`, the 1-based `line` of the content line's first physical line
/// and the 1-based `column` in the unfolded line, in Unicode scalars).
///
///     // calendar.ics:7:1: END:VTODO closes the open VEVENT
///     error.line    // 7
public struct ICalendarError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Hashable, Sendable {
        /// Not iCalendar at all: the first content line is not `BEGIN:VCALENDAR`
        /// (`found`: that line, cut), or there is none.
        case notICalendar(found: String?)
        /// Not of another content-line format (`vCard`) at all: the first
        /// content line is not `BEGIN:root` (`found`: that line, cut), or there is none.
        case notFormat(format: String, root: String, found: String?)
        /// Bytes that are not text (NUL, or not UTF-8) before any component.
        case binaryData
        /// The same, in a reader of another format (`vCard`).
        case binaryDataNotFormat(format: String)
        /// Bytes that are not UTF-8 in a content line.
        case invalidUTF8
        /// A content line (of the property `property`, when it names one) longer than `ICalendarReader.maximumLineLength` bytes after unfolding.
        case lineTooLong(bytes: Int, maximum: Int, property: String?)
        /// A content line that does not read: no name, no `:`, a parameter without value or quote.
        case contentLine(ContentLineError)
        /// A `BEGIN:` or `END:` without a component name.
        case missingComponentName(String)
        /// `END:found` where the open component is `expected`.
        case mismatchedEnd(expected: String, found: String)
        /// `END:name` with no component open.
        case endWithoutBegin(String)
        /// No `END:name` before the end of the input.
        case missingEnd(String)
        /// Components nested deeper than `ICalendarReader.maximumDepth`.
        case nestingTooDeep(maximum: Int)
        /// An input of `bytes` bytes, more than a reader takes (`maximum`).
        case inputTooLarge(bytes: Int, maximum: Int)
        /// A property outside any component.
        case propertyOutsideComponent(String)
        /// A value that does not read (a date, a duration, an offset).
        case value(ContentLineError)
        /// An RRULE that does not read or is not valid.
        case rule(RuleError)
        /// A VTIMEZONE that gives no zone; `detail` says why.
        case invalidTimeZone(tzid: String, detail: String)
        /// A TZID that neither the file, the system nor ICU's Windows names define.
        case unknownZone(String)
        /// A component without a property it must have (a VEVENT without DTSTART).
        case missingProperty(component: String, property: String)
        /// A value (`value`, as shown) of `property` not of the form DTSTART
        /// (`start`) gives it: RFC 5545 wants UNTIL, RDATE and EXDATE in DTSTART's form.
        case mismatchedForm(property: String, value: String, start: String)
        /// An end (DTEND, DUE) before the start (or, for dates, not after it).
        case endBeforeStart(property: String, end: String, start: String)
        /// A time that cannot be placed (outside the supported range); `detail` says why.
        case unplaceable(property: String, value: String, detail: String)
        /// A recurrence (DTSTART with its RRULEs, RDATEs, EXDATEs) that cannot be expanded.
        case recurrence(RecurrenceError)
        /// An override (of the series `uid`) whose RECURRENCE-ID is no occurrence of the version of the series read.
        case noSuchOccurrence(uid: String, recurrenceID: String)
        /// A second version of the component with this UID and RECURRENCE-ID (nil: the series itself);
        /// `kept` is the line of the version read (the higher SEQUENCE, then the later DTSTAMP).
        case duplicate(uid: String, recurrenceID: String?, kept: Int)
    }

    /// What is wrong.
    public let kind: Kind
    /// The name of the input (a file's path) as messages show it.
    public let source: String
    /// The 1-based line (of the content line's first physical line).
    public let line: Int
    /// The 1-based column in the unfolded content line, in Unicode scalars.
    public let column: Int

    /// An error of `kind` at `line`:`column` of `source`.
    public init(_ kind: Kind, source: String, line: Int, column: Int = 1) {
        self.kind = kind
        self.source = source
        self.line = line
        self.column = column
    }

    /// What is wrong, without the place.
    public var message: String {
        let shown = RuleError.shown
        switch kind {
        case .notICalendar(let found):
            guard let found else { return "not iCalendar: no BEGIN:VCALENDAR (the input has no content line)" }
            return "not iCalendar: the first line is '\(shown(found))', not BEGIN:VCALENDAR"
        case .notFormat(let format, let root, let found):
            let article = format.first.map { "aeiouAEIOU".contains($0) } == true ? "an" : "a"
            guard let found else { return "not \(article) \(format): no BEGIN:\(root) (the input has no content line)" }
            return "not \(article) \(format): the first line is '\(shown(found))', not BEGIN:\(root)"
        case .binaryData: return "not iCalendar: binary data (bytes that are not UTF-8 text)"
        case .binaryDataNotFormat(let format):
            let article = format.first.map { "aeiouAEIOU".contains($0) } == true ? "an" : "a"
            return "not \(article) \(format): binary data (bytes that are not UTF-8 text)"
        case .invalidUTF8: return "bytes that are not UTF-8"
        case .lineTooLong(let bytes, let maximum, let property):
            return "a content line\(property.map { " (\(shown($0)))" } ?? "") of \(bytes) bytes, more than the \(maximum) a line may have (after unfolding)"
        case .contentLine(let error): return error.description
        case .missingComponentName(let what): return "\(what): without a component name"
        case .mismatchedEnd(let expected, let found): return "END:\(shown(found)) closes the open \(expected)"
        case .endWithoutBegin(let name): return "END:\(shown(name)) with no component open"
        case .missingEnd(let name): return "no END:\(name) before the end of the input"
        case .nestingTooDeep(let maximum): return "components nested more than \(maximum) deep"
        case .inputTooLarge(let bytes, let maximum): return "the input is \(bytes) bytes, more than the \(maximum) a reader takes"
        case .propertyOutsideComponent(let name): return "the property \(shown(name)) is outside any component"
        case .value(let error): return error.description
        case .rule(let error): return "RRULE: \(error)"
        case .invalidTimeZone(let tzid, let detail): return "the VTIMEZONE \(shown(tzid)) gives no zone: \(detail)"
        case .missingProperty(let component, let property): return "the \(component) has no \(property)"
        case .mismatchedForm(let property, let value, let start):
            return "\(property) \(shown(value)) is not of DTSTART's form (\(shown(start)))"
        case .endBeforeStart(let property, let end, let start):
            return "\(property) \(shown(end)) is not after DTSTART \(shown(start))"
        case .unplaceable(let property, let value, let detail): return "\(property) \(shown(value)) cannot be placed: \(detail)"
        case .recurrence(let error): return error.message
        case .noSuchOccurrence(let uid, let recurrenceID):
            return "RECURRENCE-ID \(shown(recurrenceID)) is no occurrence of the newest version of UID \(shown(uid))"
        case .duplicate(let uid, let recurrenceID, let kept):
            return "another version of UID \(shown(uid))\(recurrenceID.map { " with RECURRENCE-ID \($0)" } ?? "") is on line \(kept), with a higher SEQUENCE or a later DTSTAMP"
        case .unknownZone(let tzid):
            return "TZID=\(shown(tzid)) is defined neither in the file nor on this system (nor as a Windows zone name)"
        }
    }

    /// `SOURCE:LINE:COLUMN: message`.
    public var description: String { "\(source):\(line):\(column): \(message)" }
}

/// A defect a lenient read passed over: where and what (`error`), and what
/// was done about it (`consequence`).
///
///     warning.description
///     // "calendar.ics:12:1: no ':' ... (the VEVENT with UID 42@example.com is left out)"
public struct ICalendarWarning: Hashable, Sendable, CustomStringConvertible {
    /// What a lenient read did about a defect.
    public enum Consequence: Hashable, Sendable {
        /// The component (a child of the VCALENDAR, with its children) is not in the document.
        case leftOut(component: String, uid: String?, line: Int)
        /// The content line is not in the document.
        case lineIgnored
        /// The property (of this name) is not in the document; its component is.
        case propertyIgnored(String)
        /// The value was read as this says (a form RFC 5545 does not allow, salvaged).
        case readAs(String)
        /// Times with this TZID are floating (read in the viewer's zone).
        case floating(tzid: String)
        /// What was read of the component up to the end of the input is kept.
        case keptToEnd(component: String)
    }

    /// The defect and its place.
    public let error: ICalendarError
    /// What was done about it.
    public let consequence: Consequence

    /// A warning about `error`, handled by `consequence`.
    public init(_ error: ICalendarError, _ consequence: Consequence) {
        self.error = error
        self.consequence = consequence
    }

    /// `FILE:LINE:COLUMN: what was wrong (what was done)`.
    public var description: String {
        let done: String
        switch consequence {
        case .leftOut(let component, let uid, let line):
            done = uid.map { "the \(component) with UID \(RuleError.shown($0)) is left out" } ?? "the \(component) of line \(line) is left out"
        case .lineIgnored: done = "the line is ignored"
        case .propertyIgnored(let name): done = "the \(RuleError.shown(name)) is ignored"
        case .readAs(let reading): done = reading
        case .floating: done = "its times are floating, read in the viewer's zone"
        case .keptToEnd(let component): done = "the \(component) is read up to there"
        }
        return "\(error.description) (\(done))"
    }
}
