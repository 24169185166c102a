import Kalends
import KalendsStore
import KalendsViews

/// `kalends config`: the configuration file as read, its collections, and its problems.
enum ConfigCommand: Command {
    static let name = "config"
    static let summary = "Show the configuration file as read: the collections, with their items, and its problems."
    static let usage = "kalends config [--json]"
    static let discussion = """
        Reads the configuration file ($KALENDS_CONFIG, else
        $XDG_CONFIG_HOME/kalends/config, else ~/.config/kalends/config) and prints
        where it is, every calendar and address book its globs name (name, path,
        number of items, color), where an edit without FILE writes, the [view]
        settings, and the problems found: a glob that matches nothing, a path that
        is no collection, an unknown key, a zone, locale or calendar that does not
        exist, a collection with defects. Exit 1 when there are problems. Nothing
        is written anywhere.

        The file is INI, # comments, every key optional:
          [calendars]
          paths = ~/.calendars/*          # globs: .ics files, vdir folders, folders of them
          default = ~/.calendars/personal # where an edit without FILE writes
          [contacts]
          paths = ~/.contacts/*
          [view]
          tz = Europe/Berlin
          locale = he
          also = hebrew
        """
    static let options: [OptionSpec] = [.flag("--json", "One JSON object: file, calendars, default, contacts, view, problems.")]

    struct Row {
        let name: String
        let path: String
        let items: Int
        let color: String?
    }

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        _ = try arguments.positionals(0...0, command: name, usage: usage)
        let file = Configured.path
        let configuration = try Configured.configuration()
        var problems = configuration.unknown.map { "line \($0.line): \($0.problem)" }
        // Calendars: each collection read leniently, its items counted by UID (a series and its overrides are one).
        let (calendarPaths, calendarProblems) = CollectionPaths.resolve(configuration.calendarPaths, itemExtension: "ics")
        problems += calendarProblems.map { "[calendars] paths, \($0)" }
        var calendars: [Row] = []
        for path in calendarPaths {
            do {
                for read in try CalendarFileReader(mode: .lenient).read(path) {
                    let uids = Set(read.calendar.events.map(\.uid)).union(read.calendar.reminders.map(\.uid))
                    calendars.append(Row(name: read.calendar.name, path: read.calendar.path, items: uids.count, color: read.calendar.color))
                    if !read.warnings.isEmpty {
                        problems.append("\(QuotedText.quoted(read.calendar.path, limit: 120)): \(read.warnings.count) defect\(read.warnings.count == 1 ? "" : "s") (components left out; 'kalends agenda \(read.calendar.path)' names them)")
                    }
                }
            } catch {
                problems.append("[calendars] paths, \(error)")
            }
        }
        let (contactPaths, contactProblems) = CollectionPaths.resolve(configuration.contactPaths, itemExtension: "vcf")
        problems += contactProblems.map { "[contacts] paths, \($0)" }
        var contacts: [Row] = []
        for path in contactPaths {
            do {
                for book in try ContactFiles.read([path], strict: false) {
                    contacts.append(Row(name: Configured.collectionName(path), path: path, items: book.contacts.count, color: nil))
                }
            } catch {
                problems.append("[contacts] paths, \(error)")
            }
        }
        if let value = configuration.defaultCalendar {
            let parent = value.text.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            if !parent.isEmpty && !LocalFiles.isDirectory(parent) {
                problems.append("line \(value.line): [calendars] default \(QuotedText.quoted(value.text, limit: 120)): its folder does not exist")
            }
        }
        if let value = configuration.zone, (try? ZoneRules(identifier: value.text)) == nil {
            problems.append("line \(value.line): [view] tz \(QuotedText.quoted(value.text, limit: 60)): no zone has that name")
        }
        if let value = configuration.locale, (try? ViewNames(locale: value.text)) == nil {
            problems.append("line \(value.line): [view] locale \(QuotedText.quoted(value.text, limit: 60)): ICU has no data for that locale")
        }
        if let value = configuration.also, (try? CalendarOption.read(value.text, option: "also")) == nil {
            problems.append("line \(value.line): [view] also \(QuotedText.quoted(value.text, limit: 60)): no calendar has that name (see 'kalends calendars')")
        }
        if arguments.flag("--json") {
            var object = JSONObject()
            object.add("file", file)
            object.add("exists", configuration.file != nil)
            object.add("calendars", objects: calendars.map(json))
            object.add("default", configuration.defaultCalendar?.text)
            object.add("contacts", objects: contacts.map(json))
            var view = JSONObject()
            view.add("tz", configuration.zone?.text)
            view.add("locale", configuration.locale?.text)
            view.add("also", configuration.also?.text)
            object.add("view", raw: view.encoded)
            object.add("problems", problems)
            output.line(object.encoded)
            return problems.isEmpty ? ExitStatus.success : ExitStatus.invalid
        }
        output.line("configuration: " + Echo.escaped(file.map(Configured.shown) ?? "(none: no HOME)") + (configuration.file == nil ? " (no such file: nothing configured)" : ""))
        for (title, rows, noun) in [("calendars", calendars, "item"), ("contacts", contacts, "contact")] {
            output.line("\(title):" + (rows.isEmpty ? " none" : ""))
            let width = rows.map { DisplayWidth.of(Echo.escaped($0.name)) }.max() ?? 0
            for row in rows {
                var line = "  " + GridColumns.leftAligned(Echo.escaped(row.name), to: width) + "  " + Echo.escaped(Configured.shown(row.path))
                line += "  \(row.items) \(noun)\(row.items == 1 ? "" : "s")"
                if let color = row.color { line += "  " + Echo.escaped(color) }
                output.line(line)
            }
        }
        if let value = configuration.defaultCalendar { output.line("default: " + Echo.escaped(Configured.shown(value.text))) }
        let view = [("tz", configuration.zone), ("locale", configuration.locale), ("also", configuration.also)].compactMap { key, value in
            value.map { "\(key) \(Echo.escaped($0.text))" }
        }
        if !view.isEmpty { output.line("view: " + view.joined(separator: ", ")) }
        output.line("problems:" + (problems.isEmpty ? " none" : ""))
        for problem in problems { output.line("  " + Echo.escaped(problem)) }
        return problems.isEmpty ? ExitStatus.success : ExitStatus.invalid
    }

    static func json(_ row: Row) -> JSONObject {
        var object = JSONObject()
        object.add("name", row.name)
        object.add("path", row.path)
        object.add("items", row.items)
        object.add("color", row.color)
        return object
    }
}
