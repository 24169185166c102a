import Foundation

extension ISODate {
    /// Today's date in `zone` (default: the system's zone, or `TZ`).
    public static func today(in zone: TimeZone = .current) -> ISODate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        let day = GregorianMath.dayNumber(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
        return ISODate(dayNumber: day)
    }
}

/// The version of the system ICU that Kalends' CICU target links.
public var icuVersion: String { ICUCalendarHandle.version }
