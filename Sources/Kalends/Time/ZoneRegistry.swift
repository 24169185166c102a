/// Zones opened once by name, from the system's zone files.
final class ZoneRegistry: @unchecked Sendable {
    static let shared = ZoneRegistry()
    private let lock = Lock()
    private var zones: [String: ZoneRules] = [:]

    /// An IANA name (backward links such as `GMT0` and `Etc/GMT+5`
    /// included), `UTC`, `Z`, or an explicit offset east of UTC (`+05:30`,
    /// `-03`, `UTC+05:30`, `UTC-03`). Names that only look like offsets
    /// (`GMT+5`, `UTC+3`), which POSIX and IANA's `Etc/GMT+5` read with the
    /// opposite sign, are refused with `.offsetLikeZoneName`.
    func rules(_ identifier: String) throws(TimeError) -> ZoneRules {
        let upper = identifier.uppercased()
        if upper == "UTC" || upper == "Z" || upper == "ETC/UTC" { return .utc }
        // GMT in any case, as UTC is.
        if upper == "GMT", identifier != "GMT" { return try rules("GMT") }
        let body = upper.hasPrefix("UTC") ? Substring(upper).dropFirst(3) : Substring(upper)
        if body.first == "+" || body.first == "-" {
            if let offset = Self.offset(body) { return .fixed(offset) }
            throw .offsetLikeZoneName(identifier)
        }
        // IANA has GMT+0 and GMT-0 (links to GMT) but no other GMT+N at the top level.
        if (upper.hasPrefix("GMT+") || upper.hasPrefix("GMT-")) && identifier != "GMT+0" && identifier != "GMT-0" {
            throw .offsetLikeZoneName(identifier)
        }
        lock.lock()
        if let cached = zones[identifier] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        let rules = try Self.open(identifier)
        lock.lock()
        defer { lock.unlock() }
        if zones.count >= 1_024 { zones.removeAll(keepingCapacity: true) }
        zones[identifier] = rules
        return rules
    }

    /// The zone file for `name` in the first zone directory that has it.
    private static func open(_ name: String) throws(TimeError) -> ZoneRules {
        // Only names that are paths under the directory: no `..`, no absolute paths.
        guard ZoneFiles.isPlausibleName(name), !name.hasPrefix("right/") else { throw .unknownZone(name) }
        for directory in ZoneFiles.directories {
            let path = directory + "/" + name
            switch ZoneFiles.read(path) {
            case .missing:
                continue
            case .unreadable(let reason):
                throw .unreadableZoneFile(path: path, reason: reason)
            case .bytes(let bytes):
                // zone.tab, leapseconds and the like live beside the zones.
                guard TZifReader.looksLikeTZif(bytes) else { throw .unknownZone(name) }
                return try ZoneRules(identifier: name, tzif: bytes, source: path)
            }
        }
        throw .unknownZone(name)
    }

    /// `+05`, `+0530`, `+05:30` or `-04:00:00` as an offset (two-digit fields).
    private static func offset(_ text: Substring) -> UTCOffset? {
        let sign = text.first == "-" ? -1 : 1
        var parts = text.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 1, parts[0].count == 4 {
            parts = [parts[0].prefix(2), parts[0].suffix(2)]
        }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        let values = parts.compactMap { Int($0) } + [0, 0]
        guard values[0] <= 23, values[1] <= 59, values[2] <= 59 else { return nil }
        return UTCOffset(seconds: sign * (values[0] * 3600 + values[1] * 60 + values[2]))
    }
}

extension ZoneRules {
    /// The system's zone, read as glibc reads it: `TZ` if set (see
    /// `system(tz:)`), else /etc/localtime, named by where its link points
    /// (`Europe/Paris`); UTC when there is neither.
    public static var system: ZoneRules {
        system(tz: ZoneFiles.environment("TZ"))
    }

    /// The zone a `TZ` value names, as glibc reads it: unset, /etc/localtime;
    /// empty, UTC; `:Asia/Tokyo`, `Asia/Tokyo` or a zone file's path (with or
    /// without the colon), that zone (`UTC` prints as `Z`); otherwise a
    /// POSIX `TZ` string (`JST-9`, `<+0330>-3:30`, `EST5EDT,M3.2.0,M11.1.0`:
    /// east of UTC is negative there). A `TZ` that is none of these is UTC,
    /// as glibc takes it.
    public static func system(tz: String?) -> ZoneRules {
        guard let tz else { return localtime("/etc/localtime") }
        guard !tz.isEmpty else { return .utc }
        let spec = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
        if spec.hasPrefix("/") {
            if let zone = try? file(spec) { return zone }
        } else if let zone = try? ZoneRules(identifier: spec), !spec.hasPrefix("+"), !spec.hasPrefix("-") {
            return zone
        }
        guard let rule = try? RecurringZoneRule(posix: spec) else { return .utc }
        if rule.daylight == nil {
            return rule.standard.offset == .zero ? .utc : .fixed(rule.standard.offset)
        }
        return ZoneRules(identifier: spec, rule: rule)
    }

    /// The zone in the TZif file at `path`, named by its place under a zone
    /// directory (`/usr/share/zoneinfo/Asia/Tokyo`: `Asia/Tokyo`) or by the path.
    /// - Throws: `.unknownZone` when there is no such file or it is not TZif
    ///   data; `.unreadableZoneFile`; `.invalidZoneData`.
    public static func file(_ path: String) throws(TimeError) -> ZoneRules {
        switch ZoneFiles.read(path) {
        case .missing: throw .unknownZone(path)
        case .unreadable(let reason): throw .unreadableZoneFile(path: path, reason: reason)
        case .bytes(let bytes):
            guard TZifReader.looksLikeTZif(bytes) else { throw .unknownZone(path) }
            let name = ZoneFiles.zoneName(ofPath: path) ?? path
            if let named = try? ZoneRules(identifier: name), named.data.hasSameContent(as: try TZifReader.read(bytes, source: path)) {
                return named
            }
            return try ZoneRules(identifier: name, tzif: bytes, source: path)
        }
    }

    /// /etc/localtime: the zone its link names, else its own data; UTC without it.
    private static func localtime(_ path: String) -> ZoneRules {
        if let target = ZoneFiles.linkTarget(path), let name = ZoneFiles.zoneName(ofPath: target),
           let zone = try? ZoneRules(identifier: name) {
            return zone
        }
        guard case .bytes(let bytes) = ZoneFiles.read(path), TZifReader.looksLikeTZif(bytes),
              let data = try? TZifReader.read(bytes, source: path) else { return .utc }
        // A copy, not a link: Debian names it in /etc/timezone.
        if case .bytes(let nameBytes) = ZoneFiles.read("/etc/timezone", limit: 256) {
            let name = String(decoding: nameBytes, as: UTF8.self).split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
            if let zone = try? ZoneRules(identifier: name), zone.data.hasSameContent(as: data) { return zone }
        }
        return ZoneRules(identifier: "localtime", data: data)
    }
}
