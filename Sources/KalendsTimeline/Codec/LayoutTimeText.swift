import Kalends

extension LayoutInput {
    /// A `start` or `end` of the input: its text, or (from the fast reader)
    /// the time its text in the common form gives, which writes that text
    /// back exactly.
    package enum TimeText: Equatable, Sendable {
        case text(String)
        case floating(LocalDateTime)
        case utc(LocalDateTime)

        /// `YYYY-MM-DDTHH:MM:SS`, with `Z` for an instant, as `floatingDateTime`
        /// and `utcDateTime` read; nil for any other bytes.
        package init?(bytes: UnsafeBufferPointer<UInt8>) {
            if bytes.count == 19, let local = LayoutInput.floatingDateTime(bytes) {
                self = .floating(local)
            } else if bytes.count == 20, bytes[19] == UInt8(ascii: "Z"),
                      let local = LayoutInput.floatingDateTime(UnsafeBufferPointer(rebasing: bytes[0..<19])) {
                self = .utc(local)
            } else {
                return nil
            }
        }

        /// The text as the input had it.
        package var text: String {
            switch self {
            case .text(let text): return text
            case .floating(let local): return Self.format(local)
            case .utc(let local): return Self.format(local) + "Z"
            }
        }

        private static func format(_ local: LocalDateTime) -> String {
            let date = ISODate(dayNumber: local.dayNumber), time = local.time
            func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
            return "\(date.year)-\(two(date.month))-\(two(date.day))T\(two(time.hour)):\(two(time.minute)):\(two(time.second))"
        }

        /// The time: `read` reads it where it is text.
        func itemTime(_ read: TimeReader) throws -> ItemTime {
            switch self {
            case .text(let text):
                // The common forms without the reader (the same times: `LayoutJSONParityProperties`).
                if let local = LayoutInput.floatingDateTime(text) { return .floating(local) }
                if let instant = LayoutInput.utcDateTime(text) { return .utc(instant) }
                return try read(text)
            case .floating(let local): return .floating(local)
            case .utc(let local): return .utc(LayoutInput.instant(utc: local))
            }
        }
    }

    /// The instant of a UTC wall time (as ISO 8601 reads `...Z`).
    package static func instant(utc local: LocalDateTime) -> Instant {
        Instant(seconds: local.dayNumber * 86_400 + local.nanosecondOfDay / 1_000_000_000)
    }

    /// `YYYY-MM-DDTHH:MM:SS` (years 1000 ... 9999), the common floating
    /// form, read without the general parser; nil for any other text or an
    /// invalid date or time (the time reader then reads it, or reports it).
    package static func floatingDateTime(_ text: String) -> LocalDateTime? {
        var text = text
        return text.withUTF8 { bytes -> LocalDateTime? in
            guard bytes.count == 19 else { return nil }
            return floatingDateTime(bytes)
        }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` (years 1000 ... 9999): the instant, as the
    /// ISO 8601 reads it; nil for any other text.
    package static func utcDateTime(_ text: String) -> Instant? {
        var text = text
        return text.withUTF8 { bytes -> Instant? in
            guard bytes.count == 20, bytes[19] == UInt8(ascii: "Z"),
                  let local = floatingDateTime(UnsafeBufferPointer(rebasing: bytes[0..<19])) else { return nil }
            return instant(utc: local)
        }
    }

    package static func floatingDateTime(_ bytes: UnsafeBufferPointer<UInt8>) -> LocalDateTime? {
        guard bytes.count == 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":") else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for position in from..<(from + count) {
                let digit = bytes[position] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value &* 10 &+ Int(digit)
            }
            return value
        }
        guard let year = number(0, 4), year >= 1000, let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              let date = try? ISODate(year: year, month: month, day: day),
              let time = try? TimeOfDay(hour: hour, minute: minute, second: second) else { return nil }
        return try? LocalDateTime(date, time)
    }
}

