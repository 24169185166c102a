import Kalends
import KalendsICalendar

/// The store's items read from iCalendar components (RFC 5545 sections
/// 3.6.1, 3.6.2, 3.6.6), their times resolved by the file's zones.
enum ComponentDecoding {
    /// The properties whose values decoding reads and checks (the reader leaves them to it).
    static let decodedProperties: Set<String> = ["DTSTART", "DTEND", "DURATION", "DUE", "RECURRENCE-ID", "RRULE", "RDATE",
                                                 "EXDATE", "COMPLETED", "TRIGGER"]

    /// An error at `property`'s value.
    static func valueError(_ error: ContentLineError, _ property: ICalendarProperty, source: String) -> ICalendarError {
        ICalendarError(.value(error), source: source, line: property.line, column: error.column ?? property.valueColumn)
    }

    static func time(_ property: ICalendarProperty, zones: ICalendarZones, source: String) throws(ICalendarError) -> ItemTime {
        do {
            return try property.date(zones: zones).value
        } catch {
            throw valueError(error, property, source: source)
        }
    }

    static func dates(_ properties: [ICalendarProperty], zones: ICalendarZones, source: String) throws(ICalendarError) -> [RecurrenceDate] {
        var result: [RecurrenceDate] = []
        for property in properties {
            do {
                result += try property.dates(zones: zones)
            } catch {
                throw valueError(error, property, source: source)
            }
        }
        return result
    }

    static func duration(_ property: ICalendarProperty, source: String) throws(ICalendarError) -> CalendarDuration {
        do {
            return try property.duration()
        } catch {
            throw valueError(error, property, source: source)
        }
    }

    /// Seconds of a DURATION's exact part, with its weeks and days as nominal days.
    static func length(_ duration: CalendarDuration) -> ItemLength {
        let days = duration.date.weeks.clampedProduct(7).clampedSum(duration.date.days)
        let time = duration.time
        let seconds = time.hours.clampedProduct(3_600).clampedSum(time.minutes.clampedProduct(60)).clampedSum(time.seconds)
        return .nominal(days: days, seconds: seconds)
    }

    static func recurrence(_ component: ICalendarComponent, zones: ICalendarZones, source: String) throws(ICalendarError) -> ItemRecurrence {
        var rules: [RecurrenceRule] = []
        for property in component.all("RRULE") { rules.append(try property.rule(source: source)) }
        return ItemRecurrence(rules: rules, dates: try dates(component.all("RDATE"), zones: zones, source: source),
                              exclusions: try dates(component.all("EXDATE"), zones: zones, source: source))
    }

    static func position(_ component: ICalendarComponent, source: String) -> SourcePosition {
        SourcePosition(file: source, line: component.line)
    }

    /// A text property's value, nil when absent or empty.
    static func text(_ component: ICalendarComponent, _ name: String) -> String? {
        guard let text = component.first(name)?.text, !text.isEmpty else { return nil }
        return text
    }

    static func integer(_ component: ICalendarComponent, _ name: String) -> Int? {
        component.first(name).flatMap { Int($0.value.trimmingCharacters(" ")) }
    }

