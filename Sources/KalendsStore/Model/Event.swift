import Kalends

/// Where an item was read: the file, and the line of its BEGIN, so errors,
/// warnings and edits can name it.
public struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
    /// The file's path as given.
    public let file: String
    /// The 1-based line of the component's BEGIN.
    public let line: Int

    /// The place `line` of `file`.
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }
}

/// The recurrence of an event or reminder: RRULEs (RSCALE included),
/// RDATEs (PERIODs keep their length) and EXDATEs.
public struct ItemRecurrence: Hashable, Sendable {
    /// RRULEs (RSCALE included).
    public var rules: [RecurrenceRule]
    /// RDATEs; a PERIOD keeps its length.
    public var dates: [RecurrenceDate]
    /// EXDATEs.
    public var exclusions: [RecurrenceDate]

    /// A recurrence of these rules and dates.
    public init(rules: [RecurrenceRule] = [], dates: [RecurrenceDate] = [], exclusions: [RecurrenceDate] = []) {
        self.rules = rules
        self.dates = dates
        self.exclusions = exclusions
    }

    /// True when there is no rule and no RDATE: the item happens once.
    public var isEmpty: Bool { rules.isEmpty && dates.isEmpty }
}

/// An event (VEVENT): a series' master, a one-off event, or an override of
/// one occurrence of a series (`recurrenceID` set).
public struct Event: Hashable, Sendable {
    /// STATUS of an event.
    public enum Status: String, Hashable, Sendable {
        case tentative = "TENTATIVE", confirmed = "CONFIRMED", cancelled = "CANCELLED"
    }

    /// Which occurrences an override replaces (RECURRENCE-ID's RANGE).
    public enum Range: Hashable, Sendable {
        /// The one occurrence.
        case thisInstance
        /// That occurrence and every later one (RANGE=THISANDFUTURE).
        case thisAndFuture
    }

    /// The fields, in one box shared by copies until one changes (an event is
    /// copied into every occurrence a query gives).
    struct Fields: Hashable, Sendable {
        var uid: String
        var title: String?
        var notes: String?
        var location: String?
        var start: ItemTime
        var length: ItemLength
        var status: Status?
        var isTransparent: Bool
        var categories: [String]
        var recurrence: ItemRecurrence
        var recurrenceID: ItemTime?
        var range: Range
        var sequence: Int
        var stamp: Instant?
        var alarms: [Alarm]
        var position: SourcePosition?
        /// URL, ORGANIZER and ATTENDEEs, which most events lack: none, or
        /// one value holding them (an empty array is one word of the box, not the ~100 bytes of the fields).
        var people: [People]
    }

    /// The box: only mutated while uniquely referenced (copy on write),
    /// hence `@unchecked Sendable`.
    final class Storage: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    private mutating func change(_ body: (inout Fields) -> Void) {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        body(&storage.fields)
    }

    /// UID: the series' identity (an override shares it).
    public var uid: String {
        get { storage.fields.uid }
        set { change { $0.uid = newValue } }
    }
    /// SUMMARY.
    public var title: String? {
        get { storage.fields.title }
        set { change { $0.title = newValue } }
    }
    /// DESCRIPTION.
    public var notes: String? {
        get { storage.fields.notes }
        set { change { $0.notes = newValue } }
    }
    /// LOCATION.
    public var location: String? {
        get { storage.fields.location }
        set { change { $0.location = newValue } }
    }
    /// DTSTART.
    public var start: ItemTime {
        get { storage.fields.start }
        set { change { $0.start = newValue } }
    }
    /// From DTEND or DURATION; an all-day event with neither lasts a day.
    public var length: ItemLength {
        get { storage.fields.length }
        set { change { $0.length = newValue } }
    }
    /// STATUS.
    public var status: Status? {
        get { storage.fields.status }
        set { change { $0.status = newValue } }
    }
    /// TRANSP:TRANSPARENT (the event does not make its time busy).
    public var isTransparent: Bool {
        get { storage.fields.isTransparent }
        set { change { $0.isTransparent = newValue } }
    }
    /// CATEGORIES, every value of every CATEGORIES line.
    public var categories: [String] {
        get { storage.fields.categories }
        set { change { $0.categories = newValue } }
    }
    /// RRULE, RDATE and EXDATE (empty for a one-off event or an override).
    public var recurrence: ItemRecurrence {
        get { storage.fields.recurrence }
        set { change { $0.recurrence = newValue } }
    }
    /// The occurrence an override replaces: the original start, as written.
    public var recurrenceID: ItemTime? {
        get { storage.fields.recurrenceID }
        set { change { $0.recurrenceID = newValue } }
    }
    /// RECURRENCE-ID's RANGE.
    public var range: Range {
        get { storage.fields.range }
        set { change { $0.range = newValue } }
    }
    /// SEQUENCE: the revision, 0 when absent.
    public var sequence: Int {
        get { storage.fields.sequence }
        set { change { $0.sequence = newValue } }
    }
    /// DTSTAMP: when this version was written (with SEQUENCE, which of two versions is newer).
    public var stamp: Instant? {
        get { storage.fields.stamp }
        set { change { $0.stamp = newValue } }
    }
    /// Its VALARMs.
    public var alarms: [Alarm] {
        get { storage.fields.alarms }
        set { change { $0.alarms = newValue } }
    }
    /// Where it was read, when it was.
    public var position: SourcePosition? {
        get { storage.fields.position }
        set { change { $0.position = newValue } }
    }
    /// URL, ORGANIZER and ATTENDEEs together.
    struct People: Hashable, Sendable {
        var url: String?
        var organizer: Participant?
        var attendees: [Participant]

