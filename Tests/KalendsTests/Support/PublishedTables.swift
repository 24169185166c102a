import Foundation
import Synchronization
@testable import Kalends

/// The published month starts the baked tables follow instead of the
/// reference's data (`Scripts/published-tables/`; Docs/Conformance.md,
/// "Disputed lunar months"). The baked-table generator lays them over the
/// reference's years; the parity tests use them to tell a published
/// correction from an engine error.
enum PublishedTables {
    /// A month that starts on `day` (a day number) by the published table.
    struct MonthStart: Equatable, Sendable {
        let year: Int
        let code: MonthCode
        let day: Int
    }

    /// A month whose first day the published table moves from the
    /// reference's `referenceDay` to `day`.
    struct Correction: Equatable, Sendable, CustomStringConvertible {
        let year: Int
        let code: MonthCode
        let referenceDay: Int
        let day: Int
        /// The days of the month before and the month itself, by the reference.
        let referenceMonths: Range<Int>

        /// The days whose date the correction can change: the two months
        /// whose length it changes (a day changes only when its month's start
        /// or end moves).
        var changedDays: Range<Int> { min(referenceMonths.lowerBound, day)..<max(referenceMonths.upperBound, day + 1) }

        var description: String { "\(year)-\(code): \(iso(referenceDay)) -> \(iso(day))" }
    }

    /// The Umm al-Qura years that follow the published table: from the first
    /// year after the last published month that is not 29 or 30 days long
    /// (1364-08 has 28 days; the table engine, like ICU, has only 29 and 30).
    static let ummAlQuraYears = 1365...1500

    enum DataError: Error, CustomStringConvertible {
        case unreadable(String, String)
        case malformed(String, Int, String)
        case monthLength(CalendarID, Int, Int, Int)
        case noSuchMonth(CalendarID, Int, MonthCode)

        var description: String {
            switch self {
            case let .unreadable(file, reason): "\(file): \(reason)"
            case let .malformed(file, line, text): "\(file):\(line): cannot read \(text.debugDescription)"
            case let .monthLength(id, year, month, length): "\(id) \(year) month \(month) would have \(length) days"
            case let .noSuchMonth(id, year, code): "\(id) \(year) has no month \(code)"
            }
        }
    }

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/published-tables")

    /// The published month starts of `id`; empty for a calendar that follows its reference.
    static func monthStarts(_ id: CalendarID) throws -> [MonthStart] {
        switch id {
        case .chinese: try chineseStarts()
        case .islamicUmmAlQura: try ummAlQuraStarts()
        default: []
        }
    }

    /// What the generated table's source line says about the published
    /// starts laid over the reference, or nil.
    static func note(_ id: CalendarID) -> String? {
        switch id {
        case .chinese: "with the Hong Kong Observatory's month starts of Scripts/published-tables/chinese-corrections.txt"
        case .islamicUmmAlQura: "with the published Umm al-Qura calendar for \(ummAlQuraYears.lowerBound) ... \(ummAlQuraYears.upperBound) AH (Scripts/published-tables/umalqura-1343-1500.txt)"
        default: nil
        }
    }

    /// Where the published table and the reference's layouts disagree.
    static func corrections(_ id: CalendarID, reference: MonthTableCalendar) throws -> [Correction] {
        try monthStarts(id).compactMap { start in
            guard let layout = reference.referenceLayout(ofYear: start.year), let month = layout.month(of: start.code) else {
                throw DataError.noSuchMonth(id, start.year, start.code)
            }
            let referenceDay = Int(layout.firstDay) + layout.daysBefore(month: month)
            guard referenceDay != start.day else { return nil }
            let previousStart: Int
            if month > 1 {
                previousStart = Int(layout.firstDay) + layout.daysBefore(month: month - 1)
            } else {
                guard let before = reference.referenceLayout(ofYear: start.year - 1) else { throw DataError.noSuchMonth(id, start.year - 1, MonthCode(1)) }
                previousStart = Int(before.firstDay) + before.daysBefore(month: Int(before.monthCount))
            }
            let nextStart = Int(layout.firstDay) + layout.daysBefore(month: month + 1)
            return Correction(year: start.year, code: start.code, referenceDay: referenceDay, day: start.day,
                              referenceMonths: previousStart..<nextStart)
        }
    }

    /// The corrections of `id` against its reference engine, computed once.
    static func corrections(_ id: CalendarID) -> [Correction] {
        cache.withLock { cached in
            if let found = cached[id] { return found }
            let found = (try? Calendars.system(id, engine: .reference)).flatMap { reference in
                try? corrections(id, reference: MonthTableCalendar(id, reference: reference))
            } ?? []
            cached[id] = found
            return found
        }
    }

