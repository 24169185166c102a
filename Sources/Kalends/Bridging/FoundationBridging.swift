import FoundationEssentials
import FoundationInternationalization

extension CalendarDate {
    /// The first instant of this day in `zone`: local midnight, or the first
    /// instant after it when midnight did not exist (America/Sao_Paulo 2018-11-04
    /// starts at 01:00).
    public func startDate(in zone: TimeZone) -> Date {
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = zone
        let utcNoon = Double(dayNumber) * 86_400 + 43_200
        let localNoon = Date(timeIntervalSince1970: utcNoon - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: utcNoon))))
        return gregorian.startOfDay(for: localNoon)
    }

    /// The components Foundation's `Calendar` gives for this day: era, year,
    /// month and isLeapMonth as it numbers them, day, and weekday (1 = Sunday).
    public var dateComponents: DateComponents {
        var parts = DateComponents()
        parts.calendar = calendar.builtIn?.foundationIdentifier.map { Calendar(identifier: $0) }
        parts.era = era.value
        parts.year = era.year
        parts.month = foundationMonth
        parts.isLeapMonth = isLeapMonth
        parts.day = day
        parts.weekday = weekday % 7 + 1
        return parts
    }
}

extension CalendarSystem {
    /// The day that contains `instant` in `zone`.
    public func date(containing instant: Date, in zone: TimeZone) throws(ConversionError) -> CalendarDate {
        let seconds = instant.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e12 else {
            throw .dayNumberOutOfRange(seconds.isFinite ? Int(seconds / 86_400) : Int.max, allowed: DayNumber.supported)
        }
        let local = seconds + Double(zone.secondsFromGMT(for: instant))
        return try date(dayNumber: Int((local / 86_400).rounded(.down)))
    }

    /// The date that Foundation's era, year, month (its numbering), isLeapMonth
    /// and day components name in this calendar. A missing era means the era
    /// of the year as given (the current era in most calendars).
    public func date(from components: DateComponents, overflow: Overflow = .reject) throws(ConversionError) -> CalendarDate {
        guard let eraYear = components.year, let month = components.month, let day = components.day else {
            throw .malformedDate("\(components)", detail: "year, month and day are required")
        }
        // Far beyond any supported year; checked first so no arithmetic can overflow.
        guard (-1_000_000...1_000_000).contains(eraYear), (-1_000_000...1_000_000).contains(components.era ?? 0) else {
            throw .yearOutOfRange(id, year: eraYear, allowed: supportedYears)
        }
        let year = try components.era.map { era throws(ConversionError) in try arithmeticYear(foundationEra: era, eraYear: eraYear) } ?? eraYear
        return try date(year: year, foundationMonth: month, isLeapMonth: components.isLeapMonth ?? false, day: day, overflow: overflow)
    }
}
