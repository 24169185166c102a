import Kalends

/// VTIMEZONE components written from zone rules (RFC 5545 section 3.6.5),
/// the writing side of `ZoneRules(vtimezone:source:)`.
///
/// `current` writes the zone's current yearly rule (the POSIX rule its zone
/// file ends with): one STANDARD, and a DAYLIGHT when it has daylight
/// saving time, each with a yearly RRULE from 1970: what calendar programs
/// write, compact, right for the times people schedule. `history` writes
/// every transition of a span as RDATEs, as tzurl-style exporters and
/// Python's icalendar do: right for any time in it.
///
///     let vtimezone = VTimeZoneWriter.current(try ZoneRules(identifier: "Europe/Berlin"))
///     // BEGIN:VTIMEZONE, TZID:Europe/Berlin, DAYLIGHT (RRULE ...;BYMONTH=3;BYDAY=-1SU), STANDARD (...)
public enum VTimeZoneWriter {
    /// A VTIMEZONE from the zone's current yearly rule; nil for UTC, and for a
    /// rule a VTIMEZONE's RRULE cannot say (a Julian day; a change past
    /// midnight that moves the last week's day into the next month). A change
    /// at another day's hour (Israel's `M3.4.4/26`: the Thursday of the
    /// fourth week at 26:00, a Friday from the 23rd to the 29th at 02:00) is
    /// written as the weekday it falls on among those days of the month.
    public static func current(_ zone: ZoneRules) -> ICalendarComponent? {
        guard !zone.isUTC, let rule = zone.recurringRule else { return nil }
        let tzid = ICalendarProperty("TZID", text: zone.identifier)
        func observance(_ name: String, from: UTCOffset, to: ZoneLocalTimeType, date: ZoneRuleDate?) -> ICalendarComponent? {
            var properties: [ICalendarProperty] = []
            if let date {
                guard case .monthWeekday(let month, let week, let weekday) = date.day, (1...12).contains(month), (1...5).contains(week),
                      (0...6).contains(weekday) else { return nil }
                // A time past the day (or before it) is another day's: `shift` days on.
                let shift = date.secondsOfDay.floorDivided(by: 86_400), second = date.secondsOfDay - shift * 86_400
                guard let first = try? ISODate(year: 1970, month: month, day: 1).dayNumber,
                      let next = try? ISODate(year: month == 12 ? 1971 : 1970, month: month % 12 + 1, day: 1).dayNumber else { return nil }
                // 1970-01-01 was a Thursday (weekday 4, 0 being Sunday); week 5 is the last.
                var dayNumber = first + (weekday - (first + 4).floorModulo(7)).floorModulo(7) + (week - 1) * 7
                while dayNumber >= next { dayNumber -= 7 }
                let codes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
                let rule: String
                if shift == 0 {
                    rule = "FREQ=YEARLY;BYMONTH=\(month);BYDAY=\(week == 5 ? -1 : week)\(codes[weekday])"
                } else {
                    // The week's seven days of the month, moved: all in the month in every year, or no RRULE says it.
                    let length = month == 2 ? 28 : GregorianMath.daysInMonth(year: 1970, month: month)
                    let days = week == 5 ? Array((-7 + shift)...(-1 + shift)) : Array((7 * (week - 1) + 1 + shift)...(7 * week + shift))
                    guard days.allSatisfy({ (1...length).contains($0) || (-length ... -1).contains($0) }) else { return nil }
                    rule = "FREQ=YEARLY;BYMONTH=\(month);BYDAY=\(codes[(weekday + shift).floorModulo(7)]);BYMONTHDAY="
                        + days.map(String.init).joined(separator: ",")
                }
                properties.append(ICalendarProperty(name: "DTSTART", value: ICalendarValue.DateTime.write(day: dayNumber + shift, second: second)))
                properties.append(ICalendarProperty(name: "RRULE", value: rule))
            } else {
                properties.append(ICalendarProperty(name: "DTSTART", value: "19700101T000000"))
            }
            properties += [ICalendarProperty("TZOFFSETFROM", offset: from), ICalendarProperty("TZOFFSETTO", offset: to.offset)]
            if !to.abbreviation.isEmpty { properties.append(ICalendarProperty("TZNAME", text: to.abbreviation)) }
            return ICalendarComponent(name: name, properties: properties)
        }
        guard let daylight = rule.daylight else {
            return observance("STANDARD", from: rule.standard.offset, to: rule.standard, date: nil)
                .map { ICalendarComponent(name: "VTIMEZONE", properties: [tzid], components: [$0]) }
        }
        guard let summer = observance("DAYLIGHT", from: rule.standard.offset, to: daylight.type, date: daylight.start),
              let winter = observance("STANDARD", from: daylight.type.offset, to: rule.standard, date: daylight.end) else { return nil }
        return ICalendarComponent(name: "VTIMEZONE", properties: [tzid], components: [summer, winter])
    }
}

