import Kalends
import KalendsICalendar

/// The store's values written as iCalendar properties (RFC 5545 section
/// 3.3): DATE, DATE-TIME in its three forms, DURATION, TRIGGER.
enum ItemText {
    /// `YYYYMMDD`.
    static func basic(_ date: ISODate) -> String {
        digits(date.year, 4) + digits(date.month, 2) + digits(date.day, 2)
    }

    /// `YYYYMMDDTHHMMSS` (whole seconds).
    static func basic(_ local: LocalDateTime) -> String {
        basic(day: local.dayNumber, second: local.nanosecondOfDay / 1_000_000_000)
    }

    /// `YYYYMMDDTHHMMSS` of a day and a second of it.
    static func basic(day: Int, second: Int) -> String {
        basic(ISODate(dayNumber: day)) + "T" + digits(second / 3_600, 2) + digits(second / 60 % 60, 2) + digits(second % 60, 2)
    }

    /// `YYYYMMDDTHHMMSSZ`.
    static func basic(_ instant: Instant) -> String {
        basic(day: instant.seconds.floorDivided(by: 86_400), second: instant.seconds.floorModulo(86_400)) + "Z"
    }

    /// A time as messages show it: `2024-03-15`, `2024-03-15T09:00:00` (floating),
    /// `2024-03-15T09:00:00 Europe/Berlin`, `2024-03-15T08:00:00Z`.
    static func shown(_ time: ItemTime) -> String {
        switch time {
        case .date(let date): date.description
        case .floating(let local): DateTimeText.format(local)
        case .zoned(let local, let zone): DateTimeText.format(local) + " " + zone.identifier
        case .utc(let instant): (try? ZonedDateTime(instant: instant, zone: .utc).description) ?? "\(instant.seconds)"
        }
    }

