import FoundationEssentials
import FoundationInternationalization
import Kalends
import KalendsStore
import KalendsICalendar

/// `kalends recur`: the occurrences of a recurrence (RRULE, RDATE, EXDATE).
enum RecurCommand: Command {
    static let name = "recur"
    static let summary = "Expand a recurrence (RFC 5545 RRULE, RDATE, EXDATE) into its occurrences."
    static let usage = "kalends recur [ICAL-FILE|-] [--dtstart DT] [--rrule RULE]... [--rdate DT]... [--exdate DT]... [--tz ZONE] [--limit N] [--between START END] [--after DT] [--dst POLICY] [--locale L] [--json] [--describe]"
    static let discussion = """
        Prints the occurrences of a recurrence, one a line, in order, without
        repeats. Give it with options (--dtstart and --rrule, --rdate, --exdate),
        or as iCalendar lines in ICAL-FILE or on standard input (-): DTSTART,
        RRULE, RDATE and EXDATE lines, folded lines allowed, other lines passed over.

        The output has DTSTART's form: a date gives dates, a floating time floating
        times, a zoned time (TZID=, an offset, Z, or --tz) times with their offset.
        DTSTART is always the first occurrence and counts toward COUNT; COUNT
        limits the rule before EXDATE removes instances. A time the zone skips
        moves forward by the gap, a repeated one takes its first instance
        (RFC 5545); --dst earlier, later or skip chooses otherwise.

        --between START END prints the occurrences with START <= t < END; --after DT
        the first one after DT (--limit N: the first N). Bounds without an offset
        are wall times in DTSTART's zone. A DT or bound may also be 'today',
        'tomorrow', 'yesterday' (a date), 'now' or @SECONDS (an instant, placed in
        --tz, else the system zone). A rule without COUNT or UNTIL and no bound
        prints its first 100 and says so. A rule that can never match prints what
        exists (DTSTART, RDATEs) and a note that says why.

        With a date DTSTART, BYHOUR, BYMINUTE and BYSECOND are ignored (RFC 5545
        section 3.3.10) and a warning says so; HOURLY and finer rules need a time.
        Occurrences stop at 9999-12-31, with a warning when the rule goes on.
        ICAL-FILE or - may hold 16 MiB, a DTSTART, RRULE, RDATE or EXDATE line
        64 KiB after unfolding.

        --locale L adds each occurrence's date as L writes it (ICU's full date,
        Gregorian calendar) after it, as convert does; the JSON gains "formatted".

        --describe prints each RRULE in English instead, one a line ("every other
        week on Tuesday and Thursday, 10 times"); it needs no --dtstart.

        examples:
          kalends recur --dtstart 19970902T090000 --tz America/New_York --rrule FREQ=DAILY;COUNT=10
          kalends recur --dtstart 2024-01-31 --rrule FREQ=MONTHLY;BYMONTHDAY=-1 --limit 4
          kalends recur --dtstart 1970-01-05T09:00 --tz Europe/Paris --rrule FREQ=WEEKLY;BYDAY=MO --between 2100-03-01 2100-03-15
          kalends recur event.ics --json
          kalends recur --dtstart 2024-03-15 --rrule FREQ=WEEKLY;COUNT=3 --locale he
          kalends recur --rrule 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1' --describe
        """
    static let options: [OptionSpec] = [
        .value("--dtstart", "DT", "The first occurrence: a date, a floating time, or a time with an offset or Z."),
        .value("--rrule", "RULE", repeatable: true, "A recurrence rule (FREQ=WEEKLY;BYDAY=MO,WE); repeatable."),
        .value("--rdate", "DT", repeatable: true, "An extra occurrence (comma-separated list allowed); repeatable."),
        .value("--exdate", "DT", repeatable: true, "An occurrence to leave out (a date leaves out that whole day); repeatable."),
        .value("--tz", "ZONE", "IANA zone a floating DTSTART (and the times read with it) is placed in."),
        .value("--limit", "N", "Print at most N occurrences."),
        .pair("--between", "START END", "Only occurrences with START <= t < END."),
        .value("--after", "DT", "The first occurrence strictly after DT (with --limit N: the first N)."),
        .value("--dst", "POLICY", "Times a zone skips or repeats: rfc5545 (default), earlier, later, skip."),
        .value("--locale", "L", DateFormatOption.localeHelp),
        .flag("--json", "One JSON object a line: start, and utc for zoned times."),
        .flag("--describe", "Print each RRULE in English instead of the occurrences."),
    ]

