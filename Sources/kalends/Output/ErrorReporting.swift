#if canImport(Glibc)
import Glibc
#endif
import Kalends

/// Exit statuses of the command line.
enum ExitStatus {
    static let success: Int32 = 0
    /// Understood but invalid input (a date that does not exist, a bad rule).
    static let invalid: Int32 = 1
    /// Usage error (unknown subcommand or option, missing argument).
    static let usage: Int32 = 2
}

/// Bad input with where it came from (an argument, an option, a line of
/// standard input) and, when there is one, the text that was given there:
/// the command line's one error type for input, around the library's error
/// that says what is wrong with it.
struct InputError: Error, Sendable, CustomStringConvertible {
    let origin: InputOrigin
    let input: String?
    let underlying: any Error

    init(_ origin: InputOrigin, input: String? = nil, underlying: any Error) {
        self.origin = origin
        self.input = input
        self.underlying = underlying
    }

    /// The origin as messages begin with it.
    var place: String { origin.description }

    var description: String { ErrorReporting.message(self) }
}

/// Input as an error echoes it: quoted, control characters escaped, cut
/// after `limit` characters with `...`, so a 4,000-character argument
/// cannot fill the terminal. The quoting is the library's (`QuotedText`):
/// `'d MMM'`, but `"'"` for text with a single quote in it.
enum Echo {
    static let limit = 60

    /// `input` in quotes, escaped and cut: `'2024-02-30'`, `"'"`.
    static func quoted(_ input: String) -> String {
        QuotedText.quoted(input, limit: limit)
    }

    /// `input` escaped and cut, for single quotes the caller writes around
    /// it (a `'` in it becomes `\'`); `quoted` chooses the quotes itself.
    static func text(_ input: String) -> String {
        QuotedText.escaped(input, limit: limit, escaping: "'")
    }

    /// The first `limit` characters, with `...` when there were more.
    static func cut(_ input: String) -> String {
        input.unicodeScalars.count <= limit ? input : String(String.UnicodeScalarView(input.unicodeScalars.prefix(limit))) + "..."
    }

    /// Control and format characters as `\n`, `\t`, `\u{1B}`, so that no
    /// message can move the cursor or colour a terminal.
    static func escaped(_ input: String, limit: Int = .max) -> String {
        QuotedText.escaped(input, limit: limit)
    }
}

/// The one place where errors become `kalends: error:` lines and exit
/// statuses, and where the command line adds its hints (which option would
/// help) to the library's messages, which say only what is wrong and where.
enum ErrorReporting {
    /// The options of the command being run, so a hint names only options
    /// that exist there.
    nonisolated(unsafe) static var options: Set<String> = []
    /// The subcommand being run (`convert`), for hints that depend on it.
    nonisolated(unsafe) static var command = ""
    /// Whether `--overflow` governs how the input date is read (`convert`),
    /// not only the result of arithmetic (`add`).
    nonisolated(unsafe) static var overflowReadsInput = false

    /// The longest message, in characters: whatever a library message holds,
    /// one error never floods the terminal.
    static let messageLimit = 1_000

    /// One `kalends: warning:` line: something given was not used, and the
    /// command goes on (the exit status is not changed by it).
    static func warn(_ text: String) {
        printError("kalends: warning: " + Echo.escaped(text.split(whereSeparator: \.isNewline).joined(separator: " "), limit: messageLimit))
    }

    /// One `kalends: note:` line: something the command did that the user should know of.
    static func note(_ text: String) {
        printError("kalends: note: " + Echo.escaped(text.split(whereSeparator: \.isNewline).joined(separator: " "), limit: messageLimit))
    }

    static func report(_ error: any Error) -> Int32 {
        printError("kalends: error: \(message(error))")
        return status(error)
    }

    /// The `{"input":...,"error":...}` object batch JSON writes for a failed line.
    static func batchObject(input: String, error: any Error) -> JSONObject {
        var object = JSONObject()
        // JSON carries any character; only the length is cut.
        object.add("input", Echo.cut(input))
        object.add("error", message(error))
        return object
    }

