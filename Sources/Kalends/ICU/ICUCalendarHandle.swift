import CICU

/// One open system-ICU calendar, guarded by a lock so engines stay `Sendable`.
///
/// A class because it owns a C resource that must be closed exactly once;
/// `@unchecked Sendable` because every use goes through `lock`.
final class ICUCalendarHandle: @unchecked Sendable {
    private let pointer: OpaquePointer
    private let lock = Lock()

    /// The instant milliseconds ICU accepts for "never switch" (Julian) and
    /// "always Gregorian" (proleptic).
    static let farPastMillis = -8.64e15 * 2
    static let farFutureMillis = 8.64e15 * 2

    /// The instant ICU's Gregorian calendar switches at, or nil where it does not apply.
    static func millis(_ change: ICUCalendarType.GregorianChange) -> Double? {
        switch change {
        case .notApplicable: nil
        case .prolepticGregorian: farPastMillis
        case .prolepticJulian: farFutureMillis
        }
    }

    /// Opens ICU's calendar of type `type` in `zone`; `gregorianChange` sets
    /// the Julian/Gregorian switch when given.
    init(type: String, zone: String = "UTC", gregorianChange: Double? = nil) throws(ConversionError) {
        var status: Int32 = 0
        guard let calendar = kicu_open(type, zone, &status), status <= 0 else {
            throw .icuFailure(operation: "open calendar '\(type)'", status: ICUCalendarHandle.errorName(status))
        }
        pointer = calendar
        if let change = gregorianChange {
            kicu_set_gregorian_change(calendar, change, &status)
            if status > 0 {
                // deinit closes the calendar.
                throw .icuFailure(operation: "set the Gregorian change", status: ICUCalendarHandle.errorName(status))
            }
        }
    }

    deinit { kicu_close(pointer) }

    /// Runs `body` with exclusive use of the calendar.
    func withCalendar<T, Failure: Error>(_ body: (OpaquePointer) throws(Failure) -> T) throws(Failure) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(pointer)
    }

    /// The calendar type ICU really opened.
    var openedType: String {
        withCalendar { calendar in
            var buffer = [CChar](repeating: 0, count: 64)
            var status: Int32 = 0
            _ = kicu_type(calendar, &buffer, 64, &status)
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    static func errorName(_ status: Int32) -> String {
        guard let name = kicu_error_name(status) else { return "error \(status)" }
        return String(cString: name)
    }

    /// The system ICU's version, e.g. "72.1".
    static var version: String {
        var buffer = [CChar](repeating: 0, count: 32)
        _ = kicu_version(&buffer, 32)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
