/// A text line of `kalends convert` (`5784-M06-05  Friday 5 Adar II 5784 AM`
/// after a column), written from cached runs: the column with the date up
/// to its day, and the month name with the year, are the same all month.
/// The CLI's `BatchFastPathParityTests` compares it with the String form.
package struct TextLineWriter {
    // Runs: the id column and `5784-M06-`; then ` Adar II 5784 AM`. The
    // slot's value is the length of the date part of the first run.
    private var cache = MonthRunCache(slotBytes: 768)

    /// A writer with nothing cached.
    package init() {}

    /// Appends the line of `converted`: `column` (the calendar's column),
    /// the date (its month as a code when `asCode`, else only a leap month's)
    /// padded to `dateWidth` plus two spaces, the English weekday and long
    /// form. False, with nothing written, for a month whose text is too long
    /// to cache: the caller writes it the slow way.
    package mutating func append(_ converted: CalendarDate, in target: any CalendarSystem, column: [UInt8], asCode: Bool?,
                                 dateWidth: Int, to bytes: inout [UInt8]) -> Bool {
        cache.append(for: converted, to: &bytes) { base, slot in
            Self.fill(base, &slot, for: converted, in: target, column: column, asCode: asCode)
        } body: { cursor, runs, slot in
            cursor.copy(runs, from: 0, to: slot.ends.0)
            let dayStart = cursor.pointer
            cursor.padded(converted.day, width: 2)
            let dateLength = slot.value + (cursor.pointer - dayStart)
            for _ in 0..<max(2, dateWidth - dateLength + 2) { cursor.byte(32) }
            cursor.weekdayName(converted.weekday)
            cursor.byte(32)
            cursor.decimal(converted.day)
            cursor.copy(runs, from: slot.ends.0, to: slot.ends.1)
        }
    }

    /// Writes the month's runs at `base`, or leaves the slot uncached when they would not fit.
    private static func fill(_ base: UnsafeMutablePointer<UInt8>, _ slot: inout MonthRunCache.Slot, for converted: CalendarDate,
                             in target: any CalendarSystem, column: [UInt8], asCode: Bool?) {
        let name = DateJSON.monthName(converted, in: target), year = target.longFormYear(of: converted)
        let code = converted.monthCode
        guard column.count + name.utf8.count + year.utf8.count < 700, (1...99).contains(code.number) else { return }
        var cursor = ByteCursor(base)
        column.withUnsafeBufferPointer { column in
            guard let start = column.baseAddress else { return }
            cursor.copy(start, count: column.count)
        }
        let dateStart = cursor.pointer
        cursor.datePrefix(year: converted.year, monthCode: code, asCode: asCode ?? code.isLeap)
        slot.value = cursor.pointer - dateStart
        let first = cursor.pointer - base
        cursor.byte(32)
        cursor.write(name)
        cursor.byte(32)
        cursor.write(year)
        slot.ends = (first, cursor.pointer - base, 0, 0)
        slot.cached = true
    }
}

extension ByteCursor {
    /// The English name of ISO weekday `weekday` (1 = Monday), as `DateJSON.weekdayNames` has it.
    @inline(__always)
    package mutating func weekdayName(_ weekday: Int) {
        switch weekday {
        case 1: write("Monday")
        case 2: write("Tuesday")
        case 3: write("Wednesday")
        case 4: write("Thursday")
        case 5: write("Friday")
        case 6: write("Saturday")
        default: write("Sunday")
        }
    }
}
