#if canImport(Glibc)
import Glibc
#endif
import Kalends

/// `kalends-bench cli`: the `kalends` binary measured as a whole process
/// (start-up, batch input, layout JSON) against `dateutils` and `hebcal`
/// when they are installed, with the targets of Docs/Performance.md checked
/// in the last column. The binary is the `kalends` next to this one (build
/// both with `swift build -c release`), or `KALENDS_BIN`.
enum CLIBenchmarks {
    static let area = BenchmarkArea(
        name: "cli",
        summary: "whole-process kalends (start-up, 1M-line batches, 10,000-event layout) vs dconv, dadd, ddiff, hebcal"
    ) { emit in
        run(emit)
    }

    /// Lines in each batch input.
    static let batchLines = 1_000_000

    static func run(_ emit: (BenchmarkRow) -> Void) {
        guard let kalends = kalendsBinary() else {
            printError("kalends-bench: cli: skipped: no kalends binary next to kalends-bench (build it: swift build -c release) and KALENDS_BIN unset")
            return
        }
        #if DEBUG
        printError("kalends-bench: cli: \(kalends) is probably a debug build too; whole-process figures mean little")
        #endif
        guard let directory = temporaryDirectory() else {
            printError("kalends-bench: cli: skipped: cannot create a temporary directory")
            return
        }
        defer { removeTree(directory) }
        let dconv = peer("dateutils.dconv") ?? peer("dconv")
        let dadd = peer("dateutils.dadd") ?? peer("dadd")
        let ddiff = peer("dateutils.ddiff") ?? peer("ddiff")
        let hebcal = peer("hebcal")
        for (name, found) in [("dateutils (dconv, dadd, ddiff)", dconv), ("hebcal", hebcal)] where found == nil {
            printError("kalends-bench: cli: \(name) not installed: its comparisons are skipped (apt-get install dateutils hebcal)")
        }

        // Start-up: one date, one process.
        let one = ["convert", "2024-03-15", "--to", "hebrew"]
        let version = startSeconds([kalends, "--version"])
        emit(row("start: --version", n: 1, seconds: version, reference: nil, referenceSeconds: nil, note: milliseconds(version)))
        let start = startSeconds([kalends] + one)
        var references: [(String, Double)] = []
        if let hebcal { references.append(("hebcal", startSeconds([hebcal, "-d", "-h", "-x", "3", "15", "2024"]))) }
        if let dconv { references.append(("dconv", startSeconds([dconv, "2024-03-15", "-f", "%Y-%m-%d %A %d %B %Y"]))) }
        if references.isEmpty {
            emit(row("start: convert DATE --to hebrew", n: 1, seconds: start, reference: nil, referenceSeconds: nil, note: milliseconds(start)))
        }
        for (name, seconds) in references {
            let times = start / seconds
            let verdict = times <= 3 ? "met" : "NOT met"
            emit(row("start: convert DATE --to hebrew", n: 1, seconds: start, reference: name, referenceSeconds: seconds,
                     note: "\(milliseconds(start)) vs \(milliseconds(seconds)): \(fixed(times))x its time, target <= 3x \(verdict)"))
        }

        // Batches: a million ISO dates from 1970 on (200 years, repeating).
        let dates = directory + "/dates.txt", pairs = directory + "/pairs.txt", ends = directory + "/ends.txt"
        guard writeBatchInputs(dates: dates, pairs: pairs, ends: ends) else {
            printError("kalends-bench: cli: cannot write the batch inputs in \(directory)")
            return
        }
        let dconvText: Double? = dconv.map { batchSeconds([$0, "-f", "%Y-%m-%d %A %d %B %Y"], stdin: dates) }
        for (label, arguments) in [
            ("batch: convert - --to gregorian", ["convert", "-", "--to", "gregorian"]),
            ("batch: convert - --to gregorian --json", ["convert", "-", "--to", "gregorian", "--json"]),
        ] {
            let seconds = batchSeconds([kalends] + arguments, stdin: dates)
            emit(faster(label, seconds: seconds, reference: dconvText.map { ("dconv", $0) }))
        }
        let hebrewJSON = batchSeconds([kalends, "convert", "-", "--to", "hebrew", "--json"], stdin: dates)
        emit(row("batch: convert - --to hebrew --json", n: batchLines, seconds: hebrewJSON, reference: nil, referenceSeconds: nil,
                 note: "\(fixed(hebrewJSON)) s, target < 0.4 s \(hebrewJSON < 0.4 ? "met" : "NOT met")"))
        let add = batchSeconds([kalends, "add", "-", "P1M"], stdin: dates)
        emit(faster("batch: add - P1M", seconds: add, reference: dadd.map { ("dadd", batchSeconds([$0, "+1mo"], stdin: dates)) }))
        let diff = batchSeconds([kalends, "diff", "-"], stdin: pairs)
        emit(faster("batch: diff - (START<TAB>END)", seconds: diff,
                    reference: ddiff.map { ("ddiff", batchSeconds([$0, "1970-01-01", "-f", "%dd"], stdin: ends)) }))

        // Layout: 10,000 timed events on one day, JSON in and out.
        let events = directory + "/events.json"
        guard writeLayoutInput(events, count: 10_000) else { return }
        let layout = startSeconds([kalends, "layout", events, "--json"], runs: 11)
        emit(row("layout: 10,000 events --json", n: 10_000, seconds: layout, reference: nil, referenceSeconds: nil,
                 note: "\(milliseconds(layout)), target < 30 ms \(layout < 0.030 ? "met" : "NOT met")"))
    }