        /// Nothing of them: kept as no value at all.
        var isEmpty: Bool { url == nil && organizer == nil && attendees.isEmpty }

        static func stored(_ people: People) -> [People] { people.isEmpty ? [] : [people] }
    }

    private var people: People { storage.fields.people.first ?? People(url: nil, organizer: nil, attendees: []) }

    /// URL: a page about the event, as written.
    public var url: String? {
        get { storage.fields.people.first?.url }
        set {
            var people = self.people
            people.url = newValue
            change { $0.people = People.stored(people) }
        }
    }
    /// ORGANIZER: who sent the invitation.
    public var organizer: Participant? {
        get { storage.fields.people.first?.organizer }
        set {
            var people = self.people
            people.organizer = newValue
            change { $0.people = People.stored(people) }
        }
    }
    /// ATTENDEEs, in file order, with their replies.
    public var attendees: [Participant] {
        get { storage.fields.people.first?.attendees ?? [] }
        set {
            var people = self.people
            people.attendees = newValue
            change { $0.people = People.stored(people) }
        }
    }

    /// An event; without `length`, the length RFC 5545 gives an event with
    /// neither DTEND nor DURATION (a day for a date, none for a time).
    public init(uid: String, title: String? = nil, notes: String? = nil, location: String? = nil, start: ItemTime,
                length: ItemLength? = nil, status: Status? = nil, isTransparent: Bool = false, categories: [String] = [],
                recurrence: ItemRecurrence = ItemRecurrence(), recurrenceID: ItemTime? = nil, range: Range = .thisInstance,
                sequence: Int = 0, stamp: Instant? = nil, alarms: [Alarm] = [], position: SourcePosition? = nil,
                url: String? = nil, organizer: Participant? = nil, attendees: [Participant] = []) {
        storage = Storage(Fields(uid: uid, title: title, notes: notes, location: location, start: start,
                                 length: length ?? .implicit(for: start), status: status, isTransparent: isTransparent,
                                 categories: categories, recurrence: recurrence, recurrenceID: recurrenceID, range: range,
                                 sequence: sequence, stamp: stamp, alarms: alarms, position: position,
                                 people: People.stored(People(url: url, organizer: organizer, attendees: attendees))))
    }

    public static func == (a: Event, b: Event) -> Bool {
        a.storage === b.storage || a.storage.fields == b.storage.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
    }

    /// A date DTSTART: the event takes whole days.
    public var isAllDay: Bool { start.isDate }
    /// STATUS:CANCELLED.
    public var isCancelled: Bool { status == .cancelled }
}

/// A reminder (VTODO), as EventKit's reminders are.
public struct Reminder: Hashable, Sendable {
    /// STATUS of a to-do.
    public enum Status: String, Hashable, Sendable {
        case needsAction = "NEEDS-ACTION", inProcess = "IN-PROCESS", completed = "COMPLETED", cancelled = "CANCELLED"
    }

    /// UID.
    public var uid: String
    /// SUMMARY.
    public var title: String?
    /// DESCRIPTION.
    public var notes: String?
    /// LOCATION.
    public var location: String?
    /// CATEGORIES, every value of every CATEGORIES line.
    public var categories: [String]
    /// DTSTART.
    public var start: ItemTime?
    /// DUE, or DTSTART plus DURATION.
    public var due: ItemTime?
    /// COMPLETED.
    public var completed: Instant?
    /// STATUS.
    public var status: Status?
    /// PRIORITY: 0 undefined, 1 highest ... 9 lowest.
    public var priority: Int
    /// PERCENT-COMPLETE, 0 ... 100.
    public var percentComplete: Int?
    /// RRULE, RDATE and EXDATE, from DTSTART (else DUE).
    public var recurrence: ItemRecurrence
    /// RELATED-TO: the UIDs of the items this one belongs to.
    public var relatedTo: [String]
    /// SEQUENCE: the revision, 0 when absent.
    public var sequence: Int
    /// Its VALARMs.
    public var alarms: [Alarm]
    /// Where it was read, when it was.
    public var position: SourcePosition?