    /// A VEVENT.
    /// - Throws: `ICalendarError` at the property that does not read, or `.value` for a VEVENT without DTSTART.
    static func event(_ component: ICalendarComponent, zones: ICalendarZones, source: String,
                      cache: inout RuleCache) throws(ICalendarError) -> Event {
        // One pass over the properties (the first of each, as `first(_:)` gives it).
        var startProperty, endProperty, durationProperty, idProperty: ICalendarProperty?
        var title, notes, location, status, transparency, sequence, uid: ICalendarProperty?
        var rules: [RecurrenceRule] = [], dateProperties: [ICalendarProperty] = [], exclusionProperties: [ICalendarProperty] = []
        var categories: [String] = []
        for property in component.properties {
            switch property.name {
            case "DTSTART": if startProperty == nil { startProperty = property }
            case "DTEND": if endProperty == nil { endProperty = property }
            case "DURATION": if durationProperty == nil { durationProperty = property }
            case "RECURRENCE-ID": if idProperty == nil { idProperty = property }
            case "SUMMARY": if title == nil { title = property }
            case "DESCRIPTION": if notes == nil { notes = property }
            case "LOCATION": if location == nil { location = property }
            case "STATUS": if status == nil { status = property }
            case "TRANSP": if transparency == nil { transparency = property }
            case "SEQUENCE": if sequence == nil { sequence = property }
            case "UID": if uid == nil { uid = property }
            case "RRULE": rules.append(try cache.rule(property, source: source))
            case "RDATE": dateProperties.append(property)
            case "EXDATE": exclusionProperties.append(property)
            case "CATEGORIES": categories += property.texts
            default: continue
            }
        }
        guard let startProperty else {
            throw ICalendarError(.missingProperty(component: "VEVENT", property: "DTSTART"), source: source, line: component.line)
        }
        let start = try time(startProperty, zones: zones, source: source)
        var length: ItemLength?
        if let endProperty {
            length = exactLength(from: start, to: try time(endProperty, zones: zones, source: source))
        } else if let durationProperty {
            length = Self.length(try Self.duration(durationProperty, source: source))
        }
        func text(_ property: ICalendarProperty?) -> String? {
            guard let property, !property.value.isEmpty else { return nil }
            let text = property.text
            return text.isEmpty ? nil : text
        }
        let recurrence = ItemRecurrence(rules: rules, dates: try dates(dateProperties, zones: zones, source: source),
                                        exclusions: try dates(exclusionProperties, zones: zones, source: source))
        var event = Event(uid: uid?.value ?? "", title: text(title), notes: text(notes), location: text(location), start: start, length: length,
                          status: status.flatMap { Event.Status(rawValue: $0.value.uppercased()) },
                          isTransparent: transparency?.value.uppercased() == "TRANSPARENT", categories: categories,
                          recurrence: recurrence, sequence: sequence.flatMap { Int($0.value.trimmingCharacters(" ")) } ?? 0,
                          alarms: component.components.isEmpty ? [] : try alarms(component, zones: zones, source: source, defaultSummary: nil),
                          position: position(component, source: source))
        if let idProperty {
            event.recurrenceID = try time(idProperty, zones: zones, source: source)
            event.range = idProperty.parameter("RANGE")?.uppercased() == "THISANDFUTURE" ? .thisAndFuture : .thisInstance
        }
        return event
    }

    /// The rules a file's decoding has read, by their text: calendars repeat
    /// a few rules (weekly on a weekday, monthly on a day) many times.
    struct RuleCache {
        var rules: [String: RecurrenceRule] = [:]

        /// An RRULE, read once per distinct text (at most 4,096 kept).
        mutating func rule(_ property: ICalendarProperty, source: String) throws(ICalendarError) -> RecurrenceRule {
            if let known = rules[property.value] { return known }
            let rule = try property.rule(source: source)
            if rules.count >= 4_096 { rules.removeAll(keepingCapacity: true) }
            rules[property.value] = rule
            return rule
        }
    }

    /// DTEND - DTSTART on the start's line: days for dates, wall-clock seconds
    /// for floating times, elapsed seconds for zoned ones (RFC 5545 3.8.5.3: exact).
    static func exactLength(from start: ItemTime, to end: ItemTime) -> ItemLength {
        switch (start, end) {
        case (.date(let a), .date(let b)): return .nominal(days: b.dayNumber - a.dayNumber, seconds: 0)
        case (.date(let a), _): return .nominal(days: Swift.max(1, wallSeconds(end).floorDivided(by: 86_400) - a.dayNumber), seconds: 0)
        case (.floating(let a), _):
            return .exact(seconds: wallSeconds(end).clampedSum(-a.wallSecondsClamped))
        default:
            // Zoned or UTC: elapsed time (a floating end is read in the start's zone).
            let zone: ZoneRules
            switch start {
            case .zoned(_, let z): zone = z
            default: zone = .utc
            }
            guard let from = try? start.instant(viewer: zone), let to = try? end.instant(viewer: zone) else { return .exact(seconds: 0) }
            return .exact(seconds: to.seconds - from.seconds)
        }
    }

