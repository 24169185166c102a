import Kalends

/// A recurrence read from iCalendar text: DTSTART, RRULE, RDATE and EXDATE,
/// through the package's one content-line reader.
///
///     let set = try RecurrenceSet(parsing: """
///         DTSTART;TZID=America/New_York:19970902T090000
///         RRULE:FREQ=DAILY;COUNT=10
///         """)
extension RecurrenceSet {
    /// The longest DTSTART, RRULE, RDATE, EXDATE (or EXRULE) line read, in
    /// UTF-8 bytes after unfolding: a longer one is an error, so that no text
    /// costs more than a small multiple of this to read. Other lines may be longer.
    public static let maximumLineLength = 1 << 16

    /// The properties a recurrence is read from (EXRULE to say it is obsolete).
    public static let lineNames: Set<String> = ["DTSTART", "RRULE", "RDATE", "EXDATE", "EXRULE"]

    /// Reads DTSTART (exactly one), RRULEs, RDATEs and EXDATEs from
    /// iCalendar text: those of the first VEVENT that is no override (has
    /// no RECURRENCE-ID) when there is a VEVENT, else the lines outside any
    /// component but the VCALENDAR (bare lines, as in the example). A TZID
    /// is the system's zone, the file's VTIMEZONE or a Windows zone name
    /// (see `ICalendarZones`).
    /// - Throws: `RecurrenceError` with the line (of the unfolded text's first
    ///   physical line) and what is wrong: a content line that does not read
    ///   (`.contentLine`, with its column), an RRULE (`.rule`, with its part
    ///   and offset), a missing or repeated DTSTART, a DTSTART, RRULE, RDATE
    ///   or EXDATE line longer than `maximumLineLength`, or what
    ///   `init(start:rules:dates:exclusions:policy:)` throws.
    public init(parsing text: String, policy: LocalTimePolicy = .rfc5545) throws(RecurrenceError) {
        let read = try RecurrenceText.read(Array(text.utf8))
        let zones = ICalendarZones([ICalendarComponent(name: "VCALENDAR", components: read.timeZones)])
        func zone(_ property: ICalendarProperty) throws(RecurrenceError) -> ZoneRules? {
            guard let tzid = property.parameter("TZID") else { return nil }
            if let found = zones.zone(for: tzid) { return found }
            do {
                return try ZoneRules(identifier: tzid.hasPrefix("/") ? String(tzid.dropFirst()) : tzid)
            } catch {
                throw RecurrenceError(.contentLine(ContentLineError(.unknownZone(tzid, detail: "\(error)"), property: property.name)), line: property.line)
            }
        }
        var start: RecurrenceStart?
        var rules: [RecurrenceRule] = []
        var ruleLines: [Int] = []
        var rdates: [ICalendarProperty] = []
        var exdates: [ICalendarProperty] = []
        for property in read.lines {
            switch property.name {
            case "DTSTART":
                guard start == nil else { throw RecurrenceError(.repeatedStart, line: property.line) }
                let startZone = try zone(property)
                let value: RecurrenceDate
                do throws(ContentLineError) {
                    let values = try ValueText.dates(property, zone: startZone)
                    guard values.count == 1, let only = values.first, only.periodSeconds == nil else {
                        throw ContentLineError(.startNotOneValue, property: "DTSTART", column: property.valueColumn)
                    }
                    value = only
                } catch {
                    throw RecurrenceError(.contentLine(error), line: property.line)
                }
                switch value.value {
                case .date(let date): start = .date(date)
                case .floating(let local): start = .floating(local)
                case .zoned(let local, let zone): start = .zoned(local, zone)
                case .utc(let instant):
                    do {
                        start = .zoned(try LocalDateTime(instant, offset: UTCOffset(seconds: 0)), .utc)
                    } catch {
                        throw RecurrenceError(.invalidStart(detail: "\(error)"), line: property.line)
                    }
                }
            case "RRULE":
                do {
                    rules.append(try RecurrenceRule(parsing: property.value))
                    ruleLines.append(property.line)
                } catch {
                    throw RecurrenceError(.rule(error), line: property.line)
                }
            case "RDATE": rdates.append(property)
            case "EXDATE": exdates.append(property)
            case "EXRULE": throw RecurrenceError(.exceptionRule, line: property.line)
            default: continue
            }
        }
        guard let start else { throw RecurrenceError(.missingStart) }
        func dates(_ lines: [ICalendarProperty]) throws(RecurrenceError) -> [RecurrenceDate] {
            var result: [RecurrenceDate] = []
            for line in lines {
                let lineZone = try zone(line)
                do throws(ContentLineError) {
                    result += try ValueText.dates(line, zone: lineZone)
                } catch {
                    throw RecurrenceError(.contentLine(error), line: line.line)
                }
            }
            return result
        }
        let included = try dates(rdates), excluded = try dates(exdates)
        try self.init(start: start, rules: rules, dates: included, exclusions: excluded, policy: policy, ruleLines: ruleLines)
    }
}

