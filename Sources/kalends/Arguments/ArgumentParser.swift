/// A command-line usage mistake (exit status 2): what was wrong with how
/// the command was called, naming the option or argument concerned.
enum UsageError: Error, Sendable, CustomStringConvertible {
    /// `kalends` alone.
    case noCommand
    /// A first argument that names no subcommand.
    case unknownCommand(String)
    /// An option the subcommand does not declare.
    case unknownOption(String, command: String)
    /// An option given without its value.
    case needsValue(option: String, valueName: String)
    /// An option that takes two values, given fewer.
    case needsTwoValues(option: String, valueName: String)
    /// `--between=A B`: an option with two values written with `=`.
    case takesTwoValues(option: String, valueName: String)
    /// An option that may be given once, given again.
    case repeated(option: String)
    /// `--json=yes`: a flag given a value.
    case takesNoValue(option: String)
    /// Fewer positional arguments than the subcommand needs.
    case missingArgument(command: String, usage: String)
    /// More positional arguments than the subcommand takes; `extra` is the first one too many.
    case tooManyArguments(command: String, maximum: Int, extra: String, usage: String)
    /// An option's value outside its choices.
    case notAChoice(option: String, given: String, allowed: [String])
    /// An option's value that is not what it needs (`a whole number 0 or more`).
    case badValue(option: String, expected: String, given: String)
    /// Options that do not go together, or one that needs another: the
    /// sentence says which and what to do.
    case conflict(String)
    /// A required option or argument not given: the sentence says which.
    case missing(String)
    /// `month -1`: a token that is neither an option nor a year.
    case negativeYearDigits(String)

    /// The option or argument the mistake is about, when it is one.
    var origin: InputOrigin? {
        switch self {
        case .unknownOption(let name, _), .needsValue(let name, _), .needsTwoValues(let name, _), .takesTwoValues(let name, _),
             .repeated(let name), .takesNoValue(let name), .notAChoice(let name, _, _), .badValue(let name, _, _):
            .option(name)
        case .noCommand, .unknownCommand, .missingArgument, .tooManyArguments, .conflict, .missing, .negativeYearDigits:
            nil
        }
    }

    var description: String {
        switch self {
        case .noCommand:
            "no command given (see 'kalends --help')"
        case .unknownCommand(let name):
            "unknown command \(Echo.quoted(name)) (see 'kalends --help')"
        case .unknownOption(let name, let command):
            "unknown option \(Echo.quoted(name)) for '\(command)' (see 'kalends \(command) --help')"
        case .needsValue(let option, let valueName):
            "option '\(option)' needs a value (\(valueName))"
        case .needsTwoValues(let option, let valueName):
            "option '\(option)' needs two values (\(valueName))"
        case .takesTwoValues(let option, let valueName):
            "option '\(option)' takes two values: \(option) \(valueName)"
        case .repeated(let option):
            "option '\(option)' is given more than once"
        case .takesNoValue(let option):
            "option \(Echo.quoted(option)) takes no value"
        case .missingArgument(let command, let usage):
            "'\(command)' is missing an argument; usage: \(usage)"
        case .tooManyArguments(let command, let maximum, let extra, let usage):
            "'\(command)' takes at most \(maximum) argument\(maximum == 1 ? "" : "s"), got \(Echo.quoted(extra)); usage: \(usage)"
        case .notAChoice(let option, let given, let allowed):
            "option '\(option)' does not accept \(Echo.quoted(given)): use one of \(allowed.joined(separator: ", "))"
        case .badValue(let option, let expected, let given):
            "option '\(option)' needs \(expected), got \(Echo.quoted(given))"
        case .conflict(let sentence), .missing(let sentence):
            sentence
        case .negativeYearDigits(let text):
            "\(Echo.quoted(text)) is neither an option of 'month' nor a year: a negative year has four digits ("
                + "-\(String(repeating: "0", count: max(0, 5 - text.count)))\(text.dropFirst())); the option -3, before any --, shows three months"
        }
    }
}

