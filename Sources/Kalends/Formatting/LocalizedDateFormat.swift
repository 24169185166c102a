import CICU

/// Dates written as a locale writes them: ICU's month and weekday names,
/// numerals and patterns, applied to Kalends' own fields.
///
/// ICU formats the fields it is given, not an instant it converts itself,
/// so a date ICU's own calendar gets wrong (Hebrew AM 5807, Docs/Conformance.md)
/// is still written as Kalends computes it; see Docs/Conversion.md,
/// "Formatting in a locale".
///
///     let format = try LocalizedDateFormat(locale: "he", calendar: .hebrew)
///     try format.string(from: date)   // "יום שישי, 5 באדר ב׳ 5784"
public struct LocalizedDateFormat: Sendable {
    /// The locale as given (`he`, `he-u-nu-hebr`, `fa_IR`).
    public let locale: String
    /// The ICU locale id it was read as (`he@numbers=hebr`).
    public let localeID: String
    /// The calendar whose dates this writes.
    public let calendar: CalendarID
    /// The ICU pattern used: the one given, or the locale's full date
    /// pattern for the calendar (`EEEE, d MMMM y`).
    public let pattern: String

    private let handle: ICUDateFormatHandle
    private let segments: [PatternSegment]

    /// A format for `calendar` in `locale` with the ICU date `pattern`
    /// (`EEEE d MMMM y G`), or the locale's full date style when nil.
    /// Throws `FormatError` for a locale ICU has no data for, or a bad pattern.
    public init(locale: String = "en", calendar: CalendarID, pattern: String? = nil) throws(FormatError) {
        self.locale = locale
        self.calendar = calendar
        localeID = try ICUDateFormatHandle.localeID(locale)
        if let pattern {
            guard !pattern.isEmpty else { throw .invalidPattern(pattern, detail: "the pattern is empty") }
            guard pattern.utf8.count <= 400 else { throw .invalidPattern(String(pattern.prefix(40)) + "...", detail: "longer than 400 bytes") }
        }
        let (type, change) = try Self.icuCalendar(calendar)
        handle = try ICUDateFormatHandle(localeID: localeID, calendarType: type, pattern: pattern ?? "", gregorianChange: change)
        let used: String
        if let pattern {
            used = pattern
        } else {
            used = try handle.withFormat { format throws(FormatError) in
                try ICUDateFormatHandle.text("read the full date pattern of '\(locale)'") { kicu_date_format_pattern(format, $0, $1, &$2) }
            }
        }
        self.pattern = used
        segments = try PatternSegment.split(used)
    }

