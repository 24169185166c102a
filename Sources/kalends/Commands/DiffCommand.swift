import Kalends

/// `kalends diff`: the ISO 8601 duration from START to END.
enum DiffCommand: Command {
    static let name = "diff"
    static let summary = "Print the duration between two dates or date-times."
    static let usage = "kalends diff (START END | -) [--calendar CAL] [--from CAL] [--largest-unit UNIT] [--tz ZONE] [--json]"
    static let discussion = """
        Prints the ISO 8601 duration from START to END (negative when END is
        earlier), balanced up to UNIT: years, months, weeks, days (default),
        hours, minutes or seconds. Years and months are counted in the --calendar
        (default iso8601) as Temporal's until() does: the most whole units that do
        not pass END, so 2024-01-31 to 2024-02-29 in months is P29D (one month
        would reach 31 February). 'kalends add START DURATION' gives END back.

        START and END are read in --from if given, else in --calendar; a time with an offset or Z is an ISO 8601 instant.
        START and END are read as by 'kalends add' ('today', 'tomorrow', 'yesterday',
        'now' and @SECONDS included). A single '-' reads START and
        END from each line of standard input, separated by a tab (or else by the
        last run of spaces), and writes one duration a line (an empty line, or an
        {"input":...,"error":...} object with --json, for a line that fails). With times in a zone (an
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
        .value("--calendar", "CAL", "Calendar of years and months, and of START and END without --from (default iso8601)."),
        .value("--from", "CAL", "Calendar START and END are written in (default: --calendar)."),
        .value("--largest-unit", "UNIT", "years, months, weeks, days (default), hours, minutes or seconds."),
        .value("--tz", "ZONE", "IANA zone: floating times are read in it; days are its calendar days."),
        .flag("--json", "Print {\"duration\":...,\"years\":...,...,\"seconds\":...}."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let positionals = try arguments.positionals(1...2, command: name, usage: usage)
        let batch = positionals == ["-"]
        if !batch && positionals.count < 2 {
            throw UsageError.missingArgument(command: name, usage: usage)
        }
        let unit: DurationUnit = try arguments.choice("--largest-unit", default: .days)
        let (calendar, input) = try CalendarOption.arithmeticAndInput(arguments)
        let zone = try ZoneOption.read(arguments)
        let reading = DateTimeArgument.Reading(calendar: input, zone: zone)
        let json = arguments.flag("--json")
        func measure(_ startText: String, _ endText: String, line: InputOrigin?, output: inout OutputBuffer) throws {
            let start = try DateTimeArgument.read(startText, origin: line.map { .field("START", of: $0) } ?? .argument("START"), reading)
            let end = try DateTimeArgument.read(endText, origin: line.map { .field("END", of: $0) } ?? .argument("END"), reading)
            let duration: CalendarDuration
            do {
                duration = try difference(start.value, end.value, calendar: calendar, unit: unit, zone: zone)
            } catch {
                throw InputError(.computing("from \(Echo.escaped(startText, limit: Echo.limit)) to \(Echo.escaped(endText, limit: Echo.limit))", at: line), underlying: error)
            }
            write(duration, output: &output)
        }
        func write(_ duration: CalendarDuration, output: inout OutputBuffer) {
            if json {
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
                output.line(object)
            } else {
                output.line(duration.description)
            }
        }
        guard batch else {
            try measure(positionals[0], positionals[1], line: nil, output: &output)
            return ExitStatus.success
        }
        // Days between two plain ISO dates are the difference of their day
        // numbers in every calendar: such lines skip the general reader
        // (`KALENDS_BATCH_REFERENCE=1` sends them through it; a parity test compares).
        let plainDays = unit == .days && input.id == .iso8601 && !ConvertCommand.referenceOutput
        return BatchInput.runLines(width: 1, json: json, output: &output) { bytes, number, output in
            if plainDays, !json, let (start, end) = bytes.plainISODatePair, start.dayNumber != end.dayNumber {
                // `P47D`, `-P47D`: DurationText's form of a days-only duration, written as bytes.
                let days = end.dayNumber - start.dayNumber
                output.line { buffer in
                    if days < 0 { buffer.append(45) }
                    buffer.append(80)
                    var magnitude = days.magnitude, width = 0
                    while magnitude > 0 {
                        width += 1
                        magnitude /= 10
                    }
                    let first = buffer.count
                    buffer.append(contentsOf: repeatElement(48, count: width))
                    magnitude = days.magnitude
                    for index in stride(from: first + width - 1, through: first, by: -1) {
                        buffer[index] = UInt8(truncatingIfNeeded: 48 + magnitude % 10)
                        magnitude /= 10
                    }
                    buffer.append(68)
                }
                return
            }
            if plainDays, let (start, end) = bytes.plainISODatePair,
               let duration = try? CalendarDuration(date: try DateDuration(days: end.dayNumber - start.dayNumber)) {
                write(duration, output: &output)
                return
            }
            let line = bytes.text
            let place = InputOrigin.line(number)
            let (start, end): (String, String)
            do {
                (start, end) = try pair(line)
            } catch {
                throw InputError(place, input: line, underlying: error)
            }
            try measure(start, end, line: place, output: &output)
        }
    }

    /// A line of `diff -`: START and END separated by a tab, or else by the
    /// last run of spaces (so `2024-03-15 09:30 2024-03-16` keeps its time).
    static func pair(_ line: String) throws -> (String, String) {
        let trimmed = line.trimmingSpaces
        if let tab = trimmed.firstIndex(of: "\t") {
            return (String(trimmed[..<tab]).trimmingSpaces, String(trimmed[trimmed.index(after: tab)...]).trimmingSpaces)
        }
        guard let space = trimmed.lastIndex(of: " ") else { throw ArgumentProblem.notAPair }
        var startEnd = space
        while startEnd > trimmed.startIndex, trimmed[trimmed.index(before: startEnd)] == " " { startEnd = trimmed.index(before: startEnd) }
        return (String(trimmed[..<startEnd]), String(trimmed[trimmed.index(after: space)...]))
    }

    static func difference(_ start: DateTimeArgument, _ end: DateTimeArgument, calendar: any CalendarSystem,
                           unit: DurationUnit, zone: ZoneRules?) throws -> CalendarDuration {
        switch (start, end) {
        case (.date(let a), .date(let b)):
            if let dateUnit = unit.dateUnit {
                let from = try calendar.date(dayNumber: a.dayNumber), to = try calendar.date(dayNumber: b.dayNumber)
                return try CalendarDuration(date: try calendar.until(from, to, largestUnit: dateUnit))
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
            throw ArgumentProblem.floatingAndZoned
        default:
            return try start.local().until(try end.local(), in: calendar, largestUnit: unit)
        }
    }
}
