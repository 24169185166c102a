/// An instant in a time zone: the exact time plus the zone whose rules give
/// its wall-clock reading. Equal when instant and zone are.
public struct ZonedDateTime: Hashable, Comparable, Sendable, Codable {
    /// The exact time.
    public let instant: Instant
    /// The zone whose rules give the wall clock.
    public let zone: ZoneRules
    /// The zone's offset at `instant`.
    public let offset: UTCOffset
    /// The wall-clock reading at `instant` in `zone`.
    public let local: LocalDateTime

    /// `instant` seen in `zone`; throws when its wall clock leaves the supported span.
    public init(instant: Instant, zone: ZoneRules) throws(TimeError) {
        let offset = zone.offset(at: instant)
        self.instant = instant
        self.zone = zone
        self.offset = offset
        self.local = try LocalDateTime(instant, offset: offset)
    }

    /// Parts already known to agree (the recurrence engine's hot path).
    init(unchecked instant: Instant, zone: ZoneRules, offset: UTCOffset, local: LocalDateTime) {
        self.instant = instant
        self.zone = zone
        self.offset = offset
        self.local = local
    }

    /// The wall-clock time `local` in `zone`, a gap or repeat resolved by
    /// `disambiguation` (throws under `.reject`).
    public init(local: LocalDateTime, zone: ZoneRules, disambiguation: Disambiguation = .compatible) throws(TimeError) {
        try self.init(instant: zone.resolve(local, disambiguation).instant, zone: zone)
    }

    private enum CodingKeys: String, CodingKey { case instant, zone }

    /// Decoded from its instant and zone; the offset and wall clock follow.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(instant: try container.decode(Instant.self, forKey: .instant), zone: try container.decode(ZoneRules.self, forKey: .zone))
    }

    /// Encoded as its instant and zone.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(instant, forKey: .instant)
        try container.encode(zone, forKey: .zone)
    }

    public static func == (a: ZonedDateTime, b: ZonedDateTime) -> Bool {
        a.instant == b.instant && a.zone == b.zone
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(instant)
        hasher.combine(zone)
    }

    /// Orders by instant (the zone breaks ties).
    public static func < (a: ZonedDateTime, b: ZonedDateTime) -> Bool {
        a.instant != b.instant ? a.instant < b.instant : a.zone.identifier < b.zone.identifier
    }

    /// The same instant in another zone.
    public func inZone(_ other: ZoneRules) throws(TimeError) -> ZonedDateTime {
        try ZonedDateTime(instant: instant, zone: other)
    }
}

extension ZonedDateTime: CustomStringConvertible {
    /// RFC 3339: `2024-03-10T09:00:00-04:00`, or `...Z` in UTC.
    public var description: String { DateTimeText.format(self) }
}
