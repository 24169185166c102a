import Kalends

/// A property's values as Kalends types, read through the value codecs
/// (`ICalendarValue`) in the type `VALUE=` gives, else the kind's default
/// (`PropertyKindTable.iCalendar`); and properties made from values.
///
///     // DTSTART;TZID=America/New_York:19970902T090000
///     let start = try property.date(zones: zones)   // 1997-09-02T09:00:00-04:00[America/New_York]
///     // RDATE;VALUE=PERIOD:19960403T020000Z/PT2H
///     try property.dates(zones: zones)[0].periodSeconds  // 7200
///     ICalendarProperty("DTSTART", time: .date(ISODate(year: 2024, month: 3, day: 15)))
///     // DTSTART;VALUE=DATE:20240315
extension ICalendarProperty {
    /// The property's dates (DTSTART, DTEND, DUE, RECURRENCE-ID, RDATE,
    /// EXDATE, ...): comma-separated, in the form `VALUE=` gives (DATE,
    /// DATE-TIME, or PERIOD for RDATE), a TZID resolved by `zones`.
    ///
    /// Without `VALUE=`, a bare `YYYYMMDD` is a date (many writers leave
    /// `VALUE=DATE` out); with `VALUE=DATE-TIME` it is midnight. A TZID on a
    /// date is passed over (a date has no zone). A TZID `zones` cannot
    /// resolve gives floating times (read in the viewer's zone; the reader
    /// warned about it once). A floating time (no TZID, no `Z`) takes the
    /// calendar's X-WR-TIMEZONE when `zones` has one.
    /// - Throws: `ContentLineError` with the column of the value at fault.
    public func dates(zones: ICalendarZones) throws(ContentLineError) -> [RecurrenceDate] {
        let tzid = parameter("TZID")
        let zone = tzid.flatMap { zones.zone(for: $0) } ?? (tzid == nil ? zones.floatingZone : nil)
        return try dates(zone: zone)
    }

    /// The values as `dates(zones:)` reads them, floating times placed in `zone` when given.
    /// - Throws: `ContentLineError` with the column of the value at fault.
    public func dates(zone: ZoneRules?) throws(ContentLineError) -> [RecurrenceDate] {
        // The value type decided once, not at every item (an EXDATE may list hundreds).
        let named = parameter("VALUE")
        enum Kind { case dateTime, date, period }
        let kind: Kind
        switch named.map(ASCIICase.upper) {
        case nil, "DATE-TIME"?: kind = .dateTime
        case "DATE"?: kind = .date
        case "PERIOD"? where name == "RDATE": kind = .period
        case let type?:
            let allowed = name == "RDATE" ? ["DATE-TIME", "DATE", "PERIOD"] : ["DATE-TIME", "DATE"]
            throw ContentLineError(.unknownValueType(type, allowed: allowed), property: name, column: valueColumn)
        }
        let dateIsMidnight = named != nil
        var result: [RecurrenceDate] = []
        try forEachItem { (item) throws(ContentLineError) in
            switch kind {
            case .period: result.append(try ICalendarValue.Period.read(item, zone: zone, property: name))
            case .date: result.append(RecurrenceDate(.date(try ICalendarValue.Date.read(item, property: name))))
            case .dateTime:
                let time = try ICalendarValue.DateTime.read(item, property: name, dateIsMidnight: dateIsMidnight)
                result.append(RecurrenceDate(ICalendarValue.Period.placed(time, zone: zone)))
            }
        }
        return result
    }

    /// Runs `body` on each comma-separated item of the value; an error gets the column where that item starts.
    func forEachItem(_ body: (Substring) throws(ContentLineError) -> Void) throws(ContentLineError) {
        var itemStart = value.utf8.startIndex
        while true {
            let itemEnd = value.utf8[itemStart...].firstIndex(of: UInt8(ascii: ",")) ?? value.utf8.endIndex
            do {
                try body(value[itemStart..<itemEnd])
            } catch {
                // The value at fault: where this item starts in the line (counted only now).
                let column = valueColumn + value[..<itemStart].unicodeScalars.count
                throw ContentLineError(error.kind, property: error.property, column: error.column ?? column)
            }
            guard itemEnd < value.utf8.endIndex else { return }
            itemStart = value.utf8.index(after: itemEnd)
        }
    }

    /// The property's one date or date-time (DTSTART, DTEND, DUE, RECURRENCE-ID), as `dates(zones:)` reads it.
    /// - Throws: `ContentLineError`; `.startNotOneValue` for none, several or a PERIOD.
    public func date(zones: ICalendarZones) throws(ContentLineError) -> RecurrenceDate {
        try one(try dates(zones: zones))
    }

    /// The one value of `values`.
    func one(_ values: [RecurrenceDate]) throws(ContentLineError) -> RecurrenceDate {
        guard values.count == 1, let value = values.first, value.periodSeconds == nil else {
            throw ContentLineError(.startNotOneValue, property: name, column: valueColumn)
        }
        return value
    }

    /// The value as a DURATION (`PT1H30M`, `-PT15M`, `P1W`): weeks and days
    /// in the calendar part, hours, minutes and seconds in the exact part.
    /// - Throws: `ContentLineError` (`.malformedSignedDuration`) at the value's column.
    public func duration() throws(ContentLineError) -> CalendarDuration {
        try located { () throws(ContentLineError) in try ICalendarValue.Duration.read(Substring(value), property: name) }
    }

