import Kalends

/// The configuration file: where the calendars and address books are, where
/// an edit without a file writes, and the viewer's zone, locale and second
/// calendar. INI, `#` comments (a whole line, or after a value following a
/// space), every key optional:
///
///     [calendars]
///     paths = ~/.calendars/*          # globs: .ics files, vdir folders, folders of them
///     default = ~/.calendars/personal
///     [contacts]
///     paths = ~/.contacts/*
///     [view]
///     tz = Europe/Berlin
///     locale = he
///     also = hebrew
///
/// `paths` takes several globs separated by commas, and may be given more
/// than once. A leading `~/` is the home folder.
public struct Configuration: Hashable, Sendable {
    /// A value as written, with its line.
    public struct Value: Hashable, Sendable {
        /// The value, `~/` expanded.
        public let text: String
        /// Its 1-based line in the file.
        public let line: Int

        /// `text`, from `line`.
        public init(text: String, line: Int) {
            self.text = text
            self.line = line
        }
    }

    /// The file read (nil: no file, every key absent).
    public var file: String?
    /// `[calendars] paths`: globs of calendar files and folders.
    public var calendarPaths: [Value] = []
    /// `[calendars] default`: where an edit without a file writes.
    public var defaultCalendar: Value?
    /// `[contacts] paths`: globs of vCard files and folders.
    public var contactPaths: [Value] = []
    /// `[view] tz`: the viewer's zone when `--tz` is not given.
    public var zone: Value?
    /// `[view] locale`: the names and numerals of the views.
    public var locale: Value?
    /// `[view] also`: the second calendar of month views.
    public var also: Value?
    /// Sections and keys Kalends does not know (a typo would otherwise pass
    /// unseen), and keys given no value: read past, each a warning.
    public var unknown: [ConfigurationError] = []

    /// No configuration: every key absent.
    public init(file: String? = nil) {
        self.file = file
    }

