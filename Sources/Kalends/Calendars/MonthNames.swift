/// English month names as ICU formats them (pattern `MMMM`, locale `en`),
/// and the spellings people type for them. Each calendar holds its own names
/// (`CalendarFacts.monthName(_:leapYear:)`); this is the front door for a
/// built-in calendar chosen at run time.
///
/// The English tables are a cache of ICU's names, not facts of their own:
/// `MonthNameTableTests` checks every entry against ICU's `en` text of that
/// month, except the entries of `englishOverrides`, and they stay so that
/// the default English output opens no ICU date format at start-up. Every
/// other locale's names come from ICU (`LocalizedDateFormat`). The
/// spellings (`monthSpellings`, `Second Monthbis`) are what people type,
/// read only, never printed.
public enum MonthNames {
    /// Where Kalends' English differs from ICU's `en`: the one table of
    /// overrides, each entry with its reason. `MonthNameTableTests` checks
    /// that every difference from ICU is an entry here, and every entry one.
    public static let englishOverrides: [EnglishNameOverride] = [
        EnglishNameOverride(
            calendars: [.chinese, .dangi], icu: "Second Monthbis", kalends: "Leap Second Month",
            reason: "ICU glues CLDR's French-style \"bis\" to the ordinal of a leap month; English says \"leap\" "
                + "(閏二月, 윤이월: the leap second month), as `kalends` reads it too. The same for all twelve months."),
    ]

    /// The English name of a month: Hebrew M06 is "Adar II" in a leap year and
    /// "Adar" in a common one; a Chinese leap month is "Leap Second Month"
    /// (`englishOverrides`).
    public static func name(of code: MonthCode, in id: CalendarID, leapYear: Bool) -> String {
        BuiltInFacts(id).monthName(code, leapYear: leapYear)
    }

    /// The month code for an English name, or nil. Case, spaces, hyphens and
    /// apostrophes are ignored; common transliterations are accepted.
    public static func monthCode(forName name: String, in id: CalendarID) -> MonthCode? {
        BuiltInFacts(id).monthCode(forName: name)
    }

    /// Lowercase ASCII letters and digits only; roman numerals kept as letters.
    public static func normalized(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 65...90: result.unicodeScalars.append(Unicode.Scalar(scalar.value + 32) ?? scalar)
            case 97...122, 48...57: result.unicodeScalars.append(scalar)
            default: continue
            }
        }
        return result
    }
}

/// A calendar whose months each have one English name (ICU's) and perhaps
/// other spellings people type: the names and their lookup written once.
public protocol MonthNameTable: CalendarFacts {
    /// The English names of `M01`, `M02`, ...
    var monthNameTable: [String] { get }
    /// Other spellings, normalized (`MonthNames.normalized`), and their month numbers.
    var monthSpellings: [String: Int] { get }
}

extension MonthNameTable {
    public var monthSpellings: [String: Int] { [:] }

    public func monthName(_ code: MonthCode, leapYear: Bool) -> String {
        monthNameTable[min(max(code.number, 1), monthNameTable.count) - 1]
    }

    public func monthCode(forName name: String) -> MonthCode? {
        let key = MonthNames.normalized(name)
        guard !key.isEmpty else { return nil }
        if let number = monthSpellings[key] { return MonthCode(number) }
        return monthNameTable.firstIndex { MonthNames.normalized($0) == key }.map { MonthCode($0 + 1) }
    }
}

/// One entry of `MonthNames.englishOverrides`: the month names Kalends
/// writes instead of ICU's English, shown by one example pair.
public struct EnglishNameOverride: Sendable {
    /// The calendars it applies to.
    public let calendars: [CalendarID]
    /// ICU's `en` name of the example month.
    public let icu: String
    /// Kalends' name of it.
    public let kalends: String
    /// Why ICU's name is not kept.
    public let reason: String
}

