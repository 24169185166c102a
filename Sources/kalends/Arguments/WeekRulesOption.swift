import FoundationEssentials
import FoundationInternationalization
import Kalends

/// `--first-weekday N` and `--locale L`, shared by `month` and `days`: the
/// week starts on N, else on the locale's first weekday, else the environment's.
enum WeekRulesOption {
    /// An explicit `--locale` must be one ICU has data for (exit 1 otherwise);
    /// the environment's locale falls back to ICU's root rules, as `cal` does.
    static func read(_ arguments: ParsedArguments) throws -> WeekRules {
        var rules: WeekRules
        if let locale = LocaleOption.typed(arguments) {
            rules = try LocaleOption.reading(locale) { try WeekRules.locale(validating: locale) }
        } else {
            // An environment locale ICU does not know counts as no locale at all.
            let environment = WeekRules.environmentLocale(ProcessInfo.processInfo.environment)
            rules = (try? WeekRules.locale(validating: environment)) ?? WeekRules.locale("")
        }
        if let text = arguments.value("--first-weekday") {
            guard let weekday = Int(text), (1...7).contains(weekday) else {
                throw UsageError.badValue(option: "--first-weekday", expected: "1 (Monday) ... 7 (Sunday)", given: text)
            }
            rules.firstWeekday = weekday
        }
        return rules
    }
}
