import Kalends

#if canImport(Glibc)
import Glibc
#endif

/// The subcommands, in the order `kalends --help` lists them.
let commands: [any Command.Type] = [CalendarsCommand.self, ConvertCommand.self, AddCommand.self, DiffCommand.self, MonthCommand.self, DaysCommand.self, LayoutCommand.self, RecurCommand.self, AnniversaryCommand.self, EasterCommand.self, AgendaCommand.self, RemindersCommand.self, AlarmsCommand.self, SearchCommand.self, EventCommand.self, ReminderCommand.self, ImportCommand.self, ExportCommand.self, ContactsCommand.self, BirthdaysCommand.self, ViewCommand.self, ServeCommand.self, ConfigCommand.self]

let version = "0.1.0"

@MainActor
func mainHelp() -> String {
    var text = """
        kalends \(version): multi-calendar dates from the command line.

        usage: kalends <command> [arguments] [--json]

        commands:

        """
    var width = 0
    for command in commands { width = max(width, command.name.count + 2) }
    for command in commands {
        text += "  " + command.name + String(repeating: " ", count: width - command.name.count) + command.summary + "\n"
    }
    text += "\nRun 'kalends <command> --help' for a command's options; 'kalends --version' for the version."
    return text
}

@MainActor
func run(_ arguments: [String]) -> Int32 {
    var output = OutputBuffer()
    defer { output.flush() }
    guard let first = arguments.first else {
        return ErrorReporting.report(UsageError.noCommand)
    }
    switch first {
    case "--version", "-V", "version":
        output.line("kalends \(version) (ICU \(Kalends.icuVersion))")
        return ExitStatus.success
    case "--help", "-h", "help":
        if first == "help", arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
            output.line(command.helpText)
        } else {
            output.line(mainHelp())
        }
        return ExitStatus.success
    default:
        break
    }
    guard let command = commands.first(where: { $0.name == first }) else {
        return ErrorReporting.report(UsageError.unknownCommand(first))
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
        output.line(command.helpText)
        return ExitStatus.success
    }
    ErrorReporting.options = Set(command.options.map(\.name))
    ErrorReporting.command = command.name
    do {
        let parsed = try ParsedArguments(rest, options: command.options, command: command.name)
        return try command.run(parsed, output: &output)
    } catch {
        output.flush()
        return ErrorReporting.report(error)
    }
}

// Past a file-size limit a write fails (and the edit leaves the file as it was) instead of ending the process.
signal(SIGXFSZ, SIG_IGN)
exit(run(Array(CommandLine.arguments.dropFirst())))
