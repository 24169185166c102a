#if canImport(Glibc)
import Glibc
#endif
import Kalends
import KalendsICalendar

/// What a window's read needs of a certified VEVENT: its series, whether
/// it can touch the window, and what building its series checks.
/// A UID as written in its file's bytes (ASCII): where, and its hash; no
/// string is made of it (a 100 MB file has 170,000, each a heap string of 80
/// bytes). `UIDTable` tells them apart by their bytes.
struct UIDText {
    let start: Int32, count: Int32
    /// `UIDText.hash(of:)` of its bytes.
    let hash: Int

    var range: Range<Int> { Int(start)..<Int(start) + Int(count) }

    init(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) {
        start = Int32(truncatingIfNeeded: range.lowerBound)
        count = Int32(truncatingIfNeeded: range.count)
        hash = Self.hash(of: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[range]))
    }

    /// The hash of a UID's bytes (the same for a string's UTF-8).
    static func hash(of bytes: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: bytes)
        return hasher.finalize()
    }
}

struct EventPlacement {
    /// Its UID, in its file's bytes.
    let uid: UIDText
    /// The RECURRENCE-ID's seconds, `Int.min` for none (48 bytes in all: a 100 MB file has 170,000).
    private let id: Int
    /// Its SEQUENCE (0 without; at most 9 digits).
    let sequence: Int32
    /// Its RECURRENCE-ID says RANGE (THISANDFUTURE).
    let hasRange: Bool
    /// An occurrence of it can overlap the window (`EventSpan.mayTouch`).
    let touches: Bool
    /// Its times' form: `date`, `floating`, `utc`, or the TZID.
    let form: String

    init(uid: UIDText, recurrenceID: Int?, sequence: Int, hasRange: Bool, touches: Bool, form: String) {
        self.uid = uid
        id = recurrenceID ?? Int.min
        self.sequence = Int32(clamping: sequence)
        self.hasRange = hasRange
        self.touches = touches
        self.form = form
    }

    /// Its RECURRENCE-ID's wall-clock seconds (an override), nil for a master.
    var recurrenceID: Int? { id == Int.min ? nil : id }
}

/// Where the occurrences of a certified VEVENT can be, read from its bytes.
struct EventSpan {
    /// No occurrence starts before this, in seconds since 1970 of the wall
    /// clock (UTC's for a UTC time), less a margin of 3 days: an instant,
    /// in any zone a viewer or the event has, is later.
    let earliest: Int
    /// No occurrence ends after this (the same seconds, plus the margin); `Int.max` for a series without end.
    let latest: Int
    /// Its DTSTART's wall-clock seconds, and its length (seconds, a date's days in seconds).
    let start: Int
    let length: Int
    /// A rule whose starts are `start` moved by whole steps (nil: no rule, or one not followed).
    let pattern: Pattern?

    /// The starts of a plain rule: every `step` from DTSTART, `count` of them at most (nil: no COUNT).
    struct Pattern {
        enum Step {
            /// A fixed number of wall-clock seconds (a day is 86,400: a daily rule keeps the wall time).
            case seconds(Int)
            /// Months (a year is 12), on DTSTART's day of the month (at most 28).
            case months(Int)
        }
        let step: Step
        let count: Int?
    }

    /// The margin around the wall clock: more than any zone's offset (26 hours) and a day changed by DST.
    static let margin = 3 * 86_400

    /// Whether an occurrence can overlap `low ..< high` (instant seconds), as far as its placement says.
    func mayTouch(_ low: Int, _ high: Int) -> Bool {
        guard latest >= low && earliest < high else { return false }
        guard let pattern else { return true }
        // The first start whose occurrence can end at or after `low`, by whole steps.
        let from = low.clampedSum(-length).clampedSum(-Self.margin)
        let index: Int, first: Int
        switch pattern.step {
        case .seconds(let step):
            let steps = from <= start ? 0 : (from - start + step - 1) / step
            index = steps
            first = start.clampedSum(steps.clampedProduct(step))
        case .months(let months):
            let startDay = ISODate(dayNumber: start.floorDivided(by: 86_400))
            let fromDay = ISODate(dayNumber: from.floorDivided(by: 86_400))
            let apart = (fromDay.year - startDay.year) * 12 + (fromDay.month - startDay.month)
            // The step that reaches `from`'s month, or the one after it when that start is earlier.
            var steps = Swift.max(0, apart.floorDivided(by: months))
            var found = Int.max
            for candidate in [steps, steps + 1] {
                let month = startDay.month - 1 + candidate * months
                let year = startDay.year + month.floorDivided(by: 12)
                guard year <= 2_300 else { break }
                let day = GregorianMath.dayNumber(year: year, month: month.floorModulo(12) + 1, day: startDay.day)
                let at = day * 86_400 + start.floorModulo(86_400)
                if at >= from {
                    found = at
                    steps = candidate
                    break
                }
            }
            index = steps
            first = found
        }
        if let count = pattern.count, index >= count { return false }
        return first != Int.max && first.clampedSum(-Self.margin) < high
    }
}

/// What `PlainEvents.certify` found of a VEVENT.
enum PlainEvent {
    /// One pass reads it without a warning, and it places as `EventPlacement` says.
    case certified(EventPlacement)
    /// Not certain: it must be read in full. `uid`: its UID as one pass
    /// reads it, when that is plainly written; nil with `known` when it
    /// plainly has none; `known` false when its UID could be anything.
    case uncertain(uid: UIDText?, known: Bool)
}

/// The certification of plain VEVENTs: a conservative reading of a VEVENT's
/// bytes that says `certified` only when the one-pass reader and the
/// decoder would read it without any warning (every line's syntax, its
/// UTF-8, each checked value), with one master or override of a series,
/// whose occurrences cannot leave the span it gives. It allocates only its
/// UID and, per distinct text, the RRULE (kept by `RuleTexts`). Anything it
/// does not know (a DURATION, an RDATE, a rule with BY parts other than a
/// weekly BYDAY, a VALUE other than DATE, lower-case names, folded time
/// lines) is `uncertain`, and read in full. `WindowedReadProperties` proves
/// that a read leaving out what it certifies is the full read.
struct PlainEvents {
    let bytes: UnsafeBufferPointer<UInt8>
    let zones: ICalendarZones
    /// The window asked about, in instant seconds.
    let window: Range<Int>
    /// What was looked up, kept from file to file (a vdir's items certified one after another).
    var memo: Memo