    /// Seconds since 1970-01-01T00:00 of the wall clock a time shows (UTC's for an instant).
    static func wallSeconds(_ time: ItemTime) -> Int {
        switch time {
        case .date(let date): return date.dayNumber.clampedProduct(86_400)
        case .floating(let local), .zoned(let local, _): return local.wallSecondsClamped
        case .utc(let instant): return instant.seconds
        }
    }

    /// A VTODO.
    static func reminder(_ component: ICalendarComponent, zones: ICalendarZones, source: String) throws(ICalendarError) -> Reminder {
        let start = try component.first("DTSTART").map { property throws(ICalendarError) in try time(property, zones: zones, source: source) }
        var due = try component.first("DUE").map { property throws(ICalendarError) in try time(property, zones: zones, source: source) }
        if due == nil, let start, let durationProperty = component.first("DURATION") {
            let duration = try duration(durationProperty, source: source)
            due = Self.adding(length(duration), to: start)
        }
        var completed: Instant?
        if let property = component.first("COMPLETED") {
            let value = try time(property, zones: zones, source: source)
            completed = try? value.instant(viewer: .utc)
        }
        return Reminder(uid: component.uid ?? "", title: text(component, "SUMMARY"), notes: text(component, "DESCRIPTION"),
                        start: start, due: due, completed: completed,
                        status: component.first("STATUS").flatMap { Reminder.Status(rawValue: $0.value.uppercased()) },
                        priority: Swift.min(Swift.max(integer(component, "PRIORITY") ?? 0, 0), 9),
                        percentComplete: integer(component, "PERCENT-COMPLETE").map { Swift.min(Swift.max($0, 0), 100) },
                        recurrence: try recurrence(component, zones: zones, source: source),
                        relatedTo: component.all("RELATED-TO").map(\.text), sequence: integer(component, "SEQUENCE") ?? 0,
                        alarms: try alarms(component, zones: zones, source: source, defaultSummary: nil),
                        position: position(component, source: source))
    }

    /// `start` moved by `length`, in its own form.
    static func adding(_ length: ItemLength, to start: ItemTime) -> ItemTime? {
        guard let span = CalendarStore.span(start: start, startInstant: nil, length: length, viewer: .utc) else { return nil }
        return span.endTime
    }

    /// The VALARMs of a component.
    static func alarms(_ component: ICalendarComponent, zones: ICalendarZones, source: String, defaultSummary: String?) throws(ICalendarError) -> [Alarm] {
        var alarms: [Alarm] = []
        for child in component.components where child.name == "VALARM" {
            guard let triggerProperty = child.first("TRIGGER") else { continue }
            let trigger: Alarm.Trigger
            if triggerProperty.parameter("VALUE")?.uppercased() == "DATE-TIME" {
                let value = try time(triggerProperty, zones: zones, source: source)
                guard let instant = try? value.instant(viewer: .utc) else { continue }
                trigger = .absolute(instant)
            } else {
                let duration = try duration(triggerProperty, source: source)
                guard case .nominal(let days, let seconds) = length(duration) else { continue }
                trigger = .relative(seconds: days.clampedProduct(86_400).clampedSum(seconds),
                                    toEnd: triggerProperty.parameter("RELATED")?.uppercased() == "END")
            }
            var interval = 0
            if let property = child.first("DURATION"), case .nominal(let days, let seconds) = length(try duration(property, source: source)) {
                interval = days.clampedProduct(86_400).clampedSum(seconds)
            }
            alarms.append(Alarm(action: child.first("ACTION")?.value.uppercased() ?? "DISPLAY", trigger: trigger,
                                repeatCount: integer(child, "REPEAT") ?? 0, repeatInterval: interval,
                                notes: text(child, "DESCRIPTION") ?? defaultSummary,
                                uid: child.first("X-WR-ALARMUID")?.value ?? child.first("UID")?.value))
        }
        return alarms
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
