import XCTest
@testable import Kalends

/// Hebrew birthdays and yahrzeits on worked and published examples.
///
/// Sources (facts only): the anniversary issue's worked example (a death on
/// 30 Adar I 5784); the rules of Reingold & Dershowitz, *Calendrical
/// Calculations* ("hebrew-birthday", "hebrew-yahrzeit"); published Jewish
/// calendars (hebcal.com, chabad.org) for the days of Purim, Chanukah and
/// Rosh Chodesh used below; and hebcal 4.31 (`hebcal -Y`), which computed
/// the same yahrzeits.
final class HebrewAnniversaryTests: XCTestCase {
    let hebrew = Calendars.hebrew

    func hebrewDate(_ year: Int, _ code: String, _ day: Int) throws -> CalendarDate {
        try hebrew.date(year: year, monthCode: try MonthCode(parsing: code), day: day)
    }

    func iso(_ text: String) throws -> CalendarDate {
        try CalendarDateText.parse(text, in: GregorianCalendar(.iso8601))
    }

    func check(_ kind: HebrewAnniversary.Kind, of event: CalendarDate, _ expected: [(year: Int, hebrew: String, iso: String)],
               file: StaticString = #filePath, line: UInt = #line) throws {
        for (year, hebrewText, isoText) in expected {
            let result = try HebrewAnniversary.date(kind, of: event, inYear: year)
            XCTAssertEqual(result.calendar, CalendarIdentifier(.hebrew), file: file, line: line)
            XCTAssertEqual(CalendarDateText.format(result), hebrewText, "\(kind) of \(event) in \(year)", file: file, line: line)
            XCTAssertEqual(result.iso.description, isoText, "\(kind) of \(event) in \(year)", file: file, line: line)
        }
    }

    /// The example: a death on 30 Adar I 5784 (2024-03-10) is
    /// remembered on 30 Shevat in the common years 5785 and 5786 and on 30
    /// Adar I in the leap year 5787.
    func testDeathOnThirtiethOfAdarI() throws {
        let death = try iso("2024-03-10")
        XCTAssertEqual(CalendarDateText.format(try hebrew.date(dayNumber: death.dayNumber)), "5784-M05L-30")
        try check(.yahrzeit, of: death, [
            (5785, "5785-M05-30", "2025-02-28"),
            (5786, "5786-M05-30", "2026-02-17"),
            (5787, "5787-M05L-30", "2027-03-09"),
        ])
        // The same death given as a Hebrew date.
        try check(.yahrzeit, of: try hebrewDate(5784, "M05L", 30), [(5785, "5785-M05-30", "2025-02-28")])
        // A birthday on that day is the day after 29 Adar in a common year:
        // 1 Nisan 5785 (Rosh Chodesh Nisan, Sunday 2025-03-30).
        try check(.birthday, of: death, [
            (5785, "5785-M07-01", "2025-03-30"),
            (5787, "5787-M05L-30", "2027-03-09"),
        ])
    }

    /// 5785 is a complete year (30 Heshvan is 2024-12-01); 5786 is regular,
    /// 5787 and 5788 complete, 5789 deficient (hebcal; Rosh Chodesh Kislev 5786
    /// is one day, 2025-11-21).
    func testThirtiethOfHeshvan() throws {
        let born = try hebrewDate(5785, "M02", 30)
        XCTAssertEqual(born.iso.description, "2024-12-01")
        // Birthday: the same day where Heshvan has 30 days, else 1 Kislev.
        try check(.birthday, of: born, [
            (5786, "5786-M03-01", "2025-11-21"),
            (5787, "5787-M02-30", "2026-11-10"),
            (5789, "5789-M03-01", "2028-11-19"),
        ])
        // Yahrzeit: 5786, the year after the death, has no 30 Heshvan, so it is
        // the day before 1 Kislev every year: 29 Heshvan, or 30 where it exists.
        try check(.yahrzeit, of: born, [
            (5786, "5786-M02-29", "2025-11-20"),
            (5787, "5787-M02-30", "2026-11-10"),
            (5789, "5789-M02-29", "2028-11-18"),
        ])
        // A death on 30 Heshvan 5787, whose next year (5788) has 30 Heshvan,
        // keeps the 30th, which in the short Heshvan of 5789 is 1 Kislev.
        try check(.yahrzeit, of: try hebrewDate(5787, "M02", 30), [
            (5788, "5788-M02-30", "2027-11-30"),
            (5789, "5789-M03-01", "2028-11-19"),
        ])
    }

    /// 5783 is complete (30 Kislev is 2022-12-24, the sixth day of Chanukah,
    /// which began the evening of 2022-12-18); 5784 is deficient (Kislev has
    /// 29 days, Rosh Chodesh Tevet is one day, Wednesday 2023-12-13).
    func testThirtiethOfKislev() throws {
        let born = try hebrewDate(5783, "M03", 30)
        XCTAssertEqual(born.iso.description, "2022-12-24")
        try check(.birthday, of: born, [
            (5784, "5784-M04-01", "2023-12-13"),
            (5785, "5785-M03-30", "2024-12-31"),
        ])
        // The year after the death (5784) has no 30 Kislev: the day before
        // 1 Tevet, which in 5785 is 30 Kislev.
        try check(.yahrzeit, of: born, [
            (5784, "5784-M03-29", "2023-12-12"),
            (5785, "5785-M03-30", "2024-12-31"),
            (5786, "5786-M03-30", "2025-12-20"),
        ])
    }

