import Kalends
import KalendsStore

/// RFC 5545's reading of an event's times, written again for the tests from
/// Kalends' time primitives (zones, wall-clock times), so that the store's
/// own keys, shifts and spans are checked against something they did not make.
enum Oracle {
    /// An occurrence as a file writes it: a UTC series' instants as `.utc`.
    static func time(_ occurrence: Occurrence) -> ItemTime {
        switch occurrence.value {
        case .date(let date): return .date(date)
        case .floating(let local): return .floating(local)
        case .zoned(let zoned): return zoned.zone.isUTC ? .utc(zoned.instant) : .zoned(zoned.local, zoned.zone)
        }
    }

    /// A wall-clock time `seconds` after `local`.
    static func local(_ local: LocalDateTime, plus seconds: Int) -> LocalDateTime? {
        let total = local.dayNumber * 86_400 + local.nanosecondOfDay / 1_000_000_000 + seconds
        let day = Int((Double(total) / 86_400).rounded(.down))
        let second = total - day * 86_400
        return try? LocalDateTime(dayNumber: day, time: TimeOfDay(hour: second / 3_600, minute: second / 60 % 60, second: second % 60))
    }

    /// `time` moved by `seconds`: elapsed for a zoned time or an instant, on
    /// the wall clock for a floating one, whole days for a date.
    static func shifted(_ time: ItemTime, by seconds: Int) -> ItemTime? {
        switch time {
        case .date(let date):
            let days = Int((Double(seconds) / 86_400).rounded(.down))
            return .date(ISODate(dayNumber: date.dayNumber + days))
        case .floating(let wall): return local(wall, plus: seconds).map { .floating($0) }
        case .utc(let instant): return .utc(Instant(seconds: instant.seconds + seconds))
        case .zoned(let wall, let zone):
            guard let instant = try? zone.resolve(wall).instant,
                  let moved = try? ZonedDateTime(instant: Instant(seconds: instant.seconds + seconds), zone: zone) else { return nil }
            return .zoned(moved.local, zone)
        }
    }

    /// Where `time` sits among the times of a series starting at `series`:
    /// its instant's seconds when the series is zoned or UTC, its wall
    /// clock's otherwise (a date at the start's time of day).
    static func identity(_ time: ItemTime, series: ItemTime) -> Int? {
        switch (series, time) {
        case (.zoned, _), (.utc, _): return try? time.instant(viewer: .utc).seconds
        case (_, .date(let date)):
            if case .floating(let start) = series { return date.dayNumber * 86_400 + start.nanosecondOfDay / 1_000_000_000 }
            return date.dayNumber * 86_400
        case (_, .floating(let wall)), (_, .zoned(let wall, _)): return wall.dayNumber * 86_400 + wall.nanosecondOfDay / 1_000_000_000
        case (_, .utc(let instant)): return instant.seconds
        }
    }

    /// The instants an occurrence covers for a viewer: a date its whole days
    /// (at least one) from the start of the first there; a floating time the
    /// viewer's clock; a zoned time its zone's (days of a nominal length on its wall clock).
    static func span(_ start: ItemTime, _ length: ItemLength, viewer: ZoneRules) -> (Instant, Instant)? {
        let days: Int, seconds: Int
        switch length {
        case .exact(let exact): (days, seconds) = (0, exact)
        case .nominal(let whole, let exact): (days, seconds) = (whole, exact)
        }
        switch start {
        case .date(let date):
            let count = max(1, days + (seconds > 0 ? (seconds + 86_399) / 86_400 : 0))
            guard let from = try? viewer.startOfDay(date.dayNumber), let to = try? viewer.startOfDay(date.dayNumber + count) else { return nil }
            return (from, to)
        case .floating(let wall):
            guard let end = local(wall, plus: days * 86_400 + seconds),
                  let from = try? viewer.resolve(wall).instant, let to = try? viewer.resolve(end).instant else { return nil }
            return (from, max(from, to))
        case .utc(let instant):
            return (instant, Instant(seconds: instant.seconds + max(0, days * 86_400 + seconds)))
        case .zoned(let wall, let zone):
            guard let from = try? zone.resolve(wall).instant else { return nil }
            guard days > 0 else { return (from, Instant(seconds: max(from.seconds, from.seconds + seconds))) }
            guard let later = try? LocalDateTime(dayNumber: wall.dayNumber + days, time: wall.time),
                  let moved = try? zone.resolve(later).instant else { return nil }
            return (from, Instant(seconds: max(from.seconds, moved.seconds + seconds)))
        }
    }
}
