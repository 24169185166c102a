import Kalends

extension ZoneRules {
    /// The zone a VTIMEZONE describes (RFC 5545 section 3.6.5), named by its TZID.
    ///
    /// Each STANDARD and DAYLIGHT observance starts at its DTSTART, a wall
    /// time in its TZOFFSETFROM, and again at each RDATE and RRULE occurrence
    /// (expanded by Kalends' recurrence engine), changing the offset to its
    /// TZOFFSETTO. The onsets are listed up to a year past the last that
    /// ends or starts; after that, when the open-ended rules are one yearly
    /// DAYLIGHT and one yearly STANDARD of the "n-th weekday of a month" kind
    /// (what every VTIMEZONE writer emits), a POSIX-like `RecurringZoneRule`
    /// continues them for ever. Other open-ended rules are listed up to 2100,
    /// after which the last offset stays.
    ///
    /// TZNAME becomes the abbreviation of the repeating rule's times only;
    /// listed transitions carry offsets (see `ZoneRules(identifier:initialOffset:transitions:tail:)`).
    /// - Throws: `ICalendarError` (`.invalidTimeZone`, `.value`, `.rule`) at the line at fault.
    public init(vtimezone component: ICalendarComponent, source: String) throws(ICalendarError) {
        let tzid = component.first("TZID")?.text ?? ""
        func fail(_ detail: String, line: Int) -> ICalendarError {
            ICalendarError(.invalidTimeZone(tzid: tzid, detail: detail), source: source, line: line)
        }
        guard !tzid.isEmpty else { throw fail("it has no TZID", line: component.line) }
        var observances: [Observance] = []
        for child in component.components where child.name == "STANDARD" || child.name == "DAYLIGHT" {
            observances.append(try Observance(child, source: source))
        }
        guard !observances.isEmpty else { throw fail("it has no STANDARD or DAYLIGHT", line: component.line) }

        // Finite observances in full; open-ended ones up to a year past every start and end.
        var onsets: [Onset] = []
        var lastYear = 1_970
        for observance in observances where !observance.isOpenEnded {
            let found = try observance.onsets(until: nil, source: source)
            onsets += found
            if let last = found.last { lastYear = Swift.max(lastYear, ISODate(dayNumber: last.instant.floorDiv(86_400)).year) }
        }
        let open = observances.filter(\.isOpenEnded)
        for observance in open { lastYear = Swift.max(lastYear, ISODate(dayNumber: observance.start.dayNumber).year) }
        let tail = Self.tail(open)
        let horizon = tail == nil ? Swift.max(lastYear + 1, 2_100) : lastYear + 1
        for observance in open {
            onsets += try observance.onsets(until: horizon, source: source)
        }
        onsets.sort { $0.instant < $1.instant }
        var transitions: [ZoneTransition] = []
        guard let first = onsets.first else { throw fail("its observances have no onset", line: component.line) }
        var offset = first.from
        var previous: Int?
        for onset in onsets {
            // Two observances at one instant: the later listed wins.
            if previous == onset.instant, let last = transitions.popLast() { offset = last.offsetBefore }
            transitions.append(ZoneTransition(instant: Instant(seconds: onset.instant), offsetBefore: offset, offsetAfter: onset.to))
            offset = onset.to
            previous = onset.instant
        }
        do {
            try self.init(identifier: tzid, initialOffset: first.from, transitions: transitions, tail: tail)
        } catch {
            throw fail("\(error)", line: component.line)
        }
    }

    /// The yearly rule that continues one open-ended DAYLIGHT and one
    /// open-ended STANDARD of the "n-th (or last) weekday of a month" kind
    /// whose offsets chain; nil for anything else.
    private static func tail(_ open: [Observance]) -> RecurringZoneRule? {
        guard open.count == 2,
              let daylight = open.first(where: \.isDaylight), let standard = open.first(where: { !$0.isDaylight }),
              daylight.from == standard.to, standard.from == daylight.to,
              let start = daylight.yearlyDate, let end = standard.yearlyDate else { return nil }
        return RecurringZoneRule(
            standard: ZoneLocalTimeType(offset: standard.to, isDaylightSaving: false, abbreviation: standard.abbreviation),
            daylight: .init(type: ZoneLocalTimeType(offset: daylight.to, isDaylightSaving: true, abbreviation: daylight.abbreviation),
                            start: start, end: end))
    }
}

