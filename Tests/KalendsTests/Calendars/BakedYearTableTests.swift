import Foundation
import KalendsCheck
import XCTest
@testable import Kalends

/// The baked year tables (`BakedYearTable`) against the reference engine
/// they were generated from: every baked year's layout, random days both
/// ways, and (with `KALENDS_EXHAUSTIVE=1`) every day of the baked years. A
/// failure after a toolchain update means its ICU changed these years:
/// regenerate with `Scripts/generate-calendar-tables.sh` or document why not.
final class BakedYearTableTests: XCTestCase {
    static let ids = BakedTableGeneration.calendars.map(\.id)

    /// Each table engine has its table, covering ISO 1600 ... 2600, with the
    /// reference's supported years.
    func testEveryTableCalendarHasItsTable() throws {
        for id in Self.ids {
            let table = try XCTUnwrap(BakedYearTables.table(for: id.rawValue), "\(id)")
            let engine = try XCTUnwrap(try Calendars.system(id) as? MonthTableCalendar, "\(id)")
            XCTAssertEqual(engine.bakedYears, table.years, "\(id)")
            let reference = try Calendars.system(id, engine: .reference)
            XCTAssertEqual(table.supportedYears, reference.supportedYears, "\(id)")
            XCTAssertEqual(table.years.lowerBound, reference.ordinalDate(ofDay: BakedTableGeneration.isoRange.first).year, "\(id)")
            XCTAssertEqual(table.years.upperBound, reference.ordinalDate(ofDay: BakedTableGeneration.isoRange.last).year, "\(id)")
        }
    }

    /// Every baked year equals the layout the reference builds for it, with
    /// the published month starts laid over it (`PublishedTables`), and the
    /// years that differ from the reference are exactly the corrected ones.
    func testEveryBakedYearEqualsTheReferenceWithThePublishedStarts() throws {
        for id in Self.ids {
            let table = try XCTUnwrap(BakedYearTables.table(for: id.rawValue))
            let layouts = try XCTUnwrap(table.layouts(), "\(id): the table does not decode")
            let fromReference = MonthTableCalendar(id, reference: try Calendars.system(id, engine: .reference))
            let referenceLayouts = try table.years.map { year in try XCTUnwrap(fromReference.referenceLayout(ofYear: year), "\(id) \(year)") }
            let expected = try PublishedTables.apply(try PublishedTables.monthStarts(id), to: referenceLayouts,
                                                     firstYear: table.years.lowerBound, id: id)
            var differing: [Int] = []
            var changed: Set<Int> = []
            for (index, year) in table.years.enumerated() {
                if layouts[index] != expected[index] { differing.append(year) }
                if layouts[index] != referenceLayouts[index] { changed.insert(year) }
            }
            XCTAssert(differing.isEmpty, "\(id): baked years differ from the reference with the published starts: \(differing.prefix(20))")
            // A correction changes its own year and, when it moves a first month, the year before.
            var corrected: Set<Int> = []
            for correction in try PublishedTables.corrections(id, reference: fromReference) {
                corrected.insert(correction.year)
                if correction.code == MonthCode(1) { corrected.insert(correction.year - 1) }
            }
            XCTAssertEqual(changed, corrected.intersection(Set(table.years)), "\(id)")
        }
    }

    /// The published corrections are the documented ones (Docs/Conformance.md,
    /// "Disputed lunar months"): how many, and examples from the tables.
    func testPublishedCorrectionsAreTheDocumentedOnes() throws {
        let chinese = PublishedTables.corrections(.chinese)
        XCTAssertEqual(chinese.map(\.description), [
            "1914-M10: 1914-11-18 -> 1914-11-17", "1916-M01: 1916-02-04 -> 1916-02-03", "1920-M10: 1920-11-11 -> 1920-11-10",
            "2057-M09: 2057-09-29 -> 2057-09-28", "2097-M07: 2097-08-08 -> 2097-08-07",
        ])
        let ummAlQura = PublishedTables.corrections(.islamicUmmAlQura)
        XCTAssertEqual(ummAlQura.count, Self.documentedUmmAlQuraCorrections, "update Docs/Conformance.md with the count")
        XCTAssertEqual(ummAlQura.filter { (1420...1450).contains($0.year) }, [], "the published table and ICU agree on 1420-1450 AH")
        XCTAssertEqual(ummAlQura.filter { (1451...1500).contains($0.year) }.count, 211)
        XCTAssert(ummAlQura.filter { $0.year >= 1420 }.allSatisfy { abs($0.day - $0.referenceDay) == 1 },
                  "from 1420 AH every correction moves a month by one day")
        let shifts = Dictionary(grouping: ummAlQura, by: { abs($0.day - $0.referenceDay) }).mapValues(\.count)
        XCTAssertEqual(shifts, Self.documentedUmmAlQuraShifts, "update Docs/Conformance.md with the shifts")
        // The published dates, through the standard engine.
        let umalqura = try Calendars.system(.islamicUmmAlQura)
        XCTAssertEqual(try umalqura.date(year: 1453, monthCode: MonthCode(9), day: 1).dayNumber,
                       GregorianMath.dayNumber(year: 2031, month: 12, day: 15), "1 Ramadan 1453")
        let chineseEngine = try Calendars.system(.chinese)
        XCTAssertEqual(try chineseEngine.date(year: 1916, monthCode: MonthCode(1), day: 1).dayNumber,
                       GregorianMath.dayNumber(year: 1916, month: 2, day: 3), "Chinese New Year 1916")
        XCTAssertEqual(try chineseEngine.date(dayNumber: GregorianMath.dayNumber(year: 2057, month: 9, day: 28)).monthCode, MonthCode(9))
    }