    /// One line: the place, the echoed input (cut), the library's message and
    /// the command line's hint.
    static func message(_ error: any Error) -> String {
        var text: String
        if let input = error as? InputError {
            var inner = input.underlying is InputError ? message(input.underlying) : String(describing: input.underlying)
            if let raw = input.input {
                let echoed = Echo.quoted(raw)
                // The library quotes the input whole ('...', or as QuotedText
                // does): that quoted form becomes the echo, and nothing else
                // in the message changes (a `'` typed is not every `'` of it).
                var quoted = false
                for form in [QuotedText.quoted(raw), "'" + raw + "'"] where inner.contains(form) {
                    inner = inner.replacing(form, with: echoed)
                    quoted = true
                }
                if !quoted && raw.unicodeScalars.count > Echo.limit && inner.contains(raw) {
                    // Long input echoed bare: cut it.
                    inner = inner.replacing(raw, with: Echo.escaped(raw, limit: Echo.limit))
                }
                // A message that cut the input itself has quoted it too.
                if !quoted && raw.count > 30 && inner.contains("'" + String(Echo.escaped(raw).prefix(30))) { quoted = true }
                text = quoted ? "\(input.place): \(inner)" : "\(input.place) \(echoed): \(inner)"
            } else {
                text = "\(input.place): \(inner)"
            }
            if !(input.underlying is InputError), let hint = hint(for: input.underlying) { text += hint }
            if let raw = input.input, let hint = fileHint(raw, origin: input.origin) { text += hint }
            if let raw = input.input, let hint = wordHint(raw, error: input.underlying) { text += hint }
        } else {
            text = String(describing: error)
            if let hint = hint(for: error) { text += hint }
        }
        // One line, and nothing a terminal would act on.
        return Echo.escaped(text.split(whereSeparator: \.isNewline).joined(separator: " "), limit: messageLimit)
    }

    static func status(_ error: any Error) -> Int32 {
        switch error {
        case is UsageError: ExitStatus.usage
        case let input as InputError: status(input.underlying)
        default: ExitStatus.invalid
        }
    }

    /// A date argument that names a file (`convert /tmp`, `add ./dates.txt
    /// P1D`): these commands read dates, and `-` reads them from standard input.
    static func fileHint(_ raw: String, origin: InputOrigin) -> String? {
        guard ["convert", "add", "diff"].contains(command), case .argument(let place) = origin, ["DATE", "START", "END"].contains(place) else { return nil }
        let pathLike = ["/", "./", "../", "~/"].contains { raw.hasPrefix($0) } || (raw.utf8.count < 4096 && access(raw, F_OK) == 0)
        guard pathLike else { return nil }
        let what = command == "diff" ? "START and END" : "the dates"
        return " (\(place) is a date, not a file; 'kalends \(command) -' reads \(what) a line from standard input)"
    }

    /// A date that does not read and starts with a word (`frid`, `nxt week`) or a sign
    /// (`+3x`): the forms of words and counts from today that are read.
    static func wordHint(_ raw: String, error: any Error) -> String? {
        // Only where the text did not read as a date at all (not an unknown calendar's name, not a date out of range).
        var unread = false
        if case .malformedDate? = error as? ConversionError { unread = true }
        switch error as? DateTimeTextError {
        case .malformed?, .date(_, .malformedDate)?: unread = true
        default: break
        }
        guard unread, let first = raw.trimmingSpaces.unicodeScalars.first,
              first.properties.isAlphabetic || ((first == "+" || first == "-") && raw.unicodeScalars.last?.properties.isAlphabetic == true) else {
            return nil
        }
        return " (days in words: today, tomorrow, yesterday, now, a weekday for the next one: fri, friday, 'fri 10:00'; from today: +3d, -1w, +2m)"
    }

    /// What the user can do about `error` with this command's options.
    static func hint(for error: any Error) -> String? {
        switch error {
        case let error as ConversionError:
            switch error {
            case .unknownCalendar: return " (see 'kalends calendars')"
            case .dayOutOfRange, .monthCodeNotInYear, .monthOutOfRange:
                return overflowReadsInput && options.contains("--overflow") ? " (--overflow constrain clamps it)" : nil
            default: return nil
            }
        case let error as ArithmeticError:
            switch error {
            case .dayNotInMonth, .monthCodeNotInYear:
                return options.contains("--overflow") ? " (--overflow constrain clamps it)" : nil
            case .conversion(let inner): return hint(for: inner)
            case .time(let inner): return hint(for: inner)
            default: return nil
            }
        case let error as TimeError:
            switch error {
            case .skippedLocalTime, .repeatedLocalTime:
                return options.contains("--disambiguation") ? " (--disambiguation compatible, earlier or later picks one)" : nil
            default: return nil
            }
        case let error as EasterError:
            // A year before the Gregorian reform has a Julian Easter.
            if case .yearOutOfRange(.gregorian, let year, _) = error, Easter.Computus.julian.years.contains(year), options.contains("--orthodox") {
                return " (--orthodox, the Julian computus, covers years 1 ... 9999)"
            }
            return nil
        case let error as RecurrenceError:
            if case .instantBound = error.kind, command == "recur" {
                return " (give --tz, or a bound without an offset)"
            }
            return nil
        case let error as DateTimeTextError:
            if case .date(_, let inner) = error { return hint(for: inner) }
            return nil
        default:
            return nil
        }
    }
}
