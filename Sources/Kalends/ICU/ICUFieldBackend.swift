import CICU

/// Fields from the system ICU (libicu, through CICU), in UTC.
struct ICUFieldBackend: FieldBackend {
    let id: CalendarID
    let handle: ICUCalendarHandle

    /// Opens the ICU calendar the calendar's facts name for `id` (proleptic
    /// for the Gregorian family, never switching for Julian).
    init(_ id: CalendarID) throws(ConversionError) {
        self.id = id
        guard let icu = BuiltInFacts(id).icuCalendar else {
            throw .icuFailure(operation: "open the \(id) calendar", status: "ICU has no such calendar")
        }
        handle = try ICUCalendarHandle(type: icu.type, gregorianChange: ICUCalendarHandle.millis(icu.gregorianChange))
    }

    /// The calendar's facts: how ICU numbers its months and holds its year.
    private var facts: BuiltInFacts { BuiltInFacts(id) }

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
            let facts = self.facts
            let year = switch facts.icuYear {
            case .extended(let offset): extended - offset
            case .eraYear: eraYear
            }
            // ICU's MONTH is Foundation's month - 1; its leap flag counts where the calendar has leap months.
            let code = facts.monthCode(foundationMonth: Int(month) + 1, isLeapMonth: leap != 0 && facts.hasLeapMonths)
                ?? MonthCode(Int(month) + 1)
            return (year, code, date, facts.era(foundationEra: eraValue, eraYear: eraYear, year: year, day: day))
        }
    }

    func dayNumber(year: Int, monthCode: MonthCode, day: Int) throws(ConversionError) -> Int {
        try handle.withCalendar { calendar throws(ConversionError) in
            let facts = self.facts
            kicu_clear(calendar)
            switch facts.icuYear {
            case .eraYear(let era):
                kicu_set(calendar, Int32(KICU_ERA), Int32(era))
                kicu_set(calendar, Int32(KICU_YEAR), Int32(clamping: year))
            case .extended(let offset):
                kicu_set(calendar, Int32(KICU_EXTENDED_YEAR), Int32(clamping: year + offset))
            }
            kicu_set(calendar, Int32(KICU_MONTH), Int32(facts.foundationMonth(monthCode) - 1))
            kicu_set(calendar, Int32(KICU_IS_LEAP_MONTH), facts.foundationIsLeapMonth(monthCode) ? 1 : 0)
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
}
