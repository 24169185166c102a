#if canImport(Glibc)
import Glibc
#endif
import Kalends
import KalendsStore

/// The configuration file, as the commands use it: the collections read
/// when no FILE is given, where an edit without FILE writes, and the
/// viewer's zone, locale and second calendar. Read once, when first needed;
/// a missing file is no configuration.
enum Configured {
    nonisolated(unsafe) static var loaded: Configuration?

    /// The environment's value of `name`, nil when unset or empty.
    static func environment(_ name: String) -> String? {
        guard let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty else { return nil }
        return value
    }

    /// The file's path (`$KALENDS_CONFIG`, `$XDG_CONFIG_HOME/kalends/config`, `~/.config/kalends/config`).
    static var path: String? {
        var environment: [String: String] = [:]
        for name in ["KALENDS_CONFIG", "XDG_CONFIG_HOME", "HOME"] { environment[name] = Self.environment(name) }
        return Configuration.path(environment: environment)
    }

    /// The configuration read (no file: every key absent); its unknown keys warned of once.
    /// - Throws: `InputError` for a file that cannot be read, `ConfigurationError` for a line that does not read.
    static func configuration() throws -> Configuration {
        if let loaded { return loaded }
        guard let path else {
            loaded = Configuration()
            return Configuration()
        }
        let bytes: [UInt8]
        do {
            bytes = try LocalFiles.contents(of: path, maximum: 1 << 20)
        } catch {
            guard error.code == ENOENT else { throw InputError(.file(argument: "the configuration", path: path), underlying: ArgumentProblem.unreadable(errno: error.code)) }
            loaded = Configuration()
            return Configuration()
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw InputError(.file(argument: "the configuration", path: path), underlying: ArgumentProblem.notUTF8)
        }
        let configuration = try Configuration.parse(text, file: shown(path), home: environment("HOME"))
        for problem in configuration.unknown { ErrorReporting.warn(problem.description) }
        loaded = configuration
        return configuration
    }

    /// The calendars to read: `given` when there are any, else the collections
    /// of `[calendars] paths` (each problem of them a warning).
    /// - Throws: `UsageError.missing` when neither names any; the configuration's errors.
    static func calendarPaths(_ given: [String], command: String) throws -> [String] {
        guard given.isEmpty else { return given }
        return try collections(try configuration().calendarPaths, kind: "calendars", itemExtension: "ics", command: command)
    }

    /// The address books to read: `given`, else the collections of `[contacts] paths`.
    /// - Throws: as `calendarPaths`.
    static func contactPaths(_ given: [String], command: String) throws -> [String] {
        guard given.isEmpty else { return given }
        return try collections(try configuration().contactPaths, kind: "contacts", itemExtension: "vcf", command: command)
    }

    /// A path as people write it: the home folder as `~`.
    static func shown(_ path: String) -> String {
        guard let home = environment("HOME"), home != "/" else { return path }
        let prefix = home.hasSuffix("/") ? home : home + "/"
        return path.hasPrefix(prefix) ? "~/" + path.dropFirst(prefix.count) : path
    }

    static func collections(_ globs: [Configuration.Value], kind: String, itemExtension: String, command: String) throws -> [String] {
        let file = path.map(shown) ?? "~/.config/kalends/config"
        guard !globs.isEmpty else {
            throw UsageError.missing("give FILE, or name the \(kind) in \(file) ([\(kind)] paths = ...; see 'kalends config')")
        }
        let (paths, problems) = CollectionPaths.resolve(globs, itemExtension: itemExtension)
        for problem in problems { ErrorReporting.warn("\(file): [\(kind)] paths, \(problem)") }
        guard !paths.isEmpty else {
            throw InputError(.path(file), underlying: ConfiguredProblem.noCollection(kind: kind))
        }
        return paths
    }

    /// The configuration for the `[view]` defaults: a file that cannot be
    /// read is warned of once and gives none (a command given FILE does not
    /// need it; one that reads the collections has already failed on it).
    static func defaults() -> Configuration {
        do {
            return try configuration()
        } catch {
            ErrorReporting.warn("\(ErrorReporting.message(error)) (the configuration is not used)")
            loaded = Configuration()
            return Configuration()
        }
    }

