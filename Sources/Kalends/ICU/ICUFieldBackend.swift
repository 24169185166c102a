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

    /// ICU's EXTENDED_YEAR minus the arithmetic year. Buddhist and ROC keep
    /// the Gregorian year in EXTENDED_YEAR; their arithmetic years are BE and ROC years.
    private var extendedYearOffset: Int {
        switch id {
        case .chinese: 2637
        case .dangi: 2333
        case .buddhist: -543
        case .roc: 1911
        default: 0
        }
    }

    func fields(ofDay day: Int) -> (year: Int, monthCode: MonthCode, day: Int, era: Era) {
        handle.withCalendar { calendar in
            var status: Int32 = 0
            kicu_set_millis(calendar, Double(day) * 86_400_000, &status)
            let extended = Int(kicu_get(calendar, Int32(KICU_EXTENDED_YEAR), &status))
            let month = kicu_get(calendar, Int32(KICU_MONTH), &status)
            let leap = kicu_get(calendar, Int32(KICU_IS_LEAP_MONTH), &status)
            let date = Int(kicu_get(calendar, Int32(KICU_DATE), &status))
            let eraValue = Int(kicu_get(calendar, Int32(KICU_ERA), &status))
            let eraYear = Int(kicu_get(calendar, Int32(KICU_YEAR), &status))
            let year = id == .ethiopicAmeteAlem ? eraYear : extended - extendedYearOffset
            let code = MonthNumbering.code(icuMonth: month, isLeap: leap, in: id)
            let standard = Era.standard(for: id, year: year)
            let era = Era(code: id == .japanese ? Self.japaneseEraCode(eraValue, day: day) : standard.code,
                          value: eraValue, year: eraYear)
            return (year, code, date, era)
        }
    }

    func dayNumber(year: Int, monthCode: MonthCode, day: Int) -> Int {
        handle.withCalendar { calendar in
            var status: Int32 = 0
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
            let millis = kicu_get_millis(calendar, &status)
            return Int((millis / 86_400_000).rounded(.down))
        }
    }

    func monthLength(atDay day: Int) -> Int {
        handle.withCalendar { calendar in
            var status: Int32 = 0
            kicu_set_millis(calendar, Double(day) * 86_400_000, &status)
            return Int(kicu_actual_maximum(calendar, Int32(KICU_DATE), &status))
        }
    }

    /// Temporal's code for ICU's Japanese era number: the five modern eras by
    /// name, earlier ones in Gregorian terms.
    static func japaneseEraCode(_ value: Int, day: Int) -> String {
        if let era = EraCodes.japanese.first(where: { $0.value == value }) { return era.code }
        return GregorianMath.date(dayNumber: day).year >= 1 ? "ce" : "bce"
    }
}