extension VTimeZoneWriter {
    /// A VTIMEZONE listing every transition of `zone` in [`from`, `to`) as
    /// RDATEs of its observances (one STANDARD or DAYLIGHT per kind of change:
    /// the same offsets, name and daylight flag), each at the wall time of
    /// the offset before it, with one more for the offset in force at `from`;
    /// the form tzurl-style exporters and Python's icalendar write. Nil for a
    /// zone with no offset at all (none).
    public static func history(_ zone: ZoneRules, from: Instant, to: Instant) -> ICalendarComponent? {
        struct Kind: Hashable {
            let from: UTCOffset, to: UTCOffset, isDaylight: Bool, name: String
        }
        var kinds: [Kind] = []
        var onsets: [Kind: [LocalDateTime]] = [:]
        func add(_ kind: Kind, at local: LocalDateTime) {
            if onsets[kind] == nil { kinds.append(kind) }
            onsets[kind, default: []].append(local)
        }
        // The offset in force at the start, from the start's wall time.
        let first = zone.localTimeType(at: from)
        guard let start = try? ZonedDateTime(instant: from, zone: zone).local else { return nil }
        add(Kind(from: first.offset, to: first.offset, isDaylight: first.isDaylightSaving, name: first.abbreviation), at: start)
        for transition in zone.transitions(from: from, to: to) {
            let type = zone.localTimeType(at: transition.instant)
            let wall = transition.instant.seconds + transition.offsetBefore.seconds
            let day = wall.floorDivided(by: 86_400)
            guard let local = try? LocalDateTime(dayNumber: day, time: TimeOfDay(hour: (wall - day * 86_400) / 3_600,
                                                                                 minute: (wall - day * 86_400) / 60 % 60,
                                                                                 second: (wall - day * 86_400) % 60)) else { continue }
            add(Kind(from: transition.offsetBefore, to: transition.offsetAfter, isDaylight: type.isDaylightSaving, name: type.abbreviation), at: local)
        }
        var observances: [ICalendarComponent] = []
        for kind in kinds {
            guard let times = onsets[kind], let first = times.first else { continue }
            var properties = [ICalendarProperty(name: "DTSTART", value: ICalendarValue.DateTime.write(first)),
                              ICalendarProperty("TZOFFSETFROM", offset: kind.from), ICalendarProperty("TZOFFSETTO", offset: kind.to)]
            if !kind.name.isEmpty { properties.append(ICalendarProperty("TZNAME", text: kind.name)) }
            for time in times.dropFirst() {
                properties.append(ICalendarProperty(name: "RDATE", value: ICalendarValue.DateTime.write(time)))
            }
            observances.append(ICalendarComponent(name: kind.isDaylight ? "DAYLIGHT" : "STANDARD", properties: properties))
        }
        guard !observances.isEmpty else { return nil }
        return ICalendarComponent(name: "VTIMEZONE", properties: [ICalendarProperty("TZID", text: zone.identifier)], components: observances)
    }
}
