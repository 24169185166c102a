import Kalends
import KalendsICalendar

/// The store's items read from iCalendar components (RFC 5545 sections
/// 3.6.1, 3.6.2, 3.6.6) through the value codec, their times resolved by
/// the file's zones. Values the reader checked read here without loss;
/// what RFC 5545 does not allow but real writers write (an UNTIL or EXDATE
/// in another form than DTSTART, a DTEND before DTSTART, a date start with
/// a timed end) is read as `RecurrenceForms` says, with a located warning,
/// or refused in strict mode. No value is dropped or replaced in silence.
struct ComponentDecoding {
    let zones: ICalendarZones
    let source: String
    let strict: Bool
    /// What a lenient decoding passed over or read another way, in order.
    var warnings: [ICalendarWarning] = []
    /// The rules read so far, by their text: calendars repeat a few rules many times.
    private var rules: [String: RecurrenceRule] = [:]

    init(zones: ICalendarZones, source: String, strict: Bool) {
        self.zones = zones
        self.source = source
        self.strict = strict
    }

    // MARK: Reporting

    /// An error at `property`'s value.
    func error(_ kind: ICalendarError.Kind, at property: ICalendarProperty) -> ICalendarError {
        ICalendarError(kind, source: source, line: property.line, column: property.valueColumn)
    }

    func valueError(_ error: ContentLineError, _ property: ICalendarProperty) -> ICalendarError {
        ICalendarError(.value(error), source: source, line: property.line, column: error.column ?? property.valueColumn)
    }

    /// A value read otherwise than it is written: strict, an error; else a warning saying how.
    mutating func readOtherwise(_ error: ICalendarError, as reading: String) throws(ICalendarError) {
        if strict { throw error }
        warnings.append(ICalendarWarning(error, .readAs(reading)))
    }

    // MARK: Values

    func time(_ property: ICalendarProperty) throws(ICalendarError) -> ItemTime {
        do {
            return try property.date(zones: zones).value
        } catch {
            throw valueError(error, property)
        }
    }

    func dates(_ property: ICalendarProperty) throws(ICalendarError) -> [RecurrenceDate] {
        do {
            return try property.dates(zones: zones)
        } catch {
            throw valueError(error, property)
        }
    }

    func duration(_ property: ICalendarProperty) throws(ICalendarError) -> CalendarDuration {
        do {
            return try property.duration()
        } catch {
            throw valueError(error, property)
        }
    }

    /// An INTEGER the reader checked (a lenient read dropped one that does not read).
    func integer(_ property: ICalendarProperty?) throws(ICalendarError) -> Int? {
        guard let property else { return nil }
        do {
            return try property.integer()
        } catch {
            throw valueError(error, property)
        }
    }

    /// An instant (DTSTAMP, COMPLETED, an absolute TRIGGER): a floating one read in UTC, as RFC 5545 wants them.
    func instant(_ property: ICalendarProperty?) throws(ICalendarError) -> Instant? {
        guard let property else { return nil }
        let value = try time(property)
        do {
            return try value.instant(viewer: .utc)
        } catch {
            throw self.error(.unplaceable(property: property.name, value: property.value, detail: "\(error)"), at: property)
        }
    }

    /// An RRULE, read once per distinct text (at most 4,096 kept).
    mutating func rule(_ property: ICalendarProperty) throws(ICalendarError) -> RecurrenceRule {
        if let known = rules[property.value] { return known }
        let rule = try property.rule(source: source)
        if rules.count >= 4_096 { rules.removeAll(keepingCapacity: true) }
        rules[property.value] = rule
        return rule
    }

    /// A DURATION as a length: weeks and days nominal, the rest exact.
    static func length(_ duration: CalendarDuration) -> ItemLength {
        let days = duration.date.weeks.clampedProduct(7).clampedSum(duration.date.days)
        let time = duration.time
        let seconds = time.hours.clampedProduct(3_600).clampedSum(time.minutes.clampedProduct(60)).clampedSum(time.seconds)
        return .nominal(days: days, seconds: seconds)
    }

