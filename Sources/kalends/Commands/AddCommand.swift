import Kalends

/// `kalends add`: a date or date-time moved by an ISO 8601 duration.
enum AddCommand: Command {
    static let name = "add"
    static let summary = "Add an ISO 8601 duration to a date or date-time."
    static let usage = "kalends add DATE|- DURATION [--calendar CAL] [--from CAL] [--tz ZONE] [--overflow constrain|reject] [--disambiguation compatible|earlier|later|reject] [--locale L] [--format PATTERN] [--epoch] [--json]"
    static let discussion = """
        Adds DURATION (P1Y2M3D, P2W, PT36H, -P1M, P1DT12H, PT0.5S ...) to DATE in the
        --calendar (default iso8601), as Temporal does: years keep the month code
        (Hebrew Adar I becomes Adar in a common year), months count by position,
        a day past the month's end is clamped (--overflow constrain, the default)
        or an error (--overflow reject); weeks and days are whole days.

        DATE is a date in the calendar's text form (2024-03-15, 5784-M05L-30), or a
        date-time: 2024-03-15T09:30:00, with Z or an offset (-04:00), or in
        iCalendar basic form (20240315T093000Z). --tz reads a floating time in
        that zone (and shows a zoned one there). Days and larger keep the
        wall-clock time across DST; hours and smaller are exact elapsed time. A
        wall-clock time that a DST change skips or repeats is resolved by
        --disambiguation: compatible (default: later in a gap, earlier in a
        repeat), earlier, later or reject. A plain date with hours or smaller in
        DURATION becomes a date-time at midnight.

        DATE may also be 'today', 'tomorrow', 'yesterday' (that date), 'now' (the
        current instant) or @SECONDS (Unix time), in --tz, else the system zone.

        DATE is read in --from if given, else in --calendar; a time with an offset or Z is an ISO 8601 instant.
        The result is printed in the same form as DATE, in DATE's calendar (RFC
        3339 for times). DATE '-' reads one date a line from standard input and
        writes one result a line (an empty line, or an {"input":...,"error":...}
        object with --json, for a line that fails; exit status 1 at the end).
        --epoch prints the result's Unix seconds instead (a date: its start in --tz,
        else UTC; a floating time is read there too); with --json, "epoch" is added.
        --locale L adds the result's date as that locale writes it (ICU's full date
        pattern for the calendar) after the result; --format PATTERN prints the
        result with that ICU date pattern alone (time fields show its wall-clock
        time). With --json, "formatted" is added.

        examples:
          kalends add 2024-01-31 P1M                          # 2024-02-29
          kalends add 2024-01-31 P1M --overflow reject        # error: no 31 February
          kalends add 5784-M05L-30 P1Y --calendar hebrew      # 5785-M06-29
          kalends add 2024-03-24 P1Y --calendar hebrew --from iso8601   # 2025-03-14
          kalends add 2024-03-09T09:00 P1D --tz America/New_York
          kalends add 20240315T093000Z -PT36H --json
          kalends add @1700000000 PT1H --epoch                # 1700003600
          kalends add 5784-M05L-30 P1Y --calendar hebrew --format 'd MMMM y'   # 29 Adar 5785
        """
    static let options: [OptionSpec] = [
        .value("--calendar", "CAL", "Calendar of the arithmetic, and of DATE without --from (default iso8601)."),
        .value("--from", "CAL", "Calendar DATE is written in (default: --calendar); the result is printed in it."),
        .value("--tz", "ZONE", "IANA zone: floating times are read in it, results shown in it."),
        .value("--overflow", "MODE", "constrain (default) or reject a day or leap month that does not exist."),
        .value("--disambiguation", "MODE", "compatible (default), earlier, later or reject a time in a DST gap or repeat."),
        .value("--locale", "L", DateFormatOption.localeHelp),
        .value("--format", "PATTERN", DateFormatOption.formatHelp),
        .flag("--epoch", "Print the result's Unix seconds instead (a date: its start in --tz, else UTC)."),
        .flag("--json", "Print the result as a JSON object (as convert, plus dateTime for times and arithmeticCalendar)."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let positionals = try arguments.positionals(2...2, command: name, usage: usage)
        let overflow: Overflow = try arguments.choice("--overflow", default: .constrain)
        let disambiguation: Disambiguation = try arguments.choice("--disambiguation", default: .compatible)
        let (calendar, input) = try CalendarOption.arithmeticAndInput(arguments)
        let zone = try ZoneOption.read(arguments)
        let durationText = positionals[1]
        let duration: CalendarDuration
        do {
            duration = try CalendarDuration(parsing: durationText)
        } catch {
            throw InputError(.argument("DURATION"), input: durationText, underlying: error)
        }
        let reading = DateTimeArgument.Reading(calendar: input, zone: zone, disambiguation: disambiguation)
        let json = arguments.flag("--json")
        let epoch = arguments.flag(EpochOutput.option)
        let formatting = try DateFormatOption.read(arguments, checkingIn: input)
        func add(_ text: String, origin: InputOrigin, output: inout OutputBuffer) throws {
            let start = try DateTimeArgument.read(text, origin: origin, reading)
            let result = try adding(duration, to: start.value, calendar: calendar, zone: zone, overflow: overflow,
                                    disambiguation: disambiguation, origin: origin, input: text)
            var seconds: Instant?
            if epoch {
                do {
                    seconds = try EpochOutput.instant(of: result, zone: zone)
                } catch {
                    throw InputError(origin, input: text, underlying: error)
                }
            }
            // The result is printed in the calendar DATE was written in.
            let shown = start.calendar
            let formatted = try formatting.map { formatting throws in
                try formatting.text(try shown.date(dayNumber: result.dayNumber), in: shown, secondsOfDay: result.secondsOfDay)
            }
            if json {
                var object = DateJSON.object(try shown.date(dayNumber: result.dayNumber), in: shown)
                object.add("arithmeticCalendar", calendar.id.key)
                if let text = result.dateTimeText { object.add("dateTime", text) }
                if let seconds { EpochOutput.add(seconds, to: &object) }
                if let formatted { object.add("formatted", formatted) }
                output.line(object)
            } else if let seconds {
                output.line(EpochOutput.text(seconds))
            } else if let formatted, let formatting {
                output.line(formatting.replacesLine ? formatted : try DateTimeArgument.text(result, calendar: shown) + "  " + formatted)
            } else {
                output.line(try DateTimeArgument.text(result, calendar: shown))
            }
        }
        guard positionals[0] == "-" else {
            try add(positionals[0], origin: .argument("DATE"), output: &output)
            return ExitStatus.success
        }
        // A plain ISO date plus years, months, weeks and days in the ISO
        // calendar skips the general reader; anything it cannot do (an
        // error included, so messages stay the general path's) goes there.
        // `KALENDS_BATCH_REFERENCE=1` sends every line there; a parity test compares.
        let plainDates = input.id == .iso8601 && calendar.id == .iso8601 && duration.time.isZero && !epoch && !ConvertCommand.referenceOutput
            && formatting == nil
        return BatchInput.runLines(width: 1, json: json, output: &output) { bytes, number, output in
            if plainDates, let start = bytes.plainISODate,
               let date = try? calendar.date(dayNumber: start.dayNumber),
               let result = try? calendar.adding(duration.date, to: date, overflow: overflow) {
                if json {
                    var object = DateJSON.object(result, in: input)
                    object.add("arithmeticCalendar", calendar.id.key)
                    output.line(object)
                } else if (0...9999).contains(result.year) {
                    // `YYYY-MM-DD`, CalendarDateText's form of such a date, as bytes.
                    output.line { buffer in
                        for (value, width) in [(result.year, 4), (result.month, 2), (result.day, 2)] {
                            if width == 2 { buffer.append(45) }
                            var divisor = width == 4 ? 1000 : 10
                            while divisor > 0 {
                                buffer.append(UInt8(truncatingIfNeeded: 48 + value / divisor % 10))
                                divisor /= 10
                            }
                        }
                    }
                } else {
                    output.line(CalendarDateText.format(result))
                }
                return
            }
            try add(bytes.text, origin: .line(number), output: &output)
        }
    }

    /// `start` moved by `duration`, the calendar units counted in `calendar`.
    static func adding(_ duration: CalendarDuration, to start: DateTimeArgument, calendar: any CalendarSystem, zone: ZoneRules?,
                       overflow: Overflow, disambiguation: Disambiguation, origin: InputOrigin, input: String) throws -> DateTimeArgument {
        var start = start
        // A plain date with a time part to add becomes a date-time at midnight.
        if case .date(let date) = start, !duration.time.isZero {
            let midnight = try LocalDateTime(dayNumber: date.dayNumber)
            if let zone {
                do {
                    start = .zoned(try ZonedDateTime(local: midnight, zone: zone, disambiguation: disambiguation))
                } catch {
                    throw InputError(origin, input: input, underlying: error)
                }
            } else {
                start = .floating(midnight)
            }
        }
        do {
            switch start {
            case .date(let date):
                return .date(try calendar.adding(duration.date, to: try calendar.date(dayNumber: date.dayNumber), overflow: overflow))
            case .floating(let local):
                return .floating(try local.adding(duration, in: calendar, overflow: overflow))
            case .zoned(let zoned):
                return .zoned(try zoned.adding(duration, in: calendar, overflow: overflow, disambiguation: disambiguation))
            }
        } catch {
            // One value: "adding P1M to 2024-01-31"; a batch line says which line too.
            let what = "adding \(duration) to \(try DateTimeArgument.text(start, calendar: calendar))"
            throw InputError(.computing(what, at: origin == .argument("DATE") ? nil : origin), underlying: error)
        }
    }
}
