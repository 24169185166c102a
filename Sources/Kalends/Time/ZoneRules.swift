/// The offsets of one time zone over time: the system's zone files read by
/// Kalends itself (TZif, RFC 8536, with the POSIX rule that continues them),
/// a POSIX `TZ` string, a fixed offset, or transitions given by the caller
/// (an iCalendar VTIMEZONE).
///
/// Shared by arithmetic, day slicing and recurrence: `offset(at:)`,
/// `transitions(from:to:)`, `possibleOffsets(for:)` and `resolve(_:_:)`.
/// A value type over immutable shared data: queries take no lock and
/// allocate nothing. Two zones are equal when they have the same identifier
/// and the same content. Foundation's `TimeZone` is not used (the static
/// release binary cannot look zones up through it); `Bridging/` converts.
public struct ZoneRules: Hashable, Sendable, CustomStringConvertible {
    /// The IANA name (`America/New_York`), `UTC`, `UTC+05:30` for a fixed
    /// offset, or the name a caller gave (a POSIX `TZ` string, a VTIMEZONE's TZID).
    public var identifier: String { data.identifier }
    /// The name, types, transitions and yearly rule, shared by every copy.
    let data: ZoneData
    /// Set for UTC and fixed-offset zones, which never change.
    private var fixedOffset: Int? { data.fixedOffset }

    /// The zone with this IANA name (`Etc/GMT+5`, `GMT0` included), `UTC`,
    /// `Z`, or an explicit offset (`+05:30`, `UTC-03`), read from the zone
    /// files (`TZDIR`, then /usr/share/zoneinfo) once per process.
    /// - Throws: `.unknownZone`; `.offsetLikeZoneName` for `GMT+5`, `UTC+3`;
    ///   `.invalidZoneData` or `.unreadableZoneFile` for a damaged or unreadable file.
    public init(identifier: String) throws(TimeError) {
        self = try ZoneRegistry.shared.rules(identifier)
    }

    init(identifier: String, data: ZoneData) {
        self.data = data.named(identifier)
    }

    /// The zone described by TZif data (the contents of a zone file, RFC
    /// 8536 versions 1 to 4), named `identifier`.
    /// - Throws: `.invalidZoneData` naming `source` and the byte offset of the fault.
    public init(identifier: String, tzif bytes: [UInt8], source: String? = nil) throws(TimeError) {
        self.init(identifier: identifier, data: try TZifReader.read(bytes, source: source ?? identifier))
    }

    /// The zone a POSIX `TZ` string describes (`CET-1CEST,M3.5.0,M10.5.0/3`),
    /// named by the string itself.
    /// - Throws: `.invalidPOSIXZone` with the position of the fault.
    public init(posix text: String) throws(TimeError) {
        self.init(identifier: text, rule: try RecurringZoneRule(posix: text))
    }

    /// The zone that follows `rule` at every instant.
    public init(identifier: String, rule: RecurringZoneRule) {
        self.init(identifier: identifier, data: ZoneData(types: [rule.standard], times: [], typeIndices: [], initialType: 0, tail: rule))
    }

