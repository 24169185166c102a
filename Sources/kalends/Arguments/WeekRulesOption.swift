import Foundation
import Kalends

/// `--first-weekday N` and `--locale L`, shared by `month` and `days`: the
/// week starts on N, else on the locale's first weekday, else the environment's.
enum WeekRulesOption {
    static func read(_ arguments: ParsedArguments) throws(UsageError) -> WeekRules {
        var rules = WeekRules.locale(arguments.value("--locale") ?? WeekRules.environmentLocale(ProcessInfo.processInfo.environment))
        if let text = arguments.value("--first-weekday") {
            guard let weekday = Int(text), (1...7).contains(weekday) else {
                throw UsageError("option '--first-weekday' takes 1 (Monday) ... 7 (Sunday), not '\(text)'")
            }
            rules.firstWeekday = weekday
        }
        return rules
    }
}
