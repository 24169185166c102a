import Kalends

/// The values of a property as Kalends types (RFC 5545 section 3.3).
///
///     // DTSTART;TZID=America/New_York:19970902T090000
///     let start = try property.date(zones: zones)   // .zoned(1997-09-02T09:00:00, America/New_York)
///     // RDATE;VALUE=PERIOD:19960403T020000Z/PT2H
///     try property.dates(zones: zones)[0].periodSeconds  // 7200
extension ICalendarProperty {
    /// The property's dates (DTSTART, DTEND, DUE, RECURRENCE-ID, RDATE,
    /// EXDATE, ...): comma-separated, in the form `VALUE=` gives (DATE,
    /// DATE-TIME, or PERIOD for RDATE), a TZID resolved by `zones`.
    ///
    /// A TZID `zones` cannot resolve gives floating times (read in the
    /// viewer's zone; the reader warned about it once). A floating time
    /// (no TZID, no `Z`) takes the calendar's X-WR-TIMEZONE when `zones` has one.
    /// - Throws: `ContentLineError` with the column of the value at fault.
    public func dates(zones: ICalendarZones) throws(ContentLineError) -> [RecurrenceDate] {
        let tzid = parameter("TZID")
        let zone = tzid.flatMap { zones.zone(for: $0) }
        let values = try ValueText.dates(self, zone: zone)
        guard tzid == nil, let floating = zones.floatingZone else { return values }
        return values.map { date in
            guard case .floating(let local) = date.value else { return date }
            return RecurrenceDate(.zoned(local, floating), periodSeconds: date.periodSeconds)
        }
    }

    /// The property's one date or date-time (DTSTART, DTEND, DUE, RECURRENCE-ID), as `dates(zones:)` reads it.
    /// - Throws: `ContentLineError`; `.startNotOneValue` for none, several or a PERIOD.
    public func date(zones: ICalendarZones) throws(ContentLineError) -> RecurrenceDate {
        let values = try dates(zones: zones)
        guard values.count == 1, let value = values.first, value.periodSeconds == nil else {
            throw ContentLineError(.startNotOneValue, property: name, column: valueColumn)
        }
        return value
    }

    /// The value as an RFC 5545 DURATION (`PT1H30M`, `-PT15M`, `P1W`): weeks
    /// and days in the calendar part, hours, minutes and seconds in the exact part.
    /// - Throws: `ContentLineError` (`.malformedSignedDuration`) at the value's column.
    public func duration() throws(ContentLineError) -> CalendarDuration {
        let fail = ContentLineError(.malformedSignedDuration(value), property: name, column: valueColumn)
        guard let parts = ValueText.durationParts(Substring(value)) else { throw fail }
        let sign = parts.negative ? -1 : 1
        do {
            return try CalendarDuration(date: try DateDuration(weeks: sign * parts.weeks, days: sign * parts.days),
                                        time: try TimeDuration(hours: sign * parts.hours, minutes: sign * parts.minutes,
                                                               seconds: sign * parts.secondsPart))
        } catch {
            throw fail
        }
    }

    /// The value as a UTC-OFFSET (`-0500`, `+053000`): TZOFFSETFROM, TZOFFSETTO.
    /// - Throws: `ContentLineError` (`.malformedUTCOffset`) at the value's column.
    public func utcOffset() throws(ContentLineError) -> UTCOffset {
        do {
            return try ValueText.utcOffset(Substring(value), property: name)
        } catch {
            throw ContentLineError(error.kind, property: error.property, column: valueColumn)
        }
    }

    /// The value as an RRULE, its error placed in `source` (the file).
    /// - Throws: `ICalendarError` (`.rule`) at the value's line and column.
    public func rule(source: String) throws(ICalendarError) -> RecurrenceRule {
        do {
            return try rule()
        } catch {
            throw ICalendarError(.rule(error), source: source, line: line, column: valueColumn)
        }
    }

    /// The value as an RRULE.
    /// - Throws: `RuleError` with the part and its offset.
    public func rule() throws(RuleError) -> RecurrenceRule {
        try RecurrenceRule(parsing: value)
    }
}