    /// Occurrences printed when nothing bounds an endless rule.
    static let defaultLimit = 100

    /// The most bytes of ICAL-FILE or standard input read: far more than the
    /// lines of one recurrence need, and still a bound on an endless input.
    static let maximumInputBytes = 16 << 20

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let positionals = try arguments.positionals(0...1, command: name, usage: usage)
        let zone = try ZoneOption.read(arguments)
        let policy: LocalTimePolicy = try arguments.choice("--dst", default: .rfc5545)
        let gregorian = try Calendars.system(.gregorian)
        let formatting = try DateFormatOption.read(arguments, checkingIn: gregorian)
        if arguments.flag("--describe") {
            // The descriptions are English sentences, not dates.
            guard formatting == nil else { throw UsageError.conflict("--locale writes occurrences' dates; --describe prints English descriptions") }
            for rule in try describedRules(positionals.first, arguments, zone: zone, policy: policy) {
                output.line(rule.naturalDescription)
            }
            return ExitStatus.success
        }
        let given = try readRecurrence(positionals.first, arguments, zone: zone, policy: policy)
        let set = given.set
        given.warn()
        let limit = try arguments.value("--limit").map { text throws in try count(text, option: "--limit") }

        for (index, reason) in set.emptyRules() {
            let which = set.rules.count > 1 ? "RRULE \(index + 1) (\(set.rules[index]))" : "the rule \(set.rules[index])"
            printError("kalends: note: \(which) has no occurrences: \(reason); printing DTSTART and the RDATEs only")
        }

        let occurrences: Occurrences
        var cap = limit
        let between = arguments.values("--between")
        if between.count == 2 {
            guard arguments.value("--after") == nil else { throw UsageError.conflict("give one of --between and --after") }
            let low = try bound(between[0], origin: .optionValue(option: "--between", value: "START"), zone: zone), high = try bound(between[1], origin: .optionValue(option: "--between", value: "END"), zone: zone)
            occurrences = try windowed { () throws(RecurrenceError) in try set.occurrences(from: low, to: high) }
        } else if let after = arguments.value("--after") {
            let low = try bound(after, origin: .option("--after"), zone: zone)
            occurrences = try windowed { () throws(RecurrenceError) in try set.occurrences(after: low) }
            cap = limit ?? 1
        } else {
            occurrences = set.occurrences()
            if cap == nil && set.rules.contains(where: { $0.count == nil && $0.until == nil }) && set.emptyRules().count < set.rules.count {
                cap = defaultLimit
                printError("kalends: note: the rule has no COUNT or UNTIL: printing the first \(defaultLimit) occurrences (--limit N or --between START END to choose)")
            }
        }

