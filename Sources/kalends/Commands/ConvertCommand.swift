import Kalends
#if canImport(Glibc)
import Glibc
#endif

/// `kalends convert`: a date in every calendar (or the ones asked for).
enum ConvertCommand: Command {
    static let name = "convert"
    static let summary = "Convert a date between calendars."
    static let usage = "kalends convert DATE|- [--from CAL] [--to CAL]... [--overflow constrain|reject] [--engine ENGINE] [--tz ZONE] [--locale L] [--format PATTERN] [--epoch] [--json]"
    static let discussion = """
        Converts DATE, read in the --from calendar (default iso8601), to each --to
        calendar (repeatable, each printed once; 'all' or no --to: every calendar).

        DATE is YEAR-MONTH-DAY with MONTH a number as Foundation counts it (Hebrew:
        6 Adar I, 7 Adar or Adar II) or a month code (M05L), optionally with an era
        (reiwa:6-03-15, bce:44-03-15); or DAY MONTHNAME YEAR (5 Adar II 5784);
        or 'today', 'tomorrow', 'yesterday', 'now' (in --tz, else the system zone);
        or @SECONDS (Unix time: the date in --tz, else the system zone); or a
        date-time, whose time is read and checked and whose date is used. A time
        with an offset or Z is an ISO 8601 instant whatever --from says, and means
        the date where its own offset puts it (2024-02-29T23:00-05:00 is 29
        February).

        --epoch prints the Unix seconds of the start of the date in --tz (else UTC)
        instead, one line per --to calendar (without --to: one line); with --json
        each object gains "epoch".

        --locale L writes each date as ICU writes it for that locale and calendar
        (names, numerals, the locale's full date pattern) in place of the English
        long form; --format PATTERN prints each date with that ICU date pattern
        alone, one line per --to calendar. Both write Kalends' own fields, so a
        date ICU's calendar gets wrong (Hebrew 5807) is still right. With --json
        each object gains "formatted".

        DATE '-' reads one date a line from standard input and writes, in order,
        one line per input line and target calendar: a line that fails gives
        empty lines (or {"input":...,"error":...} objects with --json), its error
        on standard error with the line number, and exit status 1 at the end; a
        blank line gives blank lines.

        A date that does not exist (hebrew 5785-M05L-01, gregorian 2023-02-29) is an
        error unless --overflow constrain clamps it as Temporal does.

        examples:
          kalends convert 2024-03-15 --to hebrew
          kalends convert '5 Adar II 5784' --from hebrew --to gregorian --json
          kalends convert 5785-M05L-01 --from hebrew --overflow constrain
          kalends convert reiwa:6-03-15 --from japanese --to iso8601
          kalends convert @1700000000 --tz Asia/Tokyo --to hebrew
          kalends convert 5784-M06-05 --from hebrew --epoch
          kalends convert 2024-03-15 --to hebrew --locale he
          kalends convert 2024-03-15 --to hebrew --format 'EEEE d MMMM y G'
          seq -f '2024-01-%02g' 1 31 | kalends convert - --to hebrew --json
        """
    static let options: [OptionSpec] = [
        .value("--from", "CAL", "Calendar DATE is written in (default iso8601)."),
        .value("--to", "CAL", repeatable: true, "Target calendar; repeatable; 'all' for every one (default)."),
        .value("--overflow", "MODE", "constrain or reject (default reject) a date that does not exist."),
        .value("--engine", "ENGINE", "standard (default), reference, icu or foundation: which engine converts."),
        .value("--tz", "ZONE", "IANA zone of now, today, @SECONDS (default: the system zone) and --epoch (default UTC)."),
        .value("--locale", "L", DateFormatOption.localeHelp),
        .value("--format", "PATTERN", DateFormatOption.formatHelp),
        .flag("--epoch", "Print the Unix seconds of the date's start instead (one line without --to)."),
        .flag("--json", "Print one JSON object per target calendar."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let positionals = try arguments.positionals(1...1, command: name, usage: usage)
        let engine: CalendarEngine = try arguments.choice("--engine", default: .standard)
        let overflow: Overflow = try arguments.choice("--overflow", default: .reject)
        ErrorReporting.overflowReadsInput = true
        let source = try CalendarOption.read(arguments.value("--from") ?? "iso8601", option: "--from", engine: engine)
        var ids: [CalendarID] = []
        for name in arguments.values("--to") {
            if name == "all" {
                ids += CalendarID.allCases
            } else {
                do {
                    ids.append(try CalendarID(parsing: name))
                } catch {
                    throw InputError(.option("--to"), input: name, underlying: error)
                }
            }
        }
        let epoch = arguments.flag(EpochOutput.option)
        // The seconds are the same in every calendar: one line unless --to asks for more.
        if ids.isEmpty { ids = epoch ? [.iso8601] : CalendarID.allCases }
        // Each calendar once, in the order first asked for (--to persian --to all).
        var seen: Set<CalendarID> = []
        ids = ids.filter { seen.insert($0).inserted }
        let targets = try ids.map { id throws in try CalendarOption.read(id.rawValue, option: "--to", engine: engine) }
        let json = arguments.flag("--json")
        let formatting = try DateFormatOption.read(arguments, checkingIn: targets[0])
        let layout = TextLayout(targets)
        let zone = try ZoneOption.read(arguments)
        // --tz places now, today and @SECONDS; a date-time with an offset keeps the date its offset gives.
        var reading = DateTimeArgument.Reading(calendar: source, zone: nil, overflow: overflow)
        reading.clockZone = zone
        let text = positionals[0]
        // A batch keeps each calendar's months from line to line; one date needs no cache.
        var writers = BatchWriters(targets: text == "-" ? targets.count : 0, json: json)
        func convert(_ text: String, origin: InputOrigin, output: inout OutputBuffer) throws {
            let day = try DateTimeArgument.read(text, origin: origin, reading).value.dayNumber
            var start: Instant?
            if epoch {
                do {
                    start = try EpochOutput.instant(ofDay: day, zone: zone)
                } catch {
                    throw InputError(origin, input: text, underlying: error)
                }
            }
            try write(day, to: targets, json: json, layout: layout, epoch: start, formatting: formatting, writers: &writers, output: &output)
        }
        guard text == "-" else {
            try convert(text, origin: .argument("DATE"), output: &output)
            return ExitStatus.success
        }
        // The common batch: ISO dates, read straight from the line's bytes.
        let readsISO = source.id == CalendarIdentifier(.iso8601) && !epoch && !referenceOutput && formatting == nil
        return BatchInput.runLines(width: targets.count, json: json, output: &output) { line, number, output in
            if readsISO, let date = line.plainISODate {
                // Straight to the byte writers: no --format or --epoch here.
                let day = date.dayNumber
                for index in targets.indices {
                    let converted = try targets[index].date(dayNumber: day)
                    if json {
                        output.line { writers.json[index].append(converted, in: targets[index], to: &$0) }
                    } else {
                        output.line { bytes in
                            guard !writers.text[index].append(converted, in: targets[index], column: layout.idColumns[index],
                                                              asCode: layout.monthCodes[index], dateWidth: layout.dateWidth, to: &bytes) else { return }
                            bytes.append(contentsOf: textLine(converted, in: targets[index], layout: layout).utf8)
                        }
                    }
                }
                return
            }
            try convert(line.text, origin: .line(number), output: &output)
        }
    }

    /// Column widths of the text form: the calendar names, and the widest
    /// date any of the target calendars can print, so columns stay apart
    /// on every line of a stream.
    struct TextLayout {
        let idWidth: Int
        let dateWidth: Int

        init(_ targets: [any CalendarSystem]) {
            idWidth = targets.map(\.id.key.count).max() ?? 0
            dateWidth = targets.map { Self.widestDate($0) }.max() ?? 10
            monthCodes = targets.map { target in target.id.builtIn.map { BuiltInFacts($0).hasLeapMonths } }
            let width = idWidth
            idColumns = targets.map { target in Array(target.id.key.utf8) + Array(repeating: 32, count: width - target.id.key.count + 2) }
        }

        /// Per target (in order): whether its dates write the month as a code
        /// (`M05L`) as `CalendarDateText.format` decides; nil for a registered
        /// calendar, where a leap month's code is written.
        let monthCodes: [Bool?]
        /// Per target: its id and the spaces after it, as bytes.
        let idColumns: [[UInt8]]
        /// `-9999-12-31`, `13760-M05L-30`: the longest year text of `years`
        /// (default: the supported years), and a month code with its leap
        /// mark where the calendar has leap months.
        static func widestDate(_ calendar: any CalendarSystem, years: ClosedRange<Int>? = nil) -> Int {
            func yearWidth(_ year: Int) -> Int { (year < 0 ? 1 : 0) + max(4, String(year.magnitude).count) }
            let years = years ?? calendar.supportedYears
            return max(yearWidth(years.lowerBound), yearWidth(years.upperBound)) + (calendar.hasLeapMonths ? 6 : 4) + 2
        }
    }

    /// The day in each target calendar: a line of text or a JSON object each
    /// (`epoch`: the seconds `--epoch` prints instead of the text, or adds to the JSON;
    /// `writers`: one JSON writer per target, keeping its months from line to line).
    static func write(_ day: Int, to targets: [any CalendarSystem], json: Bool, layout: TextLayout, epoch: Instant? = nil,
                      formatting: DateFormatOption? = nil, writers: inout BatchWriters, output: inout OutputBuffer) throws {
        for (index, target) in targets.enumerated() {
            let converted = try target.date(dayNumber: day)
            if let formatting {
                let formatted = try formatting.text(converted, in: target)
                if json {
                    var object = DateJSON.object(converted, in: target)
                    if let epoch { EpochOutput.add(epoch, to: &object) }
                    object.add("formatted", formatted)
                    output.line(object)
                } else if let epoch {
                    output.line(EpochOutput.text(epoch))
                } else if formatting.replacesLine {
                    output.line(formatted)
                } else {
                    output.line(textLine(converted, in: target, layout: layout, longForm: formatted))
                }
            } else if json {
                if let epoch {
                    var object = DateJSON.object(converted, in: target)
                    EpochOutput.add(epoch, to: &object)
                    output.line(object)
                } else if referenceOutput {
                    output.line(DateJSON.object(converted, in: target))
                } else {
                    if writers.json.indices.contains(index) {
                        output.line { writers.json[index].append(converted, in: target, to: &$0) }
                    } else {
                        output.line { DateJSON.append(converted, in: target, to: &$0) }
                    }
                }
            } else if let epoch {
                output.line(EpochOutput.text(epoch))
            } else if !referenceOutput, writers.text.indices.contains(index) {
                output.line { bytes in
                    guard !writers.text[index].append(converted, in: target, column: layout.idColumns[index], asCode: layout.monthCodes[index],
                                                      dateWidth: layout.dateWidth, to: &bytes) else { return }
                    bytes.append(contentsOf: textLine(converted, in: target, layout: layout).utf8)
                }
            } else {
                output.line(textLine(converted, in: target, layout: layout))
            }
        }
    }

    /// `KALENDS_BATCH_REFERENCE=1`: every line through the general reader and
    /// the String-built output, the reference the byte paths are tested against.
    static let referenceOutput = getenv("KALENDS_BATCH_REFERENCE").map { String(cString: $0) == "1" } ?? false

    /// The text line as a String: the reference form.
    /// `longForm`: the locale's text (`--locale`) in place of the English weekday and long form.
    static func textLine(_ converted: CalendarDate, in target: any CalendarSystem, layout: TextLayout, longForm: String? = nil) -> String {
        let id = target.id.key
        let textForm = CalendarDateText.format(converted)
        return id + String(repeating: " ", count: layout.idWidth - id.count + 2)
            + textForm + String(repeating: " ", count: max(2, layout.dateWidth - textForm.count + 2))
            + (longForm ?? DateJSON.weekdayNames[converted.weekday - 1] + " " + DateJSON.longForm(converted, in: target))
    }
}
