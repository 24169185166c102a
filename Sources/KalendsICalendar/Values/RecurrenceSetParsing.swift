import Kalends

/// A recurrence read from iCalendar text: DTSTART, RRULE, RDATE and EXDATE,
/// through the package's one reader (`ICalendarReader`) and value codec.
///
///     let set = try RecurrenceSet(parsing: """
///         DTSTART;TZID=America/New_York:19970902T090000
///         RRULE:FREQ=DAILY;COUNT=10
///         """)
extension RecurrenceSet {
    /// The longest DTSTART, RRULE, RDATE, EXDATE (or EXRULE) line read, in
    /// UTF-8 bytes after unfolding: a longer one is an error, so that no text
    /// costs more than a small multiple of this to read. Other lines may be
    /// longer (up to `ICalendarReader.maximumLineLength`).
    public static let maximumLineLength = 1 << 16

    /// The properties a recurrence is read from (EXRULE to say it is obsolete).
    public static let lineNames: Set<String> = ["DTSTART", "RRULE", "RDATE", "EXDATE", "EXRULE"]

    /// Reads DTSTART (exactly one), RRULEs, RDATEs and EXDATEs from
    /// iCalendar text: those of the first VEVENT that is no override (has
    /// no RECURRENCE-ID) when there is a VEVENT, else the lines outside any
    /// component (bare lines, as in the example) or the VCALENDAR's own, else
    /// those of the first VTODO or VJOURNAL. A TZID is the system's zone, the
    /// file's VTIMEZONE or a Windows zone name (see `ICalendarZones`).
    ///
    /// The text is read as calendar files are (`ICalendarReader`): a bare
    /// line that does not read is an error; so is a defect in the component
    /// the recurrence is taken from, where other components' defects are
    /// passed over.
    /// - Throws: `RecurrenceError` with the line (of the unfolded text's first
    ///   physical line) and what is wrong: a content line that does not read
    ///   (`.contentLine`, with its column), an RRULE (`.rule`, with its part
    ///   and offset), a missing or repeated DTSTART, a DTSTART, RRULE, RDATE
    ///   or EXDATE line longer than `maximumLineLength`, an unknown TZID, or what
    ///   `init(start:rules:dates:exclusions:policy:)` throws.
    public init(parsing text: String, policy: LocalTimePolicy = .rfc5545) throws(RecurrenceError) {
        var reader = ICalendarReader(source: "")
        reader.fragment = true
        let document: ICalendarDocument
        do {
            document = try reader.read(text)
        } catch {
            throw Self.recurrenceError(error)
        }
        let lines = try Self.recurrenceLines(document)
        func zone(_ property: ICalendarProperty) throws(RecurrenceError) -> ZoneRules? {
            guard let tzid = property.parameter("TZID") else { return nil }
            if let found = document.zones.zone(for: tzid) { return found }
            throw RecurrenceError(.contentLine(ContentLineError(.unknownZone(tzid, detail: "\(TimeError.unknownZone(tzid))"),
                                                                property: property.name)), line: property.line)
        }
        func dates(_ property: ICalendarProperty) throws(RecurrenceError) -> [RecurrenceDate] {
            let placed = try zone(property)
            do {
                return try property.dates(zone: placed)
            } catch {
                throw RecurrenceError(.contentLine(error), line: property.line)
            }
        }
        var start: RecurrenceStart?
        var rules: [RecurrenceRule] = [], ruleLines: [Int] = []
        var included: [RecurrenceDate] = [], excluded: [RecurrenceDate] = []
        for property in lines where Self.lineNames.contains(property.name) {
            switch property.name {
            case "DTSTART":
                guard start == nil else { throw RecurrenceError(.repeatedStart, line: property.line) }
                let values = try dates(property)
                let value: RecurrenceDate
                do {
                    value = try property.one(values)
                } catch {
                    throw RecurrenceError(.contentLine(error), line: property.line)
                }
                do {
                    start = try value.value.recurrenceStart()
                } catch {
                    throw RecurrenceError(.invalidStart(detail: "\(error)"), line: property.line)
                }
            case "RRULE":
                do {
                    rules.append(try property.rule())
                    ruleLines.append(property.line)
                } catch {
                    throw RecurrenceError(.rule(error), line: property.line)
                }
            case "RDATE": included += try dates(property)
            case "EXDATE": excluded += try dates(property)
            default: throw RecurrenceError(.exceptionRule, line: property.line)
            }
        }
        guard let start else { throw RecurrenceError(.missingStart) }
        try self.init(start: start, rules: rules, dates: included, exclusions: excluded, policy: policy, ruleLines: ruleLines)
    }

    /// The lines the recurrence is read from; the defect of a component that
    /// would have been chosen but was left out is thrown.
    private static func recurrenceLines(_ document: ICalendarDocument) throws(RecurrenceError) -> [ICalendarProperty] {
        var components: [ICalendarComponent] = []
        for top in document.calendars {
            if top.name == "VCALENDAR" { components += top.components } else { components.append(top) }
        }
        let leftOut = document.warnings.compactMap { warning -> (name: String, line: Int, error: ICalendarError)? in
            guard case .leftOut(let name, _, let line) = warning.consequence else { return nil }
            return (name, line, warning.error)
        }
        /// The first component named `name` (without RECURRENCE-ID when `master`), unless one left out comes before it.
        func first(_ names: Set<String>, master: Bool) throws(RecurrenceError) -> ICalendarComponent? {
            let kept = components.first { names.contains($0.name) && (!master || $0.first("RECURRENCE-ID") == nil) }
            if let bad = leftOut.first(where: { names.contains($0.name) }), bad.line < kept?.line ?? Int.max {
                throw recurrenceError(bad.error)
            }
            return kept
        }
        if let event = try first(["VEVENT"], master: true) { return event.properties }
        if let override = components.first(where: { $0.name == "VEVENT" }) { return override.properties }
        let bare = document.properties + document.calendars.filter { $0.name == "VCALENDAR" }.flatMap(\.properties)
        if bare.contains(where: { $0.name == "DTSTART" }) { return bare }
        if let other = try first(["VTODO", "VJOURNAL"], master: false) { return other.properties }
        return bare
    }

    /// The reader's error as a recurrence's.
    static func recurrenceError(_ error: ICalendarError) -> RecurrenceError {
        switch error.kind {
        case .contentLine(let found), .value(let found):
            return RecurrenceError(.contentLine(ContentLineError(found.kind, property: found.property, column: found.column ?? error.column)),
                                   line: error.line)
        case .rule(let found): return RecurrenceError(.rule(found), line: error.line)
        case .lineTooLong(let bytes, let maximum, let property):
            return RecurrenceError(.lineTooLong(property: property ?? "content", bytes: bytes, maximum: maximum), line: error.line)
        default:
            return RecurrenceError(.unreadableText(error.message), line: error.line)
        }
    }
}
