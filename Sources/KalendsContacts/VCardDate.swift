import Kalends
import KalendsICalendar

/// A date as vCard gives it (BDAY, ANNIVERSARY, DEATHDATE, Apple's
/// X-ALTBDAY): a day of a calendar whose year, month or day may be unknown,
/// possibly with a time, or free text (`circa 1800`).
///
/// The fields are the calendar's own: for a Hebrew or Chinese date, its
/// year, its month code (`M05L` is a leap month) and its day. A year-less
/// date (`--0315`, `--03-15`, Apple's `X-APPLE-OMIT-YEAR`) has `year` nil.
///
///     let birthday = try VCardDate(parsing: "--03-15", property: "BDAY")
///     birthday.year                    // nil
///     birthday.month                   // M03
///     VCardDate.text("circa 1800")     // kept as the text it is
public struct VCardDate: Hashable, Sendable, CustomStringConvertible {
    /// The calendar the fields are in (`.gregorian` unless CALSCALE or an
    /// alternate birthday says another).
    public var calendar: CalendarID
    /// The year, nil when not known.
    public var year: Int?
    /// The month, nil when not given (a year alone, or `---15`).
    public var month: MonthCode?
    /// The day of the month, nil when not given.
    public var day: Int?
    /// The time of day, when the value has one.
    public var time: TimeOfDay?
    /// The UTC offset of the time in seconds (`Z`: 0), nil for a local time or none.
    public var utcOffset: Int?
    /// The text of a text value; nil for a date.
    public var text: String?

    /// A date of `calendar` with the fields known.
    public init(calendar: CalendarID = .gregorian, year: Int?, month: MonthCode?, day: Int?, time: TimeOfDay? = nil, utcOffset: Int? = nil) {
        self.calendar = calendar
        self.year = year
        self.month = month
        self.day = day
        self.time = time
        self.utcOffset = utcOffset
        text = nil
    }

    /// A text value (`VALUE=text`, or a value that is no date).
    public static func text(_ text: String) -> VCardDate {
        var date = VCardDate(year: nil, month: nil, day: nil)
        date.text = text
        return date
    }

    /// Whether the value has a month and a day: a date that recurs every year.
    public var hasMonthAndDay: Bool { text == nil && month != nil && day != nil }

    /// `1984-03-15`, `--03-15`, `hebrew 5744-M06-12`, `1984-03-15T10:30:00Z`, or the text.
    public var description: String {
        if let text { return text }
        var result = calendar == .gregorian ? "" : calendar.rawValue + " "
        result += year.map { Self.digits($0, 4) } ?? "-"
        if let month {
            result += "-" + (calendar == .gregorian && !month.isLeap ? Self.digits(month.number, 2) : month.description)
        } else if day != nil {
            result += "-"
        }
        if let day { result += "-" + Self.digits(day, 2) }
        if let time {
            result += "T" + Self.digits(time.hour, 2) + ":" + Self.digits(time.minute, 2) + ":" + Self.digits(time.second, 2)
            if let utcOffset { result += utcOffset == 0 ? "Z" : UTCOffset(seconds: utcOffset).description }
        }
        return result
    }

    /// The value in vCard 4.0's basic form (RFC 6350 section 4.3):
    /// `19850412`, `1985-04`, `1985`, `--0412`, `---12`, with `T143000Z` or
    /// `T1430-0500` after a date, or a time alone; the text of a text value.
    /// Gregorian fields only: another calendar's date is written by the card
    /// writer in its own form.
    public var vCard4Text: String {
        if let text { return text }
        var result = ""
        switch (year, month, day) {
        case (let year?, let month?, let day?): result = Self.digits(year, 4) + Self.digits(month.number, 2) + Self.digits(day, 2)
        case (let year?, let month?, nil): result = Self.digits(year, 4) + "-" + Self.digits(month.number, 2)
        case (let year?, nil, _): result = Self.digits(year, 4)
        case (nil, let month?, let day): result = "--" + Self.digits(month.number, 2) + (day.map { Self.digits($0, 2) } ?? "")
        case (nil, nil, let day?): result = "---" + Self.digits(day, 2)
        case (nil, nil, nil): break
        }
        if let time {
            result += "T" + Self.digits(time.hour, 2) + Self.digits(time.minute, 2) + Self.digits(time.second, 2)
            if let utcOffset {
                if utcOffset == 0 {
                    result += "Z"
                } else {
                    let magnitude = abs(utcOffset)
                    result += (utcOffset < 0 ? "-" : "+") + Self.digits(magnitude / 3600, 2) + Self.digits(magnitude % 3600 / 60, 2)
                }
            }
        }
        return result
    }

    static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: Swift.max(0, count - text.count)) + text
    }
}

extension VCardDate {
    /// Reads a vCard date value in any version's form: RFC 6350's basic and
    /// reduced forms (`19850412`, `1985-04`, `1985`, `--0412`, `---12`),
    /// RFC 2426's and ISO 8601's extended ones (`1985-04-12`, `--04-12`),
    /// each optionally with a time (`T143000`, `T14:30:00Z`, `T1430-0500`),
    /// or a time alone (`T102200Z`). Gregorian fields are checked (a month
    /// 1 ... 12, a day that the month has, 29 February only in a leap year or
    /// a year-less date).
    /// - Throws: `ContentLineError` naming `property` when the value is no such date.
    public init(parsing value: String, property: String) throws(ContentLineError) {
        try self.init(parsing: value, property: property, checkingGregorianDays: true)
    }

