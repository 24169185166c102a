import Foundation
import Kalends

/// `kalends-bench ranges`: start of day and day slicing in DST zones against
/// Foundation's `startOfDay(for:)` and `dateInterval(of: .day, for:)`, on the
/// same days in the same run.
enum RangesBenchmarks {
    static let area = BenchmarkArea(
        name: "ranges",
        summary: "startOfDay and day slicing in DST zones vs Foundation's startOfDay / dateInterval(of: .day)",
        run: run)

    static let count = 50_000

    static func run(_ emit: (BenchmarkRow) -> Void) {
        for zoneName in ["America/New_York", "America/Sao_Paulo", "Australia/Lord_Howe"] {
            guard let zone = try? ZoneRules(identifier: zoneName), let iso = try? Calendars.system(.iso8601) else { continue }
            var foundation = Calendar(identifier: .gregorian)
            foundation.timeZone = zone.timeZone
            let days = ArithmeticBenchmarks.workload(count: count)
            // Foundation is asked about an instant inside each day (local noon-ish).
            let instants = days.map { Date(timeIntervalSince1970: Double($0) * 86_400 + 43_200) }
            let start = Benchmark.interleavedMedianSeconds([
                { startOfDayOurs(zone, days) },
                { startOfDayFoundation(foundation, instants) },
            ])
            emit(BenchmarkRow(area: "ranges", operation: "startOfDay \(zoneName)", n: count,
                              oursPerSecond: Double(count) / start[0], reference: "foundation",
                              referencePerSecond: Double(count) / start[1], doublingGrowth: nil))
            // Slicing a span of consecutive days: one DaySlice per day.
            let first = -25_567 + 365 * 54
            let span = (try? zone.startOfDay(first), try? zone.startOfDay(first + count))
            guard let from = span.0, let to = span.1 else { continue }
            let dayInstants = (0..<count).map { Date(timeIntervalSince1970: Double(first + $0) * 86_400 + 43_200) }
            let slice = Benchmark.interleavedMedianSeconds([
                { sliceOurs(zone, iso, from, to) },
                { intervalsFoundation(foundation, dayInstants) },
            ])
            emit(BenchmarkRow(area: "ranges", operation: "day slices \(zoneName)", n: count,
                              oursPerSecond: Double(count) / slice[0], reference: "foundation",
                              referencePerSecond: Double(count) / slice[1], doublingGrowth: nil))
        }
    }

    static func startOfDayOurs(_ zone: ZoneRules, _ days: [Int]) {
        var checksum = 0
        for day in days {
            if let start = try? zone.startOfDay(day) { checksum &+= start.seconds }
        }
        blackHole(checksum)
    }

    static func startOfDayFoundation(_ calendar: Calendar, _ instants: [Date]) {
        var checksum = 0.0
        for instant in instants { checksum += calendar.startOfDay(for: instant).timeIntervalSince1970 }
        blackHole(checksum)
    }

    static func sliceOurs(_ zone: ZoneRules, _ calendar: any CalendarSystem, _ from: Instant, _ to: Instant) {
        var checksum = 0
        if let slices = try? DaySlices(from: from, to: to, zone: zone, calendar: calendar) {
            for slice in slices { checksum &+= slice.seconds &+ slice.first.day }
        }
        blackHole(checksum)
    }

    static func intervalsFoundation(_ calendar: Calendar, _ instants: [Date]) {
        var checksum = 0.0
        for instant in instants {
            if let interval = calendar.dateInterval(of: .day, for: instant) {
                checksum += interval.duration + Double(calendar.component(.day, from: instant))
            }
        }
        blackHole(checksum)
    }
}
