import Kalends

/// `kalends easter`: the date of Easter Sunday in a year, by the Gregorian
/// or (with `--orthodox`) the Julian computus.
enum EasterCommand: Command {
    static let name = "easter"
    static let summary = "The date of Easter Sunday in a year, Western or Orthodox."
    static let usage = "kalends easter [YEAR] [--orthodox] [--locale L] [--json]"
    static let discussion = """
        Prints the date of Easter Sunday in YEAR (default: this year, in the system
        time zone) as an ISO date: by the Gregorian computus of the Western
        churches, or with --orthodox by the Julian computus of the Eastern Orthodox
        churches, whose Easter is a date of the Julian calendar, printed as its
        proleptic Gregorian date (the Julian date is in the JSON).

        YEAR is a whole number: 1583 ... 9999 for the Gregorian computus (the
        first year after the 1582 reform on), 1 ... 9999 for the Julian.

        --locale L adds the date as L writes it (ICU's full date, Gregorian
        calendar) after the ISO date, as convert does; the JSON gains "formatted".

        examples:
          kalends easter 2024
          kalends easter 2024 --orthodox
          kalends easter 2024 --orthodox --locale el
          kalends easter 2024 --orthodox --json
        """
    static let options: [OptionSpec] = [
        .flag("--orthodox", "The Julian computus (Eastern Orthodox Easter), as a Gregorian date."),
        .value("--locale", "L", DateFormatOption.localeHelp),
        .flag("--json", "Print one JSON object: year, computus, iso (and julian with --orthodox)."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let positionals = try arguments.positionals(0...1, command: name, usage: usage)
        let computus: Easter.Computus = arguments.flag("--orthodox") ? .julian : .gregorian
        let gregorian = try Calendars.system(.gregorian)
        let formatting = try DateFormatOption.read(arguments, checkingIn: gregorian)
        let year: Int
        if let text = positionals.first {
            year = try read(text, computus: computus)
        } else {
            year = ISODate(dayNumber: try CurrentTime.dayNumber(in: ZoneOption.system)).year
        }
        let iso: ISODate
        var julian: CalendarDate?
        do {
            switch computus {
            case .gregorian:
                iso = try Easter.gregorian(year)
            case .julian:
                let date = try Easter.julian(year)
                iso = date.gregorian
                julian = date.julian
            }
        } catch {
            throw InputError(.argument("YEAR"), input: positionals.first, underlying: error)
        }
        // The locale's text of the Gregorian date printed, as convert writes it.
        let formatted = try formatting.map { option throws in try option.text(try gregorian.date(dayNumber: iso.dayNumber), in: gregorian) }
        if arguments.flag("--json") {
            var object = JSONObject()
            object.add("year", year)
            object.add("computus", computus.rawValue)
            object.add("iso", iso.description)
            if let julian { object.add("julian", CalendarDateText.format(julian)) }
            if let formatted { object.add("formatted", formatted) }
            output.line(object)
        } else {
            output.line(iso.description + (formatted.map { "  " + $0 } ?? ""))
        }
        return ExitStatus.success
    }

    /// YEAR: an optional sign and ASCII digits; the range is the library's to check.
    static func read(_ text: String, computus: Easter.Computus) throws -> Int {
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw InputError(.argument("YEAR"), input: text, underlying: ArgumentProblem.notAYear(computus, tooLarge: false))
        }
        guard let year = Int(text) else {
            throw InputError(.argument("YEAR"), input: text, underlying: ArgumentProblem.notAYear(computus, tooLarge: true))
        }
        return year
    }
}