    /// A zone given by its offset before the first transition and its
    /// transitions, in order: what an iCalendar VTIMEZONE describes once its
    /// observances are expanded. After the last transition the offset stays,
    /// or `tail` (a yearly rule, such as a VTIMEZONE's repeating observances)
    /// takes over. Equal to another zone when name and content are equal.
    ///
    ///     let zone = try ZoneRules(identifier: "Custom/Daylight", initialOffset: UTCOffset(seconds: -18_000), transitions: [
    ///         ZoneTransition(instant: Instant(seconds: 1_710_054_000), offsetBefore: UTCOffset(seconds: -18_000), offsetAfter: UTCOffset(seconds: -14_400))])
    /// - Throws: `.invalidTransitions` when the transitions are out of order or do not chain.
    public init(identifier: String, initialOffset: UTCOffset, transitions: [ZoneTransition], tail: RecurringZoneRule? = nil) throws(TimeError) {
        guard !identifier.isEmpty, identifier.utf8.count <= 256 else { throw .unknownZone(identifier) }
        guard transitions.count <= 100_000 else {
            throw .invalidTransitions(zone: identifier, detail: "\(transitions.count) transitions (at most 100,000)")
        }
        var offset = initialOffset
        var previous: Instant?
        for (index, transition) in transitions.enumerated() {
            if let previous, transition.instant <= previous {
                throw .invalidTransitions(zone: identifier, detail: "transition \(index + 1) at \(transition.instant) is not after the one before")
            }
            guard transition.offsetBefore == offset else {
                throw .invalidTransitions(zone: identifier, detail: "transition \(index + 1) at \(transition.instant) starts from \(transition.offsetBefore), but the offset then is \(offset)")
            }
            offset = transition.offsetAfter
            previous = transition.instant
        }
        // One type per distinct offset; abbreviations and daylight flags are not given.
        var types: [ZoneLocalTimeType] = []
        func index(of offset: UTCOffset) -> UInt8 {
            if let found = types.firstIndex(where: { $0.offset == offset }) { return UInt8(found) }
            types.append(ZoneLocalTimeType(offset: offset, isDaylightSaving: false, abbreviation: ""))
            return UInt8(types.count - 1)
        }
        _ = index(of: initialOffset)
        let changes = transitions.filter { $0.offsetBefore != $0.offsetAfter }
        guard Set(changes.map(\.offsetAfter)).count < 255 else {
            throw .invalidTransitions(zone: identifier, detail: "more than 255 distinct offsets")
        }
        let indices = changes.map { index(of: $0.offsetAfter) }
        self.init(identifier: identifier, data: ZoneData(types: types, times: changes.map(\.instant.seconds), typeIndices: indices,
                                                         initialType: 0, tail: tail))
    }

    /// Coordinated Universal Time: no transitions; formats as `Z`.
    public static let utc = ZoneRules(identifier: "UTC", data: ZoneData(fixed: ZoneLocalTimeType(offset: .zero, isDaylightSaving: false, abbreviation: "UTC")))

    /// A zone that is always `offset` from UTC (an RFC 3339 offset without a
    /// zone name); its times print with that offset, `+00:00` included.
    public static func fixed(_ offset: UTCOffset) -> ZoneRules {
        ZoneRules(identifier: "UTC" + offset.description,
                  data: ZoneData(fixed: ZoneLocalTimeType(offset: offset, isDaylightSaving: false, abbreviation: offset.description)))
    }

    /// True for UTC itself, whose times print with `Z`.
    public var isUTC: Bool { identifier == "UTC" && fixedOffset == 0 }

    public var description: String { identifier }

    public static func == (a: ZoneRules, b: ZoneRules) -> Bool {
        a.data === b.data || (a.identifier == b.identifier && a.data.hasSameContent(as: b.data))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(data.times.count)
        hasher.combine(data.times.last)
    }

    /// The offset in force at `instant` (a binary search of the transitions,
    /// or the yearly rule after the last).
    public func offset(at instant: Instant) -> UTCOffset {
        if let fixedOffset { return UTCOffset(seconds: fixedOffset) }
        return data.offset(at: instant.seconds)
    }

    /// The local time type in force at `instant`: offset, abbreviation
    /// (`EST`, `CEST`) and whether it is daylight time.
    public func localTimeType(at instant: Instant) -> ZoneLocalTimeType {
        data.type(at: instant.seconds)
    }

    /// The abbreviation in force at `instant` (`EST`, `CEST`, `+0530`).
    public func abbreviation(at instant: Instant) -> String { localTimeType(at: instant).abbreviation }

    /// Whether daylight (summer) time is in force at `instant`.
    public func isDaylightSaving(at instant: Instant) -> Bool { localTimeType(at: instant).isDaylightSaving }

    /// The yearly rule that continues the zone after its last transition, if any.
    public var recurringRule: RecurringZoneRule? { data.tail }

    /// The transitions (offset changes) in the half-open span [from, to), in order.
    public func transitions(from: Instant, to: Instant) -> [ZoneTransition] {
        guard from < to, fixedOffset == nil else { return [] }
        var result: [ZoneTransition] = []
        var cursor = from.seconds &- 1
        while let next = data.nextChange(after: cursor), next.instant < to {
            result.append(next)
            cursor = next.instant.seconds
        }
        return result
    }