    /// Purim is 14 Adar (14 Adar II in a leap year): 2024-03-24, 2025-03-14,
    /// 2027-03-23; Purim Katan, 14 Adar I, 2024-02-23 and 2027-02-21.
    func testAdarIAndAdarII() throws {
        // Born on 15 Adar I 5784 (2024-02-24): Adar in a common year, Adar I in a leap one.
        let adarI = try iso("2024-02-24")
        try check(.birthday, of: adarI, [(5785, "5785-M06-15", "2025-03-15"), (5787, "5787-M05L-15", "2027-02-22")])
        try check(.yahrzeit, of: adarI, [(5785, "5785-M06-15", "2025-03-15"), (5787, "5787-M05L-15", "2027-02-22")])
        // Born on Shushan Purim 5784, 15 Adar II (2024-03-25): Adar, or Adar II.
        let adarII = try iso("2024-03-25")
        try check(.birthday, of: adarII, [(5785, "5785-M06-15", "2025-03-15"), (5787, "5787-M06-15", "2027-03-24")])
        try check(.yahrzeit, of: adarII, [(5785, "5785-M06-15", "2025-03-15"), (5787, "5787-M06-15", "2027-03-24")])
        // On Purim 5785, 14 Adar of a common year: a birthday is kept in
        // Adar II (the last month), a yahrzeit in Adar I (CC's month 12).
        let adar = try iso("2025-03-14")
        try check(.birthday, of: adar, [(5786, "5786-M06-14", "2026-03-03"), (5787, "5787-M06-14", "2027-03-23")])
        try check(.yahrzeit, of: adar, [(5786, "5786-M06-14", "2026-03-03"), (5787, "5787-M05L-14", "2027-02-21")])
    }

    /// Days with nothing special keep their month and day, whatever calendar
    /// the event is given in.
    func testOtherDaysKeepMonthAndDay() throws {
        // 2024-03-15 is 5 Adar II 5784; 1 Tishri 5785 is 2024-10-03.
        let julian = try JulianCalendar().date(dayNumber: try iso("2024-10-03").dayNumber)
        try check(.birthday, of: julian, [(5786, "5786-M01-01", "2025-09-23")])
        try check(.yahrzeit, of: julian, [(5786, "5786-M01-01", "2025-09-23")])
        let date = try HebrewAnniversary.birthday(of: try hebrewDate(5700, "M07", 15), inYear: 5785)
        XCTAssertEqual(date.iso.description, "2025-04-13")   // 15 Nisan 5785, the first day of Passover
    }

    func testYearsOutsideTheSupportedRangeAreErrors() throws {
        let death = try iso("2024-03-10")
        for year in [13_761, -6_240, Int.max, Int.min] {
            for kind in HebrewAnniversary.Kind.allCases {
                XCTAssertThrowsError(try HebrewAnniversary.date(kind, of: death, inYear: year)) { error in
                    XCTAssertEqual(error as? ConversionError,
                                   .yearOutOfRange(CalendarIdentifier(.hebrew), year: year, allowed: hebrew.supportedYears), "\(kind) \(year)")
                }
            }
        }
        // Year 13760 is supported, but its Adar lies after ISO 9999-12-31.
        XCTAssertThrowsError(try HebrewAnniversary.yahrzeit(of: death, inYear: 13_760)) { error in
            guard case .dayNumberOutOfRange? = error as? ConversionError else { return XCTFail("\(error)") }
        }
        // A death at the last supported day still answers for years that exist.
        let last = try hebrew.date(dayNumber: DayNumber.supported.upperBound)
        XCTAssertEqual(last.year, 13_760)
        XCTAssertNoThrow(try HebrewAnniversary.yahrzeit(of: last, inYear: 13_759))
    }
}

/// Yahrzeits against hebcal's (`hebcal -Y FILE`, which reads deaths as
/// Gregorian `MM DD YYYY description` lines and prints each one's yahrzeit
/// in every Hebrew year of the range): a death on every day of AM 5700 ...
/// 5799, in each of the 30 years 5780 ... 5809 (before, during and after the
/// deaths' years), about 1.1 million yahrzeits in one hebcal run. Skipped
/// when `hebcal` is not on PATH (Debian: `apt-get install hebcal`).
final class HebrewAnniversaryHebcalTests: XCTestCase {
    static let deathYears = 5700...5799
    static let targetYears = 5780...5809

