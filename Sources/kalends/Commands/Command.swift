/// A subcommand of `kalends`.
protocol Command {
    static var name: String { get }
    /// One line for `kalends --help`.
    static var summary: String { get }
    /// The synopsis, e.g. `kalends convert DATE [--from CAL] ...`.
    static var usage: String { get }
    /// What the command does and its examples, for `--help`.
    static var discussion: String { get }
    static var options: [OptionSpec] { get }
    /// Runs the command; returns the exit status.
    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32
}

extension Command {
    static var helpText: String {
        var text = "usage: \(usage)\n\n\(discussion)\n\noptions:\n"
        let all = options + [OptionSpec.flag("--help", "Show this help.")]
        let width = all.map { $0.name.count + ($0.takesValue ? $0.valueName.count + 1 : 0) }.max() ?? 10
        for option in all {
            let left = option.name + (option.takesValue ? " " + option.valueName : "")
            text += "  " + left + String(repeating: " ", count: width - left.count + 2) + option.help + "\n"
        }
        return text
    }
}
