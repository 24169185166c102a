import Kalends
import KalendsStore

/// `kalends import`: what another program sent or exported (an invitation,
/// a .ics export) added to a calendar file or vdir folder, by iTIP's rules.
enum ImportCommand: Command {
    static let name = "import"
    static let summary = "Import an invitation or a .ics export into a calendar (newer versions win; CANCEL cancels)."
    static let usage = "kalends import SOURCE.ics|- [--into FILE|FOLDER] [--dry-run]"
    static let discussion = """
        Adds each VEVENT and VTODO of SOURCE (with its overrides, and the
        VTIMEZONEs it uses) to the calendar --into names (a file, created when
        missing, or a vdir folder: a new UID is a new item). A UID the calendar has
        is replaced only by a newer version (higher SEQUENCE, then later DTSTAMP,
        as iTIP says), else kept. METHOD:CANCEL removes the event, or (with a
        RECURRENCE-ID) excludes that occurrence and drops its override, as 'event
        remove' does. Each component keeps its text as written. One atomic, locked
        write; a SOURCE with any defect is refused whole (exit 1) and the calendar
        is left byte-for-byte unchanged. Prints one line per item (or occurrence):
        added, updated, kept (not newer), cancelled, kept (nothing to cancel) or
        kept (not an occurrence), then the UID, and for one occurrence
        '(occurrence TIME)'. --dry-run prints the lines and writes nothing.

        examples:
          kalends import invitation.ics --into work.ics
          kalends import - --into ~/.calendars/work --dry-run < export.ics
        """
    static let options: [OptionSpec] = [
        .value("--into", "FILE|FOLDER", "The calendar imported into: an .ics file (created when missing) or a vdir folder (default: [calendars] default)."),
        .flag("--dry-run", "Print what would be done; write nothing."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let source = try arguments.positionals(1...1, command: name, usage: usage)[0]
        if let given = arguments.value("--into"), given.isEmpty {
            throw UsageError.missing("--into is empty: give the calendar to import into (see kalends import --help)")
        }
        // Without --into: the configuration's default calendar.
        let into = try Configured.editTarget(arguments, given: arguments.value("--into"))
        let input = try InputFile(source, argument: "SOURCE", maximumBytes: CalendarFileReader.maximumFileBytes, what: "a calendar")
        let name = source == "-" ? "standard input" : source
        let outcomes = try EditArguments.edit {
            let parsed = try ImportSource(bytes: [UInt8](input.data), name: name)
            return try CalendarFileEditor(path: into).importCalendar(parsed, dryRun: arguments.flag("--dry-run"))
        }
        for outcome in outcomes {
            output.line(outcome.action.rawValue + " " + Echo.escaped(outcome.uid) + (outcome.occurrence.map { " (occurrence \(shown($0)))" } ?? ""))
        }
        return ExitStatus.success
    }

    /// A time as output writes it: a date, a floating time without offset, else RFC 3339 with its zone's offset (Z for UTC).
    static func shown(_ time: ItemTime) -> String {
        switch time {
        case .date(let date): return date.description
        case .floating(let local): return DateTimeText.format(local)
        case .utc(let instant): return (try? ZonedDateTime(instant: instant, zone: .utc).description) ?? "\(time)"
        case .zoned(let local, let zone):
            guard let instant = try? zone.resolve(local).instant, let zoned = try? ZonedDateTime(instant: instant, zone: zone) else { return "\(time)" }
            return zoned.description
        }
    }
}