    /// The first transition strictly after `instant` within `limitYears` years, if any.
    public func nextTransition(after instant: Instant, limitYears: Int = 100) -> ZoneTransition? {
        guard let found = data.nextChange(after: instant.seconds) else { return nil }
        let limit = instant.seconds.addingReportingOverflow(Swift.max(0, Swift.min(limitYears, 100_000) + 1) * 31_556_952)
        return limit.overflow || found.instant.seconds <= limit.partialValue ? found : nil
    }

    /// The last transition strictly before `instant` within `limitYears` years, if any.
    public func previousTransition(before instant: Instant, limitYears: Int = 100) -> ZoneTransition? {
        guard let found = data.previousChange(before: instant.seconds) else { return nil }
        let limit = instant.seconds.subtractingReportingOverflow(Swift.max(0, Swift.min(limitYears, 100_000) + 1) * 31_556_952)
        return limit.overflow || found.instant.seconds >= limit.partialValue ? found : nil
    }

    /// The offsets at which the wall-clock time `local` occurs: one normally,
    /// none in a gap, two in a repeat (earlier instant first).
    public func possibleOffsets(for local: LocalDateTime) -> [UTCOffset] {
        switch resolution(ofWallSeconds: local.wallSeconds.seconds) {
        case .unique(let offset): return [offset]
        case .gap: return []
        case .repeated(let earlier, let later): return [earlier, later]
        }
    }

    /// How the wall-clock time `local` maps to instants in this zone: once,
    /// not at all (a gap), or twice (a repeat). Reads the cached transitions
    /// directly and allocates nothing.
    public func resolution(of local: LocalDateTime) -> LocalTimeResolution {
        resolution(ofWallSeconds: local.wallSeconds.seconds)
    }

    /// `resolution(of:)` for wall-clock seconds since 1970-01-01T00:00.
    ///
    /// Every instant that reads as `wall` lies within 26 hours of it (no
    /// offset is larger), so the pieces of constant offset that meet the span
    /// `wall` ± 2 days are all that can answer: each piece gives at most one
    /// instant (`wall - offset`, if that lies inside the piece). Two
    /// transitions close together (a zone that changed twice within two days)
    /// are handled like one.
    package func resolution(ofWallSeconds wall: Int) -> LocalTimeResolution {
        if let fixedOffset { return .unique(UTCOffset(seconds: fixedOffset)) }
        // Most times are days from any change: one search says so (proven equal to the walk by `ZoneResolutionProperties`).
        if let offset = data.soleOffset(from: wall &- 2 * 86_400, through: wall &+ 2 * 86_400) { return .unique(offset) }
        return walkedResolution(ofWallSeconds: wall)
    }

    /// `resolution(ofWallSeconds:)` found by walking the changes around `wall`, always (the reference for its fast path).
    package func walkedResolution(ofWallSeconds wall: Int) -> LocalTimeResolution {
        if let fixedOffset { return .unique(UTCOffset(seconds: fixedOffset)) }
        let low = wall &- 2 * 86_400, high = wall &+ 2 * 86_400
        var pieceOffset = offset(at: Instant(seconds: low))
        var pieceStart = Int.min
        var found = 0
        var first = pieceOffset, last = pieceOffset
        // The gap `wall` falls in, if it falls in one: offsets before and after.
        var gapBefore = pieceOffset, gapAfter = pieceOffset
        func consider(_ pieceEnd: Int) {
            let instant = wall &- pieceOffset.seconds
            if instant >= pieceStart && instant < pieceEnd {
                if found == 0 { first = pieceOffset }
                last = pieceOffset
                found += 1
            }
        }
        var cursor = low
        while let transition = data.nextChange(after: cursor) {
            let seconds = transition.instant.seconds
            guard seconds <= high else { break }
            consider(seconds)
            if transition.offsetAfter.seconds > transition.offsetBefore.seconds,
               wall >= seconds &+ transition.offsetBefore.seconds, wall < seconds &+ transition.offsetAfter.seconds {
                gapBefore = transition.offsetBefore
                gapAfter = transition.offsetAfter
            }
            pieceOffset = transition.offsetAfter
            pieceStart = seconds
            cursor = seconds
        }
        consider(Int.max)
        switch found {
        case 0: return .gap(before: gapBefore, after: gapAfter)
        case 1: return .unique(first)
        default: return .repeated(earlier: first, later: last)
        }
    }