    /// Lookups a certifier keeps: zones by TZID (for the zones of one text), names of properties
    /// whose values a read checks, rules by text.
    struct Memo {
        /// What `zones` came from (the same for items of the same VTIMEZONEs; nil: their own).
        fileprivate var zonesKey: Int?
        fileprivate var zoneOf: [String: ZoneRules?] = [:]
        /// The TZIDs met first (a file uses a few, over and over): their bytes, text and zone, found by
        /// comparing bytes (no string made, nothing counted); the others through `zoneOf`.
        fileprivate var knownZones: [(bytes: [UInt8], name: String, zone: ZoneRules?)] = []
        /// Names of properties by whether a lenient read checks their values (`PropertyKindTable.iCalendar`).
        fileprivate var checked: [String: Bool] = [:]
        /// The rules read, by text (`RuleTexts` is shared by threads, behind a lock).
        fileprivate var rules: [String: RecurrenceRule?] = [:]

        init() {}

        /// The most entries kept in each lookup: beyond it a new text is looked up each time it is
        /// met (a folder of thousands of distinct rules would otherwise keep them all).
        static let limit = 256

        /// This memo, moved out of `memo` (left empty, so that adding to it copies nothing), for
        /// zones read from `zonesKey` (nil: zones of their own): its zone lookups kept only when
        /// they are of the same zones.
        static func take(_ memo: inout Memo, zonesKey: Int?) -> Memo {
            var taken = Memo()
            swap(&taken, &memo)
            if zonesKey == nil || zonesKey != taken.zonesKey {
                taken.zoneOf = [:]
                taken.knownZones = []
            }
            taken.zonesKey = zonesKey
            return taken
        }
    }
    private static let knownZonesLimit = 8

    init(bytes: UnsafeBufferPointer<UInt8>, zones: ICalendarZones, window: Range<Int>, memo: Memo = Memo()) {
        self.bytes = bytes
        self.zones = zones
        self.window = window
        self.memo = memo
    }

    /// Whether a window (instant seconds) is all of time (`CalendarFileReader.allTime`): every series is read.
    static func coversAllTime(_ window: Range<Int>) -> Bool {
        window.lowerBound <= Instant.supportedSeconds.lowerBound && window.upperBound >= Instant.supportedSeconds.upperBound
    }

