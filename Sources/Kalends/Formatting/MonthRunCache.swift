/// Bytes that stay the same for every day of a month (its year, era and
/// month text), kept for the batch writers: a million consecutive days
/// touch some thirty thousand months, so most lines copy cached runs and
/// write only the day's own numbers. Each slot holds up to four runs,
/// back to back, for one month of one calendar.
package struct MonthRunCache {
    /// What a month's runs depend on: the calendar, year, month code and era.
    package struct Key: Equatable {
        var calendar: UInt16 = .max
        var monthCode: UInt8 = 0
        var eraCode: UInt16 = 0
        var eraValue = 0, eraYear = 0, year = 0

        @inline(__always)
        package init(_ date: CalendarDate) {
            let era = date.era
            calendar = date.calendar.index
            monthCode = UInt8(truncatingIfNeeded: date.monthCode.number) | (date.monthCode.isLeap ? 0x80 : 0)
            eraCode = UInt16(truncatingIfNeeded: era.codeIndex)
            eraValue = era.value
            eraYear = era.year
            year = date.year
        }

        init() {}
    }

    /// One month's runs: where each ends, from the slot's start, and a
    /// number the writer keeps with them.
    package struct Slot {
        package var key = Key()
        package var ends: (Int, Int, Int, Int) = (0, 0, 0, 0)
        package var value = 0
        /// False when the writer could not cache this month and writes it the slow way.
        package var cached = false
    }

    /// The bytes each slot can hold.
    package let slotBytes: Int
    /// A power of two: months are placed by their number modulo it.
    private let slotCount: Int
    private var slots: [Slot]
    private var storage: [UInt8]

    /// An empty cache of 64 slots (or one, for a single date) of `slotBytes` bytes.
    package init(slotBytes: Int, single: Bool = false) {
        self.slotBytes = slotBytes
        slotCount = single ? 1 : 64
        slots = Array(repeating: Slot(), count: slotCount)
        storage = Array(repeating: 0, count: slotCount * slotBytes)
    }

    /// The slot of `date`'s month, filled first by `fill` when it holds
    /// another month: `fill` writes the runs at the pointer (at most
    /// `slotBytes`) and sets the slot's ends, value and `cached`.
    @inline(__always)
    private mutating func slot(for date: CalendarDate, fill: (UnsafeMutablePointer<UInt8>, inout Slot) -> Void) -> Int {
        let key = Key(date)
        let index = (date.year &* 13 &+ date.month) & (slotCount - 1)
        if slots[index].key != key {
            var slot = Slot(key: key)
            let offset = index * slotBytes
            storage.withUnsafeMutableBufferPointer { stored in
                guard let base = stored.baseAddress else { return }
                fill(base + offset, &slot)
            }
            slots[index] = slot
        }
        return index
    }

    /// Appends a line for `date` written from its month's runs: `fill` fills
    /// the slot when it holds another month, then `body` writes at a cursor
    /// into 1,024 bytes on the stack (the runs and at most 1,024 -
    /// `slotBytes` bytes more), given the runs and the slot; the bytes are
    /// appended in one copy. False, with nothing written, when the month
    /// could not be cached.
    @inline(__always)
    package mutating func append(for date: CalendarDate, to bytes: inout [UInt8], fill: (UnsafeMutablePointer<UInt8>, inout Slot) -> Void,
                                 body: (inout ByteCursor, UnsafePointer<UInt8>, Slot) -> Void) -> Bool {
        let index = slot(for: date, fill: fill)
        return withRuns(index) { runs, slot -> Bool in
            guard slot.cached else { return false }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1_024) { buffer -> Bool in
                guard let base = buffer.baseAddress else { return false }
                var cursor = ByteCursor(base)
                body(&cursor, runs, slot)
                bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: cursor.pointer - base))
                return true
            }
        } ?? false
    }

    /// The slot at `index` (from `slot(for:fill:)`) and its runs.
    @inline(__always)
    private func withRuns<R>(_ index: Int, _ body: (UnsafePointer<UInt8>, Slot) -> R) -> R? {
        let slot = slots[index], offset = index * slotBytes
        return storage.withUnsafeBufferPointer { stored in stored.baseAddress.map { body($0 + offset, slot) } }
    }
}

extension ByteCursor {
    /// Copies `count` bytes from `source`.
    @inline(__always)
    package mutating func copy(_ source: UnsafePointer<UInt8>, count: Int) {
        pointer.update(from: source, count: count)
        pointer += count
    }

    /// Copies the bytes from `start` up to `end` past `base`.
    @inline(__always)
    package mutating func copy(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) {
        copy(base + start, count: end - start)
    }
}