    /// Where a `[view]` value was read, for its errors: `~/.config/kalends/config:7: [view] tz`.
    static func origin(_ key: String, _ value: Configuration.Value) -> InputOrigin {
        .item("[view] \(key)", of: .path("\(path.map(shown) ?? "config"):\(value.line)"))
    }

    /// The viewer's zone: `--tz`, else `[view] tz`, else the system's.
    /// - Throws: an unknown zone, placed at `--tz` or at the configuration's line.
    static func viewer(_ arguments: ParsedArguments) throws -> ZoneRules {
        if let zone = try ZoneOption.read(arguments) { return zone }
        guard let value = defaults().zone else { return ZoneOption.system }
        do {
            return try ZoneRules(identifier: value.text)
        } catch {
            throw InputError(origin("tz", value), input: value.text, underlying: error)
        }
    }

    /// `--locale`, else `[view] locale` (nil: neither), with where it was given.
    static func locale(_ arguments: ParsedArguments) -> (text: String, origin: InputOrigin)? {
        if let typed = LocaleOption.typed(arguments) { return (typed, .option("--locale")) }
        return defaults().locale.map { ($0.text, origin("locale", $0)) }
    }

    /// `--also`, else `[view] also` (nil: neither), read as a calendar; its error placed where it was given.
    static func also(_ arguments: ParsedArguments) throws -> (any CalendarSystem)? {
        if let typed = arguments.value("--also") { return try CalendarOption.read(typed, option: "--also") }
        guard let value = defaults().also else { return nil }
        do {
            return try Calendars.system(try CalendarID(parsing: value.text))
        } catch {
            throw InputError(origin("also", value), input: value.text, underlying: error)
        }
    }

    /// Where an edit without FILE writes: the collection named `--in NAME`
    /// (its displayname, X-WR-CALNAME or file or folder name), else `[calendars] default`.
    /// - Throws: `UsageError.missing` when neither is given; `--in` naming no collection.
    static func editTarget(_ arguments: ParsedArguments, given: String?, itemExtension: String = "ics") throws -> String {
        if let given { return given }
        let configuration = try configuration()
        let kind = itemExtension == "vcf" ? "contacts" : "calendars"
        if let name = arguments.value("--in") {
            let globs = itemExtension == "vcf" ? configuration.contactPaths : configuration.calendarPaths
            let paths = CollectionPaths.resolve(globs, itemExtension: itemExtension).paths
            let named = paths.map { (path: $0, name: collectionName($0)) }
            if let found = named.first(where: { $0.name == name }) ?? named.first(where: { $0.name.lowercased() == name.lowercased() }) {
                return found.path
            }
            throw InputError(.option("--in"), input: name,
                             underlying: ConfiguredProblem.noSuchCollection(known: named.map(\.name), kind: kind))
        }
        if itemExtension == "ics", let value = configuration.defaultCalendar { return value.text }
        // One collection configured: it.
        let globs = itemExtension == "vcf" ? configuration.contactPaths : configuration.calendarPaths
        if !globs.isEmpty, case let paths = CollectionPaths.resolve(globs, itemExtension: itemExtension).paths, paths.count == 1, let only = paths.first {
            return only
        }
        let file = path.map(shown) ?? "~/.config/kalends/config"
        let given = ErrorReporting.options.contains("--into") ? "--into FILE|FOLDER" : "FILE, --in NAME,"
        throw UsageError.missing(itemExtension == "ics" ? "give \(given) or [calendars] default = ... in \(file)" : "give FILE or --in NAME")
    }

    /// A collection's name as the reading commands give it: a folder's
    /// `displayname`, a file's X-WR-CALNAME, else the last part of its path.
    static func collectionName(_ path: String) -> String {
        if LocalFiles.isDirectory(path) { return LocalFiles.displayName(of: path) ?? LocalFiles.lastComponent(path) }
        if path.hasSuffix(".ics"), let read = try? CalendarFileReader(mode: .lenient).read(path).first { return read.calendar.name }
        return LocalFiles.lastComponent(path)
    }
}

