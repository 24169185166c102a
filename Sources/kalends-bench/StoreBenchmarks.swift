#if canImport(Glibc)
import Glibc
#endif
import Kalends
import KalendsICalendar
import KalendsStore

/// `kalends-bench store`: the phases of `kalends agenda` on a calendar file,
/// in process (so each is timed apart from start-up and output): reading
/// the component tree, decoding events, opening the store, a week's query;
/// the outline scan, and the windowed read that `agenda` uses (alone, and
/// with the store and the query); the read over all of time; the span tree
/// (the tree as spans of the bytes, nothing decoded).
/// The file is `$KALENDS_BENCH_ICS` (Scripts/bench-ics.sh passes its
/// generated 10,000-event file), else the `ical` area's generated calendar.
enum StoreBenchmarks {
    static let area = BenchmarkArea(
        name: "store",
        summary: "phases of a week's agenda on a calendar file ($KALENDS_BENCH_ICS): tree, decode, store, query",
        run: run)

    static func run(_ emit: (BenchmarkRow) -> Void) {
        let path = getenv("KALENDS_BENCH_ICS").map { String(cString: $0) }
        let bytes: [UInt8]
        if let path, let read = contents(path) {
            bytes = read
        } else {
            bytes = ICalendarBenchmarks.calendar(events: ICalendarBenchmarks.count)
        }
        let reader = CalendarFileReader()
        guard let calendar = try? reader.read(bytes: bytes, source: "bench.ics").calendar,
              let zone = try? ZoneRules(identifier: "America/New_York"),
              let from = try? zone.startOfDay(ISODate(year: 2024, month: 3, day: 11).dayNumber),
              let to = try? zone.startOfDay(ISODate(year: 2024, month: 3, day: 18).dayNumber) else {
            print("store: the calendar does not read; nothing measured")
            return
        }
        let store = CalendarStore(calendars: [calendar])
        // The windowed read takes a path: the file's, or the generated calendar written to one.
        let file = path ?? "/tmp/kalends-bench-store-\(getpid()).ics"
        if path == nil, let out = fopen(file, "wb") {
            _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, out) }
            fclose(out)
        }
        defer { if path == nil { unlink(file) } }
        let times = Benchmark.interleavedMedianSeconds(minimumSeconds: 2, [
            { blackHole((try? ICalendarReader(source: "bench.ics").read(bytes))?.calendars.count) },
            { blackHole((try? reader.read(bytes: bytes, source: "bench.ics"))?.calendar.events.count) },
            { blackHole(CalendarStore(calendars: [calendar]).calendars.count) },
            { blackHole((try? store.events(in: from..<to, viewer: zone))?.count) },
            { blackHole(bytes.withUnsafeBufferPointer { ICalendarOutline($0)?.children.count }) },
            { blackHole((try? reader.read(file, touching: from..<to))?.first?.calendar.events.count) },
            {
                let read = (try? reader.read(file, touching: from..<to)) ?? []
                blackHole((try? CalendarStore(calendars: read.map(\.calendar), floatingZone: zone).events(in: from..<to, viewer: zone))?.count)
            },
            { blackHole((try? reader.read(file, touching: CalendarFileReader.allTime))?.first?.calendar.events.count) },
            { blackHole((try? ICalendarSpanTree(bytes, source: "bench.ics"))?.counts.properties) },
        ])
        let names = ["tree (ICalendarReader)", "tree + decode (CalendarFileReader)", "store open (CalendarStore.init)", "week query (events(in:))",
                     "outline (ICalendarOutline)", "windowed read (read(_:touching:))", "windowed read + store + week query",
                     "read over all of time (touching: allTime)", "span tree (ICalendarSpanTree)"]
        for (name, time) in zip(names, times) {
            let rate = "\((Double(bytes.count) / time / 1e6).rounded()) MB/s"
            emit(BenchmarkRow(area: "store", operation: name, n: calendar.events.count, oursPerSecond: Double(calendar.events.count) / time,
                              reference: nil, referencePerSecond: nil, doublingGrowth: nil,
                              note: "\((time * 1e5).rounded() / 100) ms for \(bytes.count / 1_000) kB, \(rate)"))
        }
    }

    /// The bytes of a file, nil when it cannot be opened.
    static func contents(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = fread(&block, 1, block.count, file)
            if got == 0 { break }
            bytes += block[0..<got]
        }
        return bytes
    }
}
