/// Why a time, zone or wall-clock reading could not be used.
public enum TimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A field of a time of day is out of range (`hour 25`).
    case invalidTime(field: String, value: Int, allowed: ClosedRange<Int>)
    /// No IANA zone has this name.
    case unknownZone(String)
    /// A name that looks like an offset but is not an IANA zone (`GMT+5`,
    /// `UTC+3`): POSIX and IANA's `Etc/GMT+5` count such signs west of UTC.
    case offsetLikeZoneName(String)
    /// Under `Disambiguation.reject`: the wall-clock time fell in a gap
    /// (skipped by a forward shift of `skippedSeconds`).
    case skippedLocalTime(String, zone: String, skippedSeconds: Int)
    /// Under `Disambiguation.reject`: the wall-clock time happened twice.
    case repeatedLocalTime(String, zone: String, offsets: [UTCOffset])
    /// A time lies outside the supported span (ISO years -9999 ... 9999).
    case outOfRange(String)
    /// A zone given by transitions that do not chain (out of order, or an
    /// offset before one that is not the offset after the one before).
    case invalidTransitions(zone: String, detail: String)
    /// A POSIX `TZ` string that cannot be read; `position` counts bytes from 1.
    case invalidPOSIXZone(String, position: Int, reason: String)
    /// Zone data (a TZif file, RFC 8536) that cannot be read: where it came
    /// from (a path), the byte offset of the fault (from 0) and what is wrong.
    case invalidZoneData(source: String, byteOffset: Int, reason: String)
    /// A zone file that exists but cannot be read (the system's reason).
    case unreadableZoneFile(path: String, reason: String)
    /// A wall-clock time given with an offset its zone does not have at that time.
    case offsetMismatch(String, zone: String, offset: UTCOffset)

    public var description: String {
        switch self {
        case .invalidTime(let field, let value, let allowed):
            return "\(field) \(value) is out of range \(allowed.lowerBound) ... \(allowed.upperBound)"
        case .unknownZone(let name):
            return "unknown time zone '\(TimeError.shown(name))': expected an IANA name such as America/New_York or UTC"
        case .offsetLikeZoneName(let name):
            return TimeError.offsetLikeMessage(name)
        case .skippedLocalTime(let local, let zone, let skipped):
            return "\(local) does not exist in \(zone): the clocks skipped \(TimeError.span(skipped)) there"
        case .repeatedLocalTime(let local, let zone, let offsets):
            return "\(local) happened twice in \(zone), at offsets \(offsets.map(\.description).joined(separator: " and "))"
        case .invalidTransitions(let zone, let detail):
            return "the transitions of zone \(zone) do not chain: \(detail)"
        case .invalidPOSIXZone(let text, let position, let reason):
            return "invalid POSIX TZ string '\(TimeError.shown(text))' at byte \(position): \(reason)"
        case .invalidZoneData(let source, let offset, let reason):
            return "invalid zone data in \(TimeError.shown(source)) at byte offset \(offset): \(reason)"
        case .unreadableZoneFile(let path, let reason):
            return "cannot read zone file \(TimeError.shown(path)): \(reason)"
        case .offsetMismatch(let local, let zone, let offset):
            return "\(local) is not at offset \(offset) in \(zone)"
        case .outOfRange(let detail):
            return "\(detail) is out of the supported range (ISO years -9999 ... 9999)"
        }
    }

    /// Why `GMT+5` is refused, with the two spellings that say what was meant.
    static func offsetLikeMessage(_ name: String) -> String {
        let shown = name.count > 60 ? String(name.prefix(60)) + "..." : name
        let generic = "'\(shown)' is not an IANA zone: write an offset east of UTC such as +05:30 or UTC-03:00, "
            + "or an IANA name such as Asia/Kolkata (Etc/GMT-5 is 5 hours ahead of UTC: POSIX signs)"
        // The offset the name seems to mean: [GMT|UTC]±H[H][[:]MM].
        var rest = Substring(name.uppercased())
        if rest.hasPrefix("GMT") || rest.hasPrefix("UTC") { rest = rest.dropFirst(3) }
        guard let sign = rest.first, sign == "+" || sign == "-" else { return generic }
        let digits = rest.dropFirst().filter { $0 != ":" }
        guard digits.allSatisfy(\.isASCIIDigit), (1...4).contains(digits.count), digits.count != 3 || rest.contains(":") else { return generic }
        let hourDigits = digits.count <= 2 ? digits : String(digits.dropLast(2))
        guard let hours = Int(String(hourDigits)), let minutes = Int(digits.count <= 2 ? "0" : String(digits.suffix(2))),
              hours <= 14, minutes < 60 else { return generic }
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let ahead = sign == "+"
        let offset = "\(sign)\(two(hours)):\(two(minutes))"
        let span = minutes == 0 ? "\(hours) hour\(hours == 1 ? "" : "s")" : "\(hours):\(two(minutes))"
        let posix = minutes == 0 && hours > 0 ? ", or Etc/GMT\(ahead ? "-" : "+")\(hours) as POSIX counts it" : ""
        return "'\(shown)' is not an IANA zone: write \(offset) for \(span) \(ahead ? "ahead of" : "behind") UTC\(posix)"
    }

    /// Echoed text: cut after 60 characters, control characters escaped.
    static func shown(_ text: String) -> String {
        var shown = ""
        for (count, scalar) in text.unicodeScalars.enumerated() {
            guard count < 60 else { return shown + "..." }
            if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    static func span(_ seconds: Int) -> String {
        seconds % 3600 == 0 ? "\(seconds / 3600) hour\(seconds == 3600 ? "" : "s")" : "\(seconds / 60) minutes"
    }
}
