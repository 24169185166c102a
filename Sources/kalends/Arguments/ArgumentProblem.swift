#if canImport(Glibc)
import Glibc
#endif
import Kalends

/// What is wrong with input the command line itself reads (the library's
/// errors say what is wrong with dates, rules and zones). Thrown inside an
/// `InputError`, which says where the input came from; the exit status is 1.
enum ArgumentProblem: Error, Sendable, CustomStringConvertible {
    /// A file or standard input could not be opened or read: the system's
    /// reason (`errno`), as `cat` gives it.
    case unreadable(errno: Int32)
    /// Text that is not UTF-8 where text was expected.
    case notUTF8
    /// `recur --describe` on iCalendar text without an RRULE line.
    case noRuleToDescribe
    /// A `--format` pattern with a line break or control character in it.
    case patternBreaksLine
    /// A line of `diff -` without two values.
    case notAPair
    /// `diff` between a floating time and a zoned one.
    case floatingAndZoned
    /// A date-time with an offset or `Z` (an instant) whose date is not an
    /// ISO 8601 date; `calendar`: the calendar it was read in, if any.
    case instantNotISO(calendar: CalendarIdentifier?)
    /// `KALENDS_NOW` names no instant: why.
    case notAnInstant(reason: String)
    /// `easter` YEAR is not a whole number, or one too large to hold.
    case notAYear(Easter.Computus, tooLarge: Bool)
    /// A defect of a calendar file that `--strict` refuses: its place and what is wrong.
    case calendarFile(String)
    /// `layout` without `--day` on input that has no event to take the day from.
    case noEvents
    /// An anniversary that falls outside the supported years or days.
    case anniversaryOutOfRange(HebrewAnniversary.Kind, year: Int, eventYear: Int, years: Int, ConversionError)

    var description: String {
        switch self {
        case .unreadable(let code):
            "cannot be read: \(SystemReason.text(code))"
        case .notUTF8:
            "is not UTF-8 text"
        case .noRuleToDescribe:
            "has no RRULE line to describe"
        case .patternBreaksLine:
            "a pattern may not hold a line break or control character: each result is one line"
        case .notAPair:
            "expected START and END separated by a tab or spaces"
        case .floatingAndZoned:
            "cannot measure between a floating time and a zoned one: give both an offset, or --tz ZONE"
        case .instantNotISO(let calendar):
            "a time with an offset or Z is an instant, whose date is written as an ISO 8601 date, "
                + (calendar.map { "not a \($0) date" } ?? "YYYY-MM-DD, with no month code, era or month name")
                + " (drop the offset and give --tz ZONE)"
        case .notAnInstant(let reason):
            reason
        case .notAYear(let computus, let tooLarge):
            tooLarge ? "the \(computus.rawValue) computus covers years \(computus.years.lowerBound) ... \(computus.years.upperBound)"
                     : "not a year: expected a whole number \(computus.years.lowerBound) ... \(computus.years.upperBound)"
        case .calendarFile(let text):
            text
        case .noEvents:
            "there are no events to choose a day from; give --day"
        case .anniversaryOutOfRange(let kind, let year, let eventYear, let years, let underlying):
            "--years \(years): the \(kind.rawValue) in hebrew year \(year) (DATE is in hebrew year \(eventYear)): \(underlying)"
        }
    }

}