        let json = arguments.flag("--json")
        var printed = 0
        var iterator = occurrences.makeIterator()
        var ended = false
        while true {
            if let cap, printed >= cap { break }
            guard let occurrence = iterator.next() else {
                ended = true
                break
            }
            printed += 1
            // The locale's text of the occurrence's (wall-clock) date.
            let formatted = try formatting.map { option throws in
                try option.text(try gregorian.date(dayNumber: occurrence.local.dayNumber), in: gregorian)
            }
            if json {
                // The texts are digits, '-', ':', 'T', 'Z' and '+': nothing to escape.
                output.line { bytes in
                    bytes.append(contentsOf: #"{"start":""#.utf8)
                    occurrence.appendText(to: &bytes)
                    if occurrence.instant != nil {
                        bytes.append(contentsOf: #"","utc":""#.utf8)
                        occurrence.appendUTCText(to: &bytes)
                    }
                    bytes.append(UInt8(ascii: "\""))
                    switch occurrence.adjustment {
                    case .none: break
                    case .gap(let seconds): bytes.append(contentsOf: #","adjusted":"gap","gapSeconds":\#(seconds)"#.utf8)
                    case .repeated: bytes.append(contentsOf: #","adjusted":"repeated""#.utf8)
                    }
                    if let formatted { bytes.append(contentsOf: (#","formatted":"# + JSONObject.quoted(formatted)).utf8) }
                    bytes.append(UInt8(ascii: "}"))
                }
            } else {
                output.line { bytes in
                    occurrence.appendText(to: &bytes)
                    if let formatted { bytes.append(contentsOf: ("  " + formatted).utf8) }
                }
            }
        }
        // Fewer than asked for, and not because the recurrence ended: the supported dates did.
        let cut = ended ? iterator.rulesEndedBySupportedRange : []
        if !cut.isEmpty {
            output.flush()
            let names = cut.map { set.rules.count > 1 ? "RRULE \($0 + 1) (\(set.rules[$0]))" : "the rule \(set.rules[$0])" }
            let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
            let counted = cut.count == 1 && set.rules[cut[0]].count != nil ? " (its COUNT is not reached)" : ""
            ErrorReporting.warn("the occurrences stop at the end of the supported dates, 9999-12-31: \(list) \(names.count == 1 ? "goes" : "go") on after it\(counted)")
        }
        return ExitStatus.success
    }

    private static func windowed(_ make: () throws(RecurrenceError) -> Occurrences) throws -> Occurrences {
        do {
            return try make()
        } catch {
            throw InputError(.computing("the window"), underlying: error)
        }
    }

    /// A window bound as the library reads it: with an offset an instant, else a wall time.
    private static func bound(_ text: String, origin: InputOrigin, zone: ZoneRules?) throws -> RecurrenceSet.Bound {
        // --tz places today, now and @SECONDS; other bounds are read as DTSTART's (wall times unless they have an offset).
        let read = try DateTimeArgument.read(text, origin: origin, DateTimeArgument.Reading(calendar: DateTimeArgument.iso, zone: nil, clockZone: zone))
        switch read.value {
        case .date(let date): return .local(try LocalDateTime(dayNumber: date.dayNumber))
        case .floating(let local): return .local(local)
        case .zoned(let zoned): return .instant(zoned.instant)
        }
    }

    /// The rules `--describe` prints: those of the recurrence when it is given
    /// whole (ICAL-FILE, or --dtstart), else the --rrule values alone.
    private static func describedRules(_ path: String?, _ arguments: ParsedArguments, zone: ZoneRules?,
                                       policy: LocalTimePolicy) throws -> [RecurrenceRule] {
        for option in ["--json", "--limit", "--between", "--after"] where !arguments.values(option).isEmpty || arguments.flag(option) {
            throw UsageError.conflict("--describe prints the rules, not their occurrences: give it without \(option)")
        }
        let whole = path != nil || arguments.value("--dtstart") != nil || !arguments.values("--rdate").isEmpty
            || !arguments.values("--exdate").isEmpty
        var rules: [RecurrenceRule] = []
        if whole {
            let given = try readRecurrence(path, arguments, zone: zone, policy: policy)
            given.warn()
            rules = given.set.rules
        } else {
            for text in arguments.values("--rrule") {
                do {
                    rules.append(try RecurrenceRule(parsing: text))
                } catch {
                    throw InputError(.option("--rrule"), input: text, underlying: error)
                }
            }
        }
        guard rules.isEmpty else { return rules }
        if let path {
            throw InputError(path == "-" ? .standardInput : .path(path), underlying: ArgumentProblem.noRuleToDescribe)
        }
        throw UsageError.missing("--describe needs a rule: give --rrule RULE (or iCalendar lines with an RRULE in ICAL-FILE or -)")
    }

    static func count(_ text: String, option: String) throws -> Int {
        guard let value = Int(text), value >= 0 else {
            throw UsageError.badValue(option: option, expected: "a whole number 0 or more", given: text)
        }
        return value
    }

    /// A recurrence as given: the set, and where its rules came from.
    struct GivenRecurrence {
        let set: RecurrenceSet
        /// Standard input or the file, when read from iCalendar text.
        let source: InputOrigin?
        /// The `--rrule` values, when given by options.
        let ruleTexts: [String]

        /// One `kalends: warning:` line per rule with parts the set ignores,
        /// placed at the rule's line of the file or its `--rrule`.
        func warn() {
            for warning in set.warnings {
                var place = ""
                if let source {
                    place = (warning.line.map { InputOrigin.line($0, of: source) } ?? source).description + ": "
                } else if warning.ruleIndex < ruleTexts.count {
                    place = "--rrule \(Echo.quoted(ruleTexts[warning.ruleIndex])): "
                }
                ErrorReporting.warn(place + warning.message)
            }
        }
    }

    /// The recurrence from ICAL-FILE / stdin, or from the options.
    static func readRecurrence(_ path: String?, _ arguments: ParsedArguments, zone: ZoneRules?, policy: LocalTimePolicy) throws -> GivenRecurrence {
        if let path {
            let set = try readSet(path, arguments, zone: zone, policy: policy)
            return GivenRecurrence(set: set, source: path == "-" ? .standardInput : .path(path), ruleTexts: [])
        }
        return GivenRecurrence(set: try readSet(nil, arguments, zone: zone, policy: policy), source: nil, ruleTexts: arguments.values("--rrule"))
    }

    /// The set of the iCalendar lines of one file or standard input; a floating DTSTART read in `zone` when given.
    static func readFileSet(_ path: String, zone: ZoneRules?, policy: LocalTimePolicy) throws -> RecurrenceSet {
        // Read whole (bounded), then by the library's one reader.
        let file = try InputFile(path, argument: "ICAL-FILE", maximumBytes: maximumInputBytes, what: "the iCalendar text of a recurrence")
        let source = file.contents
        guard let text = String(validating: [UInt8](file.data), as: UTF8.self) else {
            throw InputError(source, underlying: ArgumentProblem.notUTF8)
        }
        do {
            let set = try RecurrenceSet(parsing: text, policy: policy)
            guard let zone, case .floating(let local) = set.start else { return set }
            return try RecurrenceSet(start: .zoned(local, zone), rules: set.rules, dates: set.dates, exclusions: set.exclusions, policy: policy)
        } catch {
            throw InputError(source, underlying: error)
        }
    }

    /// The set from ICAL-FILE / stdin, or from the options.
    static func readSet(_ path: String?, _ arguments: ParsedArguments, zone: ZoneRules?, policy: LocalTimePolicy) throws -> RecurrenceSet {
        if let path {
            guard arguments.value("--dtstart") == nil, arguments.values("--rrule").isEmpty,
                  arguments.values("--rdate").isEmpty, arguments.values("--exdate").isEmpty else {
                throw UsageError.conflict("give the recurrence either as iCalendar lines (ICAL-FILE or -) or with --dtstart/--rrule/--rdate/--exdate, not both")
            }
            // A vdir folder: its first item (in name order) that holds a recurrence.
            if path != "-" && CalendarFileReader.isDirectory(path) {
                let files: [String]
                do {
                    files = try CalendarFileReader.itemFiles(in: path)
                } catch {
                    throw InputError(.file(argument: "ICAL-FILE", path: path), underlying: ArgumentProblem.unreadable(errno: error.code))
                }
                for file in files {
                    do {
                        return try readFileSet(file, zone: zone, policy: policy)
                    } catch let error as InputError {
                        // An item without a DTSTART (a VTODO, say) is passed over.
                        if let recurrence = error.underlying as? RecurrenceError, recurrence.kind == .missingStart { continue }
                        throw error
                    }
                }
                throw InputError(.file(argument: "ICAL-FILE", path: path), underlying: RecurrenceError(.missingStart))
            }
            return try readFileSet(path, zone: zone, policy: policy)
        }
        guard let startText = arguments.value("--dtstart") else {
            throw UsageError.missing("'recur' needs --dtstart DT (or iCalendar lines in ICAL-FILE or -); usage: \(usage)")
        }
        let reading = DateTimeArgument.Reading(calendar: DateTimeArgument.iso, zone: zone)
        let start: RecurrenceStart
        switch try DateTimeArgument.read(startText, origin: .option("--dtstart"), reading).value {
        case .date(let date): start = .date(ISODate(dayNumber: date.dayNumber))
        case .floating(let local): start = .floating(local)
        case .zoned(let zoned): start = .zoned(zoned.local, zoned.zone)
        }
        var rules: [RecurrenceRule] = []
        for text in arguments.values("--rrule") {
            do {
                rules.append(try RecurrenceRule(parsing: text))
            } catch {
                throw InputError(.option("--rrule"), input: text, underlying: error)
            }
        }
        func dates(_ option: String) throws -> [RecurrenceDate] {
            var result: [RecurrenceDate] = []
            for list in arguments.values(option) {
                for text in list.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                    switch try DateTimeArgument.read(text, origin: .option(option), reading).value {
                    case .date(let date): result.append(RecurrenceDate(.date(ISODate(dayNumber: date.dayNumber))))
                    case .floating(let local): result.append(RecurrenceDate(.floating(local)))
                    case .zoned(let zoned): result.append(RecurrenceDate(.utc(zoned.instant)))
                    }
                }
            }
            return result
        }
        do {
            return try RecurrenceSet(start: start, rules: rules, dates: try dates("--rdate"), exclusions: try dates("--exdate"), policy: policy)
        } catch let error as RecurrenceError {
            throw InputError(.computing("the recurrence"), underlying: error)
        }
    }
}
