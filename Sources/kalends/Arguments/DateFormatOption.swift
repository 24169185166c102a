import Kalends

/// `--locale L` and `--format PATTERN` on the commands that print dates:
/// dates written by ICU for the locale, from Kalends' fields
/// (`LocalizedDateFormat`). Without either option no ICU format is opened,
/// so the default English output costs nothing new.
final class DateFormatOption {
    /// The locale as typed, or `en` when only `--format` is given.
    let locale: String
    /// `--format`'s pattern; nil: the locale's full date style.
    let pattern: String?
    /// One format per calendar printed, opened on first use (one thread).
    private var formats: [CalendarID: LocalizedDateFormat] = [:]

    static let localeHelp = "Write dates as this locale does (BCP 47 or ICU: he, ar, fa, zh-Hant, he-u-nu-hebr; ICU's names and numerals)."
    static let formatHelp = "Write each date with this ICU date pattern, one a line ('EEEE d MMMM y G'); JSON adds \"formatted\"."

    private init(locale: String, pattern: String?) {
        self.locale = locale
        self.pattern = pattern
    }

    /// The options given, or nil when neither is (the default English output).
    /// The locale and the pattern are checked at once, in `calendar`, so a
    /// mistake is reported before anything is printed.
    /// `localeWritesText`: `--locale` only writes dates here (`days` reads
    /// its week rules from it too, so there `--locale` with `--epoch` is fine).
    static func read(_ arguments: ParsedArguments, checkingIn calendar: any CalendarSystem, localeWritesText: Bool = true) throws -> DateFormatOption? {
        let typed = LocaleOption.typed(arguments)
        let pattern = arguments.value("--format")
        guard typed != nil || pattern != nil else { return nil }
        // Text output prints either the seconds or the date's text, not both (JSON holds both).
        if arguments.flag(EpochOutput.option), !arguments.flag("--json") {
            if pattern != nil { throw UsageError.conflict("--epoch prints the Unix seconds instead of the date, so --format has nothing to write; give one, or add --json for both") }
            if localeWritesText, typed != nil { throw UsageError.conflict("--epoch prints the Unix seconds instead of the date, so --locale has nothing to write; give one, or add --json for both") }
        }
        // One line per result: a line break (or any control character) in the pattern would break it.
        if let pattern, pattern.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.value == 0x2028 || $0.value == 0x2029 }) {
            throw InputError(.option("--format"), input: pattern, underlying: ArgumentProblem.patternBreaksLine)
        }
        // The C and POSIX locales (which `--locale` also accepts for week rules)
        // write as en_US_POSIX does; LocalizedDateFormat maps them.
        let option = DateFormatOption(locale: typed ?? "en", pattern: pattern)
        _ = try option.format(for: calendar)
        return option
    }

    /// `--format` replaces the whole line; `--locale` alone adds the locale's date to it.
    var replacesLine: Bool { pattern != nil }

    /// `date` (of `calendar`) as ICU writes it; `secondsOfDay`: the wall-clock time time fields show.
    func text(_ date: CalendarDate, in calendar: any CalendarSystem, secondsOfDay: Int = 0) throws -> String {
        let format = try format(for: calendar)
        do {
            return try format.string(from: date, secondsOfDay: secondsOfDay)
        } catch {
            throw InputError(.option(pattern == nil ? LocaleOption.name : "--format"), input: pattern ?? locale, underlying: error)
        }
    }

    private func format(for calendar: any CalendarSystem) throws -> LocalizedDateFormat {
        guard let id = calendar.id.builtIn else {
            throw InputError(.option(LocaleOption.name), input: locale, underlying: FormatError.unsupportedCalendar(calendar.id.key))
        }
        if let format = formats[id] { return format }
        do {
            let format = try LocalizedDateFormat(locale: locale, calendar: id, pattern: pattern)
            formats[id] = format
            return format
        } catch let error {
            switch error {
            case .unknownLocale, .malformedLocale: throw InputError(.option(LocaleOption.name), input: locale, underlying: error)
            default: throw InputError(.option("--format"), input: pattern ?? locale, underlying: error)
            }
        }
    }
}