    /// The instant of the wall-clock time `local` in this zone, resolving a
    /// gap or a repeat by `disambiguation` (Temporal's
    /// DisambiguatePossibleEpochNanoseconds), and saying whether it had to.
    public func resolve(_ local: LocalDateTime, _ disambiguation: Disambiguation = .compatible) throws(TimeError) -> ZoneResolution {
        let wall = local.wallSeconds
        func at(_ offset: UTCOffset, _ adjustment: LocalTimeAdjustment) throws(TimeError) -> ZoneResolution {
            let instant = Instant(seconds: wall.seconds - offset.seconds, nanosecond: wall.nanosecond)
            guard Instant.supportedSeconds.contains(instant.seconds) else { throw .outOfRange("\(local) in \(identifier)") }
            // In a gap the offset in force differs from the one used to read the wall clock.
            return ZoneResolution(instant: instant, offset: self.offset(at: instant), adjustment: adjustment)
        }
        switch resolution(ofWallSeconds: wall.seconds) {
        case .unique(let offset):
            return try at(offset, .none)
        case .repeated(let earlier, let later):
            switch disambiguation {
            case .compatible, .earlier: return try at(earlier, .repeated)
            case .later: return try at(later, .repeated)
            case .reject: throw .repeatedLocalTime(local.description, zone: identifier, offsets: [earlier, later])
            }
        case .gap(let before, let after):
            let gap = after.seconds - before.seconds
            switch disambiguation {
            case .reject:
                throw .skippedLocalTime(local.description, zone: identifier, skippedSeconds: gap)
            case .earlier:
                // The wall time moved back by the gap, read with the offset after it:
                // the same instant as reading `local` with the offset after.
                return try at(after, .gap(seconds: gap))
            case .compatible, .later:
                return try at(before, .gap(seconds: gap))
            }
        }
    }
}

/// How one wall-clock time maps to instants in a zone (`ZoneRules.resolution(of:)`).
public enum LocalTimeResolution: Hashable, Sendable {
    /// The time occurs once, at this offset.
    case unique(UTCOffset)
    /// The time never occurs: the clock jumped from offset `before` to the
    /// larger `after` (spring forward); the gap is `after - before` long.
    case gap(before: UTCOffset, after: UTCOffset)
    /// The time occurs twice: first at offset `earlier`, then at `later` (fall back).
    case repeated(earlier: UTCOffset, later: UTCOffset)
}

extension ZoneRules: Codable {
    /// Decoded from its identifier: an IANA name, `UTC`, `UTC+05:30`, or a
    /// POSIX `TZ` string with daylight rules (the name of a zone from `TZ`).
    public init(from decoder: any Decoder) throws {
        self = try TextCoding.decode(decoder) { name in
            do {
                return try ZoneRules(identifier: name)
            } catch {
                guard name.contains(","), let rule = try? RecurringZoneRule(posix: name) else { throw error }
                return ZoneRules(identifier: name, rule: rule)
            }
        }
    }

    /// Encoded as its identifier (a zone given by transitions decodes only
    /// when its name is a system zone's).
    public func encode(to encoder: any Encoder) throws {
        try TextCoding.encode(identifier, to: encoder)
    }
}

/// A change of a zone's offset.
public struct ZoneTransition: Hashable, Sendable {
    /// The first instant of the new offset.
    public let instant: Instant
    /// The offset up to the transition.
    public let offsetBefore: UTCOffset
    /// The offset from the transition on.
    public let offsetAfter: UTCOffset

    /// A transition from `offsetBefore` to `offsetAfter` at `instant`.
    public init(instant: Instant, offsetBefore: UTCOffset, offsetAfter: UTCOffset) {
        self.instant = instant
        self.offsetBefore = offsetBefore
        self.offsetAfter = offsetAfter
    }
}

