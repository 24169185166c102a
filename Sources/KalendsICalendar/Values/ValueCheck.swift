import Kalends

/// The values a reader checks as it reads, so that a component with a bad
/// one is a defect found at its line (RFC 5545 section 3.3): dates and
/// date-times, durations, UTC offsets and RRULEs. Zones are not resolved
/// here (an unknown TZID is not a defect of the value).
enum ValueCheck {
    /// Whether a property of this name has its value checked.
    static func checks(_ name: String) -> Bool {
        switch name {
        case "DTSTART", "DTEND", "DUE", "RECURRENCE-ID", "RDATE", "EXDATE", "DTSTAMP", "CREATED", "LAST-MODIFIED", "COMPLETED",
             "DURATION", "TRIGGER", "TZOFFSETFROM", "TZOFFSETTO", "RRULE": true
        default: false
        }
    }

    /// What is wrong with `property`'s value, if anything it is checked for.
    static func problem(_ property: ICalendarProperty, source: String) -> ICalendarError? {
        func located(_ error: ContentLineError) -> ICalendarError {
            ICalendarError(.value(error), source: source, line: property.line, column: error.column ?? property.valueColumn)
        }
        do throws(ContentLineError) {
            switch property.name {
            case "DTSTART", "DTEND", "DUE", "RECURRENCE-ID", "RDATE", "EXDATE":
                _ = try ValueText.dates(property, zone: nil)
            case "DTSTAMP", "CREATED", "LAST-MODIFIED", "COMPLETED":
                _ = try ValueText.dateTime(Substring(property.value), zone: nil, property: property.name)
            case "DURATION":
                _ = try property.duration()
            case "TRIGGER":
                if property.parameter("VALUE")?.uppercased() == "DATE-TIME" {
                    _ = try ValueText.dateTime(Substring(property.value), zone: nil, property: property.name)
                } else {
                    _ = try property.duration()
                }
            case "TZOFFSETFROM", "TZOFFSETTO":
                _ = try property.utcOffset()
            case "RRULE":
                do {
                    _ = try property.rule()
                } catch {
                    return ICalendarError(.rule(error), source: source, line: property.line, column: property.valueColumn)
                }
            default:
                return nil
            }
        } catch {
            return located(error)
        }
        return nil
    }
}
