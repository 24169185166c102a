#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `kalends-bench [area] [--json]`: runs one area (or all) and prints, per
/// operation, our throughput, the reference's and the ratio.
let usage = """
    usage: kalends-bench [area] [--json]

    Runs the benchmarks of one area, or of all areas, in release mode:
      swift run -c release kalends-bench layout
    --json prints one JSON object a line:
      {"area":"layout","operation":"packed","n":1000,"ours_per_s":...,"reference":"naive",
       "reference_per_s":...,"ratio":...,"doubling_growth":...}

    areas:
    """

/// Writes to standard error (file descriptor 2; the C `stderr` global is not
/// concurrency-safe in Swift 6).
func printError(_ message: String) {
    var bytes = Array((message + "\n").utf8)
    _ = write(2, &bytes, bytes.count)
}

func fail(_ message: String, status: Int32) -> Never {
    printError("kalends-bench: error: " + message)
    exit(status)
}

var json = false
var selected: String?
for argument in CommandLine.arguments.dropFirst() {
    switch argument {
    case "--json": json = true
    case "-h", "--help":
        print(usage)
        for area in BenchmarkRegistry.areas { print("  \(area.name): \(area.summary)") }
        exit(0)
    default:
        if argument.hasPrefix("-") { fail("unknown option '\(argument)' (see --help)", status: 2) }
        if selected != nil { fail("more than one area given ('\(selected ?? "")' and '\(argument)')", status: 2) }
        selected = argument
    }
}

let areas = BenchmarkRegistry.areas.filter { selected == nil || $0.name == selected }
if areas.isEmpty {
    let known = BenchmarkRegistry.areas.map(\.name).joined(separator: ", ")
    fail("unknown area '\(selected ?? "")' (known: \(known))", status: 2)
}
#if DEBUG
printError("kalends-bench: warning: a debug build; measure with `swift run -c release kalends-bench`")
#endif

#if canImport(Glibc)
// Keep freed memory in the process: by default glibc returns large blocks to
// the system, so whichever run comes after a big free pays page faults, and
// timings depend on what ran before (a reference, a smaller n) instead of on
// the code measured. 32 MiB is the largest mmap threshold glibc accepts.
// (`mallopt` is not in the Glibc module: found with dlsym; M_TRIM_THRESHOLD
// is -1 and M_MMAP_THRESHOLD -3 in <malloc.h>.)
if let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") {
    typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
    let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
    _ = mallopt(-3, 32 << 20)
    _ = mallopt(-1, 1 << 30)
}
#endif

var printer = BenchmarkPrinter(json: json)
for area in areas {
    area.run { row in printer.print(row) }
}