    /// Whether the VEVENT `range` has a line that only the tree reads (a component inside it, CATEGORIES,
    /// ORGANIZER, ATTENDEE; upper case, as certifying reads names): found from the first bytes of its lines.
    static func needsTree(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        func lineEnd(from start: Int, before end: Int) -> Int {
            guard start < end, let found = memchr(base + start, 10, end - start) else { return end }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        var position = lineEnd(from: range.lowerBound, before: range.upperBound) + 1
        while position < range.upperBound {
            let end = lineEnd(from: position, before: range.upperBound)
            let line = position..<end
            switch bytes[position] {
            case UInt8(ascii: "A"): if Self.startsWith(bytes, line, "ATTENDEE") { return true }
            case UInt8(ascii: "O"): if Self.startsWith(bytes, line, "ORGANIZER") { return true }
            case UInt8(ascii: "C"): if Self.startsWith(bytes, line, "CATEGORIES") { return true }
            case UInt8(ascii: "B"): if Self.startsWith(bytes, line, "BEGIN:") { return true }
            default: break
            }
            position = end + 1
        }
        return false
    }

    /// A time as written: its form and its wall-clock seconds.
    private struct Time {
        enum Form: Equatable {
            case date, floating, utc
            case zoned(Range<Int>)

            /// Its name (a zoned form's is its TZID, given apart).
            var name: String {
                switch self {
                case .date: return "date"
                case .floating: return "floating"
                case .utc: return "utc"
                case .zoned: return "zoned"
                }
            }
        }
        var form: Form
        var seconds: Int
    }

    /// The head of a content line: name, the parameters a time uses, where the value starts.
    private struct Head {
        var name: Range<Int>
        var tzid: Range<Int>?
        var valueIsDate = false
        var range = false
        /// A parameter other than TZID and VALUE=DATE (and RANGE on a RECURRENCE-ID).
        var other = false
        var value: Range<Int>
    }

    // MARK: Bytes

    private func equals(_ range: Range<Int>, _ text: StaticString) -> Bool {
        guard range.count == text.utf8CodeUnitCount else { return false }
        let pattern = text.utf8Start
        for offset in 0..<range.count where bytes[range.lowerBound + offset] != pattern[offset] { return false }
        return true
    }

    /// The index of the first line feed at or after `start` and before `end`, else `end` (memchr: lines are scanned at the memory's speed).
    @inline(__always)
    private func lineEnd(from start: Int, before end: Int) -> Int {
        guard start < end, let base = bytes.baseAddress, let found = memchr(base + start, 10, end - start) else { return end }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private func sameBytes(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard a.count == b.count else { return false }
        for offset in 0..<a.count where bytes[a.lowerBound + offset] != bytes[b.lowerBound + offset] { return false }
        return true
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The text of a value whose lines may be folded: each line end (CRLF or LF) and the space or
    /// tab after it taken out, as the reader unfolds a logical line (its pieces' bytes joined, then decoded).
    func unfolded(_ range: Range<Int>) -> String {
        guard let base = bytes.baseAddress, memchr(base + range.lowerBound, 10, range.count) != nil else { return string(range) }
        var joined: [UInt8] = []
        joined.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == 13, index + 2 < range.upperBound, bytes[index + 1] == 10, bytes[index + 2] == 32 || bytes[index + 2] == 9 {
                index += 3
            } else if byte == 10, index + 1 < range.upperBound, bytes[index + 1] == 32 || bytes[index + 1] == 9 {
                index += 2
            } else {
                joined.append(byte)
                index += 1
            }
        }
        return String(decoding: joined, as: UTF8.self)
    }

    /// `NAME *(;PARAM=VALUE) :` of a line, as the content-line parser reads it, or nil when not plainly so.
    private func head(_ line: Range<Int>) -> Head? {
        var index = line.lowerBound
        let end = line.upperBound
        while index < end {
            let byte = bytes[index]
            guard (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D else { break }
            index += 1
        }
        guard index > line.lowerBound, index < end else { return nil }
        var head = Head(name: line.lowerBound..<index, value: 0..<0)
        while bytes[index] == UInt8(ascii: ";") {
            index += 1
            let nameStart = index
            while index < end {
                let byte = bytes[index]
                guard (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D else { break }
                index += 1
            }
            let name = nameStart..<index
            guard !name.isEmpty, index < end, bytes[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            let valueStart = index
            var values = 0
            while true {
                if index < end && bytes[index] == UInt8(ascii: "\"") {
                    index += 1
                    while index < end && bytes[index] != UInt8(ascii: "\"") { index += 1 }
                    guard index < end else { return nil }
                    index += 1
                } else {
                    while index < end, bytes[index] != UInt8(ascii: ";") && bytes[index] != UInt8(ascii: ":") && bytes[index] != UInt8(ascii: ",") {
                        index += 1
                    }
                }
                values += 1
                guard index < end, bytes[index] == UInt8(ascii: ",") else { break }
                index += 1
            }
            guard index < end else { return nil }
            let value = valueStart..<index
            let plain = values == 1 && !value.isEmpty && bytes[valueStart] != UInt8(ascii: "\"")
            if equals(name, "TZID") && plain && head.tzid == nil {
                for at in value {
                    let byte = bytes[at]
                    // A caret escape (RFC 6868) or a byte outside ASCII: read as one pass decodes it.
                    guard byte != UInt8(ascii: "^") && byte >= 0x20 && byte < 0x7F else { return nil }
                }
                head.tzid = value
            } else if equals(name, "VALUE") && equals(value, "DATE") && !head.valueIsDate {
                head.valueIsDate = true
            } else if equals(name, "RANGE") && equals(value, "THISANDFUTURE") && !head.range {
                head.range = true
            } else if equals(name, "VALUE") || equals(name, "TZID") || equals(name, "RANGE") {
                return nil
            } else {
                head.other = true
            }
        }
        guard bytes[index] == UInt8(ascii: ":") else { return nil }
        head.value = (index + 1)..<end
        return head
    }

    /// Digits `range` as a number (all ASCII digits), or nil.
    private func number(_ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
            let digit = Int(bytes[index]) - 48
            guard digit >= 0 && digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// `YYYYMMDD` or `YYYYMMDDTHHMMSS[Z]`, years 1900 to 2200, seconds below 60; nil for anything else.
    private func time(_ range: Range<Int>) -> (seconds: Int, isDate: Bool, isUTC: Bool)? {
        guard range.count == 8 || range.count == 15 || range.count == 16 else { return nil }
        let start = range.lowerBound
        guard let year = number(start..<(start + 4)), let month = number((start + 4)..<(start + 6)), let day = number((start + 6)..<(start + 8)),
              year >= 1900, year <= 2200, month >= 1, month <= 12, day >= 1, day <= GregorianMath.daysInMonth(year: year, month: month) else {
            return nil
        }
        let days = GregorianMath.dayNumber(year: year, month: month, day: day)
        if range.count == 8 { return (days * 86_400, true, false) }
        guard bytes[start + 8] == UInt8(ascii: "T"), let hour = number((start + 9)..<(start + 11)), let minute = number((start + 11)..<(start + 13)),
              let second = number((start + 13)..<(start + 15)), hour < 24, minute < 60, second < 60 else { return nil }
        let utc = range.count == 16
        if utc && bytes[start + 15] != UInt8(ascii: "Z") { return nil }
        return (days * 86_400 + hour * 3_600 + minute * 60 + second, false, utc)
    }

    /// A DTSTART, DTEND, RECURRENCE-ID or EXDATE item as written: its form and seconds.
    private func time(_ head: Head, item: Range<Int>) -> Time? {
        guard let read = time(item) else { return nil }
        if head.valueIsDate {
            guard read.isDate, head.tzid == nil else { return nil }
            return Time(form: .date, seconds: read.seconds)
        }
        guard !read.isDate else { return nil }
        if let tzid = head.tzid {
            guard !read.isUTC else { return nil }
            return Time(form: .zoned(tzid), seconds: read.seconds)
        }
        return Time(form: read.isUTC ? .utc : .floating, seconds: read.seconds)
    }

    private func sameForm(_ a: Time.Form, _ b: Time.Form) -> Bool {
        switch (a, b) {
        case (.zoned(let x), .zoned(let y)): return sameBytes(x, y)
        default: return a == b
        }
    }

    /// Whether a property named `name` has its values checked by a read (strict or lenient).
    private mutating func isChecked(_ name: Range<Int>) -> Bool {
        let text = string(name)
        if let known = memo.checked[text] { return known }
        // A strict read checks BINARY and TIME too: any type but TEXT, URI and CAL-ADDRESS counts as checked.
        let answer = PropertyKindTable.iCalendar.kind(text).map { ![ICalendarValueType.text, .uri, .calAddress].contains($0.defaultType) } ?? false
        if memo.checked.count < Memo.limit { memo.checked[text] = answer }
        return answer
    }

    /// The zone a TZID names (nil: nothing defines it).
    private mutating func zone(_ tzid: Range<Int>) -> ZoneRules? {
        if let index = knownZone(tzid) { return memo.knownZones[index].zone }
        return remember(tzid).zone
    }

    /// A TZID's text (the same string for the same bytes, not a copy each time).
    private mutating func zoneName(_ tzid: Range<Int>) -> String {
        if let index = knownZone(tzid) { return memo.knownZones[index].name }
        return remember(tzid).name
    }

    /// The index in `knownZones` of the TZID `tzid`, kept there when there is room.
    private mutating func knownZone(_ tzid: Range<Int>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        for index in memo.knownZones.indices {
            let same = memo.knownZones[index].bytes.withUnsafeBufferPointer { known in
                known.count == tzid.count && (known.isEmpty || known.baseAddress.map { memcmp($0, base + tzid.lowerBound, tzid.count) == 0 } ?? false)
            }
            if same { return index }
        }
        guard memo.knownZones.count < Self.knownZonesLimit else { return nil }
        memo.knownZones.append(remember(tzid))
        return memo.knownZones.count - 1
    }

    private mutating func remember(_ tzid: Range<Int>) -> (bytes: [UInt8], name: String, zone: ZoneRules?) {
        let text = string(tzid)
        let found: ZoneRules?
        if let known = memo.zoneOf[text] {
            found = known
        } else {
            found = zones.zone(for: text)
            if memo.zoneOf.count < Memo.limit { memo.zoneOf[text] = .some(found) }
        }
        return (Array(bytes[tzid]), text, found)
    }

    // MARK: Certifying

    /// What `event` needs of a certified VEVENT besides its placement: the
    /// first of each text the decoder reads (unfolded), its times, its rule and EXDATEs.
    private struct Capture {
        var title, notes, location, status, transparency, url: Range<Int>?
        var start, end, recurrenceID: Time?
        var duration: (days: Int, seconds: Int)?
        var rule: Range<Int>?
        var exclusions: [Head] = []
        var stamp: Int?
        var sequence = 0
        var hasRange = false
        /// False when the decoder reads more than is captured (CATEGORIES, ORGANIZER, ATTENDEE).
        var direct = true
    }

    /// The VEVENT `range` (a child of the outline), whose BEGIN is line `line`.
    mutating func certify(_ range: Range<Int>, line: Int) -> PlainEvent {
        var capture: Capture?
        return certify(range, line: line, capture: &capture)
    }

    /// The event the decoder makes of the certified VEVENT `range` (BEGIN at
    /// line `line`, of the file `source`), made here from its bytes; nil when
    /// it is not certified or holds what is read only through the tree.
    /// `WindowedReadProperties` proves it equal to the decoder's event.
    mutating func event(_ range: Range<Int>, line: Int, source: String) -> Event? {
        var capture: Capture? = Capture()
        guard case .certified(let placement) = certify(range, line: line, capture: &capture), let capture else { return nil }
        return event(placement, capture, line: line, source: source)
    }

    /// `certify`, and for a certified event that can touch the window (its
    /// series is read whatever the others say) the event made from its
    /// bytes in the same pass, as `event` makes it.
    mutating func certifyAndMake(_ range: Range<Int>, line: Int, source: String) -> (PlainEvent, Event?) {
        // Over all of time nothing is left out: certifying only serves to make the event from its
        // bytes, which an event read through the tree anyway does not need (it is then "uncertain",
        // and every series is read, as it is over all of time).
        if Self.coversAllTime(window) && Self.needsTree(range, in: bytes) { return (.uncertain(uid: nil, known: false), nil) }
        var capture: Capture? = Capture()
        let found = certify(range, line: line, capture: &capture)
        guard case .certified(let placement) = found, placement.touches, let capture else { return (found, nil) }
        return (found, event(placement, capture, line: line, source: source))
    }

    private mutating func event(_ placement: EventPlacement, _ capture: Capture, line: Int, source: String) -> Event? {
        guard capture.direct, let startTime = capture.start, let start = itemTime(startTime) else { return nil }
        var length: ItemLength?
        if let duration = capture.duration {
            // Weeks and days nominal, the rest exact, as the decoder reads a DURATION.
            length = .nominal(days: duration.days, seconds: duration.seconds)
        } else if let endTime = capture.end {
            guard let end = itemTime(endTime) else { return nil }
            if case .date(let first) = start, case .date(let last) = end {
                length = .nominal(days: Swift.max(1, last.dayNumber - first.dayNumber), seconds: 0)
            } else {
                guard let distance = try? SeriesTimeline(start: start).distance(from: start, to: end) else { return nil }
                length = .exact(seconds: distance)
            }
        }
        var rules: [RecurrenceRule] = []
        if let rule = capture.rule {
            // A plain rule made from its parts (proven equal to the parser's), another read by the parser.
            guard let read = plainRule(rule)?.rule ?? (try? RuleTexts.read(string(rule))) else { return nil }
            rules.append(read)
        }
        var exclusions: [RecurrenceDate] = []
        for head in capture.exclusions {
            var item = head.value.lowerBound
            while item <= head.value.upperBound {
                var itemEnd = item
                while itemEnd < head.value.upperBound && bytes[itemEnd] != UInt8(ascii: ",") { itemEnd += 1 }
                guard let time = time(head, item: item..<itemEnd), let value = itemTime(time) else { return nil }
                exclusions.append(RecurrenceDate(value))
                item = itemEnd + 1
            }
        }
        var recurrenceID: ItemTime?
        if let id = capture.recurrenceID {
            guard let value = itemTime(id) else { return nil }
            recurrenceID = value
        }
        func text(_ range: Range<Int>?) -> String? {
            guard let range, !range.isEmpty else { return nil }
            let text = ICalendarText.unescape(Substring(unfolded(range)))
            return text.isEmpty ? nil : text
        }
        let status = capture.status.flatMap { Event.Status(rawValue: unfolded($0).uppercased()) }
        let transparent = capture.transparency.map { unfolded($0).uppercased() == "TRANSPARENT" } ?? false
        let url = capture.url.map { unfolded($0) }.flatMap { $0.isEmpty ? nil : $0 }
        return Event(uid: string(placement.uid.range), title: text(capture.title), notes: text(capture.notes), location: text(capture.location),
                     start: start, length: length, status: status, isTransparent: transparent,
                     recurrence: ItemRecurrence(rules: rules, exclusions: exclusions), recurrenceID: recurrenceID,
                     range: capture.hasRange ? .thisAndFuture : .thisInstance, sequence: capture.sequence,
                     stamp: capture.stamp.map { Instant(seconds: $0) }, position: SourcePosition(file: source, line: line), url: url)
    }

    /// A time as the decoder reads it (a zoned one in its zone).
    private mutating func itemTime(_ time: Time) -> ItemTime? {
        let day = time.seconds.floorDivided(by: 86_400), second = time.seconds.floorModulo(86_400)
        switch time.form {
        case .date: return .date(ISODate(dayNumber: day))
        case .utc: return .utc(Instant(seconds: time.seconds))
        case .floating, .zoned:
            guard let local = try? LocalDateTime(dayNumber: day, time: TimeOfDay(hour: second / 3_600, minute: second / 60 % 60, second: second % 60)) else {
                return nil
            }
            guard case .zoned(let tzid) = time.form else { return .floating(local) }
            guard let zone = zone(tzid) else { return nil }
            return .zoned(local, zone)
        }
    }

    private mutating func certify(_ range: Range<Int>, line: Int, capture: inout Capture?) -> PlainEvent {
        var uid: Range<Int>?
        var uidKnown = true
        var certain = true
        var start: Time?, end: Time?, recurrenceID: Time?
        var hasRange = false
        var rule: Range<Int>?
        var rules = 0
        var exclusions: [Head] = []
        var sequence: Int?
        var duration: (days: Int, seconds: Int)?
        var zoneLine: Int?
        var position = range.lowerBound
        var physical = line
        var first = true
        var depth = 0
        while position < range.upperBound {
            // One logical line: its first physical line, and the folds after it.
            var next = lineEnd(from: position, before: range.upperBound)
            var contentEnd = next
            if contentEnd > position && bytes[contentEnd - 1] == 13 { contentEnd -= 1 }
            next = Swift.min(next + 1, range.upperBound)
            let lineNumber = physical
            physical += 1
            var folded = false
            var length = contentEnd - position
            var foldsValid = true
            // Where the logical line's last piece ends (its line end not included).
            var logicalEnd = contentEnd
            while next < range.upperBound && (bytes[next] == 32 || bytes[next] == 9) {
                folded = true
                let foldEnd = lineEnd(from: next, before: range.upperBound)
                var pieceEnd = foldEnd
                if pieceEnd > next && bytes[pieceEnd - 1] == 13 { pieceEnd -= 1 }
                logicalEnd = pieceEnd
                length += pieceEnd - next - 1
                if ContentLineParser.firstInvalidUTF8(UnsafeBufferPointer(rebasing: bytes[(next + 1)..<pieceEnd])) != nil { foldsValid = false }
                next = Swift.min(foldEnd + 1, range.upperBound)
                physical += 1
            }
            let content = position..<contentEnd
            position = next
            if first {
                // BEGIN:VEVENT (the outline checked it).
                first = false
                if folded { return .uncertain(uid: nil, known: false) }
                continue
            }
            if position >= range.upperBound { break }  // END:VEVENT
            // A component inside (a VALARM): left to the reader; its lines are not the event's.
            if Self.startsWith(bytes, content, "BEGIN:") {
                depth += 1
                certain = false
                continue
            }
            if depth > 0 {
                if Self.startsWith(bytes, content, "END:") { depth -= 1 }
                continue
            }
            let valid = ContentLineParser.isASCII(UnsafeBufferPointer(rebasing: bytes[content]))
                || ContentLineParser.firstInvalidUTF8(UnsafeBufferPointer(rebasing: bytes[content])) == nil
            guard let head = head(content) else {
                // A UID line not plainly written: this event's series is not known. Nor after an empty
                // line (the reader passes over it, and a fold after it continues the line before, the UID's
                // too), nor when a folded line's name is not on its first line ("U", then " ID:...").
                if Self.startsWithUID(bytes, content) || content.isEmpty || folded { uidKnown = false }
                certain = false
                continue
            }
            if !valid || !foldsValid || length > ICalendarReader.maximumLineLength { certain = false }
            if head.tzid != nil, zoneLine == nil { zoneLine = lineNumber }
            let name = head.name
            let kind = Self.kind(of: name, in: bytes)
            switch kind {
            case .uid:
                if uid != nil { certain = false; continue }
                uid = head.value
                if folded || head.tzid != nil || head.valueIsDate || head.other || !valid || head.value.isEmpty { uidKnown = false }
                for index in head.value where bytes[index] < 0x20 || bytes[index] >= 0x7F { uidKnown = false }
            case .start, .end, .recurrenceID:
                guard !folded, !head.other, !head.range || kind == .recurrenceID, let time = time(head, item: head.value) else { certain = false; continue }
                switch kind {
                case .start:
                    if start != nil { certain = false }
                    start = time
                case .recurrenceID:
                    if recurrenceID != nil { certain = false }
                    recurrenceID = time
                    hasRange = head.range
                default:
                    if end != nil { certain = false }
                    end = time
                }
            case .duration:
                guard !folded, head.tzid == nil, !head.valueIsDate, !head.other, !head.range, duration == nil,
                      let read = plainDuration(head.value) else { certain = false; continue }
                duration = read
            case .exclusion:
                guard !folded, !head.other, !head.range else { certain = false; continue }
                exclusions.append(head)
            case .rule:
                rules += 1
                guard !folded, head.tzid == nil, !head.valueIsDate, !head.other, !head.range else { certain = false; continue }
                rule = head.value
            case .stamp, .changed:
                guard !folded, head.tzid == nil, !head.valueIsDate, !head.other, !head.range,
                      let stamp = time(head.value), !stamp.isDate else { certain = false; continue }
                if capture != nil, kind == .stamp, capture?.stamp == nil { capture?.stamp = stamp.seconds }
            case .sequence, .priority:
                guard !folded, head.tzid == nil, !head.valueIsDate, !head.other, !head.range,
                      !head.value.isEmpty, head.value.count <= 9, let value = number(head.value) else { certain = false; continue }
                if kind == .sequence {
                    if sequence != nil { certain = false }
                    sequence = value
                }
            case .text, .other:
                // Any other property: TZID, VALUE or RANGE on it, or a value a lenient read checks, is left to the reader.
                if head.tzid != nil || head.valueIsDate || head.range || (kind == .other && isChecked(name)) { certain = false }
                if capture != nil { take(head, end: folded ? logicalEnd : head.value.upperBound, into: &capture) }
            }
        }
        let uidText = uid.map { UIDText($0, in: bytes) }
        let series = uidKnown ? uidText : nil
        guard certain, let start, let uidText, uidKnown, rules <= 1 else { return .uncertain(uid: series, known: uidKnown) }
        // The forms RFC 5545 wants, in which one pass reads nothing otherwise.
        if let end, !sameForm(end.form, start.form) { return .uncertain(uid: series, known: true) }
        if let recurrenceID, !sameForm(recurrenceID.form, start.form) { return .uncertain(uid: series, known: true) }
        for exclusion in exclusions {
            var item = exclusion.value.lowerBound
            while item <= exclusion.value.upperBound {
                var itemEnd = item
                while itemEnd < exclusion.value.upperBound && bytes[itemEnd] != UInt8(ascii: ",") { itemEnd += 1 }
                guard let time = time(exclusion, item: item..<itemEnd), sameForm(time.form, start.form) else {
                    return .uncertain(uid: series, known: true)
                }
                item = itemEnd + 1
            }
        }
        switch start.form {
        case .floating:
            // X-WR-TIMEZONE makes floating times zoned: another reading.
            if zones.floatingZone != nil { return .uncertain(uid: series, known: true) }
        case .zoned(let tzid):
            // A TZID nothing defines is read floating, with a warning; a start in a gap moves (and so
            // would a RECURRENCE-ID, onto another's time).
            guard let zone = zone(tzid), case .unique = zone.resolution(ofWallSeconds: start.seconds) else {
                return .uncertain(uid: series, known: true)
            }
            if let recurrenceID, case .gap = zone.resolution(ofWallSeconds: recurrenceID.seconds) { return .uncertain(uid: series, known: true) }
        case .date, .utc:
            break
        }
        // The length: an end after the start (a date's at least a day later).
        var length = start.form == .date ? 86_400 : 0
        if let end {
            let distance = end.seconds - start.seconds
            guard start.form == .date ? distance > 0 : distance >= 0, duration == nil else { return .uncertain(uid: series, known: true) }
            length = distance
        } else if let duration {
            // A date's length in whole days (a time part on a date is left to the reader).
            guard start.form != .date || duration.seconds == 0 else { return .uncertain(uid: series, known: true) }
            length = duration.days * 86_400 + duration.seconds
        }
        var last = start.seconds
        var pattern: EventSpan.Pattern?
        if let rule {
            guard let (bound, shape) = ruleEnd(rule, start: start) else { return .uncertain(uid: series, known: true) }
            last = bound
            pattern = shape
        }
        let latest = last == Int.max ? Int.max : last.clampedSum(length).clampedSum(EventSpan.margin)
        let span = EventSpan(earliest: Swift.min(start.seconds, recurrenceID?.seconds ?? start.seconds) - EventSpan.margin,
                             latest: Swift.max(latest, (recurrenceID?.seconds ?? 0).clampedSum(EventSpan.margin)),
                             start: start.seconds, length: length, pattern: pattern)
        let form: String
        switch start.form {
        case .date: form = "date"
        case .floating: form = "floating"
        case .utc: form = "utc"
        case .zoned(let tzid): form = zoneName(tzid)
        }
        let placement = EventPlacement(uid: uidText, recurrenceID: recurrenceID?.seconds, sequence: sequence ?? 0, hasRange: hasRange,
                                       touches: span.mayTouch(window.lowerBound, window.upperBound), form: form)
        if capture != nil {
            capture?.start = start
            capture?.end = end
            capture?.duration = duration
            capture?.recurrenceID = recurrenceID
            capture?.rule = rule
            capture?.exclusions = exclusions
            capture?.sequence = sequence ?? 0
            capture?.hasRange = hasRange
        }
        return .certified(placement)
    }

    /// The latest start a plain rule gives (wall seconds; `Int.max` without
    /// end) and the pattern of its starts, or nil for a rule left to the
    /// reader: one that does not read, an RSCALE, a frequency finer than
    /// daily, BY parts other than a weekly BYDAY of plain weekdays, an UNTIL
    /// in another form than DTSTART's.
    private mutating func ruleEnd(_ value: Range<Int>, start: Time) -> (Int, EventSpan.Pattern?)? {
        let rule: PlainRule
        if let plain = plainRule(value) {
            rule = plain
        } else {
            let text = string(value)
            let kept: RecurrenceRule?
            if let known = memo.rules[text] {
                kept = known
            } else {
                kept = try? RuleTexts.read(text)
                if memo.rules.count < Memo.limit { memo.rules[text] = .some(kept) }
            }
            guard let kept, let plain = PlainRule(kept) else { return nil }
            rule = plain
        }
        // A rule finer than daily is left to the reader (on a date start it is an error of the series).
        guard rule.frequency >= .daily else { return nil }
        let weeklyDays = rule.weeklyDays
        // Each period has one start (a month's day 29 to 31, or February 29, would skip some: no pattern).
        let day = ISODate(dayNumber: start.seconds.floorDivided(by: 86_400))
        let step: EventSpan.Pattern.Step?
        switch rule.frequency {
        case .secondly, .minutely, .hourly: step = nil
        case .daily: step = .seconds(86_400.clampedProduct(rule.interval))
        case .weekly: step = weeklyDays ? nil : .seconds((7 * 86_400).clampedProduct(rule.interval))
        case .monthly: step = day.day <= 28 ? .months(rule.interval) : nil
        case .yearly: step = !(day.month == 2 && day.day == 29) ? .months(12.clampedProduct(rule.interval)) : nil
        }
        let pattern = step.map { EventSpan.Pattern(step: $0, count: rule.count) }
        if let until = rule.until {
            switch (start.form, until) {
            case (.date, .date(let date)): return (date.dayNumber * 86_400, pattern)
            case (.floating, .local(let local)): return (local.wallSeconds.seconds, pattern)
            case (.zoned, .utc(let instant)), (.utc, .utc(let instant)): return (instant.seconds, pattern)
            default: return nil
            }
        }
        guard let count = rule.count else { return (Int.max, pattern) }
        let period: Int
        switch rule.frequency {
        case .secondly: period = 1
        case .minutely: period = 60
        case .hourly: period = 3_600
        case .daily: period = 86_400
        case .weekly: period = 7 * 86_400
        case .monthly:
            guard day.day <= 28 else { return (Int.max, nil) }
            period = 31 * 86_400
        case .yearly:
            guard !(day.month == 2 && day.day == 29) else { return (Int.max, nil) }
            period = 366 * 86_400
        }
        let (periods, o1) = (count + 1).multipliedReportingOverflow(by: rule.interval)
        let (span, o2) = periods.multipliedReportingOverflow(by: period)
        guard !o1, !o2 else { return (Int.max, pattern) }
        return (start.seconds.clampedSum(span), pattern)
    }

    /// What a plain rule says: FREQ, INTERVAL, COUNT or UNTIL, and whether it has a weekly BYDAY (of plain weekdays).
    struct PlainRule: Equatable {
        var frequency: RecurrenceRule.Frequency
        var interval: Int
        var count: Int?
        var until: RecurrenceRule.Until?
        /// BYDAY's weekdays, Monday the lowest bit (0: none).
        var days: UInt8
        var weekStart: Weekday

        init(frequency: RecurrenceRule.Frequency, interval: Int, count: Int?, until: RecurrenceRule.Until?, days: UInt8, weekStart: Weekday) {
            self.frequency = frequency
            self.interval = interval
            self.count = count
            self.until = until
            self.days = days
            self.weekStart = weekStart
        }

        /// The plain rule `rule` is, or nil when it has more (other BY parts, an RSCALE).
        init?(_ rule: RecurrenceRule) {
            let weeklyDays = rule.frequency == .weekly && !rule.byDay.isEmpty && rule.byDay.allSatisfy { $0.ordinal == nil }
            guard rule.rscale == nil, rule.bySecond.isEmpty, rule.byMinute.isEmpty, rule.byHour.isEmpty, rule.byDay.isEmpty || weeklyDays,
                  rule.byMonthDay.isEmpty, rule.byYearDay.isEmpty, rule.byWeekNo.isEmpty, rule.byMonth.isEmpty, rule.bySetPos.isEmpty else {
                return nil
            }
            let days = rule.byDay.reduce(UInt8(0)) { $0 | UInt8(1) << UInt8($1.weekday.rawValue - 1) }
            self.init(frequency: rule.frequency, interval: rule.interval, count: rule.count, until: rule.until, days: days, weekStart: rule.weekStart)
        }

        /// It has a weekly BYDAY.
        var weeklyDays: Bool { days != 0 }

        /// The rule it is, made from its parts (as the parser makes it).
        var rule: RecurrenceRule? {
            let byDay = (1...7).compactMap { day in days & UInt8(1) << UInt8(day - 1) != 0 ? Weekday(rawValue: day).map(RecurrenceRule.Day.init) : nil }
            let end: RecurrenceRule.End = count.map { .count($0) } ?? until.map { .until($0) } ?? .never
            return try? RecurrenceRule(frequency: frequency, interval: interval, end: end, byDay: byDay, weekStart: weekStart)
        }
    }

    /// An RRULE value read straight from its bytes when it is written plainly:
    /// `FREQ`, `INTERVAL`, `COUNT` or `UNTIL`, `WKST`, and (weekly) `BYDAY` of
    /// distinct plain weekdays, each once, in capitals; nil for anything else
    /// (then `RuleTexts` reads it). `PlainRuleProperties` proves that what it
    /// reads, the rule parser reads the same.
    func plainRule(_ value: Range<Int>) -> PlainRule? {
        var frequency: RecurrenceRule.Frequency?
        var interval: Int?, count: Int?
        var until: RecurrenceRule.Until?
        var days: UInt8 = 0
        var weekStart: Weekday?
        var index = value.lowerBound
        while index < value.upperBound {
            var sign = index
            while sign < value.upperBound && bytes[sign] != UInt8(ascii: "=") && bytes[sign] != UInt8(ascii: ";") { sign += 1 }
            guard sign < value.upperBound, bytes[sign] == UInt8(ascii: "=") else { return nil }
            var end = sign + 1
            while end < value.upperBound && bytes[end] != UInt8(ascii: ";") { end += 1 }
            let name = index..<sign, part = (sign + 1)..<end
            guard !part.isEmpty else { return nil }
            if equals(name, "FREQ") {
                guard frequency == nil else { return nil }
                if equals(part, "DAILY") { frequency = .daily } else if equals(part, "WEEKLY") { frequency = .weekly }
                else if equals(part, "MONTHLY") { frequency = .monthly } else if equals(part, "YEARLY") { frequency = .yearly }
                else { return nil }
            } else if equals(name, "INTERVAL") || equals(name, "COUNT") {
                guard part.count <= 9, bytes[part.lowerBound] != UInt8(ascii: "0"), let number = number(part) else { return nil }
                if equals(name, "INTERVAL") {
                    guard interval == nil else { return nil }
                    interval = number
                } else {
                    guard count == nil else { return nil }
                    count = number
                }
            } else if equals(name, "UNTIL") {
                guard until == nil, let read = time(part) else { return nil }
                let day = read.seconds.floorDivided(by: 86_400)
                if read.isDate {
                    until = .date(ISODate(dayNumber: day))
                } else {
                    let second = read.seconds.floorModulo(86_400)
                    guard let local = try? LocalDateTime(dayNumber: day, time: TimeOfDay(hour: second / 3_600, minute: second / 60 % 60, second: second % 60)) else {
                        return nil
                    }
                    until = read.isUTC ? .utc(Instant(seconds: read.seconds)) : .local(local)
                }
            } else if equals(name, "BYDAY") {
                guard days == 0 else { return nil }
                var at = part.lowerBound
                while at < part.upperBound {
                    guard at + 2 <= part.upperBound else { return nil }
                    let day: UInt8
                    switch (bytes[at], bytes[at + 1]) {
                    case (0x4D, 0x4F): day = 1   // MO
                    case (0x54, 0x55): day = 2   // TU
                    case (0x57, 0x45): day = 4   // WE
                    case (0x54, 0x48): day = 8   // TH
                    case (0x46, 0x52): day = 16  // FR
                    case (0x53, 0x41): day = 32  // SA
                    case (0x53, 0x55): day = 64  // SU
                    default: return nil
                    }
                    guard days & day == 0 else { return nil }
                    days |= day
                    at += 2
                    if at < part.upperBound {
                        guard bytes[at] == UInt8(ascii: ","), at + 1 < part.upperBound else { return nil }
                        at += 1
                    }
                }
            } else if equals(name, "WKST") {
                guard weekStart == nil, part.count == 2 else { return nil }
                switch (bytes[part.lowerBound], bytes[part.lowerBound + 1]) {
                case (0x4D, 0x4F): weekStart = .monday
                case (0x54, 0x55): weekStart = .tuesday
                case (0x57, 0x45): weekStart = .wednesday
                case (0x54, 0x48): weekStart = .thursday
                case (0x46, 0x52): weekStart = .friday
                case (0x53, 0x41): weekStart = .saturday
                case (0x53, 0x55): weekStart = .sunday
                default: return nil
                }
            } else {
                return nil
            }
            index = end + 1
        }
        guard let frequency, !(count != nil && until != nil), days == 0 || frequency == .weekly else { return nil }
        // A trailing `;` or an empty part: left to the parser.
        guard value.isEmpty || bytes[value.upperBound - 1] != UInt8(ascii: ";") else { return nil }
        return PlainRule(frequency: frequency, interval: interval ?? 1, count: count, until: until, days: days, weekStart: weekStart ?? .monday)
    }

    /// The first of each text property the decoder reads; one it reads that is not captured makes the event not direct.
    /// `end`: where the value ends, its folds included (`unfolded` reads them).
    private func take(_ head: Head, end: Int, into capture: inout Capture?) {
        let name = head.name
        func keep(_ slot: WritableKeyPath<Capture, Range<Int>?>) {
            guard capture?[keyPath: slot] == nil else { return }
            capture?[keyPath: slot] = head.value.lowerBound..<end
        }
        if equals(name, "SUMMARY") { keep(\.title) }
        else if equals(name, "DESCRIPTION") { keep(\.notes) }
        else if equals(name, "LOCATION") { keep(\.location) }
        else if equals(name, "STATUS") { keep(\.status) }
        else if equals(name, "TRANSP") { keep(\.transparency) }
        else if equals(name, "URL") { keep(\.url) }
        else if equals(name, "CATEGORIES") || equals(name, "ORGANIZER") || equals(name, "ATTENDEE") { capture?.direct = false }
    }

    /// The properties a certification tells apart.
    private enum Kind {
        case uid, start, end, duration, recurrenceID, exclusion, rule, stamp, changed, sequence, priority
        /// A TEXT, URI or CAL-ADDRESS property a lenient read does not check (SUMMARY, LOCATION, ATTENDEE...).
        case text
        case other
    }

    /// The kind of a property name, by its length and bytes.
    private static func kind(of name: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Kind {
        func named(_ text: StaticString) -> Bool {
            let pattern = text.utf8Start
            for offset in 0..<name.count where bytes[name.lowerBound + offset] != pattern[offset] { return false }
            return true
        }
        switch name.count {
        case 3: return named("UID") ? .uid : named("URL") ? .text : .other
        case 5: return named("DTEND") ? .end : named("RRULE") ? .rule : named("CLASS") ? .text : .other
        case 6: return named("EXDATE") ? .exclusion : named("STATUS") || named("TRANSP") ? .text : .other
        case 7:
            if named("DTSTART") { return .start }
            if named("DTSTAMP") { return .stamp }
            if named("SUMMARY") || named("COMMENT") || named("CONTACT") { return .text }
            return named("CREATED") ? .changed : .other
        case 8:
            if named("SEQUENCE") { return .sequence }
            if named("DURATION") { return .duration }
            if named("PRIORITY") { return .priority }
            return named("LOCATION") || named("ATTENDEE") ? .text : .other
        case 9: return named("ORGANIZER") ? .text : .other
        case 10: return named("CATEGORIES") || named("RELATED-TO") ? .text : .other
        case 11: return named("DESCRIPTION") ? .text : .other
        case 13:
            if named("RECURRENCE-ID") { return .recurrenceID }
            return named("LAST-MODIFIED") ? .changed : .other
        default: return .other
        }
    }

    /// A DURATION written plainly: `P` then `nW`, or `nD` and/or `T` with
    /// `nH`, `nM`, `nS` in that order (each at most 6 digits, no sign): its
    /// days (a week is 7) and seconds; nil for anything else (the reader reads it).
    func plainDuration(_ value: Range<Int>) -> (days: Int, seconds: Int)? {
        var index = value.lowerBound
        guard index < value.upperBound, bytes[index] == UInt8(ascii: "P") else { return nil }
        index += 1
        /// Digits then `unit`, when they come next.
        func part(_ unit: UInt8) -> Int?? {
            var end = index
            while end < value.upperBound && bytes[end] >= 0x30 && bytes[end] <= 0x39 { end += 1 }
            guard end > index, end < value.upperBound, bytes[end] == unit else { return .some(nil) }
            guard end - index <= 6, let read = number(index..<end) else { return nil }
            index = end + 1
            return .some(read)
        }
        guard let weeks = part(UInt8(ascii: "W")) else { return nil }
        if let weeks { return index == value.upperBound ? (weeks * 7, 0) : nil }
        guard let days = part(UInt8(ascii: "D")) else { return nil }
        var seconds = 0, any = days != nil
        if index < value.upperBound {
            guard bytes[index] == UInt8(ascii: "T") else { return nil }
            index += 1
            var timed = false
            for (unit, size) in [(UInt8(ascii: "H"), 3_600), (UInt8(ascii: "M"), 60), (UInt8(ascii: "S"), 1)] {
                guard let read = part(unit) else { return nil }
                if let read {
                    seconds += read * size
                    timed = true
                }
            }
            guard timed else { return nil }
            any = true
        }
        guard any, index == value.upperBound else { return nil }
        return (days ?? 0, seconds)
    }

    /// Whether a line starts with `text` (as written: the outline found every BEGIN and END in capitals).
    private static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard line.count >= count else { return false }
        let pattern = text.utf8Start
        for offset in 0..<count where bytes[line.lowerBound + offset] != pattern[offset] { return false }
        return true
    }

    /// Whether a line starts with `UID` then `;` or `:`, in any case.
    private static func startsWithUID(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        guard line.count >= 4 else { return false }
        let u = bytes[line.lowerBound] & 0xDF, i = bytes[line.lowerBound + 1] & 0xDF, d = bytes[line.lowerBound + 2] & 0xDF
        let after = bytes[line.lowerBound + 3]
        return u == 0x55 && i == 0x49 && d == 0x44 && (after == UInt8(ascii: ";") || after == UInt8(ascii: ":") || after == 32 || after == 9)
    }
}
