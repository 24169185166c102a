import Kalends

/// An event to add (`CalendarFileEditor.add(_:)`): what a person gives; the
/// editor adds a fresh UID, DTSTAMP, and the VTIMEZONEs its times need.
public struct NewEvent: Hashable, Sendable {
    /// SUMMARY.
    public var title: String
    /// DTSTART.
    public var start: ItemTime
    /// DTEND (exclusive) or DURATION; nil: a day for a date, none for a time.
    public var end: EventEnd?
    /// RRULEs.
    public var rules: [RecurrenceRule]
    /// LOCATION.
    public var location: String?
    /// VALARMs (DISPLAY, with the title).
    public var alarms: [Alarm]
    /// DESCRIPTION (line breaks kept); nil or empty: none.
    public var notes: String?
    /// CATEGORIES, one value each (a comma in a name is escaped, not a
    /// separator); empty names are left out, and no names: no CATEGORIES.
    public var categories: [String]
    /// URL, a URI written as given; nil or empty: none. One with a control
    /// character (a line break) is refused (`CalendarEditError.invalidURL`).
    public var url: String?

    /// An event of these fields.
    public init(title: String, start: ItemTime, end: EventEnd? = nil, rules: [RecurrenceRule] = [], location: String? = nil,
                alarms: [Alarm] = [], notes: String? = nil, categories: [String] = [], url: String? = nil) {
        self.title = title
        self.start = start
        self.end = end
        self.rules = rules
        self.location = location
        self.alarms = alarms
        self.notes = notes
        self.categories = categories
        self.url = url
    }
}

/// How an event's end is written.
public enum EventEnd: Hashable, Sendable {
    /// DTEND: this end, exclusive, in the start's form.
    case at(ItemTime)
    /// DURATION: weeks and days on the wall clock (a day over a DST change
    /// is 23 or 25 hours), then exact hours, minutes and seconds; positive,
    /// without years or months.
    case duration(CalendarDuration)
}

/// A reminder to add (`CalendarFileEditor.add(_:)`).
public struct NewReminder: Hashable, Sendable {
    /// SUMMARY.
    public var title: String
    /// DUE.
    public var due: ItemTime?
    /// RRULEs (from DUE).
    public var rules: [RecurrenceRule]
    /// PRIORITY, 1 ... 9 (0: none).
    public var priority: Int
    /// VALARMs.
    public var alarms: [Alarm]

    /// A reminder of these fields.
    public init(title: String, due: ItemTime? = nil, rules: [RecurrenceRule] = [], priority: Int = 0, alarms: [Alarm] = []) {
        self.title = title
        self.due = due
        self.rules = rules
        self.priority = priority
        self.alarms = alarms
    }
}

/// Changes to an event (`CalendarFileEditor.edit(uid:occurrence:future:changes:)`); nil: unchanged.
public struct EventChanges: Hashable, Sendable {
    /// A new SUMMARY.
    public var title: String?
    /// A new LOCATION.
    public var location: String?
    /// A new DTSTART: every occurrence changed moves with it (see the edit).
    public var start: ItemTime?
    /// A new DTEND or DURATION.
    public var end: EventEnd?
    /// New RRULEs (an empty list removes them).
    public var rules: [RecurrenceRule]?
    /// A new DESCRIPTION (an empty one removes it).
    public var notes: String?
    /// New CATEGORIES, replacing every CATEGORIES line (an empty list, or
    /// only empty names, removes them).
    public var categories: [String]?
    /// A new URL (an empty one removes it).
    public var url: String?

    /// Changes of these fields.
    public init(title: String? = nil, location: String? = nil, start: ItemTime? = nil, end: EventEnd? = nil, rules: [RecurrenceRule]? = nil,
                notes: String? = nil, categories: [String]? = nil, url: String? = nil) {
        self.title = title
        self.location = location
        self.start = start
        self.end = end
        self.rules = rules
        self.notes = notes
        self.categories = categories
        self.url = url
    }

    /// True when nothing would change.
    public var isEmpty: Bool {
        title == nil && location == nil && start == nil && end == nil && rules == nil && notes == nil && categories == nil && url == nil
    }
}

/// What marking a reminder done did.
public enum ReminderCompletion: Hashable, Sendable {
    /// It is completed now (STATUS, COMPLETED, PERCENT-COMPLETE written).
    case completed
    /// A recurring one moved to its next occurrence.
    case movedTo(ItemTime)
    /// It was completed already (at this time, when it says): nothing was changed.
    case alreadyCompleted(Instant?)
}
