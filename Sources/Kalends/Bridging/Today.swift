#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import FoundationInternationalization

extension ISODate {
    /// Today's date in `zone` (the system clock's instant read in that zone).
    public static func today(in zone: ZoneRules) -> ISODate {
        ISODate(dayNumber: zone.dayNumber(of: Instant.now))
    }

    /// Today's date in `zone` (default: the system's zone, or `TZ`).
    public static func today(in zone: TimeZone = .current) -> ISODate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        let day = GregorianMath.dayNumber(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
        return ISODate(dayNumber: day)
    }
}

extension Instant {
    /// The system clock's current instant, to the nanosecond the clock gives
    /// (`clock_gettime`, not `Date`, whose `Double` blurs the last digits).
    public static var now: Instant {
        var time = timespec()
        guard clock_gettime(CLOCK_REALTIME, &time) == 0 else {
            let seconds = Date().timeIntervalSince1970
            return Instant(seconds: Int(seconds.rounded(.down)), nanosecond: Int((seconds - seconds.rounded(.down)) * 1e9))
        }
        return Instant(seconds: Int(time.tv_sec), nanosecond: Int(time.tv_nsec))
    }
}

/// The version of the system ICU that Kalends' CICU target links.
public var icuVersion: String { ICUCalendarHandle.version }
