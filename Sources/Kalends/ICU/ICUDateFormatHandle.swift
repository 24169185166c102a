import CICU

/// One open ICU date format with its own calendar (CICU's `KICUDateFormat`),
/// guarded by a lock so `LocalizedDateFormat` stays `Sendable`.
///
/// A class because it owns a C resource that must be closed exactly once;
/// `@unchecked Sendable` because every use goes through `lock`.
final class ICUDateFormatHandle: @unchecked Sendable {
    private let pointer: OpaquePointer
    private let lock = Lock()

    /// Opens a format of `localeID` (an ICU id) and `calendarType`; an empty
    /// `pattern` is the locale's full date style for that calendar.
    init(localeID: String, calendarType: String, pattern: String, gregorianChange: Double) throws(FormatError) {
        var status: Int32 = 0
        guard let format = kicu_date_format_open(localeID, calendarType, pattern, gregorianChange, &status), status <= 0 else {
            throw .icuFailure(operation: "open a date format for '\(localeID)' in the \(calendarType) calendar",
                              status: ICUCalendarHandle.errorName(status))
        }
        pointer = format
    }

    deinit { kicu_date_format_close(pointer) }

    /// Runs `body` with exclusive use of the format.
    func withFormat<T, Failure: Error>(_ body: (OpaquePointer) throws(Failure) -> T) throws(Failure) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(pointer)
    }

    /// Reads a UTF-8 result that `call` writes into a buffer (1,024 bytes, then as long as it asked for).
    static func text(_ what: @autoclosure () -> String,
                     _ call: (UnsafeMutablePointer<CChar>, Int32, inout Int32) -> Int32) throws(FormatError) -> String {
        var capacity: Int32 = 1_024
        for _ in 0..<2 {
            var buffer = [CChar](repeating: 0, count: Int(capacity) + 1)
            var status: Int32 = 0
            let length = buffer.withUnsafeMutableBufferPointer { pointer in
                guard let base = pointer.baseAddress else { return Int32(0) }
                return call(base, capacity, &status)
            }
            if status == 15 /* U_BUFFER_OVERFLOW_ERROR */, length > capacity {
                capacity = length
                continue
            }
            guard status <= 0 else { throw .icuFailure(operation: what(), status: ICUCalendarHandle.errorName(status)) }
            return String(decoding: buffer.prefix(Int(max(0, min(length, capacity)))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        throw .icuFailure(operation: what(), status: "U_BUFFER_OVERFLOW_ERROR")
    }
}

extension ICUDateFormatHandle {
    /// The ICU locale id of `locale` (BCP 47 or ICU), checked to be well
    /// formed (`LocaleIdentifierSyntax`) and one ICU has data for:
    /// `he-u-nu-hebr` gives `he@numbers=hebr`; `C` and `POSIX` (`C.UTF-8`)
    /// are `en_US_POSIX`, as for week rules.
    static func localeID(_ locale: String) throws(FormatError) -> String {
        guard LocaleIdentifierSyntax.isWellFormed(locale) else { throw .malformedLocale(locale) }
        if WeekRules.isPOSIX(locale) { return WeekRules.posixLocale }
        let id: String
        do {
            id = try text("read the locale '\(locale)'") { kicu_locale_id(locale, $0, $1, &$2) }
        } catch {
            throw .malformedLocale(locale)
        }
        guard !id.isEmpty, kicu_locale_has_language_data(id) == 1 else { throw .unknownLocale(locale) }
        return id
    }
}
