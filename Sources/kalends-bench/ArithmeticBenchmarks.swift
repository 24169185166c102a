import Foundation
import Kalends

/// `kalends-bench arithmetic`: adding months and measuring `until` in the
/// Gregorian and Hebrew calendars, against Foundation's `Calendar`
/// (`date(byAdding:)` and `dateComponents([.year, .month, .day], from:to:)`)
/// on the same dates in the same run.
enum ArithmeticBenchmarks {
    static let area = BenchmarkArea(
        name: "arithmetic",
        summary: "add months and until (years, months, days) vs Foundation's date(byAdding:) and dateComponents(from:to:)",
        run: run)

    static let addCount = 20_000
    static let untilCount = 2_000

    static func run(_ emit: (BenchmarkRow) -> Void) {
        for (id, foundationID) in [(CalendarID.gregorian, Calendar.Identifier.gregorian), (.hebrew, .hebrew)] {
            guard let calendar = try? Calendars.system(id) else {
                printError("kalends-bench: warning: no \(id) engine; skipped")
                continue
            }
            var foundation = Calendar(identifier: foundationID)
            foundation.timeZone = TimeZone(identifier: "UTC") ?? foundation.timeZone
            let days = workload(count: addCount)
            let dates = days.compactMap { try? calendar.date(dayNumber: $0) }
            let instants = days.map { Date(timeIntervalSince1970: Double($0) * 86_400) }
            let months = days.map { (($0 % 37) + 37) % 37 - 18 }
            let add = Benchmark.interleavedMedianSeconds([
                { addOurs(calendar, dates, months) },
                { addFoundation(foundation, instants, months) },
            ])
            emit(BenchmarkRow(area: "arithmetic", operation: "add months \(id)", n: dates.count,
                              oursPerSecond: Double(dates.count) / add[0], reference: "foundation",
                              referencePerSecond: Double(dates.count) / add[1], doublingGrowth: nil))

            let pairs = Array(zip(dates.prefix(untilCount), dates.reversed().prefix(untilCount)))
            let instantPairs = Array(zip(instants.prefix(untilCount), instants.reversed().prefix(untilCount)))
            let until = Benchmark.interleavedMedianSeconds([
                { untilOurs(calendar, pairs) },
                { untilFoundation(foundation, instantPairs) },
            ])
            emit(BenchmarkRow(area: "arithmetic", operation: "until years \(id)", n: pairs.count,
                              oursPerSecond: Double(pairs.count) / until[0], reference: "foundation",
                              referencePerSecond: Double(pairs.count) / until[1], doublingGrowth: nil))
        }
    }

    /// Day numbers spread over 1900 ... 2100, fixed so runs compare.
    static func workload(count: Int) -> [Int] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return -25_567 + Int((state >> 33) % 73_049)
        }
    }

    // Our loops take the engine as a generic parameter, as in
    // ConvertBenchmarks: opened once per run, one dynamic call per item.

    static func addOurs<Engine: CalendarSystem>(_ calendar: Engine, _ dates: [CalendarDate], _ months: [Int]) {
        var checksum = 0
        for (date, n) in zip(dates, months) {
            if let result = try? calendar.adding(.months(n), to: date) { checksum &+= result.dayNumber }
        }
        blackHole(checksum)
    }

    static func addFoundation(_ calendar: Calendar, _ dates: [Date], _ months: [Int]) {
        var checksum = 0.0
        for (date, n) in zip(dates, months) {
            if let result = calendar.date(byAdding: .month, value: n, to: date) { checksum += result.timeIntervalSince1970 }
        }
        blackHole(checksum)
    }

    static func untilOurs<Engine: CalendarSystem>(_ calendar: Engine, _ pairs: [(CalendarDate, CalendarDate)]) {
        var checksum = 0
        for (a, b) in pairs {
            if let d = try? calendar.until(a, b, largestUnit: .years) { checksum &+= d.years &* 400 &+ d.months &* 31 &+ d.days }
        }
        blackHole(checksum)
    }

    static func untilFoundation(_ calendar: Calendar, _ pairs: [(Date, Date)]) {
        var checksum = 0
        for (a, b) in pairs {
            let d = calendar.dateComponents([.year, .month, .day], from: a, to: b)
            checksum &+= (d.year ?? 0) &* 400 &+ (d.month ?? 0) &* 31 &+ (d.day ?? 0)
        }
        blackHole(checksum)
    }
}