    // MARK: Rows

    static func row(_ operation: String, n: Int, seconds: Double, reference: String?, referenceSeconds: Double?, note: String) -> BenchmarkRow {
        BenchmarkRow(
            area: "cli", operation: operation, n: n, oursPerSecond: Double(n) / seconds,
            reference: reference, referencePerSecond: referenceSeconds.map { Double(n) / $0 }, doublingGrowth: nil, note: note
        )
    }

    /// A batch row whose target is to beat the peer.
    static func faster(_ operation: String, seconds: Double, reference: (String, Double)?) -> BenchmarkRow {
        guard let (name, peerSeconds) = reference else {
            return row(operation, n: batchLines, seconds: seconds, reference: nil, referenceSeconds: nil, note: "\(fixed(seconds)) s")
        }
        let verdict = seconds < peerSeconds ? "met" : "NOT met"
        return row(operation, n: batchLines, seconds: seconds, reference: name, referenceSeconds: peerSeconds,
                   note: "\(fixed(seconds)) s vs \(fixed(peerSeconds)) s, target faster \(verdict)")
    }

    static func milliseconds(_ seconds: Double) -> String { fixed(seconds * 1000) + " ms" }

    static func fixed(_ value: Double) -> String { BenchmarkPrinter.fixed(value, decimals: value < 10 ? 2 : 1) }

    // MARK: Processes

    /// The median wall time of a short command (start-up), after one warm-up.
    static func startSeconds(_ command: [String], runs: Int = 41) -> Double {
        median((0...runs).map { _ in spawnSeconds(command, stdin: nil) }.dropFirst())
    }

    /// The median of five runs of a batch command reading `stdin`.
    static func batchSeconds(_ command: [String], stdin: String) -> Double {
        median((0...5).map { _ in spawnSeconds(command, stdin: stdin) }.dropFirst())
    }

    static func median<S: Sequence>(_ samples: S) -> Double where S.Element == Double {
        let sorted = samples.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }

    /// Runs `command` with stdin from `stdin` (else /dev/null) and stdout and
    /// stderr to /dev/null; the wall time from spawn to exit.
    static func spawnSeconds(_ command: [String], stdin: String?) -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        let clock = ContinuousClock()
        let began = clock.now
        var pid: pid_t = 0
        guard posix_spawn(&pid, command[0], &actions, nil, argv, environ) == 0 else { return .nan }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let elapsed = clock.now - began
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    static func kalendsBinary() -> String? {
        if let path = getenv("KALENDS_BIN").map({ String(cString: $0) }), access(path, X_OK) == 0 { return path }
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let own = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = own.lastIndex(of: "/") else { return nil }
        let path = String(own[..<slash]) + "/kalends"
        return access(path, X_OK) == 0 ? path : nil
    }

    /// `name` found on PATH, or nil.
    static func peer(_ name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = directory + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    // MARK: Inputs

    static func temporaryDirectory() -> String? {
        var template = Array("/tmp/kalends-bench-cli-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { return nil }
        return String(cString: template)
    }

    static func removeTree(_ directory: String) {
        for name in ["dates.txt", "pairs.txt", "ends.txt", "events.json"] { unlink(directory + "/" + name) }
        rmdir(directory)
    }

    /// `dates`: a million ISO dates from 1970-01-01 on, 73,000 days
    /// repeating; `pairs`: each with the date 400 days later after a tab;
    /// `ends`: the later dates alone (ddiff takes its start as an argument).
    static func writeBatchInputs(dates: String, pairs: String, ends: String) -> Bool {
        let gregorian = GregorianCalendar()
        func iso(_ day: Int) -> String {
            guard let date = try? gregorian.date(dayNumber: day) else { return "" }
            return pad(date.year, 4) + "-" + pad(date.month, 2) + "-" + pad(date.day, 2)
        }
        guard let first = try? gregorian.date(year: 1970, month: 1, day: 1, overflow: .reject) else { return false }
        var dateText: [UInt8] = [], pairText: [UInt8] = [], endText: [UInt8] = []
        for index in 0..<batchLines {
            let day = first.dayNumber + index % 73_000
            let start = iso(day), end = iso(day + 400)
            dateText += Array((start + "\n").utf8)
            pairText += Array((start + "\t" + end + "\n").utf8)
            endText += Array((end + "\n").utf8)
        }
        return write(dateText, to: dates) && write(pairText, to: pairs) && write(endText, to: ends)
    }

    /// `count` events of 5 minutes to 2 hours at random times of 2024-03-15
    /// (a fixed linear congruential sequence, so every run lays out the same day).
    static func writeLayoutInput(_ path: String, count: Int) -> Bool {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func time(_ second: Int) -> String {
            "2024-03-15T" + pad(second / 3600, 2) + ":" + pad(second % 3600 / 60, 2) + ":" + pad(second % 60, 2)
        }
        var text = "{\"events\":["
        for index in 0..<count {
            let start = next(86_400 - 600), end = min(start + 300 + next(6_900), 86_399)
            text += (index == 0 ? "" : ",") + "{\"id\":\"e\(index)\",\"start\":\"\(time(start))\",\"end\":\"\(time(end))\",\"allDay\":false}"
        }
        text += "]}\n"
        return write(Array(text.utf8), to: path)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        guard let file = fopen(path, "wb") else { return false }
        defer { fclose(file) }
        return bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) } == bytes.count
    }
}