    /// A format with the locale's own pattern for an ICU skeleton: `yMMMM`
    /// (a month and its year: "March 2024", "2024年3月"), `MMMM`, `y`.
    public init(locale: String = "en", calendar: CalendarID, skeleton: String) throws(FormatError) {
        guard !skeleton.isEmpty, skeleton.utf8.count < 60, skeleton.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw .invalidPattern(skeleton, detail: "a skeleton is pattern letters only (yMMMM)")
        }
        let id = try ICUDateFormatHandle.localeID(locale)
        let type = try Self.icuCalendar(calendar).type
        let pattern = try ICUDateFormatHandle.text("find the pattern of '\(skeleton)' for '\(locale)'") {
            kicu_best_pattern(id, type, skeleton, $0, $1, &$2)
        }
        try self.init(locale: locale, calendar: calendar, pattern: pattern)
    }

    /// `date` (a date of this format's calendar) written with the pattern;
    /// `secondsOfDay` is the wall-clock time the time fields (`HH:mm`) show.
    public func string(from date: CalendarDate, secondsOfDay: Int = 0) throws(FormatError) -> String {
        overridingEnglish(try string(from: date, secondsOfDay: secondsOfDay, fieldByField: false), of: date)
    }

    /// ICU's English text with `MonthNames.englishOverrides` applied: a
    /// Chinese or Dangi leap month's full name ("Second Monthbis") becomes
    /// Kalends' ("Leap Second Month") in the English locales, as in the
    /// default output.
    func overridingEnglish(_ text: String, of date: CalendarDate) -> String {
        guard date.monthCode.isLeap, calendar == .chinese || calendar == .dangi,
              localeID.lowercased().hasPrefix("en"), localeID.count == 2 || !(localeID.dropFirst(2).first?.isLetter ?? false) else { return text }
        let facts = BuiltInFacts(calendar)
        let base = facts.monthName(MonthCode(date.monthCode.number), leapYear: false)
        return text.replacing(base + "bis", with: facts.monthName(date.monthCode, leapYear: false))
    }

    /// `value` written with the locale's digits, as this format writes its
    /// numeric fields (`15` in en, `١٥` in ar, `۱۵` in fa, `ט״ו` in
    /// `he-u-nu-hebr`), without grouping separators.
    public func numeral(_ value: Int) throws(FormatError) -> String {
        let wide = Int64(value)
        return try handle.withFormat { format throws(FormatError) in
            try ICUDateFormatHandle.text("write the number \(value) in '\(locale)'") { kicu_date_format_number(format, wide, $0, $1, &$2) }
        }
    }

    /// `fieldByField`: always take the path for dates ICU's calendar moves
    /// (the tests compare both paths where ICU agrees).
    func string(from date: CalendarDate, secondsOfDay: Int, fieldByField: Bool) throws(FormatError) -> String {
        guard (0..<86_400).contains(secondsOfDay) else {
            throw .icuFailure(operation: "format the time \(secondsOfDay) s after midnight", status: "not a time of day")
        }
        let facts = BuiltInFacts(calendar)
        let time: [Int32] = [Int32(KICU_HOUR_OF_DAY), Int32(secondsOfDay / 3600), Int32(KICU_MINUTE), Int32(secondsOfDay / 60 % 60),
                             Int32(KICU_SECOND), Int32(secondsOfDay % 60)]
        let exact = try fields(date, facts: facts) + time
        let (dayMillis, overflow) = date.dayNumber.multipliedReportingOverflow(by: 86_400_000)
        guard !overflow else { throw .icuFailure(operation: "format day \(date.dayNumber)", status: "out of ICU's range") }
        let instant = Double(dayMillis) + Double(secondsOfDay) * 1_000
        return try handle.withFormat { format throws(FormatError) in
            let whole = try Self.format(format, exact, what: "format \(date)")
            // ICU's calendar agrees with Kalends on this date: ICU's own text, whole.
            if !fieldByField, whole.agrees, (whole.millis / 86_400_000).rounded(.down) == Double(date.dayNumber) { return whole.text }
            // It does not (Hebrew AM 5807): each field from a date on which ICU agrees
            // with Kalends about that field, the pattern's literals as they are.
            defer { try? Self.apply(pattern, to: format) }
            var text = ""
            for segment in segments {
                switch segment {
                case .literal(let literal):
                    text += literal
                case .field(let letter, let count):
                    try Self.apply(String(repeating: letter, count: count), to: format)
                    switch letter {
                    case "E", "e", "c", "g":
                        // The weekday (and the Julian day) of the day itself: ICU's
                        // weekday of an instant is plain arithmetic.
                        text += try ICUDateFormatHandle.text("format the weekday of \(date)") {
                            kicu_date_format_millis(format, instant, $0, $1, &$2)
                        }
                    case "d", "F":
                        text += try dayText(date, facts: facts, time: time, format: format, exact: whole.agrees ? exact : nil)
                    case "D":
                        text += try dayOfYearText(date, facts: facts, time: time, format: format)
                    default:
                        text += whole.agrees ? try Self.format(format, exact, what: "format \(date)").text
                            : try proxyText(date, monthField: letter == "M" || letter == "L", facts: facts, time: time, format: format)
                    }
                }
            }
            return text
        }
    }

    /// A year, month or era field of a date ICU's calendar moves: from the
    /// first of its month where ICU agrees with Kalends there, else from a
    /// date that shows the same field and on which ICU agrees: the same month
    /// of a year as long, up to 60 years away, for a month (ICU 72 moves
    /// whole Chinese years after it has computed Dangi ones, and the other
    /// way round); another month of the same year for the rest.
    private func proxyText(_ date: CalendarDate, monthField: Bool, facts: BuiltInFacts, time: [Int32], format: OpaquePointer) throws(FormatError) -> String {
        let first = try Self.format(format, try fields(date, facts: facts, day: 1) + time, what: "format \(date)")
        if first.agrees { return first.text }
        if monthField {
            let system = try? Calendars.system(calendar)
            let length = system?.monthsInYear(date.year)
            for distance in 1...60 {
                for year in [date.year - distance, date.year + distance] where system?.monthsInYear(year) == length {
                    guard let pairs = try? fields(date, facts: facts, year: year, day: 1),
                          let proxy = try? Self.format(format, pairs + time, what: "format \(date)") else { continue }
                    if proxy.agrees { return proxy.text }
                }
            }
        } else {
            for month in 1...13 {
                let code = MonthCode(month)
                guard facts.hasMonthCode(code), let pairs = try? fields(date, facts: facts, monthCode: code, day: 1),
                      let proxy = try? Self.format(format, pairs + time, what: "format \(date)") else { continue }
                if proxy.agrees { return proxy.text }
            }
        }
        return first.text
    }

    /// The day of the month: from `exact` when ICU keeps it, else the same
    /// day of the first month of the year in which ICU has that day.
    private func dayText(_ date: CalendarDate, facts: BuiltInFacts, time: [Int32], format: OpaquePointer,
                         exact: [Int32]?) throws(FormatError) -> String {
        if let exact { return try Self.format(format, exact, what: "format the day of \(date)").text }
        for month in 1...13 {
            let code = MonthCode(month)
            guard facts.hasMonthCode(code) else { continue }
            let proxy = try Self.format(format, try fields(date, facts: facts, monthCode: code) + time, what: "format the day of \(date)")
            if proxy.agrees { return proxy.text }
        }
        // No month of the year (ICU puts every Indian day before Julian Day 0 a
        // day late): the same day of the month in one of the eight years from
        // that of 2000-01-01 (a leap year among them, for a 31st of Chaitra or a
        // 30th of Heshvan), or in a year up to 60 years away.
        let system = try? Calendars.system(calendar)
        let modern = system.flatMap { try? $0.date(dayNumber: 10_957).year }
        for year in (modern.map { Array($0...($0 + 7)) } ?? []) + (1...60).flatMap({ [date.year - $0, date.year + $0] }) {
            guard let pairs = try? fields(date, facts: facts, year: year),
                  let proxy = try? Self.format(format, pairs + time, what: "format the day of \(date)") else { continue }
            if proxy.agrees { return proxy.text }
        }
        return try Self.format(format, try fields(date, facts: facts) + time, what: "format the day of \(date)").text
    }

    /// The day of the year, Kalends' count: ICU's text of that count as a day
    /// of the same year when ICU's year is that long, else of the year before.
    private func dayOfYearText(_ date: CalendarDate, facts: BuiltInFacts, time: [Int32], format: OpaquePointer) throws(FormatError) -> String {
        let count: Int
        do {
            count = try date.dayOfYear
        } catch {
            throw .icuFailure(operation: "count the day of the year of \(date)", status: "\(error)")
        }
        // The year's pairs come first: (EXTENDED_YEAR, y) or (ERA, e, YEAR, y).
        let all = try fields(date, facts: facts)
        let yearPairs: [Int32]
        switch facts.icuYear {
        case .eraYear: yearPairs = Array(all.prefix(4))
        case .extended: yearPairs = Array(all.prefix(2))
        }
        var yearBefore = yearPairs
        if let last = yearBefore.last { yearBefore[yearBefore.count - 1] = last &- 1 }
        for pairs in [yearPairs, yearBefore] {
            let proxy = try Self.format(format, pairs + [Int32(KICU_DAY_OF_YEAR), Int32(clamping: count)] + time,
                                        what: "format the day of the year of \(date)")
            if proxy.agrees { return proxy.text }
        }
        return try Self.format(format, yearPairs + [Int32(KICU_DAY_OF_YEAR), Int32(clamping: count)] + time,
                               what: "format the day of the year of \(date)").text
    }

    /// ICU's (field, value) pairs for `date`, the month or day replaced when given.
    private func fields(_ date: CalendarDate, facts: BuiltInFacts, year proxyYear: Int? = nil, monthCode: MonthCode? = nil,
                        day: Int? = nil) throws(FormatError) -> [Int32] {
        let dateYear = proxyYear ?? date.year
        var pairs: [Int32] = []
        func value(_ number: Int) throws(FormatError) -> Int32 {
            guard let value = Int32(exactly: number) else {
                throw .icuFailure(operation: "format \(date)", status: "a field is out of ICU's range")
            }
            return value
        }
        switch facts.icuYear {
        case .eraYear(let era):
            pairs += [Int32(KICU_ERA), try value(era), Int32(KICU_YEAR), try value(dateYear)]
        case .extended(let offset):
            let (year, overflow) = dateYear.addingReportingOverflow(offset)
            guard !overflow else { throw .icuFailure(operation: "format \(date)", status: "a field is out of ICU's range") }
            pairs += [Int32(KICU_EXTENDED_YEAR), try value(year)]
        }
        let code = monthCode ?? date.monthCode
        pairs += [Int32(KICU_MONTH), try value(facts.foundationMonth(code) - 1)]
        if calendar == .chinese || calendar == .dangi {
            pairs += [Int32(KICU_IS_LEAP_MONTH), facts.foundationIsLeapMonth(code) ? 1 : 0]
        }
        pairs += [Int32(KICU_DATE), try value(day ?? date.day)]
        return pairs
    }

    /// Formats the fields `pairs` with `format`'s pattern: the text, whether
    /// ICU kept every field, and the instant ICU computed.
    private static func format(_ format: OpaquePointer, _ pairs: [Int32], what: @autoclosure () -> String) throws(FormatError)
        -> (text: String, agrees: Bool, millis: Double) {
        var agrees: Int32 = 0
        var millis = 0.0
        let count = Int32(pairs.count / 2)
        let text = try pairs.withUnsafeBufferPointer { values throws(FormatError) in
            try ICUDateFormatHandle.text(what()) { kicu_date_format_fields(format, values.baseAddress, count, &agrees, &millis, $0, $1, &$2) }
        }
        return (text, agrees == 1, millis)
    }

    private static func apply(_ pattern: String, to format: OpaquePointer) throws(FormatError) {
        var status: Int32 = 0
        kicu_date_format_apply_pattern(format, pattern, &status)
        guard status <= 0 else { throw .invalidPattern(pattern, detail: ICUCalendarHandle.errorName(status)) }
    }

    /// The ICU calendar type that writes `id`'s dates (the calendar's fact),
    /// and its Julian/Gregorian switch (NaN: none).
    static func icuCalendar(_ id: CalendarID) throws(FormatError) -> (type: String, gregorianChange: Double) {
        guard let icu = BuiltInFacts(id).icuCalendar else { throw .unsupportedCalendar(id.rawValue) }
        return (icu.formatType, ICUCalendarHandle.millis(icu.gregorianChange) ?? .nan)
    }
}

