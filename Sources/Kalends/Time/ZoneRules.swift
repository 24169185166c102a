import FoundationEssentials
import FoundationInternationalization

/// The offsets of one time zone over time, from Foundation's `TimeZone` (the
/// source of truth), with its transitions cached per span of years.
///
/// Shared by arithmetic, day slicing and recurrence: `offset(at:)`,
/// `transitions(from:to:)`, `possibleOffsets(for:)` and `resolve(_:_:)`.
/// A value type over a shared, locked cache.
public struct ZoneRules: Hashable, Sendable, CustomStringConvertible {
    /// The IANA name (`America/New_York`), `UTC`, or `UTC+05:30` for a fixed offset.
    public var identifier: String { cache.identifier }
    /// Foundation's zone.
    public var timeZone: TimeZone { cache.timeZone }
    /// Set for UTC and fixed-offset zones, which never change.
    private var fixedOffset: Int? { cache.fixedOffset }
    /// Everything lives in one shared object, so a copy of a zone (held by
    /// every zoned occurrence and date-time) costs one reference count.
    let cache: TransitionCache

    /// The zone with this IANA name (`Etc/GMT+5`, `GMT0` included), `UTC`,
    /// `Z`, or an explicit offset (`+05:30`, `UTC-03`); throws
    /// `.unknownZone`, or `.offsetLikeZoneName` for `GMT+5`, `UTC+3`.
    public init(identifier: String) throws(TimeError) {
        self = try ZoneRegistry.shared.rules(identifier)
    }

    init(identifier: String, timeZone: TimeZone, fixedOffset: Int? = nil) {
        self.cache = TransitionCache(timeZone, identifier: identifier, fixedOffset: fixedOffset)
    }

    /// A zone given by its offset before the first transition and its
    /// transitions, in order: what an iCalendar VTIMEZONE describes once its
    /// observances are expanded. After the last transition the offset stays.
    /// Its `timeZone` is Foundation's zone at `initialOffset` (Foundation
    /// cannot hold such a zone); everything Kalends computes uses the list.
    /// Equal to another zone only when it is the same value (the name alone
    /// may repeat a system zone's).
    ///
    ///     let zone = try ZoneRules(identifier: "Custom/Daylight", initialOffset: UTCOffset(seconds: -18_000), transitions: [
    ///         ZoneTransition(instant: Instant(seconds: 1_710_054_000), offsetBefore: UTCOffset(seconds: -18_000), offsetAfter: UTCOffset(seconds: -14_400))])
    public init(identifier: String, initialOffset: UTCOffset, transitions: [ZoneTransition]) throws(TimeError) {
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
        let foundation = TimeZone(secondsFromGMT: initialOffset.seconds) ?? ZoneRules.utc.timeZone
        cache = TransitionCache(foundation, identifier: identifier, fixedOffset: transitions.isEmpty ? initialOffset.seconds : nil,
                                listed: (initialOffset, transitions.filter { $0.offsetBefore != $0.offsetAfter }))
    }

    /// Coordinated Universal Time: no transitions; formats as `Z`.
    public static let utc = ZoneRules(identifier: "UTC", timeZone: TimeZone(secondsFromGMT: 0) ?? TimeZone.current, fixedOffset: 0)

    /// A zone that is always `offset` from UTC (an RFC 3339 offset without a
    /// zone name); its times print with that offset, `+00:00` included.
    public static func fixed(_ offset: UTCOffset) -> ZoneRules {
        ZoneRules(identifier: "UTC" + offset.description, timeZone: TimeZone(secondsFromGMT: offset.seconds) ?? utc.timeZone,
                  fixedOffset: offset.seconds)
    }

    /// True for UTC itself, whose times print with `Z`.
    public var isUTC: Bool { identifier == "UTC" }

    public var description: String { identifier }

