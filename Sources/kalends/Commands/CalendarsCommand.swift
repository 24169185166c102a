import Kalends

/// `kalends calendars`: the calendars, one a line.
enum CalendarsCommand: Command {
    static let name = "calendars"
    static let summary = "List the calendars and their names."
    static let usage = "kalends calendars [--json]"
    static let discussion = """
        Prints every calendar key with its English name, one a line. Keys are
        the ICU/CLDR calendar keys accepted by --from, --to and --calendar.
        """
    static let options = [OptionSpec.flag("--json", "One JSON object a line: id, name, foundationIdentifier, leapMonthCodes.")]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        _ = try arguments.positionals(0...0, command: name, usage: usage)
        let width = CalendarID.allCases.map(\.rawValue.count).max() ?? 20
        for id in CalendarID.allCases {
            if arguments.flag("--json") {
                var object = JSONObject()
                object.add("id", id.rawValue)
                object.add("name", id.name)
                object.add("foundationIdentifier", id.foundationIdentifier.map { "\($0)" })
                object.add("leapMonthCodes", id.hasLeapMonthCodes)
                output.line(object.encoded)
            } else {
                output.line(id.rawValue + String(repeating: " ", count: width - id.rawValue.count + 2) + id.name)
            }
        }
        return ExitStatus.success
    }
}