    /// A reminder of these fields.
    public init(uid: String, title: String? = nil, notes: String? = nil, start: ItemTime? = nil, due: ItemTime? = nil,
                completed: Instant? = nil, status: Status? = nil, priority: Int = 0, percentComplete: Int? = nil,
                recurrence: ItemRecurrence = ItemRecurrence(), relatedTo: [String] = [], sequence: Int = 0,
                alarms: [Alarm] = [], position: SourcePosition? = nil, location: String? = nil, categories: [String] = []) {
        self.uid = uid
        self.title = title
        self.notes = notes
        self.location = location
        self.categories = categories
        self.start = start
        self.due = due
        self.completed = completed
        self.status = status
        self.priority = priority
        self.percentComplete = percentComplete
        self.recurrence = recurrence
        self.relatedTo = relatedTo
        self.sequence = sequence
        self.alarms = alarms
        self.position = position
    }

    /// Completed (STATUS:COMPLETED or a COMPLETED time) or cancelled.
    public var isDone: Bool { status == .completed || status == .cancelled || completed != nil }
}

/// An alarm (VALARM) of an event or reminder.
public struct Alarm: Hashable, Sendable {
    /// When it fires (TRIGGER).
    public enum Trigger: Hashable, Sendable {
        /// Seconds after the occurrence's start (negative: before), or after its end.
        case relative(seconds: Int, toEnd: Bool)
        /// An instant (TRIGGER;VALUE=DATE-TIME, in UTC).
        case absolute(Instant)
    }

    /// ACTION: `AUDIO`, `DISPLAY`, `EMAIL`, or another as written.
    public var action: String
    /// TRIGGER.
    public var trigger: Trigger
    /// REPEAT: how many more times it fires after the first.
    public var repeatCount: Int
    /// DURATION between repetitions, in seconds.
    public var repeatInterval: Int
    /// DESCRIPTION.
    public var notes: String?
    /// X-WR-ALARMUID or UID of the alarm, when it has one.
    public var uid: String?

    /// An alarm of these fields.
    public init(action: String = "DISPLAY", trigger: Trigger, repeatCount: Int = 0, repeatInterval: Int = 0,
                notes: String? = nil, uid: String? = nil) {
        self.action = action
        self.trigger = trigger
        self.repeatCount = repeatCount
        self.repeatInterval = repeatInterval
        self.notes = notes
        self.uid = uid
    }

    /// The offsets (seconds after the trigger's first firing) of every
    /// firing: 0, then REPEAT more every DURATION.
    var firingOffsets: [Int] {
        let count = repeatInterval > 0 ? Swift.max(0, Swift.min(repeatCount, 1_000)) : 0
        return (0...count).map { $0.clampedProduct(repeatInterval) }
    }
}

/// A calendar: the events and reminders of one file or vdir folder, as
/// EventKit's EKCalendar and khal's collections are.
public struct CalendarCollection: Hashable, Sendable {
    /// X-WR-CALNAME, a vdir folder's `displayname`, else the file or folder name.
    public var name: String
    /// The file or folder read.
    public var path: String
    /// Its color as written (`#RRGGBB` or `#RRGGBBAA`): a vdir folder's
    /// `color` file (vdirsyncer), else X-APPLE-CALENDAR-COLOR; nil when none.
    public var color: String?
    /// Its VEVENTs: masters, one-off events and overrides, in file order.
    public var events: [Event]
    /// Its VTODOs.
    public var reminders: [Reminder]

    /// `color` when it is a hex color (`#RGB`, `#RRGGBB`, `#RRGGBBAA`), as
    /// `#rrggbb` (the alpha dropped), safe to put in CSS; nil otherwise.
    public var webColor: String? {
        guard let color, color.hasPrefix("#") else { return nil }
        let digits = Array(color.utf8.dropFirst())
        guard [3, 6, 8].contains(digits.count), digits.allSatisfy({ (48...57).contains($0) || (65...70).contains($0) || (97...102).contains($0) }) else {
            return nil
        }
        let hex = digits.count == 3 ? digits.flatMap { [$0, $0] } : Array(digits.prefix(6))
        return "#" + String(decoding: hex, as: UTF8.self).lowercased()
    }

    /// A calendar of these items.
    public init(name: String, path: String, color: String? = nil, events: [Event] = [], reminders: [Reminder] = []) {
        self.name = name
        self.path = path
        self.color = color
        self.events = events
        self.reminders = reminders
    }
}