/// A piece of an ICU date pattern: a field (a run of one letter, `MMMM`) or
/// literal text (quotes removed, `''` an apostrophe).
enum PatternSegment: Equatable {
    case literal(String)
    case field(Character, Int)

    /// The letters ICU's date patterns use, zone fields left out: Kalends'
    /// dates and wall-clock times have no zone to show.
    static let fieldLetters = Set("GyYuUrQqMLwWdDFgEecabBhHkKmsSA")
    static let zoneLetters = Set("zZOvVXx")

    /// `pattern` split into fields and literals; throws for a letter that is
    /// no field, a zone field, or an unterminated quote.
    static func split(_ pattern: String) throws(FormatError) -> [PatternSegment] {
        var segments: [PatternSegment] = []
        var literal = ""
        let characters = Array(pattern)
        var index = 0
        func flush() {
            if !literal.isEmpty { segments.append(.literal(literal)) }
            literal = ""
        }
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                if index + 1 < characters.count, characters[index + 1] == "'" {
                    literal.append("'")
                    index += 2
                    continue
                }
                index += 1
                var closed = false
                while index < characters.count {
                    if characters[index] == "'" {
                        if index + 1 < characters.count, characters[index + 1] == "'" {
                            literal.append("'")
                            index += 2
                            continue
                        }
                        index += 1
                        closed = true
                        break
                    }
                    literal.append(characters[index])
                    index += 1
                }
                guard closed else { throw .invalidPattern(pattern, detail: "a quote (') is not closed") }
            } else if character.isASCII, character.isLetter {
                if zoneLetters.contains(character) {
                    throw .invalidPattern(pattern, detail: "'\(character)' is a time-zone field; dates here have no zone")
                }
                guard fieldLetters.contains(character) else {
                    throw .invalidPattern(pattern, detail: "'\(character)' is not a date field letter (quote literal text: 'at')")
                }
                flush()
                var count = 1
                while index + count < characters.count, characters[index + count] == character { count += 1 }
                // Months and weekdays have 1 ... 5 letters (6 for the short weekday);
                // ICU writes longer runs as numbers of its own (Hebrew Adar II as "000014").
                let longest: Int? = "ML".contains(character) ? 5 : "Ec".contains(character) ? 6 : nil
                if let longest, count > longest {
                    throw .invalidPattern(pattern, detail: "'\(character)' takes 1 ... \(longest) letters, not \(count)")
                }
                segments.append(.field(character, count))
                index += count
            } else {
                literal.append(character)
                index += 1
            }
        }
        flush()
        return segments
    }
}