/// When an observance starts: the instant (seconds), and the offsets it changes between.
private struct Onset {
    let instant: Int
    let from: UTCOffset
    let to: UTCOffset
}

/// One STANDARD or DAYLIGHT of a VTIMEZONE.
private struct Observance {
    let isDaylight: Bool
    let start: LocalDateTime
    let from: UTCOffset
    let to: UTCOffset
    let abbreviation: String
    let rules: [RecurrenceRule]
    let dates: [RecurrenceDate]
    let line: Int

    init(_ component: ICalendarComponent, source: String) throws(ICalendarError) {
        isDaylight = component.name == "DAYLIGHT"
        line = component.line
        func required(_ name: String) throws(ICalendarError) -> ICalendarProperty {
            guard let property = component.first(name) else {
                throw ICalendarError(.invalidTimeZone(tzid: "", detail: "its \(component.name) has no \(name)"), source: source, line: component.line)
            }
            return property
        }
        func value<T>(_ property: ICalendarProperty, _ read: (ICalendarProperty) throws(ContentLineError) -> T) throws(ICalendarError) -> T {
            do {
                return try read(property)
            } catch {
                throw ICalendarError(.value(error), source: source, line: property.line, column: error.column ?? property.valueColumn)
            }
        }
        let startProperty = try required("DTSTART")
        let startValue = try value(startProperty) { (p) throws(ContentLineError) in try p.dates(zone: nil) }
        var local: LocalDateTime?
        switch startValue.first?.value {
        case .floating(let time): local = time
        case .date(let date): local = try? LocalDateTime(date)
        default: local = nil
        }
        guard let local else {
            throw ICalendarError(.value(ContentLineError(.malformedDateTime(startProperty.value), property: "DTSTART")),
                                 source: source, line: startProperty.line, column: startProperty.valueColumn)
        }
        start = local
        from = try value(try required("TZOFFSETFROM")) { (p) throws(ContentLineError) in try p.utcOffset() }
        to = try value(try required("TZOFFSETTO")) { (p) throws(ContentLineError) in try p.utcOffset() }
        abbreviation = component.first("TZNAME")?.text ?? ""
        var rules: [RecurrenceRule] = []
        for property in component.all("RRULE") { rules.append(try property.rule(source: source)) }
        self.rules = rules
        var dates: [RecurrenceDate] = []
        for property in component.all("RDATE") {
            dates += try value(property) { (p) throws(ContentLineError) in try p.dates(zone: nil) }
        }
        self.dates = dates
    }

    var isOpenEnded: Bool { rules.contains { $0.end == .never } }

    /// The onsets, as instants: the wall times read at TZOFFSETFROM, up to
    /// the start of year `until` (for an open-ended rule); at most 10,000.
    func onsets(until: Int?, source: String) throws(ICalendarError) -> [Onset] {
        let zone = ZoneRules.fixed(from)
        let placed = dates.map { date -> RecurrenceDate in
            switch date.value {
            case .floating(let local): return RecurrenceDate(.zoned(local, zone))
            case .date(let day): return (try? LocalDateTime(day)).map { RecurrenceDate(.zoned($0, zone)) } ?? date
            default: return date
            }
        }
        let set: RecurrenceSet
        do {
            set = try RecurrenceSet(start: .zoned(start, zone), rules: rules, dates: placed)
        } catch {
            throw ICalendarError(.invalidTimeZone(tzid: "", detail: "its \(isDaylight ? "DAYLIGHT" : "STANDARD"): \(error.message)"),
                                 source: source, line: line)
        }
        let limit = until.map { ISODate(unchecked: $0).dayNumber * 86_400 }
        var result: [Onset] = []
        for occurrence in set.occurrences() {
            guard let instant = occurrence.instant?.seconds, result.count < 10_000 else { break }
            if let limit, instant >= limit { break }
            result.append(Onset(instant: instant, from: from, to: to))
        }
        return result
    }

