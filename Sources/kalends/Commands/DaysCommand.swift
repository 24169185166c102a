#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import FoundationInternationalization
import Kalends

/// `kalends days`: the real days (weeks, months, years) of a span in a zone.
enum DaysCommand: Command {
    static let name = "days"
    static let summary = "Slice a span into the real days, weeks, months or years it touches."
    static let usage = "kalends days START END [--tz ZONE] [--unit day|week|month|year] [--calendar CAL] [--from CAL] [--first-weekday N] [--locale LOCALE] [--format PATTERN] [--epoch] [--json]"
    static let discussion = """
        Slices the half-open span [START, END) into the days (or weeks, months,
        years of --calendar) it touches in the zone, one line each, clipped to the
        span, with the slice's real length: 23 or 25 hours on DST days, a day that
        starts at 01:00 where midnight was skipped, and no line at all for a day
        that never happened (Pacific/Apia 2011-12-30).

        START and END are read as ISO 8601 unless --from CAL says they are dates of CAL; a time with an offset or Z is always an ISO 8601 instant.
        A date means the start of that day in the zone; a floating date-time is
        read in the zone. 'today', 'tomorrow' and 'yesterday' are the start of that
        day, 'now' the current instant, @SECONDS an instant (Unix time). --calendar chooses whose days, weeks, months or years
        are sliced, and the text form of each slice's date. The zone is --tz, else the
        system's (TZ). Weeks start on --first-weekday (1 = Monday ... 7 = Sunday),
        else on the locale's first weekday. --epoch prints each slice's start as Unix
        seconds instead (JSON: "epoch" added).

        --locale also writes each slice's date as the locale does (ICU's full date
        pattern for --calendar), after the length; --format PATTERN prints each
        slice's date with that ICU date pattern alone, one a line. With --json,
        "formatted" is added.

        examples:
          kalends days 2024-03-09 2024-03-12 --tz America/New_York
          kalends days 2018-11-03 2018-11-06 --tz America/Sao_Paulo --json
          kalends days 5784-M05L-01 5784-M08-01 --from hebrew --unit month --calendar hebrew --tz Asia/Jerusalem
          kalends days 2024-01-01 2024-07-01 --unit month --calendar hebrew --tz Asia/Jerusalem
          kalends days 2024-03-01 2024-04-01 --unit week --first-weekday 6 --tz Asia/Tehran
          kalends days 2024-03-20 2024-03-22 --calendar persian --locale fa --tz Asia/Tehran
        """
    static let options: [OptionSpec] = [
        .value("--tz", "ZONE", "IANA zone whose days are sliced (default: the system zone)."),
        .value("--unit", "UNIT", "day (default), week, month or year."),
        .value("--calendar", "CAL", "Calendar whose days, weeks, months and years are sliced (default iso8601)."),
        .value("--from", "CAL", "Calendar START and END are written in (default iso8601)."),
        .value("--first-weekday", "N", "First day of the week for --unit week: 1 = Monday ... 7 = Sunday."),
        .value("--locale", "LOCALE", "Locale whose first weekday weeks use (default: the environment's), and that writes each date (ICU)."),
        .value("--format", "PATTERN", DateFormatOption.formatHelp),
        .flag("--epoch", "Print the Unix seconds of each slice's start instead."),
        .flag("--json", "One JSON object a line: date, iso, start, end, seconds."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let positionals = try arguments.positionals(2...2, command: name, usage: usage)
        let unit: SliceUnit = try arguments.choice("--unit", default: .day)
        let calendar = try CalendarOption.read(arguments.value("--calendar") ?? "iso8601", option: "--calendar")
        // START and END are ISO unless --from says otherwise, whatever --calendar slices.
        let input = try CalendarOption.read(arguments.value("--from") ?? "iso8601", option: "--from")
        let zone = try ZoneOption.readOrSystem(arguments)
        let rules = try WeekRulesOption.read(arguments)
        let reading = DateTimeArgument.Reading(calendar: input, zone: zone)
        let start = try instant(positionals[0], origin: .argument("START"), reading)
        let end = try instant(positionals[1], origin: .argument("END"), reading)
        let slices: DaySlices
        do {
            slices = try DaySlices(from: start, to: end, zone: zone, calendar: calendar, unit: unit, weekRules: rules)
        } catch {
            throw InputError(.computing("\(Echo.text(positionals[0])) ... \(Echo.text(positionals[1]))"), underlying: error)
        }
        let json = arguments.flag("--json")
        let epoch = arguments.flag(EpochOutput.option)
        // The widest date of the span's years (M05L, five-digit years): the slices stream, the bounds are known.
        let years = try [start, end].map { instant throws in try calendar.date(dayNumber: zone.dayNumber(of: instant)).year }
        let dateWidth = ConvertCommand.TextLayout.widestDate(calendar, years: (years.min() ?? 0)...(years.max() ?? 0))
        let formatting = try DateFormatOption.read(arguments, checkingIn: calendar, localeWritesText: false)
        var iterator = slices.makeIterator()
        while let slice = try iterator.nextSlice() {
            let date = CalendarDateText.format(slice.first)
            let startText = try DateTimeText.format(ZonedDateTime(instant: slice.start, zone: zone))
            let endText = try DateTimeText.format(ZonedDateTime(instant: slice.end, zone: zone))
            let formatted = try formatting.map { formatting throws in try formatting.text(slice.first, in: calendar) }
            if json {
                var object = JSONObject()
                object.add("date", date)
                object.add("iso", slice.first.iso.description)
                object.add("start", startText)
                object.add("end", endText)
                object.add("seconds", slice.seconds)
                object.add("unit", unit.rawValue)
                object.add("days", slice.days)
                object.add("whole", slice.isWhole)
                if epoch { EpochOutput.add(slice.start, to: &object) }
                if let formatted { object.add("formatted", formatted) }
                output.line(object)
            } else if epoch {
                output.line(EpochOutput.text(slice.start))
            } else if let formatted, formatting?.replacesLine == true {
                output.line(formatted)
            } else {
                // The date column is as wide as the widest date the calendar prints (M05L, five-digit years).
                let padding = String(repeating: " ", count: max(0, dateWidth - date.count))
                let localized = formatted.map { "  " + $0 } ?? ""
                output.line("\(date)\(padding)  \(startText)  \(endText)  \(lengthText(slice.seconds))\(localized)")
            }
        }
        return ExitStatus.success
    }

    /// The system's zone, read as glibc reads `TZ` (else /etc/localtime):
    /// the library's `ZoneRules.system`.
    /// START or END as an instant: a plain date is the start of that day in `zone`.
    static func instant(_ text: String, origin: InputOrigin, _ reading: DateTimeArgument.Reading) throws -> Instant {
        let value = try DateTimeArgument.read(text, origin: origin, reading).value
        let zone = reading.zone ?? .utc
        do {
            switch value {
            case .date(let date): return try zone.startOfDay(date.dayNumber)
            case .floating(let local): return try ZonedDateTime(local: local, zone: zone).instant
            case .zoned(let zoned): return zoned.instant
            }
        } catch {
            throw InputError(origin, input: text, underlying: error)
        }
    }

    /// `23h`, `24h`, `25h`, `23h45m`, `7d 1h` for people.
    static func lengthText(_ seconds: Int) -> String {
        let days = seconds / 86_400, hours = seconds % 86_400 / 3600, minutes = seconds % 3600 / 60, rest = seconds % 60
        var parts: [String] = []
        if days > 0 { parts.append("\(days)d") }
        if hours > 0 || (days == 0 && minutes == 0 && rest == 0) { parts.append("\(hours)h") }
        if minutes > 0 { parts.append("\(minutes)m") }
        if rest > 0 { parts.append("\(rest)s") }
        return parts.joined(separator: " ")
    }
}