/// One option a subcommand accepts.
struct OptionSpec {
    let name: String
    let takesValue: Bool
    let repeatable: Bool
    let valueName: String
    let help: String
    /// How many values follow the option (`--between START END`: 2).
    var arity = 1
    /// Whether the option may stand alone, its value then empty (`month --ics`: the configured calendars).
    var valueOptional = false

    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, takesValue: false, repeatable: false, valueName: "", help: help)
    }

    static func value(_ name: String, _ valueName: String, repeatable: Bool = false, _ help: String) -> OptionSpec {
        OptionSpec(name: name, takesValue: true, repeatable: repeatable, valueName: valueName, help: help)
    }

    /// An option followed by two values (`--between START END`); `values(name)` gives both.
    static func pair(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, takesValue: true, repeatable: false, valueName: valueName, help: help, arity: 2)
    }
}

/// The parsed arguments of one subcommand.
///
/// Options are `--name VALUE` or `--name=VALUE`; `--` ends options; a lone `-`
/// is a positional (standard input). A token that is exactly the name of an
/// option the command declares is that option, even one that reads as a
/// number (`month -3`: the three-month view, not year -3). Any other token that
/// starts with `-` is a positional when it reads as a negative value (`-P1M`,
/// `-0044-03-15`), otherwise an unknown option.
struct ParsedArguments {
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    init(_ arguments: [String], options: [OptionSpec], command: String) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            let declared = !optionsEnded && options.contains { $0.name == token }
            if optionsEnded || token == "-" || !token.hasPrefix("-") || (Self.looksLikeNegativeValue(token) && !declared) {
                positionals.append(token)
                continue
            }
            if token == "--" {
                optionsEnded = true
                continue
            }
            var name = token
            var inlineValue: String?
            if let equals = token.firstIndex(of: "=") {
                name = String(token[..<equals])
                inlineValue = String(token[token.index(after: equals)...])
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                throw .unknownOption(name, command: command)
            }
            if spec.arity == 2 {
                guard inlineValue == nil else { throw .takesTwoValues(option: name, valueName: spec.valueName) }
                guard index + 1 < arguments.count, !arguments[index].hasPrefix("--"), !arguments[index + 1].hasPrefix("--") else {
                    throw .needsTwoValues(option: name, valueName: spec.valueName)
                }
                guard values[name] == nil else { throw .repeated(option: name) }
                values[name] = [arguments[index], arguments[index + 1]]
                index += 2
            } else if spec.takesValue {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    // The next token is this option's value, unless it is another option.
                    if index < arguments.count,
                       !(arguments[index].hasPrefix("--") && options.contains { arguments[index].hasPrefix($0.name) }) {
                        value = arguments[index]
                        index += 1
                    } else if spec.valueOptional {
                        value = ""
                    } else {
                        throw .needsValue(option: name, valueName: spec.valueName)
                    }
                }
                if values[name] != nil && !spec.repeatable {
                    throw .repeated(option: name)
                }
                values[name, default: []].append(value)
            } else {
                guard inlineValue == nil else { throw .takesNoValue(option: name) }
                flags.insert(name)
            }
        }
    }

    /// Tokens such as `-P1M`, `-PT2H`, `-0044-03-15`, `-5`.
    static func looksLikeNegativeValue(_ token: String) -> Bool {
        let rest = token.dropFirst()
        guard let first = rest.first else { return false }
        return first.isNumber || (first == "P" && rest.count > 1)
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name]?.last }
    func values(_ name: String) -> [String] { values[name] ?? [] }

    /// The positionals, checked against how many the command takes.
    func positionals(_ range: ClosedRange<Int>, command: String, usage: String) throws(UsageError) -> [String] {
        guard range.contains(positionals.count) else {
            if positionals.count < range.lowerBound {
                throw .missingArgument(command: command, usage: usage)
            }
            throw .tooManyArguments(command: command, maximum: range.upperBound, extra: positionals[range.upperBound], usage: usage)
        }
        return positionals
    }

    /// An option's value among `choices`, or `fallback`.
    func choice<T: RawRepresentable & CaseIterable>(_ name: String, default fallback: T) throws(UsageError) -> T where T.RawValue == String {
        guard let text = value(name) else { return fallback }
        guard let choice = T(rawValue: text) else {
            throw .notAChoice(option: name, given: text, allowed: T.allCases.map(\.rawValue))
        }
        return choice
    }
}