/// The lines of a recurrence in iCalendar text, and the VTIMEZONEs beside them.
enum RecurrenceText {
    /// Reads every content line (a line that does not read is an error, as
    /// is a recurrence line longer than `RecurrenceSet.maximumLineLength`;
    /// other long lines are passed over), keeps the tree of components, and
    /// picks the recurrence's lines.
    static func read(_ bytes: [UInt8]) throws(RecurrenceError) -> (lines: [ICalendarProperty], timeZones: [ICalendarComponent]) {
        var topLevel: [ICalendarProperty] = []
        var roots: [ICalendarComponent] = []
        var stack: [ICalendarComponent] = []
        try bytes.withUnsafeBufferPointer { (buffer) throws(RecurrenceError) in
            var scanner = ContentLineScanner(buffer, maximumLength: ICalendarReader.maximumLineLength)
            while let logical = scanner.next() {
                func parse(_ line: UnsafeBufferPointer<UInt8>) throws(RecurrenceError) -> ICalendarProperty? {
                    if logical.length > RecurrenceSet.maximumLineLength {
                        let end = line.firstIndex { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") } ?? line.count
                        let name = String(decoding: UnsafeBufferPointer(rebasing: line[0..<end]), as: UTF8.self).uppercased()
                        // Another property (an inline ATTACH) may be long: it is passed over unread.
                        guard RecurrenceSet.lineNames.contains(name) else { return nil }
                        throw RecurrenceError(.lineTooLong(property: name, bytes: logical.length, maximum: RecurrenceSet.maximumLineLength),
                                              line: logical.line)
                    }
                    do {
                        return try ContentLineParser.parse(line, line: logical.line, byteRange: logical.byteRange)
                    } catch {
                        switch error {
                        case .syntax(let syntax): throw RecurrenceError(.contentLine(syntax), line: logical.line)
                        case .invalidUTF8(let column):
                            throw RecurrenceError(.contentLine(ContentLineError(.notAContentLine(text: "bytes that are not UTF-8"),
                                                                                property: nil, column: column)), line: logical.line)
                        }
                    }
                }
                let found: ICalendarProperty?
                if let range = logical.contentRange {
                    found = try parse(UnsafeBufferPointer(rebasing: buffer[range]))
                } else {
                    found = try logical.folded.withUnsafeBufferPointer { (folded) throws(RecurrenceError) in try parse(folded) }
                }
                guard let property = found else { continue }
                switch property.name {
                case "BEGIN" where stack.count < ICalendarReader.maximumDepth:
                    stack.append(ICalendarComponent(name: property.value, line: property.line))
                case "END":
                    // An END of another component than the open one is passed over, as BEGIN and END once all were.
                    guard let open = stack.last, open.name == property.value.uppercased() else { continue }
                    stack.removeLast()
                    if stack.isEmpty { roots.append(open) } else { stack[stack.count - 1].components.append(open) }
                default:
                    if stack.isEmpty || (stack.count == 1 && stack[0].name == "VCALENDAR") {
                        topLevel.append(property)
                    } else if !stack.isEmpty {
                        stack[stack.count - 1].properties.append(property)
                    }
                }
            }
        }
        // Components left open at the end count as closed there.
        while let open = stack.popLast() {
            if stack.isEmpty { roots.append(open) } else { stack[stack.count - 1].components.append(open) }
        }
        var events: [ICalendarComponent] = [], timeZones: [ICalendarComponent] = [], others: [ICalendarComponent] = []
        func collect(_ components: [ICalendarComponent]) {
            for component in components {
                switch component.name {
                case "VCALENDAR": collect(component.components)
                case "VEVENT": events.append(component)
                case "VTIMEZONE": timeZones.append(component)
                case "VTODO", "VJOURNAL": others.append(component)
                default: continue
                }
            }
        }
        collect(roots)
        if let master = events.first(where: { $0.first("RECURRENCE-ID") == nil }) ?? events.first {
            return (master.properties, timeZones)
        }
        if !topLevel.contains(where: { $0.name == "DTSTART" }), let other = others.first {
            return (other.properties, timeZones)
        }
        return (topLevel, timeZones)
    }
}
