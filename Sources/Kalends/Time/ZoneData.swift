/// The offsets of one zone over time: local time types, the instants at which
/// one takes over from another, and a yearly rule for the instants after the
/// last of them (RFC 8536's data block and footer, or a VTIMEZONE expanded).
///
/// Immutable once built, so it is shared by every copy of a `ZoneRules` and
/// read from any thread without locks; queries allocate nothing.
final class ZoneData: Sendable {
    /// The zone's name: kept here, so that a `ZoneRules` (copied with every
    /// zoned value) is one reference to count, not two.
    let identifier: String
    /// The local time types (at least one).
    let types: [ZoneLocalTimeType]
    /// Transition instants (seconds since 1970 UTC), strictly ascending.
    let times: [Int]
    /// For each transition, the index in `types` in force from it on.
    let typeIndices: [UInt8]
    /// The type before the first transition (RFC 8536: type 0).
    let initialType: Int
    /// The rule from the last transition on (for every instant if there is none).
    let tail: RecurringZoneRule?
    /// Set when the offset never changes.
    let fixedOffset: Int?

    /// Instants beyond these read as the nearest one: a year past the
    /// supported span, so no rule arithmetic can overflow.
    static let lowestSeconds = Instant.supportedSeconds.lowerBound - 366 * 86_400
    static let highestSeconds = Instant.supportedSeconds.upperBound + 366 * 86_400

    /// Data from validated parts: `times` strictly ascending, every index below `types.count`.
    init(identifier: String = "", types: [ZoneLocalTimeType], times: [Int], typeIndices: [UInt8], initialType: Int, tail: RecurringZoneRule?) {
        self.identifier = identifier
        self.types = types
        self.times = times
        self.typeIndices = typeIndices
        self.initialType = initialType
        self.tail = tail
        var offsets = Set<Int>()
        if times.isEmpty, let tail {
            offsets.insert(tail.standard.offset.seconds)
            if let daylight = tail.daylight { offsets.insert(daylight.type.offset.seconds) }
        } else {
            offsets.insert(types[initialType].offset.seconds)
            for index in typeIndices { offsets.insert(types[Int(index)].offset.seconds) }
            if let tail {
                offsets.insert(tail.standard.offset.seconds)
                if let daylight = tail.daylight { offsets.insert(daylight.type.offset.seconds) }
            }
        }
        fixedOffset = offsets.count == 1 ? offsets.first : nil
    }

    /// A zone of one type, forever.
    convenience init(fixed type: ZoneLocalTimeType) {
        self.init(types: [type], times: [], typeIndices: [], initialType: 0, tail: nil)
    }

    /// This data under the name `identifier` (itself when the name is already that).
    func named(_ identifier: String) -> ZoneData {
        identifier == self.identifier ? self
            : ZoneData(identifier: identifier, types: types, times: times, typeIndices: typeIndices, initialType: initialType, tail: tail)
    }

    /// The local time type in force at `seconds`.
    func type(at seconds: Int) -> ZoneLocalTimeType {
        let seconds = Swift.min(Swift.max(seconds, Self.lowestSeconds), Self.highestSeconds)
        guard let last = times.last else {
            return tail?.type(at: seconds) ?? types[initialType]
        }
        if seconds >= last, let tail { return tail.type(at: seconds) }
        // The number of transitions at or before `seconds`.
        var low = 0, high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] <= seconds { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? types[initialType] : types[Int(typeIndices[low - 1])]
    }

    /// The offset in force from `low` through `high` when the table places
    /// no transition after `low` and at or before `high`, both within the
    /// table (the rule after its last transition is not asked): one search
    /// instead of the walk over changes `ZoneRules.resolution(ofWallSeconds:)`
    /// makes. Nil when that is not so, or the span is empty or out of range.
    func soleOffset(from low: Int, through high: Int) -> UTCOffset? {
        guard low < high, low >= Self.lowestSeconds, let last = times.last, high < last else { return nil }
        // The number of transitions at or before `low`.
        var lower = 0, upper = times.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if times[middle] <= low { lower = middle + 1 } else { upper = middle }
        }
        guard lower < times.count, times[lower] > high else { return nil }
        return (lower == 0 ? types[initialType] : types[Int(typeIndices[lower - 1])]).offset
    }

    /// The offset in force at `seconds`.
    func offset(at seconds: Int) -> UTCOffset {
        if let fixedOffset { return UTCOffset(seconds: fixedOffset) }
        return type(at: seconds).offset
    }

    /// The change of offset at `instant`, if the offset changes there.
    private func change(at instant: Int) -> ZoneTransition? {
        let before = offset(at: instant &- 1), after = offset(at: instant)
        return before == after ? nil : ZoneTransition(instant: Instant(seconds: instant), offsetBefore: before, offsetAfter: after)
    }

    /// The first change of offset strictly after `seconds`.
    func nextChange(after seconds: Int) -> ZoneTransition? {
        guard fixedOffset == nil, seconds < Self.highestSeconds else { return nil }
        let seconds = Swift.max(seconds, Self.lowestSeconds)
        // The first transition after `seconds`.
        var low = 0, high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] <= seconds { low = middle + 1 } else { high = middle }
        }
        while low < times.count {
            if let found = change(at: times[low]) { return found }
            low += 1
        }
        guard let tail else { return nil }
        var cursor = Swift.max(seconds, times.last ?? Int.min)
        // The rule changes the offset at most twice a year; a change it
        // reports that the table hides (it cannot, for consistent data) is skipped.
        for _ in 0..<8 {
            guard let next = tail.nextChange(after: cursor), next.instant < Self.highestSeconds else { return nil }
            if let found = change(at: next.instant) { return found }
            cursor = next.instant
        }
        return nil
    }

    /// The last change of offset strictly before `seconds`.
    func previousChange(before seconds: Int) -> ZoneTransition? {
        guard fixedOffset == nil, seconds > Self.lowestSeconds else { return nil }
        let seconds = Swift.min(seconds, Self.highestSeconds)
        let last = times.last ?? Int.min
        if let tail, seconds > last {
            var cursor = seconds - 1
            for _ in 0..<8 {
                guard let previous = tail.previousChange(atOrBefore: cursor), previous.instant > last,
                      previous.instant > Self.lowestSeconds else { break }
                if let found = change(at: previous.instant) { return found }
                cursor = previous.instant &- 1
            }
        }
        // The last transition before `seconds`.
        var low = 0, high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] < seconds { low = middle + 1 } else { high = middle }
        }
        var index = low - 1
        while index >= 0 {
            if let found = change(at: times[index]) { return found }
            index -= 1
        }
        return nil
    }

    /// Same types, transitions and rule (whatever the names).
    func hasSameContent(as other: ZoneData) -> Bool {
        self === other || (times == other.times && typeIndices == other.typeIndices && types == other.types
                           && types[initialType] == other.types[other.initialType] && tail == other.tail)
    }
}
