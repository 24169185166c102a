import Kalends

/// `kalends convert`: a date in every calendar (or the ones asked for).
enum ConvertCommand: Command {
    static let name = "convert"
    static let summary = "Convert a date between calendars."
    static let usage = "kalends convert DATE [--from CAL] [--to CAL]... [--overflow constrain|reject] [--json]"
    static let discussion = """
        Converts DATE, read in the --from calendar (default iso8601), to each --to
        calendar (repeatable; 'all' or no --to: every calendar).

        DATE is YEAR-MONTH-DAY with MONTH a number as Foundation counts it (Hebrew:
        6 Adar I, 7 Adar or Adar II) or a month code (M05L), optionally with an era
        (reiwa:6-03-15, bce:44-03-15); or DAY MONTHNAME YEAR (5 Adar II 5784);
        or 'today'; or '-' to read one date a line from standard input and write
        the results of each line in order (a line that cannot be read gives an
        {"input":...,"error":...} object with --json and exit status 1 at the end).

        A date that does not exist (hebrew 5785-M05L-01, gregorian 2023-02-29) is an
        error unless --overflow constrain clamps it as Temporal does.

        examples:
          kalends convert 2024-03-15 --to hebrew
          kalends convert '5 Adar II 5784' --from hebrew --to gregorian --json
          kalends convert 5785-M05L-01 --from hebrew --overflow constrain
          kalends convert reiwa:6-03-15 --from japanese --to iso8601
          seq -f '2024-01-%02g' 1 31 | kalends convert - --to hebrew --json
        """
    static let options: [OptionSpec] = [
        .value("--from", "CAL", "Calendar DATE is written in (default iso8601)."),
        .value("--to", "CAL", repeatable: true, "Target calendar; repeatable; 'all' for every one (default)."),
        .value("--overflow", "MODE", "constrain or reject (default reject) a date that does not exist."),
        .value("--engine", "ENGINE", "standard (default), reference, icu or foundation: which engine converts."),
        .flag("--json", "Print one JSON object per target calendar."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let positionals = try arguments.positionals(1...1, command: name, usage: usage)
        let engine: CalendarEngine = try arguments.choice("--engine", default: .standard)
        let overflow: Overflow = try arguments.choice("--overflow", default: .reject)
        let source = try calendar(arguments.value("--from") ?? "iso8601", option: "--from", engine: engine)
        var targets: [any CalendarSystem] = []
        for name in arguments.values("--to") {
            if name == "all" {
                targets += try CalendarID.allCases.map { id throws in try calendar(id.rawValue, option: "--to", engine: engine) }
            } else {
                targets.append(try calendar(name, option: "--to", engine: engine))
            }
        }
        if targets.isEmpty {
            targets = try CalendarID.allCases.map { id throws in try calendar(id.rawValue, option: "--to", engine: engine) }
        }
        let json = arguments.flag("--json")
        let text = positionals[0]
        guard text == "-" else {
            let date = try readDate(text, in: source, overflow: overflow)
            try write(date, to: targets, json: json, output: &output)
            return ExitStatus.success
        }
        var status = ExitStatus.success
        var lineNumber = 0
        while let line = readLine(strippingNewline: true) {
            lineNumber += 1
            do {
                let date = try readDate(line, in: source, overflow: overflow)
                try write(date, to: targets, json: json, output: &output)
            } catch {
                status = ExitStatus.invalid
                let failure = InputError(place: "line \(lineNumber)", underlying: error)
                if json {
                    var object = JSONObject()
                    object.add("input", line)
                    object.add("error", ErrorReporting.message(error))
                    output.line(object.encoded)
                }
                output.flush()
                printError("kalends: error: \(failure)")
            }
        }
        return status
    }

    static func calendar(_ name: String, option: String, engine: CalendarEngine) throws -> any CalendarSystem {
        do {
            return try Calendars.system(try CalendarID(parsing: name), engine: engine)
        } catch {
            throw InputError(place: option, underlying: error)
        }
    }

    static func readDate(_ text: String, in calendar: any CalendarSystem, overflow: Overflow) throws -> CalendarDate {
        do {
            if let first = text.utf8.first, first == UInt8(ascii: "t") || first == UInt8(ascii: "T") || first == 32,
               text.lowercased().trimmingCharacters(in: .whitespaces) == "today" {
                return try calendar.date(dayNumber: ISODate.today().dayNumber)
            }
            return try CalendarDateText.parse(text, in: calendar, overflow: overflow)
        } catch {
            throw InputError(place: "DATE '\(text)'", underlying: error)
        }
    }

    static func write(_ date: CalendarDate, to targets: [any CalendarSystem], json: Bool, output: inout OutputBuffer) throws {
        let width = json ? 0 : (targets.map(\.id.rawValue.count).max() ?? 0)
        for target in targets {
            let converted = try target.date(dayNumber: date.dayNumber)
            if json {
                output.line(DateJSON.object(converted, in: target))
            } else {
                let id = target.id.rawValue
                let textForm = CalendarDateText.format(converted)
                output.line(id + String(repeating: " ", count: width - id.count + 2)
                            + textForm + String(repeating: " ", count: Swift.max(1, 13 - textForm.count))
                            + DateJSON.weekdayNames[converted.weekday - 1] + " " + DateJSON.longForm(converted, in: target))
            }
        }
    }
}
