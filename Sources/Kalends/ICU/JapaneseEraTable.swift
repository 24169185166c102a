import CICU

/// ICU's Japanese eras (Taika 645 ... Reiwa 2019): the Gregorian year each
/// starts in, read once from the system ICU. Foundation numbers eras the same way.
enum JapaneseEraTable {
    /// `startYears[era]` is the Gregorian year in which era number `era` begins.
    static let startYears: [Int] = {
        guard let handle = try? ICUCalendarHandle(type: "japanese", gregorianChange: ICUCalendarHandle.farPastMillis) else {
            return []
        }
        return handle.withCalendar { calendar in
            var status: Int32 = 0
            kicu_set_millis(calendar, 0, &status)
            let count = Int(kicu_actual_maximum(calendar, Int32(KICU_ERA), &status))
            guard status <= 0, (0...1000).contains(count) else { return [] }
            var years: [Int] = []
            for era in 0...count {
                kicu_clear(calendar)
                kicu_set(calendar, Int32(KICU_ERA), Int32(era))
                kicu_set(calendar, Int32(KICU_YEAR), 1)
                kicu_set(calendar, Int32(KICU_MONTH), 0)
                kicu_set(calendar, Int32(KICU_DATE), 1)
                years.append(Int(kicu_get(calendar, Int32(KICU_EXTENDED_YEAR), &status)))
            }
            return years
        }
    }()
}
