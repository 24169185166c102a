// libFuzzer target: TZif zone data (RFC 8536 / 9636, the system's zone files)
// and POSIX TZ strings. Built and run by Scripts/fuzz.sh (Docs/Reliability.md).
// Properties checked besides "no trap, no hang": a fault is placed inside the
// data (its byte offset); zone data that reads answers offsets for instants
// across and past its table, and resolves wall-clock times, without trapping.
@testable import Kalends

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    if bytes.first == 0x54 {
        do {
            let rules = try ZoneRules(identifier: "Fuzz/Zone", tzif: bytes, source: "fuzz")
            for seconds in stride(from: -4_000_000_000, through: 8_000_000_000, by: 250_000_000) {
                _ = rules.offset(at: Instant(seconds: seconds))
            }
            for day in stride(from: -30_000, through: 60_000, by: 997) {
                _ = try? rules.resolve(LocalDateTime(unchecked: day, 9 * 3_600_000_000_000))
            }
        } catch {
            if case .invalidZoneData(_, let offset, _) = error, offset < 0 || offset > bytes.count {
                fatalError("a fault placed outside the data: \(error)")
            }
        }
    } else if let rule = try? RecurringZoneRule(posix: String(decoding: bytes, as: UTF8.self)) {
        _ = rule.description
    }
    return 0
}
