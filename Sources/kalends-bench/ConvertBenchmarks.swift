import Foundation
import Kalends

/// `kalends-bench convert`: every calendar's conversions over every day of
/// 1900-2100 (73,414 days, a fixed workload), day -> fields and
/// fields -> day, our standard engine against Foundation's `Calendar` (UTC)
/// and against raw ICU (the `.icu` engine); then the CLI's `convert` path end
/// to end (ISO text in, Hebrew JSON line out) with each engine.
///
/// Our side goes through the public API a caller uses (`date(dayNumber:)`,
/// `date(year:monthCode:day:)`, both building a full `CalendarDate` with era
/// and month code); Foundation's through `dateComponents` / `date(from:)`.
/// Table engines are measured after their first use of each year (the
/// untimed warm-up run fills their tables).
enum ConvertBenchmarks {
    static let area = BenchmarkArea(
        name: "convert",
        summary: "calendar conversions, day->fields and fields->day for every day of 1900-2100, vs Foundation and raw ICU",
        run: run)

    /// Every day of 1900-01-01 ... 2100-12-31.
    static let days: [Int] = {
        let first = (try? ISODate(year: 1900, month: 1, day: 1).dayNumber) ?? 0
        let last = (try? ISODate(year: 2100, month: 12, day: 31).dayNumber) ?? 0
        return Array(first...last)
    }()

    /// `KALENDS_BENCH_CALENDARS=hebrew,chinese` limits the per-calendar rows
    /// (the end-to-end row runs only when `hebrew` is among them).
    static func run(_ emit: (BenchmarkRow) -> Void) {
        let selected = ProcessInfo.processInfo.environment["KALENDS_BENCH_CALENDARS"].map { list in
            Set(list.split(separator: ",").compactMap { try? CalendarID(parsing: String($0)) })
        }
        for id in CalendarID.allCases where selected?.contains(id) ?? true {
            measure(id, emit)
            if id == .gregorian { measureStatic(emit) }
        }
        if selected?.contains(.hebrew) ?? true, ProcessInfo.processInfo.environment["KALENDS_BENCH_OURS_ONLY"] != "1" {
            measureEndToEnd(emit)
        }
    }

    // MARK: Per calendar

    /// Both directions for one calendar: ours, Foundation and ICU measured in
    /// turns so that load from other processes hits them alike.
    static func measure(_ id: CalendarID, _ emit: (BenchmarkRow) -> Void) {
        // KALENDS_BENCH_OURS_ONLY=1 runs only Kalends' engine (the references
        // become empty bodies, so their rows are meaningless): for counting
        // the engine's instructions under callgrind (Docs/Performance.md).
        let oursOnly = ProcessInfo.processInfo.environment["KALENDS_BENCH_OURS_ONLY"] == "1"
        let ours = engine(id, .standard)
        let icu = engine(id, .icu)
        let foundation = oursOnly ? nil : foundationCalendar(id)

        let oursFields = days.map { fields(of: $0, in: ours) }
        let icuFields = oursOnly ? [] : days.map { fields(of: $0, in: icu) }
        let foundationFields = foundation.map { calendar in days.map { components(of: $0, in: calendar) } } ?? []

        var toFields: [() -> Void] = [{ dayToFields(ours) }, oursOnly ? {} : { dayToFields(icu) }]
        var toDays: [() -> Void] = [{ fieldsToDay(ours, oursFields) }, oursOnly ? {} : { fieldsToDay(icu, icuFields) }]
        if let foundation {
            toFields.append { dayToFields(foundation) }
            toDays.append { fieldsToDay(foundation, foundationFields) }
        }
        for (operation, bodies) in [("day->fields", toFields), ("fields->day", toDays)] {
            let times = Benchmark.interleavedMedianSeconds(minimumRepetitions: 5, maximumRepetitions: 15, minimumSeconds: 0, bodies)
            let oursPerSecond = Double(days.count) / times[0]
            if times.count > 2 {
                emit(row(id, operation, oursPerSecond, reference: "foundation", Double(days.count) / times[2]))
            }
            emit(row(id, operation, oursPerSecond, reference: "icu", Double(days.count) / times[1]))
        }
    }

    /// Fields -> day through a `GregorianCalendar` value, whose direct path is
    /// `@inlinable`: what code that holds the concrete engine gets, compiled
    /// into its loop (here `fieldsToDay` specialized for the type), against
    /// the same Foundation run.
    static func measureStatic(_ emit: (BenchmarkRow) -> Void) {
        let ours = GregorianCalendar()
        let oursFields = days.map { fields(of: $0, in: ours) }
        guard let foundation = foundationCalendar(.gregorian) else { return }
        let foundationFields = days.map { components(of: $0, in: foundation) }
        let times = Benchmark.interleavedMedianSeconds(minimumRepetitions: 5, maximumRepetitions: 15, minimumSeconds: 0, [
            { fieldsToDay(ours, oursFields) }, { fieldsToDay(foundation, foundationFields) },
        ])
        emit(row(.gregorian, "fields->day inlined", Double(days.count) / times[0], reference: "foundation", Double(days.count) / times[1]))
    }

