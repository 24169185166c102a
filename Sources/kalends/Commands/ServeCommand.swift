#if canImport(Glibc)
import Glibc
#endif
import Kalends
import KalendsServer
import KalendsStore
import KalendsViews

/// `kalends serve`: the views in a browser on this machine, with drag-to-edit (`KalendsServer`).
enum ServeCommand: Command {
    static let name = "serve"
    static let summary = "Show the calendars in a browser on this machine, and drag events to new times."
    static let usage = "kalends serve [FILE...] [--port N] [--tz ZONE] [--locale L]"
    static let discussion = """
        Serves day, week and month views of the files on 127.0.0.1 (port 0, the
        default, picks a free one) and prints the page's URL with a random token;
        only requests with that token and a Host of 127.0.0.1 or localhost are
        answered, and changes only from the page itself. On the page: move between
        dates, click a day to list its events, drag an event to a new time or drag
        its end, snapped to 15 minutes in the day's real hours, drag on empty time
        to create an event; a recurring event asks whether the change is for this
        event or this and the future ones. Every change is written as
        kalends event edit writes it (atomic, locked, every other byte kept); a
        change from a page whose files another program changed since is refused
        and the page shows the new state. Stop it with Ctrl-C.

        examples:
          kalends serve ~/.calendars/personal --tz Europe/Berlin
        """
    static let options: [OptionSpec] = [
        .value("--port", "N", "The port on 127.0.0.1 (0: a free one, the default)."),
        .value("--tz", "ZONE", "The viewer's zone (default: the system zone)."),
        .value("--locale", "L", "Names and numerals of that locale (ICU)."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let paths = try Configured.calendarPaths(try arguments.positionals(0...Int.max, command: name, usage: usage), command: name)
        let zone = try Configured.viewer(arguments)
        var port = 0
        if let text = arguments.value("--port") {
            guard let value = Int(text), (0...65_535).contains(value) else { throw UsageError.badValue(option: "--port", expected: "0 ... 65535", given: text) }
            port = value
        }
        var names = ViewNames.english
        if let (locale, origin) = Configured.locale(arguments) {
            do {
                names = try ViewNames(locale: locale)
            } catch {
                throw InputError(origin, input: locale, underlying: error)
            }
        }
        // The files must read now: a mistake is an error before anything listens.
        _ = try CalendarFiles.open(paths, strict: false, viewer: zone)
        let listener: HTTPListener
        do {
            listener = try HTTPListener(port: port)
        } catch {
            throw ArgumentProblem.calendarFile(error.description)
        }
        let server = CalendarServer(paths: paths, zone: zone, names: names, token: CalendarServer.randomToken(), port: listener.port) { paths, zone in
            try CalendarFiles.open(paths, strict: false, viewer: zone)
        }
        output.line("http://127.0.0.1:\(listener.port)/?token=\(server.token)")
        output.flush()
        listener.serve(server.handle)
        return ExitStatus.success
    }
}
