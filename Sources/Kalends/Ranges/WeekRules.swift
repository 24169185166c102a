import CICU

/// How weeks are counted: the first day of a week and how many days of a new
/// year its first week needs. Days are ISO weekdays (1 = Monday ... 7 = Sunday).
public struct WeekRules: Hashable, Sendable, Codable {
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

    /// The rules ICU's locale data give for a locale such as `en_US`, `de_DE`,
    /// `he_IL`, `ar_SA` or `fa_IR` (unknown locales fall back to ICU's root rules).
    public static func locale(_ identifier: String) -> WeekRules {
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

    /// The locale of the environment (`LC_ALL`, `LC_TIME`, `LANG`), as ICU
    /// spells it (`en_US.UTF-8` becomes `en_US`); empty means ICU's default.
    public static func environmentLocale(_ environment: [String: String]) -> String {
        for key in ["LC_ALL", "LC_TIME", "LANG"] {
            if let value = environment[key], !value.isEmpty, value != "C", value != "POSIX" {
                return String(value.prefix { $0 != "." && $0 != "@" })
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
