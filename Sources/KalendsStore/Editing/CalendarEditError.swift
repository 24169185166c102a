import Kalends
import KalendsICalendar

/// Why a calendar file was not changed. The file is then byte-for-byte
/// what it was. Each case carries its cause: the system's error number, the
/// reader's located error, the recurrence engine's error.
public enum CalendarEditError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (or its folder) could not be read, written or synced: `what` failed with the system's `code`.
    case system(path: String, what: String, code: Int32)
    /// The system refuses to write the file (its permissions, a read-only file system): the system's `code`.
    case readOnly(path: String, code: Int32)
    /// Another edit held the file's folder for longer than `seconds`.
    case locked(path: String, seconds: Int)
    /// Another program changed or replaced the file each of `attempts` times it was read and edited.
    case changedByAnotherProgram(path: String, attempts: Int)
    /// The file does not read as iCalendar without a defect (edits are strict): the reader's error.
    case unreadable(path: String, cause: CalendarReadError)
    /// A series of the file cannot be expanded, or is given twice (edits are strict): the located problem.
    case unusableSeries(path: String, problem: ICalendarWarning)
    /// No event (or reminder) with this UID.
    case unknownUID(uid: String, what: String, path: String)
    /// The time given is not an occurrence of the event.
    case notAnOccurrence(uid: String, time: ItemTime)
    /// An occurrence was named for an event that does not recur.
    case notRecurring(uid: String)
    /// Nothing to change was given.
    case nothingToChange
    /// An end not after the start.
    case endNotAfterStart(end: ItemTime, start: ItemTime)
    /// A start and an end of different forms (a date and a time).
    case mixedForms(start: ItemTime, end: ItemTime)
    /// A DURATION that is not positive, or has years or months.
    case invalidDuration(CalendarDuration)
    /// A rule that does not fit the start (a sub-daily rule on a date, ...): the engine's error.
    case invalidRecurrence(RecurrenceError)
    /// A rule given for one occurrence (an override takes none).
    case ruleForOneOccurrence
    /// A recurring event with overrides or exceptions whose start would change between a date and a time.
    case startFormChange(uid: String)
    /// A recurring reminder without a due time.
    case recurringReminderNeedsDue
    /// A PRIORITY outside 0 ... 9.
    case invalidPriority(Int)
    /// The edit needs more than `limit` of the series' occurrences walked one by one (its rule cannot be counted in closed form).
    case tooManyOccurrences(uid: String, limit: Int)
    /// The result would not read back strictly (a date past 9999, say): the reader's error.
    case wouldNotReadBack(ICalendarError)
    /// A time the edit computes falls outside the supported dates.
    case unplaceable(detail: String)
    /// The name a vdir item would get is another UID's file.
    case itemNameTaken(path: String, uid: String)
    /// A calendar to import does not read as iCalendar without a defect (imports are strict): the reader's error.
    case importUnreadable(path: String, cause: CalendarReadError)
    /// A calendar to import holds a series that cannot be expanded, or one given twice: the located problem.
    case importUnusable(path: String, problem: ICalendarWarning)
    /// A calendar to import is an iTIP message that is not an event to keep (a REPLY, a COUNTER, ...), at `line`.
    case importMethod(path: String, method: String, line: Int)
    /// A calendar to import both updates and cancels the item with `uid`.
    case importUpdatesAndCancels(path: String, uid: String)
    /// A calendar to import holds two versions of one item (a second master, or a second override of one occurrence).
    case importTwice(path: String, uid: String, recurrenceID: String?, line: Int, other: Int)
    /// A calendar to import defines a TZID the target defines otherwise: at `at`, their offsets (seconds east of UTC).
    case importZoneConflict(path: String, file: String, tzid: String, at: Instant, theirs: Int, ours: Int)
    /// A URL with a control character (a line break, a tab), which a URI value cannot hold.
    case invalidURL(String)

    public var description: String {
        let shown = RuleError.shown
        switch self {
        case .system(let path, let what, let code):
            return "\(shown(path)): cannot \(what): " + SystemReason.text(code)
        case .readOnly(let path, let code):
            return "\(shown(path)) is read-only (\(SystemReason.text(code))): nothing was changed"
        case .locked(let path, let seconds):
            return "\(shown(path)) is being edited by another kalends (waited \(seconds) s): nothing was changed"
        case .changedByAnotherProgram(let path, let attempts):
            return "\(shown(path)) was changed by another program while it was edited, \(attempts) times in a row: nothing was changed; try again"
        case .unreadable(let path, let cause):
            return "\(shown(path)) was not changed: it does not read as iCalendar without a defect (\(cause))"
        case .unusableSeries(let path, let problem):
            return "\(shown(path)) was not changed: \(problem.error)"
        case .unknownUID(let uid, let what, let path):
            return "no \(what) with UID \(shown(uid)) in \(shown(path))"
        case .notAnOccurrence(let uid, let time):
            return "\(time) is not an occurrence of the event with UID \(shown(uid))"
        case .notRecurring(let uid):
            return "the event with UID \(shown(uid)) does not recur: it has no occurrence to name"
        case .nothingToChange:
            return "nothing to change: give a new title, start, end, duration, rule, location, description, categories or URL"
        case .endNotAfterStart(let end, let start):
            return "the end \(end) is not after the start \(start)"
        case .mixedForms:
            return "the start and end must both be dates, or both times"
        case .invalidDuration(let duration):
            return "the duration \(duration) is not a positive length of weeks, days and time"
        case .invalidRecurrence(let error):
            return error.message
        case .ruleForOneOccurrence:
            return "one occurrence takes no rule: change the whole event, or use --future"
        case .startFormChange:
            return "a recurring event with exceptions keeps the form of its start (a date, or a time)"
        case .recurringReminderNeedsDue:
            return "a recurring reminder needs a due time"
        case .invalidPriority(let priority):
            return "a priority is 0 ... 9, not \(priority)"
        case .tooManyOccurrences(let uid, let limit):
            return "the edit of the event with UID \(shown(uid)) would walk more than \(limit) of its occurrences one by one: nothing was changed"
        case .wouldNotReadBack(let error):
            return "nothing was changed: the result would not read back (\(error))"
        case .unplaceable(let detail):
            return "nothing was changed: \(detail)"
        case .itemNameTaken(let path, let uid):
            return "\(shown(path)) holds another UID than \(shown(uid)): nothing was changed"
        case .importUnreadable(let path, let cause):
            return "\(shown(path)) was not imported: it does not read as iCalendar without a defect (\(cause)); nothing was changed"
        case .importUnusable(let path, let problem):
            return "\(shown(path)) was not imported: \(problem.error); nothing was changed"
        case .importMethod(let path, let method, let line):
            return "\(shown(path)):\(line): METHOD:\(shown(method)) is no event to keep (import takes a calendar, or METHOD PUBLISH, REQUEST or CANCEL); nothing was changed"
        case .importUpdatesAndCancels(let path, let uid):
            return "\(shown(path)) both updates and cancels the item with UID \(shown(uid)): import them one at a time; nothing was changed"
        case .importTwice(let path, let uid, let recurrenceID, let line, let other):
            return "\(shown(path)):\(line): the item with UID \(shown(uid))\(recurrenceID.map { " and RECURRENCE-ID \($0)" } ?? "") is given twice (also on line \(other)): "
                + "a calendar to import holds one version of each; nothing was changed"
        case .importZoneConflict(let path, let file, let tzid, let at, let theirs, let ours):
            let when = (try? ZonedDateTime(instant: at, zone: .utc).description) ?? "\(at.seconds)"
            return "\(shown(path)) defines the zone \(shown(tzid)) otherwise than \(shown(file)) does (at \(when): UTC\(UTCOffset(seconds: theirs)) against UTC\(UTCOffset(seconds: ours))), "
                + "so its times would move: rename the TZID in one of them; nothing was changed"
        case .invalidURL(let url):
            return "the URL \(shown(url)) holds a control character (a line break, a tab): a URL cannot"
        }
    }
}
