import Kalends
#if canImport(Glibc)
import Glibc
#endif

/// The collections a configuration's globs name, as khal and vdirsyncer lay
/// them out: a matched file with the items' extension is one collection; a
/// matched folder with items (or vdirsyncer's `displayname` or `color`) is
/// one; a matched folder of such folders is one per folder in it.
public enum CollectionPaths {
    /// Something a glob named that is not a collection.
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        /// The glob as configured (`~/` expanded), and its line in the configuration file.
        public let glob: Configuration.Value
        /// The path it matched, nil when it matched nothing.
        public let path: String?
        /// What is wrong.
        public let problem: String

        public var description: String {
            "line \(glob.line): " + QuotedText.quoted(path ?? glob.text, limit: 120) + ": " + problem
        }
    }

    /// The most paths all the globs together may name, and the most folder
    /// entries they may look at: a bound on what a configuration can make
    /// Kalends read (`/*/*/*/*/*` would otherwise walk the whole disk).
    public static let maximumMatches = 10_000
    /// The most folder entries the globs together look through.
    public static let maximumEntriesLooked = 200_000

    /// The collections `globs` name, in the order of the globs, each glob's
    /// matches in name order, each path once; and the problems (a glob that
    /// matches nothing, a file of another kind, a folder with no items and no
    /// collection folders). `itemExtension`: `ics` or `vcf`.
    public static func resolve(_ globs: [Configuration.Value], itemExtension: String) -> (paths: [String], problems: [Problem]) {
        var paths: [String] = [], seen: Set<String> = []
        var problems: [Problem] = []
        let suffix = "." + itemExtension
        var budget = Budget()
        for glob in globs {
            let matches = expand(glob.text, budget: &budget)
            if budget.exhausted {
                problems.append(Problem(glob: glob, path: nil, problem: "the globs name more than \(maximumMatches) paths, "
                                        + "or look through more than \(maximumEntriesLooked) folder entries: those past that are not read"))
            }
            if matches.isEmpty {
                if !budget.exhausted { problems.append(Problem(glob: glob, path: nil, problem: "matches nothing")) }
                if budget.exhausted { break }
                continue
            }
            for match in matches {
                var found: [String] = []
                if LocalFiles.isDirectory(match) {
                    guard let names = try? LocalFiles.entries(of: match) else {
                        problems.append(Problem(glob: glob, path: match, problem: "cannot be read"))
                        continue
                    }
                    if holds(names, suffix: suffix) {
                        found = [match]
                    } else {
                        for name in names {
                            let folder = LocalFiles.joined(match, name)
                            guard LocalFiles.isDirectory(folder), let inner = try? LocalFiles.entries(of: folder),
                                  holds(inner, suffix: suffix) else { continue }
                            found.append(folder)
                        }
                        if found.isEmpty {
                            problems.append(Problem(glob: glob, path: match, problem: "no \(suffix) items and no collection folders"))
                        }
                    }
                } else if match.hasSuffix(suffix) {
                    found = [match]
                } else {
                    problems.append(Problem(glob: glob, path: match, problem: "not a \(suffix) file or a folder"))
                }
                for path in found where seen.insert(path).inserted { paths.append(path) }
            }
            if budget.exhausted { break }
        }
        return (paths, problems)
    }

    /// What the globs may still look at.
    struct Budget {
        var matches = CollectionPaths.maximumMatches
        var entries = CollectionPaths.maximumEntriesLooked
        var exhausted = false
    }

    /// Whether a folder's names make it a collection: items, or vdirsyncer's `displayname` or `color`.
    static func holds(_ names: [String], suffix: String) -> Bool {
        names.contains { $0.hasSuffix(suffix) } || CalendarFileReader.isCollection("", names: names)
    }

    /// The paths a glob matches (`*`, `?`, `[...]` in any part, as the
    /// shell: a name starting with `.` only by a part starting with `.`), in
    /// name order; a path without wildcards when it exists. At most what
    /// `budget` allows (`budget.exhausted` set when it ran out).
    static func expand(_ pattern: String, budget: inout Budget) -> [String] {
        guard !pattern.isEmpty, !pattern.utf8.contains(0) else { return [] }
        let absolute = pattern.hasPrefix("/")
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var current = [absolute ? "/" : ""]
        for (index, part) in parts.enumerated() {
            let last = index == parts.count - 1
            var next: [String] = []
            for base in current {
                let folder = base.isEmpty ? "." : base
                func joined(_ name: String) -> String { base.isEmpty ? name : (base.hasSuffix("/") ? base + name : base + "/" + name) }
                if !part.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" }) {
                    let path = joined(part)
                    if last ? exists(path) : LocalFiles.isDirectory(path) { next.append(path) }
                } else {
                    guard LocalFiles.isDirectory(folder), let names = try? LocalFiles.entries(of: folder, includingHidden: part.hasPrefix(".")) else { continue }
                    budget.entries -= names.count
                    if budget.entries < 0 {
                        budget.exhausted = true
                        return []
                    }
                    for name in names where fnmatch(part, name, FNM_PERIOD) == 0 {
                        let path = joined(name)
                        if last || LocalFiles.isDirectory(path) { next.append(path) }
                    }
                }
                if next.count > budget.matches {
                    budget.exhausted = true
                    next.removeLast(next.count - budget.matches)
                    break
                }
            }
            current = next
            if current.isEmpty { return [] }
        }
        budget.matches -= current.count
        return current
    }

    /// Whether something is at `path` (a file, a folder, a link to one).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}
