import FoundationEssentials
import FoundationInternationalization

extension ZoneRules {
    /// Foundation's zone of the same name, or a fixed-offset zone at the
    /// offset in force now when Foundation does not know the name (a POSIX
    /// `TZ` string, a VTIMEZONE's TZID). For interop only: Kalends itself
    /// never consults Foundation's zones.
    public var timeZone: TimeZone {
        if isUTC, let utc = TimeZone(identifier: "UTC") { return utc }
        if let named = TimeZone(identifier: identifier) { return named }
        return TimeZone(secondsFromGMT: offset(at: Instant.now).seconds) ?? TimeZone.gmt
    }

    /// The zone of Foundation's `zone`, read from the system's zone files by
    /// its identifier.
    /// - Throws: `TimeError.unknownZone` when the zone files lack that name.
    public init(_ zone: TimeZone) throws(TimeError) {
        try self.init(identifier: zone.identifier)
    }
}
