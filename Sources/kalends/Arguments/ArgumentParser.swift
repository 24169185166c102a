/// A command-line usage mistake: exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
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
                throw UsageError("unknown option \(Echo.quoted(name)) for '\(command)' (see 'kalends \(command) --help')")
            }
            if spec.arity == 2 {
                guard inlineValue == nil else { throw UsageError("option '\(name)' takes two values: \(name) \(spec.valueName)") }
                guard index + 1 < arguments.count, !arguments[index].hasPrefix("--"), !arguments[index + 1].hasPrefix("--") else {
                    throw UsageError("option '\(name)' needs two values (\(spec.valueName))")
                }
                guard values[name] == nil else { throw UsageError("option '\(name)' is given more than once") }
                values[name] = [arguments[index], arguments[index + 1]]
                index += 2
            } else if spec.takesValue {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    // The next token is this option's value, unless it is another option.
                    guard index < arguments.count,
                          !(arguments[index].hasPrefix("--") && options.contains { arguments[index].hasPrefix($0.name) }) else {
                        throw UsageError("option '\(name)' needs a value (\(spec.valueName))")
                    }
                    value = arguments[index]
                    index += 1
                }
                if values[name] != nil && !spec.repeatable {
                    throw UsageError("option '\(name)' is given more than once")
                }
                values[name, default: []].append(value)
            } else {
                guard inlineValue == nil else { throw UsageError("option \(Echo.quoted(name)) takes no value") }
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
                throw UsageError("'\(command)' is missing an argument; usage: \(usage)")
            }
            throw UsageError("'\(command)' takes at most \(range.upperBound) argument\(range.upperBound == 1 ? "" : "s"), got \(Echo.quoted(positionals[range.upperBound])); usage: \(usage)")
        }
        return positionals
    }

    /// An option's value among `choices`, or `fallback`.
    func choice<T: RawRepresentable & CaseIterable>(_ name: String, default fallback: T) throws(UsageError) -> T where T.RawValue == String {
        guard let text = value(name) else { return fallback }
        guard let choice = T(rawValue: text) else {
            let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("option '\(name)' does not accept \(Echo.quoted(text)): use one of \(allowed)")
        }
        return choice
    }
}
