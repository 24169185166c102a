import Kalends
import KalendsICalendar

extension ComponentDecoding {
    /// A VTODO.
    /// - Throws: `ICalendarError` at the property that does not read or place.
    mutating func reminder(_ component: ICalendarComponent) throws(ICalendarError) -> Reminder {
        let startProperty = component.first("DTSTART")
        let start = try startProperty.map { property throws(ICalendarError) in try time(property) }
        var due = try component.first("DUE").map { property throws(ICalendarError) in try time(property) }
        if due == nil, let start, let durationProperty = component.first("DURATION") {
            let length = Self.length(try duration(durationProperty))
            do {
                due = try SeriesTimeline.span(start: start, length: length, viewer: .utc).endTime
            } catch {
                throw self.error(.unplaceable(property: "DURATION", value: durationProperty.value, detail: "\(error)"), at: durationProperty)
            }
        }
        var rules: [RecurrenceRule] = [], ruleProperties: [ICalendarProperty] = []
        for property in component.all("RRULE") {
            rules.append(try rule(property))
            ruleProperties.append(property)
        }
        var recurrence = ItemRecurrence()
        // The recurrence runs from DTSTART, else from DUE.
        if let base = start ?? due, let baseProperty = startProperty ?? component.first("DUE") {
            recurrence = try self.recurrence(start: base, startProperty: baseProperty, rules: rules, ruleProperties: ruleProperties,
                                             dates: component.all("RDATE"), exclusions: component.all("EXDATE"))
        }
        let priority = try integer(component.first("PRIORITY")) ?? 0
        let percent = try integer(component.first("PERCENT-COMPLETE"))
        return Reminder(uid: component.uid ?? "", title: Self.text(component.first("SUMMARY")), notes: Self.text(component.first("DESCRIPTION")),
                        start: start, due: due, completed: try instant(component.first("COMPLETED")),
                        status: component.first("STATUS").flatMap { Reminder.Status(rawValue: $0.value.uppercased()) },
                        priority: Swift.min(Swift.max(priority, 0), 9),
                        percentComplete: percent.map { Swift.min(Swift.max($0, 0), 100) },
                        recurrence: recurrence, relatedTo: component.all("RELATED-TO").map(\.text),
                        sequence: try integer(component.first("SEQUENCE")) ?? 0,
                        alarms: try alarms(component), position: SourcePosition(file: source, line: component.line),
                        location: Self.text(component.first("LOCATION")), categories: component.all("CATEGORIES").flatMap(\.texts))
    }

    /// The VALARMs of a component. One with ACTION:NONE (RFC 9074: a
    /// placeholder that never alerts, which Apple writes) is not an alarm
    /// to list; one without a TRIGGER, or whose TRIGGER cannot be placed,
    /// is left out with a warning (strict: an error).
    mutating func alarms(_ component: ICalendarComponent) throws(ICalendarError) -> [Alarm] {
        var alarms: [Alarm] = []
        for child in component.components where child.name == "VALARM" {
            let action = child.first("ACTION")?.value.uppercased() ?? "DISPLAY"
            if action == "NONE" { continue }
            do throws(ICalendarError) {
                guard let triggerProperty = child.first("TRIGGER") else {
                    throw ICalendarError(.missingProperty(component: "VALARM", property: "TRIGGER"), source: source, line: child.line)
                }
                let trigger: Alarm.Trigger
                if triggerProperty.parameter("VALUE")?.uppercased() == "DATE-TIME" {
                    guard let instant = try instant(triggerProperty) else { continue }
                    trigger = .absolute(instant)
                } else {
                    let length = Self.length(try duration(triggerProperty))
                    trigger = .relative(seconds: length.elapsedSeconds, toEnd: triggerProperty.parameter("RELATED")?.uppercased() == "END")
                }
                var interval = 0
                if let property = child.first("DURATION") { interval = Self.length(try duration(property)).elapsedSeconds }
                alarms.append(Alarm(action: action, trigger: trigger, repeatCount: try integer(child.first("REPEAT")) ?? 0,
                                    repeatInterval: interval, notes: Self.text(child.first("DESCRIPTION")),
                                    uid: child.first("X-WR-ALARMUID")?.value ?? child.first("UID")?.value))
            } catch {
                if strict { throw error }
                warnings.append(ICalendarWarning(error, .leftOut(component: "VALARM", uid: nil, line: child.line)))
            }
        }
        return alarms
    }
}

extension ItemLength {
    /// The length in seconds, a nominal day counted as 86,400 (an alarm's offsets are exact).
    var elapsedSeconds: Int {
        switch self {
        case .exact(let seconds): return seconds
        case .nominal(let days, let seconds): return days.clampedProduct(86_400).clampedSum(seconds)
        }
    }
}
