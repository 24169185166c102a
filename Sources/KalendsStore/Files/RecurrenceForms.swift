import Kalends
import KalendsICalendar

/// UNTIL, RDATE and EXDATE read in DTSTART's form. RFC 5545 wants them in
/// it; real writers do otherwise, and each such value is read as the readers
/// people use read it (libical, Python's icalendar, Thunderbird), with a
/// located warning (strict: an error):
///
/// | DTSTART | value | read as |
/// |---|---|---|
/// | zoned or UTC | floating UNTIL (Exchange) | that wall time in DTSTART's zone |
/// | zoned or UTC | DATE UNTIL | the end of that day in DTSTART's zone |
/// | date | UTC or floating UNTIL (Outlook) | its date (a UTC one's UTC date) |
/// | floating | DATE UNTIL | the end of that day |
/// | floating (or a TZID nobody defines) | UTC or zoned UNTIL, RDATE, EXDATE | by the viewer's clock (`SeriesTimeline.floatingZone`) |
/// | date | timed RDATE, EXDATE | its date |
/// | timed | DATE RDATE | midnight; a DATE EXDATE leaves out every occurrence of that day |
extension ComponentDecoding {
    /// The recurrence of an item that starts at `start`, in its forms.
    mutating func recurrence(start: ItemTime, startProperty: ICalendarProperty, rules: [RecurrenceRule], ruleProperties: [ICalendarProperty],
                             dates: [ICalendarProperty], exclusions: [ICalendarProperty]) throws(ICalendarError) -> ItemRecurrence {
        var placedRules: [RecurrenceRule] = []
        for (rule, property) in zip(rules, ruleProperties) {
            placedRules.append(try until(of: rule, property: property, start: start, startProperty: startProperty))
        }
        var included: [RecurrenceDate] = [], excluded: [RecurrenceDate] = []
        for property in dates { included += try placed(try self.dates(property), property: property, start: start, startProperty: startProperty) }
        for property in exclusions { excluded += try placed(try self.dates(property), property: property, start: start, startProperty: startProperty) }
        return ItemRecurrence(rules: placedRules, dates: included, exclusions: excluded)
    }

    /// The rule with its UNTIL in DTSTART's form.
    private mutating func until(of rule: RecurrenceRule, property: ICalendarProperty, start: ItemTime,
                                startProperty: ICalendarProperty) throws(ICalendarError) -> RecurrenceRule {
        guard let until = rule.until else { return rule }
        let placed: RecurrenceRule.Until
        let reading: String
        do {
            switch (start, until) {
            case (.date, .date), (.floating, .local), (.zoned, .utc), (.utc, .utc):
                return rule
            case (.date, .local(let local)):
                placed = .date(ISODate(dayNumber: local.dayNumber))
                reading = "read by its date"
            case (.date, .utc(let instant)):
                placed = .date(ISODate(dayNumber: instant.seconds.floorDivided(by: 86_400)))
                reading = "read by its date in UTC"
            case (.floating, .date(let date)):
                placed = .local(try LocalDateTime(dayNumber: date.dayNumber, time: TimeOfDay(hour: 23, minute: 59, second: 59)))
                reading = "read as the end of that day"
            case (.floating, .utc):
                // Placed by the viewer's clock when the store builds the series.
                placed = until
                reading = "read by the viewer's clock, as the start is"
            case (.zoned(_, let zone), .local(let local)):
                placed = .utc(try zone.resolve(local).instant)
                reading = "read in DTSTART's zone"
            case (.utc, .local(let local)):
                placed = .utc(try ZoneRules.utc.resolve(local).instant)
                reading = "read in UTC, as DTSTART is"
            case (.zoned, .date(let date)), (.utc, .date(let date)):
                let zone = start.zone ?? .utc
                let next = try zone.startOfDay(date.dayNumber + 1)
                placed = .utc(Instant(seconds: next.seconds - 1))
                reading = "read as the end of that day in DTSTART's zone"
            }
        } catch {
            throw self.error(.unplaceable(property: property.name, value: "UNTIL=\(until)", detail: "\(error)"), at: property)
        }
        try readOtherwise(error(.mismatchedForm(property: "RRULE", value: "UNTIL=\(until)", start: startProperty.value), at: property), as: reading)
        do {
            return try rule.ending(.until(placed))
        } catch {
            throw ICalendarError(.rule(error), source: source, line: property.line, column: property.valueColumn)
        }
    }

    /// RDATEs or EXDATEs in DTSTART's form.
    private mutating func placed(_ values: [RecurrenceDate], property: ICalendarProperty, start: ItemTime,
                                 startProperty: ICalendarProperty) throws(ICalendarError) -> [RecurrenceDate] {
        var reading: String?
        var result: [RecurrenceDate] = []
        for date in values {
            switch (start, date.value) {
            case (.date, .floating(let local)), (.date, .zoned(let local, _)):
                result.append(RecurrenceDate(.date(ISODate(dayNumber: local.dayNumber)), periodSeconds: date.periodSeconds))
                reading = "read by its date"
            case (.date, .utc(let instant)):
                result.append(RecurrenceDate(.date(ISODate(dayNumber: instant.seconds.floorDivided(by: 86_400))), periodSeconds: date.periodSeconds))
                reading = "read by its date in UTC"
            case (.floating, .utc), (.floating, .zoned):
                // Placed by the viewer's clock when the store builds the series.
                result.append(date)
                reading = "read by the viewer's clock, as the start is"
            case (.floating, .date), (.zoned, .date), (.utc, .date):
                result.append(date)
                reading = property.name == "EXDATE" ? "every occurrence on that day is left out" : "read as midnight"
            default:
                result.append(date)
            }
        }
        if let reading {
            try readOtherwise(error(.mismatchedForm(property: property.name, value: property.value, start: startProperty.value), at: property),
                              as: reading)
        }
        return result
    }
}
