import Kalends

/// `kalends anniversary`: the Hebrew birthdays or yahrzeits of an event, one
/// Hebrew year a line.
enum AnniversaryCommand: Command {
    static let name = "anniversary"
    static let summary = "Hebrew birthdays and yahrzeits of a date, year by year."
    static let usage = "kalends anniversary DATE [--from CAL] --kind birthday|yahrzeit [--years N] [--after-sunset] [--locale L] [--json]"
    static let discussion = """
        Prints the Hebrew anniversary of a birth (--kind birthday) or of a death
        (--kind yahrzeit) on DATE, one line for each of the N Hebrew years after
        DATE's Hebrew year (--years, default 10): the Hebrew date, the ISO date and
        the day in words. The rules are those of Calendrical Calculations (Reingold
        and Dershowitz), which hebcal follows: the same month and day, where Adar I
        becomes Adar in a common year; a death on 30 Adar I is remembered on 30
        Shevat in a common year; a death on 30 Heshvan or 30 Kislev follows its first
        anniversary (the month's last day if that year lacked the 30th); a day past
        the month's end is the next day (a birthday on 30 Heshvan is 1 Kislev in a
        year without it).

        DATE is read in --from (default iso8601) as convert reads it: a date in the
        calendar's text form (2024-03-10, 5784-M05L-30, '30 Adar I 5784'), 'today',
        'tomorrow', 'yesterday', 'now', @SECONDS (Unix time; these in the system
        zone, TZ), or a date-time, whose date is used (a time with an offset or Z is
        an ISO 8601 instant). The Hebrew day begins at nightfall: --after-sunset says the event
        was after it, so its Hebrew date is the next day's.

        --locale L writes the day in words as L does (ICU's full date in the Hebrew
        calendar, from Kalends' own fields: --locale he gives Hebrew script and
        numerals); the JSON gains "formatted".

        examples:
          kalends anniversary 2024-03-10 --kind yahrzeit --years 3
          kalends anniversary 5784-M05L-30 --from hebrew --kind birthday
          kalends anniversary 2024-03-09 --after-sunset --kind yahrzeit --json
          kalends anniversary 2024-03-10 --kind yahrzeit --years 3 --locale he
        """
    static let options: [OptionSpec] = [
        .value("--from", "CAL", "Calendar DATE is written in (default iso8601)."),
        .value("--kind", "KIND", "birthday or yahrzeit (required)."),
        .value("--years", "N", "How many Hebrew years after DATE's to print (default 10)."),
        .flag("--after-sunset", "The event was after nightfall: its Hebrew date is the next day's."),
        .value("--locale", "L", DateFormatOption.localeHelp),
        .flag("--json", "One JSON object a line: kind, year, hebrew, iso."),
    ]

    static let defaultYears = 10
    /// At most as many years as the Hebrew calendar supports.
    static var maximumYears: Int { Calendars.hebrew.supportedYears.count }

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let positionals = try arguments.positionals(1...1, command: name, usage: usage)
        guard arguments.value("--kind") != nil else {
            throw UsageError.missing("'\(name)' needs --kind birthday or --kind yahrzeit; usage: \(usage)")
        }
        let kind: HebrewAnniversary.Kind = try arguments.choice("--kind", default: .yahrzeit)
        let years = try arguments.value("--years").map { text throws in try yearCount(text) } ?? defaultYears
        let source = try CalendarOption.read(arguments.value("--from") ?? "iso8601", option: "--from")
        let text = positionals[0]
        let read = try DateTimeArgument.read(text, origin: .argument("DATE"), DateTimeArgument.Reading(calendar: source, zone: nil))
        let hebrew = Calendars.hebrew
        let formatting = try DateFormatOption.read(arguments, checkingIn: hebrew)
        let event: CalendarDate
        do {
            // The day of the wall clock; after nightfall the Hebrew day is the next one.
            event = try hebrew.date(dayNumber: read.value.dayNumber + (arguments.flag("--after-sunset") ? 1 : 0))
        } catch {
            throw InputError(.argument("DATE"), input: text, underlying: error)
        }

        // Every year first, so a year past the supported ones prints nothing but the error.
        var dates: [CalendarDate] = []
        dates.reserveCapacity(years)
        for year in (event.year + 1)...(event.year + years) {
            do {
                dates.append(try HebrewAnniversary.date(kind, of: event, inYear: year))
            } catch {
                throw ArgumentProblem.anniversaryOutOfRange(kind, year: year, eventYear: event.year, years: years, error)
            }
        }

        // The locale's text of Kalends' Hebrew dates (ICU's own calendar is wrong
        // in AM 5807), all before anything is printed, as the dates are.
        let formatted = try formatting.map { option throws in try dates.map { date throws in try option.text(date, in: hebrew) } }

        let json = arguments.flag("--json")
        // The Hebrew column as wide as the widest date these years can print.
        let width = ConvertCommand.TextLayout.widestDate(hebrew, years: (event.year + 1)...(event.year + years))
        for (index, date) in dates.enumerated() {
            let hebrewText = CalendarDateText.format(date)
            let localized = formatted?[index]
            if json {
                var object = JSONObject()
                object.add("kind", kind.rawValue)
                object.add("year", date.year)
                object.add("hebrew", hebrewText)
                object.add("iso", date.iso.description)
                if let localized { object.add("formatted", localized) }
                output.line(object)
            } else {
                let words = localized ?? DateJSON.weekdayNames[date.weekday - 1] + " " + DateJSON.longForm(date, in: hebrew)
                output.line(hebrewText + String(repeating: " ", count: max(2, width - hebrewText.count + 2))
                            + date.iso.description + "  " + words)
            }
        }
        return ExitStatus.success
    }

    /// `--years N`: 1 ... the number of supported Hebrew years.
    static func yearCount(_ text: String) throws -> Int {
        guard let value = Int(text), (1...maximumYears).contains(value) else {
            throw UsageError.badValue(option: "--years", expected: "a whole number 1 ... \(maximumYears)", given: text)
        }
        return value
    }
}