    /// Corrections the Umm al-Qura table makes to ICU's data in 1365 ... 1500 AH.
    static let documentedUmmAlQuraCorrections = 633
    /// How many of them move a month start by 1, 2, ... days.
    static let documentedUmmAlQuraShifts = [1: 622, 2: 11]

    /// Conversions in the baked years, both ways, never open the reference.
    func testConversionsInTheBakedYearsNeedNoICU() throws {
        for id in Self.ids {
            let table = try XCTUnwrap(BakedYearTables.table(for: id.rawValue))
            let engine = try XCTUnwrap(MonthTableCalendar(id, table: table) { () throws(ConversionError) in
                XCTFail("\(id): the reference was opened")
                return try Calendars.system(id, engine: .reference)
            })
            let first = BakedTableGeneration.isoRange.first
            let last = BakedTableGeneration.isoRange.last
            for day in Swift.stride(from: first, through: last, by: 97) {
                let date = try engine.date(dayNumber: day)
                XCTAssertEqual(try engine.date(year: date.year, monthCode: date.monthCode, day: date.day).dayNumber, day)
                XCTAssertEqual(engine.dayNumberIfValid(year: date.year, monthCode: date.monthCode, day: date.day), day)
            }
            XCTAssertFalse(engine.hasOpenedReference, "\(id)")
        }
    }

    /// Beyond the table the engine asks the reference, and agrees with it.
    func testYearsBeyondTheTableComeFromTheReference() throws {
        for id in Self.ids {
            let table = try XCTUnwrap(BakedYearTables.table(for: id.rawValue))
            let reference = try Calendars.system(id, engine: .reference)
            let engine = try XCTUnwrap(MonthTableCalendar(id, table: table) { reference })
            for year in [table.years.lowerBound - 1, table.years.upperBound + 1] {
                XCTAssertEqual(YearShape(engine, year: year), YearShape(reference, year: year), "\(id) \(year)")
            }
            XCTAssertTrue(engine.hasOpenedReference, "\(id)")
        }
    }

    /// A reference that cannot open is reported by the conversions beyond the table.
    func testAReferenceThatFailsIsReported() throws {
        let table = try XCTUnwrap(BakedYearTables.table(for: "chinese"))
        let engine = try XCTUnwrap(MonthTableCalendar(.chinese, table: table) { () throws(ConversionError) in
            throw .unknownCalendar("chinese")
        })
        XCTAssertEqual(try engine.date(dayNumber: GregorianMath.dayNumber(year: 2024, month: 3, day: 15)).monthCode, MonthCode(2))
        XCTAssertThrowsError(try engine.date(dayNumber: GregorianMath.dayNumber(year: 3000, month: 1, day: 1)))
        XCTAssertThrowsError(try engine.date(year: 3000, monthCode: MonthCode(1), day: 1))
    }