    /// The fields of a date value; `checkingGregorianDays`: days checked against the Gregorian months.
    init(parsing value: String, property: String, checkingGregorianDays: Bool) throws(ContentLineError) {
        var parser = DateText(Array(value.utf8), original: value, property: property)
        parser.checksDays = checkingGregorianDays
        self = try parser.read()
    }
}

/// The reading of one date value.
private struct DateText {
    let bytes: [UInt8]
    let original: String
    let property: String
    var index = 0
    var checksDays = true

    init(_ bytes: [UInt8], original: String, property: String) {
        self.bytes = bytes
        self.original = original
        self.property = property
    }

    func fail(_ detail: String? = nil) -> ContentLineError {
        if let detail { return ContentLineError(.invalidDate(original, detail: detail), property: property) }
        return ContentLineError(.malformedValue(type: "DATE-AND-OR-TIME", text: original), property: property)
    }

    func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= 48 && bytes[at] <= 57 }

    /// `count` digits at the cursor.
    mutating func number(_ count: Int) throws(ContentLineError) -> Int {
        var value = 0
        for _ in 0..<count {
            guard isDigit(index) else { throw fail() }
            value = value * 10 + Int(bytes[index] - 48)
            index += 1
        }
        return value
    }

    /// How many digits follow the cursor.
    func digitRun() -> Int {
        var end = index
        while isDigit(end) { end += 1 }
        return end - index
    }

    mutating func skip(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func read() throws(ContentLineError) -> VCardDate {
        guard !bytes.isEmpty, bytes.count <= 64 else { throw fail() }
        var year: Int?, month: Int?, day: Int?
        let dash = UInt8(ascii: "-")
        if bytes.first != UInt8(ascii: "T") {
            if bytes.starts(with: [dash, dash, dash]) {
                // ---DD
                index = 3
                day = try number(2)
            } else if bytes.starts(with: [dash, dash]) {
                // --MMDD, --MM-DD, --MM
                index = 2
                month = try number(2)
                if skip(dash) || isDigit(index) { day = try number(2) }
            } else {
                let run = digitRun()
                switch run {
                case 8:
                    year = try number(4); month = try number(2); day = try number(2)
                case 4:
                    year = try number(4)
                    if skip(dash) {
                        month = try number(2)
                        if skip(dash) { day = try number(2) }
                    }
                default:
                    throw fail()
                }
            }
        }
        var time: TimeOfDay?
        var offset: Int?
        if skip(UInt8(ascii: "T")) {
            (time, offset) = try readTime()
        }
        guard index == bytes.count else { throw fail() }
        guard year != nil || month != nil || day != nil || time != nil else { throw fail() }
        guard checksDays else {
            return VCardDate(year: year, month: month.map { MonthCode($0) }, day: day, time: time, utcOffset: offset)
        }
        if let month, !(1...12).contains(month) { throw fail("month \(month) is not 1 ... 12") }
        if let day {
            let most: Int
            switch (year, month) {
            case (let year?, let month?): most = Self.daysIn(month: month, year: year)
            case (nil, let month?): most = month == 2 ? 29 : Self.daysIn(month: month, year: 2001)
            default: most = 31
            }
            guard (1...most).contains(day) else { throw fail("day \(day) is not 1 ... \(most)") }
        }
        return VCardDate(year: year, month: month.map { MonthCode($0) }, day: day, time: time, utcOffset: offset)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `hh[mm[ss]]` or `hh:mm[:ss]`, a fraction of a second passed over, then `Z` or `±hh[[:]mm]`.
    mutating func readTime() throws(ContentLineError) -> (TimeOfDay, Int?) {
        let colon = UInt8(ascii: ":")
        let hour = try number(2)
        var minute = 0, second = 0
        if skip(colon) || isDigit(index) {
            minute = try number(2)
            if skip(colon) || isDigit(index) { second = try number(2) }
        }
        if skip(UInt8(ascii: ".")) || skip(UInt8(ascii: ",")) {
            guard digitRun() > 0 else { throw fail() }
            index += digitRun()
        }
        var offset: Int?
        if skip(UInt8(ascii: "Z")) {
            offset = 0
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            let hours = try number(2)
            var minutes = 0
            if skip(colon) || isDigit(index) { minutes = try number(2) }
            guard hours <= 23 && minutes <= 59 else { throw fail("offset \(hours):\(minutes) is out of range") }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        // 24:00:00 is the end of the day; a leap second is read as :59.
        guard hour <= 23 || (hour == 24 && minute == 0 && second == 0), minute <= 59, second <= 60 else {
            throw fail("time \(hour):\(minute):\(second) is out of range")
        }
        do {
            return (try TimeOfDay(hour: hour == 24 ? 23 : hour, minute: hour == 24 ? 59 : minute, second: hour == 24 ? 59 : Swift.min(second, 59)), offset)
        } catch {
            throw fail("\(error)")
        }
    }
}