    /// The executable `name` on PATH, or nil.
    static func onPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    func testYahrzeitsAgreeWithHebcal() throws {
        guard let hebcal = Self.onPath("hebcal") else {
            throw XCTSkip("hebcal not installed: the yahrzeit comparison needs it on PATH (Debian: apt-get install hebcal)")
        }
        let hebrew = Calendars.hebrew
        let firstDeath = try hebrew.firstDay(ofYear: Self.deathYears.lowerBound)
        let deathCount = try hebrew.firstDay(ofYear: Self.deathYears.upperBound + 1) - firstDeath
        let firstTarget = try hebrew.firstDay(ofYear: Self.targetYears.lowerBound)
        let pastTargets = try hebrew.firstDay(ofYear: Self.targetYears.upperBound + 1)
        // The target years have every shape the rules tell apart: common and
        // leap, each deficient, regular and complete.
        let shapes = Set(Self.targetYears.map { year in
            let shape = HebrewMath.YearShape(length: hebrew.daysInYear(year))
            return "\(shape.isLeap) \(shape.isDeficient) \(shape.isComplete)"
        })
        XCTAssertEqual(shapes.count, 6, "\(shapes)")

        // One line a death; the description is the death's day number.
        var file = ""
        for day in firstDeath..<(firstDeath + deathCount) {
            let iso = ISODate(dayNumber: day)
            file += "\(iso.month) \(iso.day) \(iso.year) d\(day)\n"
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-hebcal-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let deaths = directory.appendingPathComponent("deaths.txt"), printed = directory.appendingPathComponent("yahrzeits.txt")
        try Data(file.utf8).write(to: deaths)
        try Data().write(to: printed)

        // -g ISO dates, -h -x --no-modern: no holidays, Rosh Chodesh or modern days; -H: Hebrew years.
        let process = Process()
        process.executableURL = hebcal
        process.arguments = ["-Y", deaths.path, "-g", "-h", "-x", "--no-modern", "-H", "--years", "\(Self.targetYears.count)", "\(Self.targetYears.lowerBound)"]
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C", "TZ": "UTC"]
        let output = try FileHandle(forWritingTo: printed)
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate(); XCTFail("hebcal did not finish in 120 s") }
        process.waitUntilExit()
        try output.close()
        XCTAssertEqual(process.terminationStatus, 0, "hebcal \(process.arguments ?? [])")
        let bytes = try Data(contentsOf: printed)

        // hebcal's yahrzeit of each death in each target year; 0: none seen.
        var theirs = [Int](repeating: 0, count: deathCount * Self.targetYears.count)
        var compared = 0, agreed = 0, lines = 0
        var disagreements: [String] = []
        try bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var index = 0
            let count = raw.count
            func number() -> Int? {
                var negative = false
                if index < count && raw[index] == UInt8(ascii: "-") { negative = true; index += 1 }
                var value = 0, digits = 0
                while index < count, raw[index] >= 48, raw[index] <= 57 { value = value * 10 + Int(raw[index] - 48); index += 1; digits += 1 }
                return digits == 0 ? nil : (negative ? -value : value)
            }
            while index < count {
                // YYYY-MM-DD dDAY
                guard let year = number(), index < count, raw[index] == 45 else { break }
                index += 1
                guard let month = number(), index < count, raw[index] == 45 else { break }
                index += 1
                guard let dayOfMonth = number(), index + 1 < count, raw[index] == 32, raw[index + 1] == UInt8(ascii: "d") else { break }
                index += 2
                guard let death = number() else { break }
                while index < count && raw[index] != 10 { index += 1 }
                index += 1
                lines += 1
                let result = try ISODate(year: year, month: month, day: dayOfMonth).dayNumber
                let resultYear = hebrew.ordinalDate(ofDay: result).year
                let ours = try HebrewAnniversary.yahrzeit(of: try hebrew.date(dayNumber: death), inYear: resultYear)
                compared += 1
                if ours.dayNumber == result {
                    agreed += 1
                } else if disagreements.count < 20 {
                    disagreements.append("death \(try hebrew.date(dayNumber: death)) (\(ISODate(dayNumber: death))) in \(resultYear): "
                                         + "hebcal \(ISODate(dayNumber: result)), Kalends \(ours.iso) \(CalendarDateText.format(ours))")
                }
                if (firstTarget..<pastTargets).contains(result), (firstDeath..<(firstDeath + deathCount)).contains(death) {
                    let slot = (death - firstDeath) * Self.targetYears.count + (resultYear - Self.targetYears.lowerBound)
                    if theirs[slot] != 0 { disagreements.append("hebcal printed two yahrzeits of day \(death) in \(resultYear)") }
                    theirs[slot] = result
                }
            }
            if index < count { XCTFail("hebcal printed a line this test cannot read, at byte \(index)") }
        }
        let missing = theirs.filter { $0 == 0 }.count
        print("hebcal comparison: \(deathCount) deaths x \(Self.targetYears.count) years; \(lines) hebcal lines, \(agreed) of \(compared) agree")
        XCTAssertEqual(missing, 0, "hebcal printed no yahrzeit for \(missing) deaths and years")
        XCTAssertEqual(agreed, compared, disagreements.joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(compared, deathCount * Self.targetYears.count)
    }
}
