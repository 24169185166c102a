/// `DateJSON.append(_:in:to:)` for many dates: the bytes of
/// `DateJSON.object(_:in:)`, with the parts that stay the same for a whole
/// month (calendar, era, year, month fields, month name, the related and
/// arithmetic years, the ordinal month and the text's year and month) kept
/// from one date to the next. A batch of a million days touches some
/// thirty thousand months, so most objects are four cached runs of bytes
/// and six small numbers. `DateJSONBytesTests` proves the bytes equal the
/// object's, in every calendar, on runs of consecutive and of random days.
///
/// ```swift
/// var writer = DateJSONWriter()
/// var bytes: [UInt8] = []
/// writer.append(try hebrew.date(dayNumber: 19_797), in: hebrew, to: &bytes)
/// ```
public struct DateJSONWriter {
    // A slot's runs: the head (up to `"day":`), the middle (the month name,
    // up to `"weekday":`), the tail (up to `"dayOfYear":`) and the text's
    // prefix (`,"text":"5784-M06-`); its value is the first day of the year.
    private var cache: MonthRunCache

    /// A writer with nothing cached.
    public init() { cache = MonthRunCache(slotBytes: 768) }

    /// A writer for one date (one slot).
    init(single: Bool) { cache = MonthRunCache(slotBytes: 768, single: single) }

    /// Appends `DateJSON.object(date, in: calendar).encodedBytes` to
    /// `bytes`; `calendar` is the system that made `date`.
    public mutating func append(_ date: CalendarDate, in calendar: any CalendarSystem, to bytes: inout [UInt8]) {
        let iso = date.iso
        let written = cache.append(for: date, to: &bytes) { base, slot in
            Self.fill(base, &slot, for: date, in: calendar)
        } body: { cursor, runs, slot in
            cursor.copy(runs, from: 0, to: slot.ends.0)
            cursor.decimal(date.day)
            cursor.copy(runs, from: slot.ends.0, to: slot.ends.1)
            cursor.decimal(date.weekday)
            cursor.write(",\"iso\":\"")
            cursor.date(year: iso.year, month: iso.month, day: iso.day, monthCode: nil)
            cursor.write("\",\"julianDay\":")
            cursor.decimal(date.julianDay)
            cursor.copy(runs, from: slot.ends.1, to: slot.ends.2)
            cursor.decimal(date.dayNumber &- slot.value &+ 1)
            cursor.copy(runs, from: slot.ends.2, to: slot.ends.3)
            cursor.padded(date.day, width: 2)
            cursor.write("\"}")
        }
        if !written { bytes.append(contentsOf: DateJSON.object(date, in: calendar).encodedBytes) }
    }

    /// Writes the runs of `date`'s month at `base` (at most 768 bytes).
    private static func fill(_ base: UnsafeMutablePointer<UInt8>, _ slot: inout MonthRunCache.Slot, for date: CalendarDate, in calendar: any CalendarSystem) {
        let calendarKey = date.calendar.key, eraCode = date.era.code, monthCode = date.monthCode
        let name = DateJSON.monthName(date, in: calendar)
        let stringBytes = calendarKey.utf8.count + (eraCode?.utf8.count ?? 0) + name.utf8.count
        // Each number is at most 21 bytes and the fixed text under 300, so
        // runs from strings under 300 bytes fit in the slot.
        guard (1...99).contains(monthCode.number), DateJSON.plain(calendarKey), eraCode.map(DateJSON.plain) ?? true,
              DateJSON.plain(name), stringBytes < 300 else { return }
        var cursor = ByteCursor(base)
        cursor.write("{\"calendar\":\"")
        cursor.write(calendarKey)
        cursor.write("\",\"era\":")
        cursor.decimal(date.era.value)
        if let eraCode {
            cursor.write(",\"eraCode\":\"")
            cursor.write(eraCode)
            cursor.write("\",\"year\":")
        } else {
            cursor.write(",\"eraCode\":null,\"year\":")
        }
        cursor.decimal(date.era.year)
        cursor.write(",\"month\":")
        cursor.decimal(calendar.foundationMonth(monthCode))
        cursor.write(",\"monthCode\":\"")
        cursor.monthCode(monthCode)
        cursor.write(calendar.foundationIsLeapMonth(monthCode) ? "\",\"isLeapMonth\":true,\"day\":" : "\",\"isLeapMonth\":false,\"day\":")
        let head = cursor.pointer - base
        cursor.write(",\"monthName\":\"")
        cursor.write(name)
        cursor.write("\",\"weekday\":")
        let middle = cursor.pointer - base
        if calendar.hasRelatedGregorianYear {
            cursor.write(",\"relatedGregorianYear\":")
            cursor.decimal(date.year)
        }
        cursor.write(",\"arithmeticYear\":")
        cursor.decimal(date.year)
        cursor.write(",\"ordinalMonth\":")
        cursor.decimal(date.month)
        cursor.write(",\"dayOfYear\":")
        let tail = cursor.pointer - base
        cursor.write(",\"text\":\"")
        cursor.datePrefix(year: date.year, monthCode: monthCode, asCode: calendar.hasLeapMonths)
        slot.ends = (head, middle, tail, cursor.pointer - base)
        slot.value = calendar.dayNumber(year: date.year, month: 1, day: 1)
        slot.cached = true
    }
}

extension ByteCursor {
    /// `YEAR-MM-` or `YEAR-Mxx[L]-`: `date(year:month:day:monthCode:)` up to the day.
    @inline(__always)
    package mutating func datePrefix(year: Int, monthCode: MonthCode, asCode: Bool) {
        if year < 0 { byte(UInt8(ascii: "-")) }
        padded(Int(year.magnitude), width: 4)
        byte(UInt8(ascii: "-"))
        if asCode { self.monthCode(monthCode) } else { padded(monthCode.number, width: 2) }
        byte(UInt8(ascii: "-"))
    }
}