    /// Tables that are not what they claim do not decode, and the engine refuses them.
    func testMalformedTablesDoNotDecode() throws {
        func table(_ packed: StaticString, years: ClosedRange<Int> = 1...2) -> BakedYearTable {
            BakedYearTable(calendar: "chinese", source: "test", years: years, firstDay: 0, supportedYears: 1...2, packed: packed)
        }
        XCTAssertEqual(table("000\n00C").layouts()?.map(\.monthCount), [12, 13])
        XCTAssertEqual(table("000\n00C").layouts()?.map(\.firstDay), [0, 348])
        XCTAssertNil(table("000").layouts(), "too few years")
        XCTAssertNil(table("0000000").layouts(), "a partial year")
        XCTAssertNil(table("000000000").layouts(), "too many years")
        XCTAssertNil(table("000 00").layouts(), "a symbol outside the alphabet")
        XCTAssertNil(table("000002").layouts(), "a leap month at position 1")
        XCTAssertNil(table("00000W").layouts(), "a leap month after month 13")
        XCTAssertNil(table("000001").layouts(), "a 13th month in a common year")
        XCTAssertNil(MonthTableCalendar(.chinese, table: table("000")) { () throws(ConversionError) in try Calendars.system(.chinese, engine: .reference) })
        XCTAssertNil(MonthTableCalendar(.dangi, table: table("000000")) { () throws(ConversionError) in try Calendars.system(.dangi, engine: .reference) })
    }

    /// The standard engine equals the reference on random days of the baked
    /// years (uniform, and next to month starts), in every field, both ways.
    func testRandomBakedDaysMatchTheReference() throws {
        for id in Self.ids {
            let comparison = try EngineComparison(id)
            let defects = KnownReferenceDefects(comparison)
            let first = BakedTableGeneration.isoRange.first
            let last = BakedTableGeneration.isoRange.last
            let nearMonthStart = Gen.zip(Gen.int(in: 1600...2599), Gen.int(in: 1...12), Gen.int(in: -2...2)).map { year, month, offset in
                comparison.fast.dayNumber(year: comparison.fast.ordinalDate(ofDay: GregorianMath.dayNumber(year: year, month: 1, day: 1)).year,
                                          month: month, day: 1) + offset
            }
            let days = Gen.oneOf([Gen.int(in: first...last), nearMonthStart])
            let result = forAll(days, runs: 150) { day in try comparison.differences(onDay: day).isEmpty || defects.explains(day: day) }
            if let day = result.counterexample {
                print("\(id) differences: " + (try comparison.differences(onDay: day)).joined(separator: "; "))
            }
        }
    }

    /// Every day of ISO 1600 ... 2600 (365,608 days), standard engine against
    /// the reference both ways; only documented ICU defects may differ.
    /// Slow: only with `KALENDS_EXHAUSTIVE=1`.
    func testEveryBakedDayMatchesTheReference() throws {
        guard TestEnvironment.value("KALENDS_EXHAUSTIVE") == "1" else {
            throw XCTSkip("set KALENDS_EXHAUSTIVE=1 to compare every baked day with ICU")
        }
        for id in Self.ids {
            let started = Date()
            let comparison = try EngineComparison(id)
            let defects = KnownReferenceDefects(comparison)
            var examples: [String] = []
            var days = 0
            var defectDays = 0
            for day in BakedTableGeneration.isoRange.first...BakedTableGeneration.isoRange.last {
                days += 1
                let differences = try comparison.differences(onDay: day)
                if differences.isEmpty { continue }
                // ICU's impossible day-0 dates (Docs/Conformance.md) are the only differences allowed.
                if try defects.explains(day: day) {
                    defectDays += 1
                } else if examples.count < 20 {
                    examples += differences
                }
            }
            print(String(format: "baked %@: %d days, known ICU defects on %d, %d unexplained shown, %.0f s", id.rawValue, days,
                         defectDays, examples.count, Date().timeIntervalSince(started)))
            XCTAssert(examples.isEmpty, "\(id):\n" + examples.joined(separator: "\n"))
        }
    }

    /// What the first conversion costs in a fresh engine, built from ICU at
    /// run time and from the baked table (printed, never asserted).
    func testFirstConversionCost() throws {
        let day = GregorianMath.dayNumber(year: 2024, month: 3, day: 15)
        var started = Date()
        let fromICU = MonthTableCalendar(.chinese, reference: try ReferenceCalendar(backend: try XCTUnwrap(SplitFieldBackend(.chinese, searchFrom: -3000))))
        let icuDate = try fromICU.date(dayNumber: day)
        let icuTime = Date().timeIntervalSince(started)
        started = Date()
        let table = try XCTUnwrap(BakedYearTables.table(for: "chinese"))
        let baked = try XCTUnwrap(MonthTableCalendar(.chinese, table: table) { () throws(ConversionError) in try Calendars.system(.chinese, engine: .reference) })
        let bakedDate = try baked.date(dayNumber: day)
        let bakedTime = Date().timeIntervalSince(started)
        XCTAssertEqual(icuDate, bakedDate)
        XCTAssertFalse(baked.hasOpenedReference)
        print(String(format: "first chinese conversion of 2024-03-15 in a new engine: ICU-built %.3f ms, baked %.3f ms",
                     icuTime * 1000, bakedTime * 1000))
    }
}
