import Kalends

/// A value type of a content-line format (RFC 5545 section 3.3, and the
/// types another format such as vCard adds): its name as `VALUE=` writes
/// it, and how a value of it is checked. Two types are the same when their
/// names are.
///
///     ICalendarValueType.integer.problem(in: "12a", property: "SEQUENCE")
///     // SEQUENCE: '12a' is not an INTEGER
public struct ICalendarValueType: Hashable, Sendable, CustomStringConvertible {
    /// The name, in capitals (`DATE-TIME`).
    public let name: String
    /// Whether a lenient read checks values of this type: the types the
    /// event model reads (dates, times, durations, offsets, rules, numbers).
    /// A strict read checks every type.
    public let isCheckedWhenLenient: Bool
    /// The check of one value (one item of a list): nil when it reads, else why not.
    private let check: @Sendable (_ value: Substring, _ property: String) -> ContentLineError?

    /// A type named `name` (upper-cased) whose values `check` checks.
    public init(name: String, isCheckedWhenLenient: Bool,
                check: @escaping @Sendable (_ value: Substring, _ property: String) -> ContentLineError?) {
        self.name = ASCIICase.upper(name)
        self.isCheckedWhenLenient = isCheckedWhenLenient
        self.check = check
    }

    /// Why `value` (one item) is no value of this type, if it is not; the error
    /// names `property` and has no column (the caller knows where the item is).
    public func problem(in value: Substring, property: String) -> ContentLineError? {
        check(value, property)
    }

    public static func == (a: ICalendarValueType, b: ICalendarValueType) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    public var description: String { name }

    /// Each value that `read` reads (its error kept).
    private static func reading<T>(_ read: @escaping @Sendable (Substring, String) throws(ContentLineError) -> T)
        -> @Sendable (Substring, String) -> ContentLineError? {
        { (value: Substring, property: String) -> ContentLineError? in
            do throws(ContentLineError) {
                _ = try read(value, property)
                return nil
            } catch {
                return error
            }
        }
    }

    // MARK: RFC 5545 section 3.3

    /// BINARY: base64 (RFC 4648).
    public static let binary = ICalendarValueType(name: "BINARY", isCheckedWhenLenient: false,
                                                  check: reading { v, p throws(ContentLineError) in try ICalendarValue.Binary.read(v, property: p) })
    /// BOOLEAN: TRUE or FALSE.
    public static let boolean = ICalendarValueType(name: "BOOLEAN", isCheckedWhenLenient: true,
                                                   check: reading { v, p throws(ContentLineError) in try ICalendarValue.Boolean.read(v, property: p) })
    /// CAL-ADDRESS: a URI, usually `mailto:`. Not checked: writers put bare
    /// addresses there, and a strict read (every edit's) must not refuse their files.
    public static let calAddress = ICalendarValueType(name: "CAL-ADDRESS", isCheckedWhenLenient: false, check: { _, _ in nil })
    /// DATE: `YYYYMMDD`.
    public static let date = ICalendarValueType(name: "DATE", isCheckedWhenLenient: true,
                                                check: reading { v, p throws(ContentLineError) in try ICalendarValue.Date.read(v, property: p) })
    /// DATE-TIME: `YYYYMMDDTHHMMSS`, `Z` for UTC (a bare date too: many writers leave out `VALUE=DATE`).
    public static let dateTime = ICalendarValueType(name: "DATE-TIME", isCheckedWhenLenient: true,
                                                    check: reading { v, p throws(ContentLineError) in try ICalendarValue.DateTime.read(v, property: p) })
    /// DURATION: `P1W`, `-PT15M`, `P1DT2H`.
    public static let duration = ICalendarValueType(name: "DURATION", isCheckedWhenLenient: true,
                                                    check: reading { v, p throws(ContentLineError) in try ICalendarValue.Duration.read(v, property: p) })
    /// FLOAT: `[+-]digits[.digits]`.
    public static let float = ICalendarValueType(name: "FLOAT", isCheckedWhenLenient: true,
                                                 check: reading { v, p throws(ContentLineError) in try ICalendarValue.Float.read(v, property: p) })
    /// INTEGER: `[+-]digits`, within 32 bits.
    public static let integer = ICalendarValueType(name: "INTEGER", isCheckedWhenLenient: true,
                                                   check: reading { v, p throws(ContentLineError) in try ICalendarValue.Integer.read(v, property: p) })
    /// PERIOD: `START/END` or `START/DURATION`.
    public static let period = ICalendarValueType(name: "PERIOD", isCheckedWhenLenient: true,
                                                  check: reading { v, p throws(ContentLineError) in try ICalendarValue.Period.read(v, zone: nil, property: p) })
    /// RECUR: an RRULE.
    public static let recur = ICalendarValueType(name: "RECUR", isCheckedWhenLenient: true, check: { value, property in
        do {
            _ = try ICalendarValue.Recur.read(value)
            return nil
        } catch {
            // The rule's own error, with its part and offset, is reported by the caller as a rule error.
            return ContentLineError(.malformedValue(type: "RECUR", text: String(value)), property: property)
        }
    })
    /// TEXT: any text (its escapes are read leniently).
    public static let text = ICalendarValueType(name: "TEXT", isCheckedWhenLenient: false, check: { _, _ in nil })
    /// TIME: `HHMMSS`, `Z` for UTC.
    public static let time = ICalendarValueType(name: "TIME", isCheckedWhenLenient: false,
                                                check: reading { v, p throws(ContentLineError) in try ICalendarValue.Time.read(v, property: p) })
    /// URI (RFC 3986). Not checked: real writers put relative references
    /// there (Apple's alarm sound `ATTACH;VALUE=URI:Chord`), and a strict
    /// read (every edit's) must not refuse their files; `ICalendarValue.URI`
    /// checks for a scheme where a caller wants one.
    public static let uri = ICalendarValueType(name: "URI", isCheckedWhenLenient: false, check: { _, _ in nil })
    /// UTC-OFFSET: `+HHMM`, `-HHMMSS`.
    public static let utcOffset = ICalendarValueType(name: "UTC-OFFSET", isCheckedWhenLenient: true,
                                                     check: reading { v, p throws(ContentLineError) in try ICalendarValue.UTCOffsetText.read(v, property: p) })
    /// The types of RFC 5545, by name.
    public static let iCalendarTypes: [String: ICalendarValueType] = Dictionary(uniqueKeysWithValues: [
        binary, boolean, calAddress, date, dateTime, duration, float, integer, period, recur, text, time, uri, utcOffset,
    ].map { ($0.name, $0) })
}
