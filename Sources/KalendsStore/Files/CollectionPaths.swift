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

    /// The most paths one glob may match: a bound on what a configuration can make Kalends read.
    public static let maximumMatches = 10_000

    /// The collections `globs` name, in the order of the globs, each glob's
    /// matches in name order, each path once; and the problems (a glob that
    /// matches nothing, a file of another kind, a folder with no items and no
    /// collection folders). `itemExtension`: `ics` or `vcf`.
    public static func resolve(_ globs: [Configuration.Value], itemExtension: String) -> (paths: [String], problems: [Problem]) {
        var paths: [String] = [], seen: Set<String> = []
        var problems: [Problem] = []
        let suffix = "." + itemExtension
        for glob in globs {
            let matches = expand(glob.text)
            if matches.isEmpty {
                problems.append(Problem(glob: glob, path: nil, problem: "matches nothing"))
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
        }
        return (paths, problems)
    }

    /// Whether a folder's names make it a collection: items, or vdirsyncer's `displayname` or `color`.
    static func holds(_ names: [String], suffix: String) -> Bool {
        names.contains { $0.hasSuffix(suffix) } || CalendarFileReader.isCollection("", names: names)
    }

    /// The paths a glob matches (`*`, `?`, `[...]`, as the shell), sorted;
    /// a path without wildcards when it exists. At most `maximumMatches`.
    public static func expand(_ pattern: String) -> [String] {
        var matches = glob_t()
        defer { globfree(&matches) }
        guard glob(pattern, 0, nil, &matches) == 0 else { return [] }
        var paths: [String] = []
        let count = min(Int(matches.gl_pathc), maximumMatches)
        for index in 0..<count {
            if let path = matches.gl_pathv[index] { paths.append(String(cString: path)) }
        }
        return paths.sorted()
    }
}