    static func row(_ id: CalendarID, _ operation: String, _ ours: Double, reference: String, _ theirs: Double) -> BenchmarkRow {
        BenchmarkRow(area: "convert", operation: operation, n: days.count, oursPerSecond: ours,
                     reference: reference, referencePerSecond: theirs, calendar: id.rawValue)
    }

    static func engine(_ id: CalendarID, _ kind: CalendarEngine) -> any CalendarSystem {
        do {
            return try Calendars.system(id, engine: kind)
        } catch {
            fail("cannot open the \(kind) engine of \(id): \(error)", status: 1)
        }
    }

    static func foundationCalendar(_ id: CalendarID) -> Calendar? {
        guard let identifier = id.foundationIdentifier, let utc = TimeZone(identifier: "UTC") else { return nil }
        var calendar = Calendar(identifier: identifier)
        calendar.timeZone = utc
        return calendar
    }

    /// The fields our fields -> day run starts from.
    struct Fields {
        var year: Int
        var monthCode: MonthCode
        var day: Int
    }

    static func fields(of day: Int, in calendar: any CalendarSystem) -> Fields {
        do {
            let date = try calendar.date(dayNumber: day)
            return Fields(year: date.year, monthCode: date.monthCode, day: date.day)
        } catch {
            fail("\(calendar.id) cannot convert day \(day): \(error)", status: 1)
        }
    }

    static let foundationUnits: Set<Calendar.Component> = [.era, .year, .month, .day, .isLeapMonth]

    static func components(of day: Int, in calendar: Calendar) -> DateComponents {
        calendar.dateComponents(foundationUnits, from: Date(timeIntervalSince1970: Double(day) * 86_400))
    }

    // Our loops take the engine as a generic parameter: the existential is
    // opened once per run, and each call is still a dynamic witness call
    // (the engine's type is not known when this is compiled), as in any
    // generic code over `CalendarSystem`.

    @inline(never)
    static func dayToFields<Engine: CalendarSystem>(_ calendar: Engine) {
        var checksum = 0
        for day in days {
            do {
                let date = try calendar.date(dayNumber: day)
                checksum &+= date.year &* 512 &+ date.monthCode.number &* 32 &+ date.day &+ date.era.value
            } catch {
                fail("\(calendar.id) cannot convert day \(day): \(error)", status: 1)
            }
        }
        blackHole(checksum)
    }

    @inline(never)
    static func fieldsToDay<Engine: CalendarSystem>(_ calendar: Engine, _ inputs: [Fields]) {
        var checksum = 0
        for fields in inputs {
            do {
                checksum &+= try calendar.dayNumber(year: fields.year, monthCode: fields.monthCode, day: fields.day, overflow: .reject)
            } catch {
                fail("\(calendar.id) rejects \(fields): \(error)", status: 1)
            }
        }
        blackHole(checksum)
    }

    @inline(never)
    static func dayToFields(_ calendar: Calendar) {
        var checksum = 0
        for day in days {
            let parts = calendar.dateComponents(foundationUnits, from: Date(timeIntervalSince1970: Double(day) * 86_400))
            checksum &+= (parts.year ?? 0) &* 512 &+ (parts.month ?? 0) &* 32 &+ (parts.day ?? 0) &+ (parts.era ?? 0)
        }
        blackHole(checksum)
    }

    @inline(never)
    static func fieldsToDay(_ calendar: Calendar, _ inputs: [DateComponents]) {
        var checksum = 0
        for parts in inputs {
            guard let date = calendar.date(from: parts) else { continue }
            checksum &+= Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        }
        blackHole(checksum)
    }

    // MARK: End to end

    /// The CLI's `convert 2024-03-15 --to hebrew --json` path for every day of
    /// the workload: parse the ISO text, convert, build the JSON line. The
    /// same library path with the Foundation and ICU engines is the reference.
    static func measureEndToEnd(_ emit: (BenchmarkRow) -> Void) {
        let texts = days.map { ISODate(dayNumber: $0).description }
        let kinds: [(name: String, engine: CalendarEngine)] = [("ours", .standard), ("foundation", .foundation), ("icu", .icu)]
        let pipelines = kinds.map { kind in
            (source: engine(.iso8601, kind.engine), target: engine(.hebrew, kind.engine))
        }
        let times = Benchmark.interleavedMedianSeconds(minimumRepetitions: 5, maximumRepetitions: 15, minimumSeconds: 0,
                                                       pipelines.map { pipeline in { convert(texts, from: pipeline.source, to: pipeline.target) } })
        let oursPerSecond = Double(texts.count) / times[0]
        for index in 1..<kinds.count {
            emit(BenchmarkRow(area: "convert", operation: "iso text->json", n: texts.count, oursPerSecond: oursPerSecond,
                              reference: kinds[index].name, referencePerSecond: Double(texts.count) / times[index],
                              calendar: "hebrew"))
        }
    }

    @inline(never)
    static func convert(_ texts: [String], from source: any CalendarSystem, to target: any CalendarSystem) {
        var checksum = 0
        for text in texts {
            do {
                let date = try CalendarDateText.parse(text, in: source)
                let converted = try target.date(dayNumber: date.dayNumber)
                checksum &+= DateJSON.object(converted, in: target).encoded.utf8.count
            } catch {
                fail("cannot convert '\(text)': \(error)", status: 1)
            }
        }
        blackHole(checksum)
    }
}
