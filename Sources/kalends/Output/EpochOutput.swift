import Kalends

/// `--epoch` on `convert`, `add` and `days`: Unix seconds instead of the
/// text (`1700000000`, `1700000000.25`), and an `"epoch"` number in JSON.
enum EpochOutput {
    static let option = "--epoch"

    /// The instant of a result: a date-time with a zone is its instant; a
    /// date alone is the start of its day in `zone`, and a floating
    /// date-time its wall time there; without `zone`, both are read in UTC.
    static func instant(of value: DateTimeArgument, zone: ZoneRules?) throws -> Instant {
        switch value {
        case .date(let date): return try instant(ofDay: date.dayNumber, zone: zone)
        case .floating(let local): return try ZonedDateTime(local: local, zone: zone ?? .utc).instant
        case .zoned(let zoned): return zoned.instant
        }
    }

    /// The start of day `day` in `zone`, else in UTC.
    static func instant(ofDay day: Int, zone: ZoneRules?) throws -> Instant {
        try (zone ?? .utc).startOfDay(day)
    }

    /// The seconds as `--epoch` prints them (a JSON number too).
    static func text(_ instant: Instant) -> String {
        UnixTimeText.format(instant)
    }

    /// Adds `"epoch"` to a JSON object.
    static func add(_ instant: Instant, to object: inout JSONObject) {
        object.add("epoch", raw: text(instant))
    }
}