    /// A text property's value, nil when absent or empty.
    static func text(_ property: ICalendarProperty?) -> String? {
        guard let property, !property.value.isEmpty else { return nil }
        let text = property.text
        return text.isEmpty ? nil : text
    }

    /// An ORGANIZER or ATTENDEE: its address, CN, PARTSTAT and ROLE (the last two upper-cased).
    static func participant(_ property: ICalendarProperty) -> Participant {
        var name, reply, role: String?
        for parameter in property.parameters {
            switch parameter.name {
            case "CN": name = parameter.value.isEmpty ? nil : parameter.value
            case "PARTSTAT": reply = parameter.value.isEmpty ? nil : parameter.value.uppercased()
            case "ROLE": role = parameter.value.isEmpty ? nil : parameter.value.uppercased()
            default: continue
            }
        }
        return Participant(address: property.value, name: name, reply: reply, role: role)
    }

    // MARK: Components

    /// A VEVENT.
    /// - Throws: `ICalendarError` at the property that does not read or place, or `.missingProperty` without DTSTART.
    mutating func event(_ component: ICalendarComponent) throws(ICalendarError) -> Event {
        // One pass over the properties (the first of each), keeping where each is, not a copy of it.
        let properties = component.properties
        var startAt, endAt, durationAt, idAt, titleAt, notesAt, locationAt, statusAt, transparencyAt, sequenceAt, uidAt, stampAt, urlAt, organizerAt: Int?
        var attendees: [Participant] = []
        var ruleProperties: [ICalendarProperty] = [], dateProperties: [ICalendarProperty] = [], exclusionProperties: [ICalendarProperty] = []
        var categories: [String] = []
        for index in properties.indices {
            switch properties[index].name {
            case "DTSTART": if startAt == nil { startAt = index }
            case "DTEND": if endAt == nil { endAt = index }
            case "DURATION": if durationAt == nil { durationAt = index }
            case "RECURRENCE-ID": if idAt == nil { idAt = index }
            case "SUMMARY": if titleAt == nil { titleAt = index }
            case "DESCRIPTION": if notesAt == nil { notesAt = index }
            case "LOCATION": if locationAt == nil { locationAt = index }
            case "STATUS": if statusAt == nil { statusAt = index }
            case "TRANSP": if transparencyAt == nil { transparencyAt = index }
            case "SEQUENCE": if sequenceAt == nil { sequenceAt = index }
            case "UID": if uidAt == nil { uidAt = index }
            case "DTSTAMP": if stampAt == nil { stampAt = index }
            case "RRULE": ruleProperties.append(properties[index])
            case "RDATE": dateProperties.append(properties[index])
            case "EXDATE": exclusionProperties.append(properties[index])
            case "CATEGORIES": categories += properties[index].texts
            case "URL": if urlAt == nil { urlAt = index }
            case "ORGANIZER": if organizerAt == nil { organizerAt = index }
            case "ATTENDEE": attendees.append(Self.participant(properties[index]))
            default: continue
            }
        }
        func at(_ index: Int?) -> ICalendarProperty? { index.map { properties[$0] } }
        let startProperty = at(startAt), endProperty = at(endAt), durationProperty = at(durationAt), idProperty = at(idAt)
        let title = at(titleAt), notes = at(notesAt), location = at(locationAt), status = at(statusAt), transparency = at(transparencyAt)
        let sequence = at(sequenceAt), uid = at(uidAt), stamp = at(stampAt), url = at(urlAt), organizer = at(organizerAt)
        guard let startProperty else {
            throw ICalendarError(.missingProperty(component: "VEVENT", property: "DTSTART"), source: source, line: component.line)
        }
        if uid == nil {
            // RFC 5545 wants one; an event without is no part of any series: listed on its own.
            try readOtherwise(ICalendarError(.missingProperty(component: "VEVENT", property: "UID"), source: source, line: component.line),
                              as: "listed on its own")
        }
        let start = try time(startProperty)
        var length: ItemLength?
        if let endProperty {
            length = try self.length(from: start, startProperty: startProperty, to: try time(endProperty), endProperty: endProperty)
        } else if let durationProperty {
            length = Self.length(try duration(durationProperty))
        }
        var rules: [RecurrenceRule] = []
        for property in ruleProperties { rules.append(try rule(property)) }
        let recurrence = try recurrence(start: start, startProperty: startProperty, rules: rules, ruleProperties: ruleProperties,
                                        dates: dateProperties, exclusions: exclusionProperties)
        var event = Event(uid: uid?.value ?? "", title: Self.text(title), notes: Self.text(notes), location: Self.text(location),
                          start: start, length: length,
                          status: status.flatMap { Event.Status(rawValue: $0.value.uppercased()) },
                          isTransparent: transparency?.value.uppercased() == "TRANSPARENT", categories: categories,
                          recurrence: recurrence, sequence: try integer(sequence) ?? 0, stamp: try instant(stamp),
                          alarms: component.components.isEmpty ? [] : try alarms(component),
                          position: SourcePosition(file: source, line: component.line),
                          url: url.flatMap { $0.value.isEmpty ? nil : $0.value }, organizer: organizer.map(Self.participant),
                          attendees: attendees)
        if let idProperty {
            event.recurrenceID = try time(idProperty)
            event.range = idProperty.parameter("RANGE")?.uppercased() == "THISANDFUTURE" ? .thisAndFuture : .thisInstance
        }
        return event
    }