    /// The yearly date of a rule `FREQ=YEARLY;BYMONTH=m;BYDAY=nWD` (n 1 ... 4 or -1),
    /// or `BYDAY=WD;BYMONTHDAY=` seven days from 1, 8, 15 or 22, at DTSTART's time.
    var yearlyDate: ZoneRuleDate? {
        guard rules.count == 1, dates.isEmpty, let rule = rules.first, rule.frequency == .yearly, rule.interval == 1,
              rule.byMonth.count == 1, let month = rule.byMonth.first, !month.isLeap, rule.byDay.count == 1, let day = rule.byDay.first,
              rule.bySecond.isEmpty, rule.byMinute.isEmpty, rule.byHour.isEmpty, rule.byYearDay.isEmpty,
              rule.byWeekNo.isEmpty, rule.bySetPos.isEmpty, rule.rscale == nil else { return nil }
        let week: Int
        if let ordinal = day.ordinal {
            guard rule.byMonthDay.isEmpty, (1...4).contains(ordinal) || ordinal == -1 else { return nil }
            week = ordinal == -1 ? 5 : ordinal
        } else {
            let days = rule.byMonthDay.sorted()
            guard days.count == 7, let first = days.first, [1, 8, 15, 22].contains(first), days == Array(first..<(first + 7)) else { return nil }
            week = (first - 1) / 7 + 1
        }
        return ZoneRuleDate(day: .monthWeekday(month: month.number, week: week, weekday: day.weekday.rawValue % 7),
                            secondsOfDay: start.nanosecondOfDay / 1_000_000_000)
    }
}

private extension Int {
    func floorDiv(_ divisor: Int) -> Int { self >= 0 ? self / divisor : -((-self - 1) / divisor) - 1 }
}

private extension ISODate {
    /// January 1 of `year` (clamped into what Kalends holds).
    init(unchecked year: Int) {
        self = (try? ISODate(year: year, month: 1, day: 1)) ?? ISODate(dayNumber: 0)
    }
}

/// The zones of VTIMEZONEs, made once per process for each definition: a
/// vdir folder's 10,000 items each carry the same VTIMEZONE, and making a
/// zone (its onsets expanded) costs far more than comparing its text. The
/// zone depends only on the component's names, parameters and values (not
/// on its lines or its file), so a kept zone is the zone a new reading
/// gives (`VTimeZoneCacheProperties`); errors are not kept (they name
/// their file and line). At most 1,024 definitions are kept.
enum VTimeZones {
    private static let known = KeptAnswers<String, ZoneRules>(limit: 1_024)
    private static let knownBytes = KeptAnswers<Written, ZoneRules>(limit: 1_024)

    /// A definition as written: its bytes (the same bytes are the same
    /// definition; other bytes may be too, and are only kept apart). Hashed
    /// by its length and a sample of its bytes, compared whole.
    struct Written: Hashable {
        let bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            hasher.combine(bytes.count)
            var index = 0
            while index < bytes.count {
                hasher.combine(bytes[index])
                index += 61
            }
        }
    }

    /// The zone `component` describes, as `ZoneRules(vtimezone:source:)` makes it;
    /// `bytes`: the text it was read from (its byte range keys the zone), else its content does.
    /// - Throws: `ICalendarError`, as that initializer does.
    static func rules(_ component: ICalendarComponent, source: String, bytes: UnsafeBufferPointer<UInt8>? = nil) throws(ICalendarError) -> ZoneRules {
        // Errors are not kept: they name their file and line.
        let make = { () throws(ICalendarError) in try ZoneRules(vtimezone: component, source: source) }
        if let bytes, component.byteRange.lowerBound >= 0, component.byteRange.upperBound <= bytes.count {
            return try knownBytes.answer(Written(bytes: Array(bytes[component.byteRange])), make)
        }
        return try known.answer(content(of: component), make)
    }

    /// What a component says, without where: names, parameters and values, nested, unambiguously delimited.
    static func content(of component: ICalendarComponent) -> String {
        var text = ""
        func add(_ part: String) {
            // Each part with its length first: no text can make two components' keys equal.
            text += String(part.utf8.count) + ":" + part
        }
        func walk(_ component: ICalendarComponent) {
            add("B" + component.name)
            for property in component.properties {
                add("P" + property.name)
                add("G" + (property.group ?? ""))
                for parameter in property.parameters {
                    add("A" + parameter.name)
                    for value in parameter.values { add("V" + value) }
                }
                add("=" + property.value)
            }
            for child in component.components { walk(child) }
            add("E")
        }
        walk(component)
        return text
    }
}
