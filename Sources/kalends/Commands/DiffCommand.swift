import Kalends

/// `kalends diff`: the ISO 8601 duration from START to END.
enum DiffCommand: Command {
    static let name = "diff"
    static let summary = "Print the duration between two dates or date-times."
    static let usage = "kalends diff START END [--calendar CAL] [--largest-unit UNIT] [--tz ZONE] [--json]"
    static let discussion = """
        Prints the ISO 8601 duration from START to END (negative when END is
        earlier), balanced up to UNIT: years, months, weeks, days (default),
        hours, minutes or seconds. Years and months are counted in the --calendar
        (default iso8601) as Temporal's until() does: the most whole units that do
        not pass END, so 2024-01-31 to 2024-02-29 in months is P29D (one month
        would reach 31 February). 'kalends add START DURATION' gives END back.

        START and END are read as by 'kalends add'. With times in a zone (an
        offset, Z, or --tz), days are calendar days of that zone's wall clock
        (a DST day is still P1D) and hours are exact (PT23H); floating times
        count 24-hour days. Both plain dates with --largest-unit hours count
        from midnight to midnight (in --tz when given).

        examples:
          kalends diff 2024-01-31 2024-02-29 --largest-unit months   # P29D
          kalends diff 2024-01-15 2025-03-20 --largest-unit years    # P1Y2M5D
          kalends diff 5784-M05L-15 5785-M06-20 --calendar hebrew --largest-unit years
          kalends diff 2024-03-09T09:00 2024-03-10T09:00 --tz America/New_York --largest-unit hours
        """
    static let options: [OptionSpec] = [
        .value("--calendar", "CAL", "Calendar of START and END and of years and months (default iso8601)."),
        .value("--largest-unit", "UNIT", "years, months, weeks, days (default), hours, minutes or seconds."),
        .value("--tz", "ZONE", "IANA zone: floating times are read in it; days are its calendar days."),
        .flag("--json", "Print {\"duration\":...,\"years\":...,...,\"seconds\":...}."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let positionals = try arguments.positionals(2...2, command: name, usage: usage)
        let unit: DurationUnit = try arguments.choice("--largest-unit", default: .days)
        let calendar = try ConvertCommand.calendar(arguments.value("--calendar") ?? "iso8601", option: "--calendar", engine: .standard)
        let zone = try AddCommand.zoneOption(arguments.value("--tz"))
        let start = try DateTimeArgument.read(positionals[0], place: "START", calendar: calendar, zone: zone, disambiguation: .compatible)
        let end = try DateTimeArgument.read(positionals[1], place: "END", calendar: calendar, zone: zone, disambiguation: .compatible)
        let duration: CalendarDuration
        do {
            duration = try difference(start, end, calendar: calendar, unit: unit, zone: zone)
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(place: "from \(positionals[0]) to \(positionals[1])", underlying: error)
        }
        if arguments.flag("--json") {
            var object = JSONObject()
            object.add("duration", duration.description)
            object.add("years", duration.date.years)
            object.add("months", duration.date.months)
            object.add("weeks", duration.date.weeks)
            object.add("days", duration.date.days)
            object.add("hours", duration.time.hours)
            object.add("minutes", duration.time.minutes)
            object.add("seconds", duration.time.seconds)
            object.add("nanoseconds", duration.time.nanoseconds)
            output.line(object.encoded)
        } else {
            output.line(duration.description)
        }
        return ExitStatus.success
    }

    static func difference(_ start: DateTimeArgument, _ end: DateTimeArgument, calendar: any CalendarSystem,
                           unit: DurationUnit, zone: ZoneRules?) throws -> CalendarDuration {
        switch (start, end) {
        case (.date(let a), .date(let b)):
            if let dateUnit = unit.dateUnit {
                return try CalendarDuration(date: try calendar.until(a, b, largestUnit: dateUnit))
            }
            // Hours and smaller between two dates: midnight to midnight.
            if let zone {
                let from = try ZonedDateTime(local: try start.local(), zone: zone)
                let to = try ZonedDateTime(local: try end.local(), zone: zone)
                return try from.until(to, in: calendar, largestUnit: unit)
            }
            return try start.local().until(try end.local(), in: calendar, largestUnit: unit)
        case (.zoned(let a), .zoned(let b)):
            return try a.until(b, in: calendar, largestUnit: unit)
        case (.zoned(let a), .date):
            return try a.until(try ZonedDateTime(local: try end.local(), zone: a.zone), in: calendar, largestUnit: unit)
        case (.date, .zoned(let b)):
            return try ZonedDateTime(local: try start.local(), zone: b.zone).until(b, in: calendar, largestUnit: unit)
        case (.floating, .zoned), (.zoned, .floating):
            throw MixedZoneError()
        default:
            return try start.local().until(try end.local(), in: calendar, largestUnit: unit)
        }
    }
}

/// START and END where one is floating and the other zoned: exit 1.
struct MixedZoneError: Error, CustomStringConvertible {
    var description: String { "cannot measure between a floating time and a zoned one: give both an offset, or --tz ZONE" }
}
