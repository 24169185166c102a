import CICU

/// Fields from the system ICU (libicu, through CICU), in UTC.
struct ICUFieldBackend: FieldBackend {
    let id: CalendarID
    let handle: ICUCalendarHandle

    /// Opens the ICU calendar for `id`: proleptic for the Gregorian family,
    /// never switching for Julian. Aliases are never passed to ICU.
    init(_ id: CalendarID) throws(ConversionError) {
        self.id = id
        switch id {
        case .gregorian, .iso8601, .buddhist, .japanese, .roc:
            handle = try ICUCalendarHandle(type: id.rawValue, gregorianChange: ICUCalendarHandle.farPastMillis)
        case .julian:
            handle = try ICUCalendarHandle(type: "gregorian", gregorianChange: ICUCalendarHandle.farFutureMillis)
        default:
            handle = try ICUCalendarHandle(type: id.rawValue)
        }
    }

    /// ICU's EXTENDED_YEAR minus the arithmetic year. ICU's Buddhist and ROC
    /// calendars keep the Gregorian year there; Chinese and Dangi count from
    /// their epochs (2637 BCE, 2333 BCE).
    private var extendedYearOffset: Int {
        switch id {
        case .chinese: 2637
        case .dangi: 2333
        case .buddhist: -543
        case .roc: 1911
        default: 0
        }
    }

    /// Throws `.icuFailure` unless ICU's status after `call` is success or a warning.
    private func checked<T>(_ what: @autoclosure () -> String, _ call: (inout Int32) -> T) throws(ConversionError) -> T {
        var status: Int32 = 0
        let value = call(&status)
        guard status <= 0 else {
            throw .icuFailure(operation: "\(what()) (\(id) calendar)", status: ICUCalendarHandle.errorName(status))
        }
        return value
    }

    func fields(ofDay day: Int) throws(ConversionError) -> (year: Int, monthCode: MonthCode, day: Int, era: Era) {
        try handle.withCalendar { calendar throws(ConversionError) in
            try checked("set the time of day \(day)") { kicu_set_millis(calendar, Double(day) * 86_400_000, &$0) }
            func field(_ field: Int32) throws(ConversionError) -> Int32 {
                try checked("read field \(field) of day \(day)") { kicu_get(calendar, field, &$0) }
            }
            let extended = Int(try field(Int32(KICU_EXTENDED_YEAR)))
            let month = try field(Int32(KICU_MONTH))
            let leap = try field(Int32(KICU_IS_LEAP_MONTH))
            let date = Int(try field(Int32(KICU_DATE)))
            let eraValue = Int(try field(Int32(KICU_ERA)))
            let eraYear = Int(try field(Int32(KICU_YEAR)))
            let year = id == .ethiopicAmeteAlem ? eraYear : extended - extendedYearOffset
            let code = MonthNumbering.code(icuMonth: month, isLeap: leap, in: id)
            let standard = Era.standard(for: id, year: year)
            // Both codes are among EraCode.known, so the index always exists.
            let eraCode = id == .japanese ? Self.japaneseEraCode(eraValue, day: day) : standard.code
            let era = Era(codeIndex: EraCode.index(of: eraCode) ?? EraCode.none, value: eraValue, year: eraYear)
            return (year, code, date, era)
        }
    }

    func dayNumber(year: Int, monthCode: MonthCode, day: Int) throws(ConversionError) -> Int {
        try handle.withCalendar { calendar throws(ConversionError) in
            let (month, leap) = MonthNumbering.icuMonth(monthCode, in: id)
            kicu_clear(calendar)
            if id == .ethiopicAmeteAlem {
                kicu_set(calendar, Int32(KICU_ERA), 0)
                kicu_set(calendar, Int32(KICU_YEAR), Int32(clamping: year))
            } else {
                kicu_set(calendar, Int32(KICU_EXTENDED_YEAR), Int32(clamping: year + extendedYearOffset))
            }
            kicu_set(calendar, Int32(KICU_MONTH), month)
            kicu_set(calendar, Int32(KICU_IS_LEAP_MONTH), leap)
            kicu_set(calendar, Int32(KICU_DATE), Int32(clamping: day))
            let millis = try checked("find the day of \(year)-\(monthCode)-\(day)") { kicu_get_millis(calendar, &$0) }
            return Int((millis / 86_400_000).rounded(.down))
        }
    }

    func monthLength(atDay day: Int) throws(ConversionError) -> Int {
        try handle.withCalendar { calendar throws(ConversionError) in
            try checked("set the time of day \(day)") { kicu_set_millis(calendar, Double(day) * 86_400_000, &$0) }
            return Int(try checked("read the month length at day \(day)") { kicu_actual_maximum(calendar, Int32(KICU_DATE), &$0) })
        }
    }

    /// Temporal's code for ICU's Japanese era number: the five modern eras by
    /// name, earlier ones in Gregorian terms.
    static func japaneseEraCode(_ value: Int, day: Int) -> String {
        if let era = EraCodes.japanese.first(where: { $0.value == value }) { return era.code }
        return GregorianMath.date(dayNumber: day).year >= 1 ? "ce" : "bce"
    }
}