    /// The file Kalends reads: `$KALENDS_CONFIG`, else
    /// `$XDG_CONFIG_HOME/kalends/config`, else `~/.config/kalends/config`;
    /// nil when none of these can be named (no HOME).
    public static func path(environment: [String: String]) -> String? {
        if let path = environment["KALENDS_CONFIG"], !path.isEmpty { return path }
        if let base = environment["XDG_CONFIG_HOME"], !base.isEmpty { return base + "/kalends/config" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/kalends/config" }
        return nil
    }

    /// The configuration in `text`, read from `file`; `home` expands `~/`.
    /// - Throws: `ConfigurationError` for a line that is no section, no
    ///   `key = value`, no comment and not blank, or a key given twice.
    public static func parse(_ text: String, file: String, home: String?) throws(ConfigurationError) -> Configuration {
        var configuration = Configuration(file: file)
        var section: String?
        var lineNumber = 0
        // Lines end with LF, CRLF (one Character) or CR.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            lineNumber += 1
            var line = Substring(rawLine)
            if lineNumber == 1 && line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
            let trimmed = Self.trimmed(line)
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix(";") { continue }
            guard !trimmed.unicodeScalars.contains("\u{0}") else {
                throw ConfigurationError(file: file, line: lineNumber, text: String(trimmed), problem: "a NUL character, which no path or value holds")
            }
            if trimmed.hasPrefix("[") {
                // `[calendars]   # a note`: the comment is not part of the header.
                let trimmed = Substring(Self.withoutComment(trimmed))
                guard trimmed.hasSuffix("]"), trimmed.count > 2 else {
                    throw ConfigurationError(file: file, line: lineNumber, text: String(trimmed), problem: "a section is written [name]")
                }
                let name = Self.trimmed(trimmed.dropFirst().dropLast()).lowercased()
                section = name
                if !["calendars", "contacts", "view"].contains(name) {
                    configuration.unknown.append(ConfigurationError(file: file, line: lineNumber, text: String(trimmed),
                                                                    problem: "unknown section (known: [calendars], [contacts], [view])"))
                }
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw ConfigurationError(file: file, line: lineNumber, text: String(trimmed), problem: "not 'key = value', a [section] or a # comment")
            }
            let key = Self.trimmed(trimmed[..<equals]).lowercased()
            let value = Self.withoutComment(trimmed[trimmed.index(after: equals)...])
            guard let section else {
                throw ConfigurationError(file: file, line: lineNumber, text: String(trimmed), problem: "a key before any [section]")
            }
            guard !key.isEmpty else {
                throw ConfigurationError(file: file, line: lineNumber, text: String(trimmed), problem: "no key before '='")
            }
            func single(_ existing: Value?) throws(ConfigurationError) -> Value? {
                guard existing == nil else {
                    throw ConfigurationError(file: file, line: lineNumber, text: String(trimmed), problem: "'\(key)' is given twice in [\(section)]")
                }
                return value.isEmpty ? nil : Value(text: Self.expanded(value, home: home), line: lineNumber)
            }
            let known = ["calendars", "contacts", "view"].contains(section)
            let keys = ["calendars": ["paths", "default"], "contacts": ["paths"], "view": ["tz", "locale", "also"]]
            if value.isEmpty, keys[section]?.contains(key) ?? false {
                configuration.unknown.append(ConfigurationError(file: file, line: lineNumber, text: String(trimmed),
                                                                problem: "'\(key)' has no value: it is read as not given"))
            }
            switch (section, key) {
            case ("calendars", "paths"): configuration.calendarPaths += Self.globs(value, line: lineNumber, home: home)
            case ("calendars", "default"): configuration.defaultCalendar = try single(configuration.defaultCalendar)
            case ("contacts", "paths"): configuration.contactPaths += Self.globs(value, line: lineNumber, home: home)
            case ("view", "tz"): configuration.zone = try single(configuration.zone)
            case ("view", "locale"): configuration.locale = try single(configuration.locale)
            case ("view", "also"): configuration.also = try single(configuration.also)
            default:
                if known {
                    configuration.unknown.append(ConfigurationError(file: file, line: lineNumber, text: String(trimmed),
                                                                    problem: "unknown key '\(key)' in [\(section)]"))
                }
            }
        }
        return configuration
    }

    /// A comma-separated list of globs, each `~/` expanded; empty ones dropped.
    static func globs(_ value: String, line: Int, home: String?) -> [Value] {
        value.split(separator: ",").map { Self.trimmed($0) }.filter { !$0.isEmpty }.map {
            Value(text: Self.expanded(String($0), home: home), line: line)
        }
    }

    /// `~` and `~/...` as the home folder (other `~user` forms as written).
    public static func expanded(_ path: String, home: String?) -> String {
        guard let home, !home.isEmpty else { return path }
        if path == "~" { return home }
        if path.hasPrefix("~/") { return (home.hasSuffix("/") ? String(home.dropLast()) : home) + path.dropFirst() }
        return path
    }

    /// A value without a trailing comment (` #` or ` ;` after it) and surrounding blanks.
    static func withoutComment(_ text: Substring) -> String {
        var end = text.endIndex
        var previous: Character = " "
        for index in text.indices {
            let character = text[index]
            if (character == "#" || character == ";") && (previous == " " || previous == "\t") {
                end = index
                break
            }
            previous = character
        }
        return String(Self.trimmed(text[..<end]))
    }

    static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}

/// A line of the configuration file that cannot be read, or (in
/// `Configuration.unknown`) a section or key Kalends does not know.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public let file: String
    /// The 1-based line.
    public let line: Int
    /// The line as written (trimmed).
    public let text: String
    /// What is wrong.
    public let problem: String

    /// The error at `line` of `file`.
    public init(file: String, line: Int, text: String, problem: String) {
        self.file = file
        self.line = line
        self.text = text
        self.problem = problem
    }

    public var description: String {
        "\(RuleError.shown(file)):\(line): \(problem): " + QuotedText.quoted(text, limit: 60)
    }
}
