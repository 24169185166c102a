/// English month names as ICU formats them (pattern `MMMM`, locale `en`),
/// and the spellings people type for them. Each calendar holds its own names
/// (`CalendarFacts.monthName(_:leapYear:)`); this is the front door for a
/// built-in calendar chosen at run time.
public enum MonthNames {
    /// The English name of a month: Hebrew M06 is "Adar II" in a leap year and
    /// "Adar" in a common one; a Chinese leap month carries ICU's "bis".
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