    /// DTEND - DTSTART: whole days between dates; the wall clock's seconds
    /// for a floating start; elapsed seconds for a zoned or UTC one (RFC 5545
    /// 3.8.5.3: exact). An end of another form than the start is read in the
    /// start's terms (a timed end of an all-day event: through the day it
    /// falls on), an end before the start as no length; each with a warning.
    mutating func length(from start: ItemTime, startProperty: ICalendarProperty, to end: ItemTime,
                         endProperty: ICalendarProperty) throws(ICalendarError) -> ItemLength {
        let timeline = SeriesTimeline(start: start)
        if start.isDate != end.isDate {
            try readOtherwise(error(.mismatchedForm(property: endProperty.name, value: endProperty.value, start: startProperty.value), at: endProperty),
                              as: start.isDate ? "read as the end of the day it falls on" : "read as midnight of that day")
        }
        let distance: Int
        do {
            if case .date(let first) = start {
                // Through the day a timed end falls on: a day for each day it touches.
                let last: Int
                switch end {
                case .date(let day): last = day.dayNumber
                case .floating(let local), .zoned(let local, _): last = local.dayNumber + (local.nanosecondOfDay > 0 ? 1 : 0)
                case .utc(let instant):
                    let seconds = instant.seconds
                    last = seconds.floorDivided(by: 86_400) + (seconds.floorModulo(86_400) > 0 ? 1 : 0)
                }
                distance = (last - first.dayNumber) * 86_400
            } else {
                distance = try timeline.distance(from: start, to: end)
            }
        } catch {
            throw self.error(.unplaceable(property: endProperty.name, value: endProperty.value, detail: "\(error)"), at: endProperty)
        }
        if distance < 0 || (start.isDate && distance == 0) {
            try readOtherwise(error(.endBeforeStart(property: endProperty.name, end: endProperty.value, start: startProperty.value), at: endProperty),
                              as: start.isDate ? "read as one day" : "read as no length")
            return start.isDate ? .nominal(days: 1, seconds: 0) : .exact(seconds: 0)
        }
        if start.isDate { return .nominal(days: Swift.max(1, distance / 86_400), seconds: 0) }
        return .exact(seconds: distance)
    }
}

extension String {
    /// Without `character` at either end.
    func trimmingCharacters(_ character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text.removeFirst() }
        while text.last == character { text.removeLast() }
        return String(text)
    }
}