/// What is wrong with the collections the configuration names.
enum ConfiguredProblem: Error, CustomStringConvertible {
    case noCollection(kind: String)
    case noSuchCollection(known: [String], kind: String)
    case uidNowhere(what: String, kind: String)
    case uidInSeveral([String])

    var description: String {
        switch self {
        case .noCollection(let kind):
            "its [\(kind)] paths name no collection (see 'kalends config')"
        case .uidNowhere(let what, let kind):
            "\(what) has that UID in the configured \(kind) (give FILE, or see 'kalends config')"
        case .uidInSeveral(let names):
            "is in several collections (" + names.map { QuotedText.quoted($0, limit: 40) }.joined(separator: ", ") + "): give FILE or --in NAME"
        case .noSuchCollection(let known, let kind):
            "no collection of [\(kind)] has that name" + (known.isEmpty ? "" : " (known: " + known.map { QuotedText.quoted($0, limit: 40) }.prefix(20).joined(separator: ", ") + ")")
        }
    }
}

/// The positionals of an editing verb with FILE made optional: `[verb, FILE]`
/// or `[verb, FILE, UID]`, FILE found as the configuration says when not given.
enum EditTarget {
    /// `given` (`verb [FILE] [UID]`) completed: FILE when given; else, for a
    /// verb in `takesUID`, the configured collection that holds the UID
    /// (within `--in NAME` when given); else `Configured.editTarget`.
    /// - Throws: a missing UID, `--in` beside FILE, a UID in no collection or in several.
    static func positionals(_ given: [String], _ arguments: ParsedArguments, takesUID: Set<String>,
                            itemExtension: String = "ics") throws -> [String] {
        guard let verb = given.first else { return given }
        let rest = Array(given.dropFirst())
        let needsUID = takesUID.contains(verb)
        let complete = needsUID ? 2 : 1
        if rest.count >= complete {
            if arguments.value("--in") != nil { throw UsageError.conflict("give FILE or --in NAME, not both") }
            return given
        }
        guard needsUID else { return [verb, try Configured.editTarget(arguments, given: nil, itemExtension: itemExtension)] }
        guard let uid = rest.first else { throw UsageError.missing("'\(verb)' needs UID") }
        return [verb, try holding(uid: uid, arguments, itemExtension: itemExtension), uid]
    }

    /// The configured collection (the one `--in` names, if given) that holds `uid`.
    static func holding(uid: String, _ arguments: ParsedArguments, itemExtension: String) throws -> String {
        let configuration = try Configured.configuration()
        let kind = itemExtension == "vcf" ? "contacts" : "calendars"
        let paths: [String]
        if arguments.value("--in") != nil {
            paths = [try Configured.editTarget(arguments, given: nil, itemExtension: itemExtension)]
        } else {
            paths = try Configured.collections(itemExtension == "vcf" ? configuration.contactPaths : configuration.calendarPaths,
                                               kind: kind, itemExtension: itemExtension, command: "")
        }
        var found: [String] = []
        for path in paths {
            if itemExtension == "vcf" {
                let books = (try? ContactFiles.read([path], strict: false)) ?? []
                if books.contains(where: { $0.contacts.contains { $0.uid == uid } }) { found.append(path) }
            } else {
                let reads = (try? CalendarFileReader(mode: .lenient).read(path)) ?? []
                if reads.contains(where: { $0.calendar.events.contains { $0.uid == uid } || $0.calendar.reminders.contains { $0.uid == uid } }) {
                    found.append(path)
                }
            }
        }
        guard found.count == 1, let path = found.first else {
            let what = itemExtension == "vcf" ? "no contact" : "no event or reminder"
            throw InputError(.argument("UID"), input: uid, underlying: found.isEmpty
                ? ConfiguredProblem.uidNowhere(what: what, kind: kind)
                : ConfiguredProblem.uidInSeveral(found.map(Configured.collectionName)))
        }
        return path
    }
}