    public static func == (a: ZoneRules, b: ZoneRules) -> Bool {
        a.cache === b.cache || (a.cache.listed == nil && b.cache.listed == nil && a.identifier == b.identifier)
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    /// The offset in force at `instant`, from the cached transitions (one
    /// dictionary lookup and a scan of the year's few transitions).
    public func offset(at instant: Instant) -> UTCOffset {
        if let fixedOffset { return UTCOffset(seconds: fixedOffset) }
        let slot = cache.slot(TransitionCache.slot(of: instant.seconds))
        var offset = slot.base
        for transition in slot.transitions {
            guard transition.instant <= instant else { break }
            offset = transition.offsetAfter
        }
        return offset
    }

    /// The transitions (offset changes) in the half-open span [from, to), in order.
    public func transitions(from: Instant, to: Instant) -> [ZoneTransition] {
        guard from < to, fixedOffset == nil else { return [] }
        var result: [ZoneTransition] = []
        var slot = TransitionCache.slot(of: from.seconds)
        let last = TransitionCache.slot(of: to.seconds)
        while slot <= last {
            for transition in cache.slot(slot).transitions where transition.instant >= from && transition.instant < to {
                result.append(transition)
            }
            slot += 1
        }
        return result
    }

    /// The first transition strictly after `instant` within `limitYears` years, if any.
    public func nextTransition(after instant: Instant, limitYears: Int = 100) -> ZoneTransition? {
        guard fixedOffset == nil else { return nil }
        var slot = TransitionCache.slot(of: instant.seconds)
        for _ in 0...limitYears {
            if let found = cache.slot(slot).transitions.first(where: { $0.instant > instant }) { return found }
            slot += 1
        }
        return nil
    }

    /// The last transition strictly before `instant` within `limitYears` years, if any.
    public func previousTransition(before instant: Instant, limitYears: Int = 100) -> ZoneTransition? {
        guard fixedOffset == nil else { return nil }
        var slot = TransitionCache.slot(of: instant.seconds)
        for _ in 0...limitYears {
            if let found = cache.slot(slot).transitions.last(where: { $0.instant < instant }) { return found }
            slot -= 1
        }
        return nil
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
    func resolution(ofWallSeconds wall: Int) -> LocalTimeResolution {
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
        var slotIndex = TransitionCache.slot(of: low)
        let lastSlot = TransitionCache.slot(of: high)
        while slotIndex <= lastSlot {
            for transition in cache.slot(slotIndex).transitions {
                let seconds = transition.instant.seconds
                guard seconds > low else { continue }
                guard seconds <= high else { break }
                consider(seconds)
                if transition.offsetAfter.seconds > transition.offsetBefore.seconds,
                   wall >= seconds &+ transition.offsetBefore.seconds, wall < seconds &+ transition.offsetAfter.seconds {
                    gapBefore = transition.offsetBefore
                    gapAfter = transition.offsetAfter
                }
                pieceOffset = transition.offsetAfter
                pieceStart = seconds
            }
            slotIndex += 1
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
    /// Decoded from its identifier (an IANA name, `UTC`, or `UTC+05:30`).
    public init(from decoder: any Decoder) throws {
        self = try TextCoding.decode(decoder) { name in try ZoneRules(identifier: name) }
    }

    /// Encoded as its identifier.
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

/// The transitions of one zone, computed once per slot of about a year
/// (Foundation answers a transition query in ~0.5 µs; a slot costs a few),
/// with the offset in force at the slot's start.
final class TransitionCache: @unchecked Sendable {
    /// One slot: the offset at its start and its transitions in order.
    struct Slot: Sendable {
        let base: UTCOffset
        let transitions: [ZoneTransition]
    }

    let timeZone: TimeZone
    let identifier: String
    let fixedOffset: Int?
    private let lock = Lock()
    private var slots: [Int: Slot] = [:]
    /// About a year; slots need not align with calendar years.
    static let slotSeconds = 31_556_952

    /// For a zone given by its transitions: the offset before the first, and the list.
    let listed: (initial: UTCOffset, transitions: [ZoneTransition])?

    init(_ timeZone: TimeZone, identifier: String, fixedOffset: Int?, listed: (initial: UTCOffset, transitions: [ZoneTransition])? = nil) {
        self.timeZone = timeZone
        self.identifier = identifier
        self.fixedOffset = fixedOffset
        self.listed = listed
    }

    /// A slot of a listed zone: the offset at `start` and the transitions in [start, end).
    private static func listedSlot(_ listed: (initial: UTCOffset, transitions: [ZoneTransition]), start: Int, end: Int) -> Slot {
        let transitions = listed.transitions
        var low = 0, high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle].instant.seconds < start { low = middle + 1 } else { high = middle }
        }
        let base = low == 0 ? listed.initial : transitions[low - 1].offsetAfter
        var inside: [ZoneTransition] = []
        var index = low
        while index < transitions.count && transitions[index].instant.seconds < end {
            inside.append(transitions[index])
            index += 1
        }
        return Slot(base: base, transitions: inside)
    }

    static func slot(of seconds: Int) -> Int { seconds.floorDivided(by: slotSeconds) }

    func slot(_ slot: Int) -> Slot {
        lock.lock()
        if let cached = slots[slot] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        // Saturating: a slot of an instant near Int.min or Int.max seconds
        // (far outside the supported span) must not trap; Foundation answers
        // such far instants with the zone's last known offset.
        let (product, productOverflow) = slot.multipliedReportingOverflow(by: Self.slotSeconds)
        let start = productOverflow ? (slot < 0 ? Int.min : Int.max) : product
        let (sum, sumOverflow) = start.addingReportingOverflow(Self.slotSeconds)
        let end = sumOverflow ? Int.max : sum
        if let listed {
            let computed = Self.listedSlot(listed, start: start, end: end)
            lock.lock()
            if slots.count > 4096 { slots.removeAll(keepingCapacity: true) }
            slots[slot] = computed
            lock.unlock()
            return computed
        }
        let base = UTCOffset(seconds: timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(start))))
        var result: [ZoneTransition] = []
        var cursor = Date(timeIntervalSince1970: Double(start))
        // A zone changes offset a few times a year at most; the bound guards against a faulty answer.
        while result.count < 16, let next = timeZone.nextDaylightSavingTimeTransition(after: cursor) {
            // Int(exactly:) refuses what does not fit, where Int(_:) would trap.
            guard let seconds = Int(exactly: next.timeIntervalSince1970.rounded()),
                  let cursorSeconds = Int(exactly: cursor.timeIntervalSince1970.rounded(.down)),
                  seconds < end, seconds > cursorSeconds, seconds > Int.min else { break }
            let before = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds - 1)))
            let after = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
            if before != after {
                result.append(ZoneTransition(instant: Instant(seconds: seconds), offsetBefore: UTCOffset(seconds: before), offsetAfter: UTCOffset(seconds: after)))
            }
            cursor = Date(timeIntervalSince1970: Double(seconds))
        }
        let computed = Slot(base: base, transitions: result)
        lock.lock()
        if slots.count > 4096 { slots.removeAll(keepingCapacity: true) }
        slots[slot] = computed
        lock.unlock()
        return computed
    }
}