    private static let cache = Mutex<[CalendarID: [Correction]]>([:])

    /// `layouts` (consecutive years from `firstYear`) with the published
    /// starts that fall in them: the month before a moved start and the
    /// month it starts change length; each must stay 29 or 30 days.
    static func apply(_ starts: [MonthStart], to layouts: [YearLayout], firstYear: Int, id: CalendarID) throws -> [YearLayout] {
        var monthStarts = layouts.map { layout in (1...Int(layout.monthCount)).map { Int(layout.firstDay) + layout.daysBefore(month: $0) } }
        for start in starts {
            let index = start.year - firstYear
            guard layouts.indices.contains(index) else { continue }
            guard let month = layouts[index].month(of: start.code) else { throw DataError.noSuchMonth(id, start.year, start.code) }
            monthStarts[index][month - 1] = start.day
        }
        var result: [YearLayout] = []
        for (index, layout) in layouts.enumerated() {
            let end = index + 1 < layouts.count ? monthStarts[index + 1][0] : Int(layout.firstDay) + Int(layout.dayCount)
            var longMonths = 0
            for month in 1...Int(layout.monthCount) {
                let next = month < Int(layout.monthCount) ? monthStarts[index][month] : end
                let length = next - monthStarts[index][month - 1]
                guard length == 29 || length == 30 else { throw DataError.monthLength(id, firstYear + index, month, length) }
                if length == 30 { longMonths |= 1 << (month - 1) }
            }
            guard let corrected = YearLayout(firstDay: monthStarts[index][0], longMonths: longMonths, leapMonth: Int(layout.leapMonth)) else {
                throw DataError.monthLength(id, firstYear + index, 0, 0)
            }
            result.append(corrected)
        }
        return result
    }

    // MARK: The files

    /// `chinese-corrections.txt`: "YEAR MONTH-CODE FIRST-DAY why".
    static func chineseStarts() throws -> [MonthStart] {
        try lines(of: "chinese-corrections.txt").map { number, line in
            let fields = line.split(separator: " ", maxSplits: 3)
            guard fields.count >= 3, let year = Int(fields[0]), let code = try? MonthCode(parsing: String(fields[1])),
                  let day = isoDay(fields[2]) else {
                throw DataError.malformed("chinese-corrections.txt", number, line)
            }
            return MonthStart(year: year, code: code, day: day)
        }
    }

    /// `umalqura-1343-1500.txt`: "YEAR FIRST-DAY LENGTHS" a year, and the
    /// start of the year after the last, for `ummAlQuraYears`.
    static func ummAlQuraStarts() throws -> [MonthStart] {
        let file = "umalqura-1343-1500.txt"
        var starts: [MonthStart] = []
        var next: (year: Int, day: Int)?
        for (number, line) in try lines(of: file) {
            let fields = line.split(separator: " ")
            guard fields.count == 3, let year = Int(fields[0]), let first = isoDay(fields[1]), fields[2].count == 12,
                  fields[2].allSatisfy({ ("0"..."3").contains($0) }) else {
                throw DataError.malformed(file, number, line)
            }
            if let next, next.year == year, next.day != first { throw DataError.malformed(file, number, "starts where the year before does not end") }
            var day = first
            for (index, digit) in fields[2].enumerated() {
                if ummAlQuraYears.contains(year) { starts.append(MonthStart(year: year, code: MonthCode(index + 1), day: day)) }
                day += 28 + (digit.wholeNumberValue ?? 0)
            }
            next = (year + 1, day)
        }
        guard let next, next.year == ummAlQuraYears.upperBound + 1 else { throw DataError.unreadable(file, "does not end with year \(ummAlQuraYears.upperBound)") }
        starts.append(MonthStart(year: next.year, code: MonthCode(1), day: next.day))
        return starts
    }

    /// The numbered lines of a data file that are not comments.
    static func lines(of file: String) throws -> [(Int, String)] {
        let text: String
        do {
            text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        } catch {
            throw DataError.unreadable(file, "\(error)")
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            line.isEmpty || line.hasPrefix("#") ? nil : (index + 1, String(line))
        }
    }

    static func isoDay(_ text: Substring) -> Int? {
        let parts = text.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        return GregorianMath.dayNumber(year: year, month: month, day: day)
    }

    static func iso(_ day: Int) -> String {
        let date = GregorianMath.date(dayNumber: day)
        return String(format: "%04d-%02d-%02d", date.year, date.month, date.day)
    }
}
