#if canImport(Glibc)
import Glibc
#endif
import KalendsICalendar

/// `kalends-bench spantree`: the span tree (`ICalendarSpanTree`: every
/// component and line found, nothing decoded) against the reader's checked
/// tree (`ICalendarReader`), on `$KALENDS_BENCH_ICS` (else the `ical` area's
/// generated calendar), measured in turns; and the tree's lines found and
/// each one's value read (what a program that looks at every value pays).
enum SpanTreeBenchmarks {
    static let area = BenchmarkArea(
        name: "spantree",
        summary: "ICalendarSpanTree vs ICalendarReader's tree on a calendar file ($KALENDS_BENCH_ICS)",
        run: run)

    static func run(_ emit: (BenchmarkRow) -> Void) {
        let bytes = getenv("KALENDS_BENCH_ICS").flatMap { StoreBenchmarks.contents(String(cString: $0)) }
            ?? ICalendarBenchmarks.calendar(events: ICalendarBenchmarks.count)
        guard let lines = (try? ICalendarSpanTree(bytes, source: "bench.ics"))?.counts.properties else {
            print("spantree: the file does not read; nothing measured")
            return
        }
        let times = Benchmark.interleavedMedianSeconds(minimumSeconds: 2, [
            { blackHole((try? ICalendarSpanTree(bytes, source: "bench.ics"))?.counts.properties) },
            { blackHole((try? ICalendarReader(source: "bench.ics").read(bytes))?.calendars.count) },
            {
                var length = 0
                if let tree = try? ICalendarSpanTree(bytes, source: "bench.ics") {
                    for calendar in tree.calendars { length += valueLength(calendar) }
                }
                blackHole(length)
            },
        ])
        let rate = { (time: Double) in "\((Double(bytes.count) / time / 1e6).rounded()) MB/s, \((time * 1e5).rounded() / 100) ms" }
        emit(BenchmarkRow(area: "spantree", operation: "span tree vs checked tree", n: lines, oursPerSecond: Double(lines) / times[0],
                          reference: "ICalendarReader", referencePerSecond: Double(lines) / times[1], doublingGrowth: nil,
                          note: "\(bytes.count / 1_000) kB: \(rate(times[0])) against \(rate(times[1]))"))
        emit(BenchmarkRow(area: "spantree", operation: "span tree, every value read", n: lines, oursPerSecond: Double(lines) / times[2],
                          reference: "ICalendarReader", referencePerSecond: Double(lines) / times[1], doublingGrowth: nil,
                          note: rate(times[2])))
    }

    /// The length of every value of `component` and its children, each read as a String.
    static func valueLength(_ component: ICalendarSpanTree.Component) -> Int {
        var length = 0
        for property in component.properties { length += ((try? property.value()) ?? "").utf8.count }
        for child in component.components { length += valueLength(child) }
        return length
    }
}