/// Zones opened once by name.
final class ZoneRegistry: @unchecked Sendable {
    static let shared = ZoneRegistry()
    private let lock = Lock()
    private var zones: [String: ZoneRules] = [:]

    /// An IANA name (backward links such as `GMT0` and `Etc/GMT+5`
    /// included), `UTC`, `Z`, or an explicit offset east of UTC (`+05:30`,
    /// `-03`, `UTC+05:30`, `UTC-03`). Names that only look like offsets
    /// (`GMT+5`, `UTC+3`), which Foundation reads with the opposite sign to
    /// POSIX and IANA's `Etc/GMT+5`, are refused with `.offsetLikeZoneName`.
    func rules(_ identifier: String) throws(TimeError) -> ZoneRules {
        let upper = identifier.uppercased()
        if upper == "UTC" || upper == "Z" || upper == "ETC/UTC" { return .utc }
        // GMT in any case, as UTC is.
        if upper == "GMT", identifier != "GMT" { return try rules("GMT") }
        let body = upper.hasPrefix("UTC") ? Substring(upper).dropFirst(3) : Substring(upper)
        if body.first == "+" || body.first == "-" {
            if let offset = Self.offset(body) { return .fixed(offset) }
            throw .offsetLikeZoneName(identifier)
        }
        // IANA has GMT+0 and GMT-0 (links to GMT) but no other GMT+N at the top level.
        if (upper.hasPrefix("GMT+") || upper.hasPrefix("GMT-")) && identifier != "GMT+0" && identifier != "GMT-0" {
            throw .offsetLikeZoneName(identifier)
        }
        lock.lock()
        defer { lock.unlock() }
        if let cached = zones[identifier] { return cached }
        guard identifier.utf8.count <= 64, !identifier.isEmpty, let zone = TimeZone(identifier: identifier) else {
            throw .unknownZone(identifier)
        }
        let rules = ZoneRules(identifier: identifier, timeZone: zone)
        zones[identifier] = rules
        return rules
    }

    /// `+05`, `+0530`, `+05:30` or `-04:00:00` as an offset (two-digit fields).
    private static func offset(_ text: Substring) -> UTCOffset? {
        let sign = text.first == "-" ? -1 : 1
        var parts = text.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 1, parts[0].count == 4 {
            parts = [parts[0].prefix(2), parts[0].suffix(2)]
        }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        let values = parts.compactMap { Int($0) } + [0, 0]
        guard values[0] <= 23, values[1] <= 59, values[2] <= 59 else { return nil }
        return UTCOffset(seconds: sign * (values[0] * 3600 + values[1] * 60 + values[2]))
    }
}
