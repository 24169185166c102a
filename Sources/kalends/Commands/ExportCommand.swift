import Kalends
import KalendsStore

/// `kalends export`: the events and reminders of calendar files as one
/// VCALENDAR on standard output, whole or expanded to occurrences.
enum ExportCommand: Command {
    static let name = "export"
    static let summary = "Write the events and reminders of .ics files and vdir folders as one VCALENDAR."
    static let usage = "kalends export [FILE.ics...] [--from DATE --to DATE] [--expand] [--tz ZONE] [--strict]"
    static let discussion = """
        Writes one VCALENDAR (VERSION, PRODID) on standard output with the events
        and reminders of the files, each component's text as read (line ends made
        CRLF), and the VTIMEZONEs they use. With --from and --to (both), only the
        series that touch the half-open window [FROM, TO), whole (master and
        overrides), and the reminders due in it. --expand (which needs the window)
        writes each occurrence in the window as its own VEVENT with its
        RECURRENCE-ID and its own DTSTART and DTEND, without RRULE, RDATE or EXDATE,
        for programs that know no RRULE or RSCALE. --tz is the zone dates and
        floating times are read in (default: the system zone).

        A component with a defect is left out with a warning and the rest is
        written; --strict makes any defect an error (exit 1).

        examples:
          kalends export ~/.calendars/work > work-all.ics
          kalends export work.ics --from 2024-03-01 --to 2024-04-01 --expand --tz Europe/Berlin
        """
    static let options: [OptionSpec] = [
        .value("--from", "DATE", "The window's start (with --to)."),
        .value("--to", "DATE", "The window's end, exclusive (with --from)."),
        .flag("--expand", "Each occurrence in the window as its own VEVENT (needs --from and --to)."),
        .value("--tz", "ZONE", "The zone dates and floating times are read in (default: the system zone)."),
        .flag("--strict", "Refuse a file with any defect (exit 1) instead of leaving the component out."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let paths = try Configured.calendarPaths(try arguments.positionals(0...Int.max, command: name, usage: usage), command: name)
        let viewer = try Configured.viewer(arguments)
        var window: Range<Instant>?
        switch (arguments.value("--from"), arguments.value("--to")) {
        case (nil, nil): window = nil
        case (.some, .some): window = try CalendarWindow.read(arguments, viewer: viewer, defaultDays: 0, startOfToday: true)
        default: throw UsageError.conflict("give both --from and --to, or neither (the whole calendar)")
        }
        if arguments.flag("--expand") && window == nil {
            throw UsageError.missing("--expand writes the occurrences of a window: give --from DATE and --to DATE")
        }
        let standardInput = paths.contains("-")
            ? [UInt8](try InputFile("-", argument: "FILE", maximumBytes: CalendarFileReader.maximumFileBytes, what: "a calendar").data) : nil
        let store = try CalendarFiles.open(paths, strict: arguments.flag("--strict"), viewer: viewer, standardInput: standardInput)
        let generated = CalendarFiles.generated
        var export = CalendarExport(store: store) { path in
            generated[path] ?? (try? CalendarExport.contents(of: path))
        }
        let bytes: [UInt8]
        do {
            if let window, arguments.flag("--expand") {
                bytes = try export.expanded(window: window, viewer: viewer)
            } else {
                bytes = try export.calendar(window: window, viewer: viewer)
            }
        } catch {
            throw ArgumentProblem.calendarFile(error.description)
        }
        output.write(String(decoding: bytes, as: UTF8.self))
        return ExitStatus.success
    }
}