    /// The value as a UTC-OFFSET (`-0500`, `+053000`): TZOFFSETFROM, TZOFFSETTO.
    /// - Throws: `ContentLineError` (`.malformedUTCOffset`) at the value's column.
    public func utcOffset() throws(ContentLineError) -> UTCOffset {
        try located { () throws(ContentLineError) in try ICalendarValue.UTCOffsetText.read(Substring(value), property: name) }
    }

    /// The value as an INTEGER (SEQUENCE, PRIORITY, REPEAT, PERCENT-COMPLETE); spaces around it are passed over.
    /// - Throws: `ContentLineError` (`.malformedValue`) at the value's column.
    public func integer() throws(ContentLineError) -> Int {
        var trimmed = Substring(value)
        while trimmed.first == " " { trimmed.removeFirst() }
        while trimmed.last == " " { trimmed.removeLast() }
        let text = trimmed
        return try located { () throws(ContentLineError) in try ICalendarValue.Integer.read(text, property: name) }
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
        try RuleTexts.read(value)
    }

    /// `read`'s error, at the value's column.
    private func located<T>(_ read: () throws(ContentLineError) -> T) throws(ContentLineError) -> T {
        do {
            return try read()
        } catch {
            throw ContentLineError(error.kind, property: error.property, column: error.column ?? valueColumn)
        }
    }

    // MARK: Writing

    /// A DTSTART, DTEND, DUE, RECURRENCE-ID, RDATE or EXDATE of `time`:
    /// `VALUE=DATE` for a date, `TZID=` for a zoned time, `Z` for an instant;
    /// `parameters` after those.
    public init(_ name: String, time: ItemTime, parameters extra: [ICalendarParameter] = []) {
        switch time {
        case .date:
            self.init(name: name, parameters: [ICalendarParameter(name: "VALUE", values: ["DATE"])] + extra,
                      value: ICalendarValue.DateTime.write(time))
        case .zoned(_, let zone):
            self.init(name: name, parameters: [ICalendarParameter(name: "TZID", values: [zone.identifier])] + extra,
                      value: ICalendarValue.DateTime.write(time))
        case .floating, .utc:
            self.init(name: name, parameters: extra, value: ICalendarValue.DateTime.write(time))
        }
    }

    /// An RDATE (or EXDATE) of several times of one form (the first's), or an
    /// RDATE PERIOD (`VALUE=PERIOD`) for those with a length.
    public init(_ name: String, dates: [RecurrenceDate]) {
        let first = dates.first?.value ?? .utc(Instant(seconds: 0))
        var property = ICalendarProperty(name, time: first)
        let texts = dates.map { date -> String in
            guard let seconds = date.periodSeconds else { return ICalendarValue.DateTime.write(date.value) }
            return ICalendarValue.Period.write(start: date.value, seconds: seconds)
        }
        if dates.contains(where: { $0.periodSeconds != nil }) {
            property.parameters.removeAll { $0.name == "VALUE" }
            property.parameters.insert(ICalendarParameter(name: "VALUE", values: ["PERIOD"]), at: 0)
        }
        property.value = texts.joined(separator: ",")
        self = property
    }

    /// A TEXT property (SUMMARY, LOCATION, DESCRIPTION): `text` escaped.
    public init(_ name: String, text: String) {
        self.init(name: name, value: ICalendarValue.Text.write(text))
    }

    /// A TEXT list property (CATEGORIES, RESOURCES): each item escaped.
    public init(_ name: String, texts: [String]) {
        self.init(name: name, value: ICalendarValue.Text.writeList(texts))
    }

    /// An INTEGER property (SEQUENCE, PRIORITY, REPEAT, PERCENT-COMPLETE).
    public init(_ name: String, integer: Int) {
        self.init(name: name, value: ICalendarValue.Integer.write(integer))
    }

    /// A DURATION property (DURATION, TRIGGER): `days` nominal days, then `seconds` (both of one sign).
    public init(_ name: String, days: Int, seconds: Int, parameters: [ICalendarParameter] = []) {
        self.init(name: name, parameters: parameters, value: ICalendarValue.Duration.write(days: days, seconds: seconds))
    }

    /// A UTC-OFFSET property (TZOFFSETFROM, TZOFFSETTO).
    public init(_ name: String, offset: UTCOffset) {
        self.init(name: name, value: ICalendarValue.UTCOffsetText.write(offset))
    }

    /// An RRULE.
    public init(rule: RecurrenceRule) {
        self.init(name: "RRULE", value: ICalendarValue.Recur.write(rule))
    }
}

/// RRULE texts read once per process: the reader checks each RRULE when it
/// builds the tree and the store decodes it after, often on other threads,
/// and a calendar repeats its rules (a 10,000-event file has 2,828 distinct
/// texts in 5,004 RRULEs). Reading a text is a pure function of it, so the
/// answer kept (a rule, or its error) is the answer a new read gives
/// (`RuleTextCacheProperties`). At most 16,384 texts are kept; past that,
/// each is read anew.
package enum RuleTexts {
    private static let known = KeptAnswers<String, Result<RecurrenceRule, RuleError>>(limit: 16_384)

    /// The rule `text` reads as.
    /// - Throws: `RuleError`, as `ICalendarValue.Recur.read` does.
    package static func read(_ text: String) throws(RuleError) -> RecurrenceRule {
        // The error is kept too: it depends on the text alone.
        try known.answer(text) { Result { () throws(RuleError) in try readAnew(text) } }.get()
    }

    /// The rule `text` reads as, never from what is kept: the reference the kept answers are checked against.
    static func readAnew(_ text: String) throws(RuleError) -> RecurrenceRule {
        try ICalendarValue.Recur.read(Substring(text))
    }
}
