import CICU

/// How weeks are counted: the first day of a week and how many days of a new
/// year its first week needs. Days are ISO weekdays (1 = Monday ... 7 = Sunday).
public struct WeekRules: Hashable, Sendable {
    /// The weekday a week starts on (1 = Monday ... 7 = Sunday).
    public var firstWeekday: Int
    /// The fewest days of a year that make its first week (ISO: 4).
    public var minimumDaysInFirstWeek: Int
    /// The weekend days (ISO weekdays).
    public var weekend: Set<Int>

    /// Rules given directly; values are clamped to 1 ... 7.
    public init(firstWeekday: Int, minimumDaysInFirstWeek: Int = 1, weekend: Set<Int> = [6, 7]) {
        self.firstWeekday = Swift.min(Swift.max(firstWeekday, 1), 7)
        self.minimumDaysInFirstWeek = Swift.min(Swift.max(minimumDaysInFirstWeek, 1), 7)
        self.weekend = weekend.filter { (1...7).contains($0) }
    }

    /// ISO 8601: weeks start on Monday, week 1 holds the year's first Thursday.
    public static let iso = WeekRules(firstWeekday: 1, minimumDaysInFirstWeek: 4)

    /// Rules given directly, each value checked: weekdays 1 ... 7, minimum days 1 ... 7.
    public init(validatingFirstWeekday firstWeekday: Int, minimumDaysInFirstWeek: Int = 1, weekend: Set<Int> = [6, 7]) throws(RangeError) {
        for (field, value) in [("firstWeekday", firstWeekday), ("minimumDaysInFirstWeek", minimumDaysInFirstWeek)] + weekend.sorted().map({ ("weekend", $0) })
        where !(1...7).contains(value) {
            throw .invalidWeekRule(field: field, value: value)
        }
        self.init(firstWeekday: firstWeekday, minimumDaysInFirstWeek: minimumDaysInFirstWeek, weekend: weekend)
    }

    /// The identifier ICU is given for the C and POSIX locales (`C`,
    /// `C.UTF-8`, `POSIX`, `POSIX.UTF-8`): `en_US_POSIX`, as ICU itself maps
    /// them, so all four start weeks on Sunday (glibc's C locale does too).
    public static let posixLocale = "en_US_POSIX"

    /// True for `C`, `POSIX` and their `.UTF-8` (or other `.codeset`, `@modifier`) forms.
    static func isPOSIX(_ identifier: String) -> Bool {
        let base = identifier.prefix { $0 != "." && $0 != "@" }
        return base == "C" || base == "POSIX"
    }

    /// The rules ICU's locale data give for a locale such as `en_US`, `de_DE`,
    /// `he_IL`, `ar_SA` or `fa_IR`; the C and POSIX locales are `posixLocale`.
    /// Lenient: an unknown locale gets ICU's root rules (`locale(validating:)` throws).
    public static func locale(_ identifier: String) -> WeekRules {
        let identifier = isPOSIX(identifier) ? posixLocale : identifier
        var status: Int32 = 0
        let first = Int(kicu_first_weekday(identifier, &status))
        status = 0
        let minimum = Int(kicu_minimal_days_in_first_week(identifier, &status))
        var weekend: Set<Int> = []
        for icuDay in 1...7 {
            status = 0
            if kicu_is_weekend_day(identifier, Int32(icuDay), &status) == 1, status <= 0 {
                weekend.insert(icuDay == 1 ? 7 : icuDay - 1)
            }
        }
        return WeekRules(firstWeekday: first == 1 ? 7 : first - 1, minimumDaysInFirstWeek: minimum,
                         weekend: weekend.isEmpty ? [6, 7] : weekend)
    }

    /// The rules of a locale named explicitly (`--locale de_DE`, `de-DE`,
    /// `C.UTF-8`); throws `RangeError.malformedLocale` for an id that is no
    /// BCP 47 tag or ICU id (`he@@@`, the empty string), and
    /// `RangeError.unknownLocale` when ICU has no data for its language
    /// (`xx_YY`) instead of using root's rules.
    public static func locale(validating identifier: String) throws(RangeError) -> WeekRules {
        guard LocaleIdentifierSyntax.isWellFormed(identifier) else { throw .malformedLocale(identifier) }
        if isPOSIX(identifier) { return locale(posixLocale) }
        let trimmed = identifier.prefix { $0 != "." && $0 != "@" }
        guard !trimmed.isEmpty, trimmed.utf8.count <= 100, kicu_locale_has_language_data(String(trimmed)) == 1 else {
            throw .unknownLocale(identifier)
        }
        return locale(String(trimmed))
    }

    /// The locale of the environment (`LC_ALL`, `LC_TIME`, `LANG`), as ICU
    /// spells it (`en_US.UTF-8` becomes `en_US`; `C`, `POSIX` and their
    /// `.UTF-8` forms become `posixLocale`); empty means ICU's default.
    public static func environmentLocale(_ environment: [String: String]) -> String {
        for key in ["LC_ALL", "LC_TIME", "LANG"] {
            if let value = environment[key], !value.isEmpty {
                return isPOSIX(value) ? posixLocale : String(value.prefix { $0 != "." && $0 != "@" })
            }
        }
        return ""
    }

    /// How many days `day` is into its week (0 on the first weekday).
    public func offsetInWeek(_ day: Int) -> Int {
        (DayNumber.isoWeekday(day) - firstWeekday).floorModulo(7)
    }

    /// The first day of the week that contains `day`.
    public func startOfWeek(containing day: Int) -> Int {
        day - offsetInWeek(day)
    }
}

extension WeekRules: Codable {
    private enum CodingKeys: String, CodingKey { case firstWeekday, minimumDaysInFirstWeek, weekend }

    /// Decodes the three fields through `init(validatingFirstWeekday:...)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let first = try container.decode(Int.self, forKey: .firstWeekday)
        let minimum = try container.decode(Int.self, forKey: .minimumDaysInFirstWeek)
        let weekend = try container.decode(Set<Int>.self, forKey: .weekend)
        do {
            try self.init(validatingFirstWeekday: first, minimumDaysInFirstWeek: minimum, weekend: weekend)
        } catch {
            let key: CodingKeys = switch error {
            case .invalidWeekRule(let field, _): CodingKeys(stringValue: field) ?? .firstWeekday
            default: .firstWeekday
            }
            throw container.corrupted(key, "\(error)")
        }
    }

    /// Encodes the three fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(firstWeekday, forKey: .firstWeekday)
        try container.encode(minimumDaysInFirstWeek, forKey: .minimumDaysInFirstWeek)
        try container.encode(weekend, forKey: .weekend)
    }
}