    static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value.magnitude)
        return (value < 0 ? "-" : "") + String(repeating: "0", count: Swift.max(0, width - text.count)) + text
    }

    /// A DTSTART, DTEND, DUE, RECURRENCE-ID... property of `time`: `VALUE=DATE`
    /// for a date, `TZID=` for a zoned time, `Z` for UTC.
    static func property(_ name: String, _ time: ItemTime, extra: [ICalendarParameter] = []) -> ICalendarProperty {
        switch time {
        case .date(let date): return ICalendarProperty(name: name, parameters: [ICalendarParameter(name: "VALUE", values: ["DATE"])] + extra, value: basic(date))
        case .floating(let local): return ICalendarProperty(name: name, parameters: extra, value: basic(local))
        case .zoned(let local, let zone):
            return ICalendarProperty(name: name, parameters: [ICalendarParameter(name: "TZID", values: [zone.identifier])] + extra, value: basic(local))
        case .utc(let instant): return ICalendarProperty(name: name, parameters: extra, value: basic(instant))
        }
    }

    /// A DURATION value (`PT1H30M`, `P2D`, `-PT15M`) of a length or a number of seconds.
    static func duration(days: Int, seconds: Int) -> String {
        let negative = days < 0 || (days == 0 && seconds < 0)
        let days = days.magnitude, seconds = seconds.magnitude
        var text = negative ? "-P" : "P"
        if days > 0 { text += "\(days)D" }
        if seconds > 0 || days == 0 {
            text += "T"
            let hours = seconds / 3_600, minutes = seconds / 60 % 60, rest = seconds % 60
            if hours > 0 { text += "\(hours)H" }
            if minutes > 0 { text += "\(minutes)M" }
            if rest > 0 || (hours == 0 && minutes == 0) { text += "\(rest)S" }
        }
        return text
    }

    static func duration(_ length: ItemLength) -> String {
        switch length {
        case .exact(let seconds): duration(days: 0, seconds: seconds)
        case .nominal(let days, let seconds): duration(days: days, seconds: seconds)
        }
    }

    /// A TEXT property.
    static func text(_ name: String, _ value: String) -> ICalendarProperty {
        ICalendarProperty(name: name, value: ICalendarText.escape(value))
    }

    /// A VALARM: DISPLAY with the item's title, at `trigger`.
    static func alarm(_ alarm: Alarm, title: String) -> ICalendarComponent {
        let trigger: ICalendarProperty
        switch alarm.trigger {
        case .relative(let seconds, let toEnd):
            trigger = ICalendarProperty(name: "TRIGGER", parameters: toEnd ? [ICalendarParameter(name: "RELATED", values: ["END"])] : [],
                                        value: duration(days: 0, seconds: seconds))
        case .absolute(let instant):
            trigger = ICalendarProperty(name: "TRIGGER", parameters: [ICalendarParameter(name: "VALUE", values: ["DATE-TIME"])], value: basic(instant))
        }
        var properties = [ICalendarProperty(name: "ACTION", value: alarm.action), trigger,
                          text("DESCRIPTION", alarm.notes ?? title)]
        if alarm.repeatCount > 0 && alarm.repeatInterval > 0 {
            properties.append(ICalendarProperty(name: "REPEAT", value: "\(alarm.repeatCount)"))
            properties.append(ICalendarProperty(name: "DURATION", value: duration(days: 0, seconds: alarm.repeatInterval)))
        }
        return ICalendarComponent(name: "VALARM", properties: properties)
    }

    /// A VTIMEZONE for `zone` from its current yearly rule (the POSIX rule
    /// its zone file ends with): one STANDARD, and a DAYLIGHT when it has
    /// daylight saving time, each with a yearly RRULE from 1970. Nil for
    /// UTC, and for a rule a VTIMEZONE's RRULE cannot say (a Julian day, a
    /// change outside 00:00 ... 23:59:59): other programs then read the TZID
    /// as the IANA name it is.
    static func timeZone(_ zone: ZoneRules) -> ICalendarComponent? {
        guard !zone.isUTC, let rule = zone.recurringRule else { return nil }
        let tzid = ICalendarProperty(name: "TZID", value: zone.identifier)
        func observance(_ name: String, from: UTCOffset, to: ZoneLocalTimeType, date: ZoneRuleDate?) -> ICalendarComponent? {
            var properties: [ICalendarProperty] = []
            if let date {
                guard case .monthWeekday(let month, let week, let weekday) = date.day, (0..<86_400).contains(date.secondsOfDay) else { return nil }
                guard let first = try? ISODate(year: 1970, month: month, day: 1).dayNumber,
                      let next = try? ISODate(year: month == 12 ? 1971 : 1970, month: month % 12 + 1, day: 1).dayNumber else { return nil }
                // 1970-01-01 was a Thursday (weekday 4, 0 being Sunday); week 5 is the last.
                var dayNumber = first + (weekday - (first + 4).floorModulo(7)).floorModulo(7) + (week - 1) * 7
                while dayNumber >= next { dayNumber -= 7 }
                properties.append(ICalendarProperty(name: "DTSTART", value: basic(day: dayNumber, second: date.secondsOfDay)))
                let codes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
                properties.append(ICalendarProperty(name: "RRULE", value: "FREQ=YEARLY;BYMONTH=\(month);BYDAY=\(week == 5 ? -1 : week)\(codes[weekday % 7])"))
            } else {
                properties.append(ICalendarProperty(name: "DTSTART", value: "19700101T000000"))
            }
            properties += [ICalendarProperty(name: "TZOFFSETFROM", value: offset(from)), ICalendarProperty(name: "TZOFFSETTO", value: offset(to.offset))]
            if !to.abbreviation.isEmpty { properties.append(text("TZNAME", to.abbreviation)) }
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

    /// `+0530`, `-0400` (seconds kept when there are any: `+003412`).
    static func offset(_ offset: UTCOffset) -> String {
        let magnitude = offset.seconds.magnitude
        var text = (offset.seconds < 0 ? "-" : "+") + digits(Int(magnitude / 3_600), 2) + digits(Int(magnitude / 60 % 60), 2)
        if magnitude % 60 != 0 { text += digits(Int(magnitude % 60), 2) }
        return text
    }
}
