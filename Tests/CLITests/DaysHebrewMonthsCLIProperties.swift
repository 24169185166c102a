import Foundation
import KalendsCheck
import XCTest

/// `kalends days --calendar hebrew --unit month` on real spans (RFC 3339
/// instants) in zones with odd rules: the slices cover the span, and each
/// starts on the first of a Hebrew month as ICU's Hebrew calendar (the
/// reference engine) counts it, the day before being in another month.
final class DaysHebrewMonthsCLIProperties: XCTestCase {
    static let zones = ["Africa/Casablanca", "Asia/Jerusalem", "America/Sao_Paulo", "Pacific/Chatham", "Asia/Kathmandu", "UTC"]

    func testHebrewMonthSlicesOfRealSpans() {
        let formatter = ISO8601DateFormatter()
        // 1990 ... 2030, spans of up to 200 days; each case runs the binary twice.
        let cases = Gen<(Int, Int, String)>.zip(Gen.int(in: 631_152_000...1_893_456_000), Gen.int(in: 1...(200 * 86_400)),
                                                 Gen.element(of: Self.zones))
        forAll(cases, runs: 40) { start, length, zone in
            let from = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(start)))
            let to = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(start + length)))
            let result = CLI.run(["days", from, to, "--tz", zone, "--calendar", "hebrew", "--unit", "month", "--json"])
            guard result.status == 0 else { throw TestFailure("days \(from) \(to) --tz \(zone): \(result.stderr)") }
            let slices = result.jsonLines()
            guard let first = slices.first, let last = slices.last else { throw TestFailure("no slices") }
            func instant(_ value: Any?) -> Int? {
                (value as? String).flatMap(formatter.date(from:)).map { Int($0.timeIntervalSince1970) }
            }
            guard instant(first["start"]) == start, instant(last["end"]) == start + length else {
                throw TestFailure("\(from) ... \(to) in \(zone): slices do not cover the span")
            }
            for (a, b) in zip(slices, slices.dropFirst()) where instant(a["end"]) != instant(b["start"]) {
                throw TestFailure("gap between \(a) and \(b)")
            }
            // Each slice's first day, and the day before it, through ICU's Hebrew calendar.
            var days: [String] = []
            for slice in slices {
                guard let iso = slice["iso"] as? String, let date = formatter.date(from: iso + "T12:00:00Z") else {
                    throw TestFailure("no iso in \(slice)")
                }
                days.append(iso)
                days.append(String(formatter.string(from: date.addingTimeInterval(-86_400)).prefix(10)))
            }
            let converted = CLI.run(["convert", "-", "--to", "hebrew", "--engine", "reference", "--json"],
                                    stdin: days.joined(separator: "\n") + "\n").jsonLines()
            guard converted.count == days.count else { throw TestFailure("convert gave \(converted.count) lines for \(days.count)") }
            for (index, slice) in slices.enumerated() {
                let monthStart = converted[2 * index], dayBefore = converted[2 * index + 1]
                let text = "\(monthStart["year"] ?? "")-\(monthStart["monthCode"] ?? "")-01"
                guard monthStart["day"] as? Int == 1,
                      (slice["date"] as? String).map({ $0.hasSuffix("-01") && $0.contains("-\(monthStart["monthCode"] ?? "")-") }) == true,
                      dayBefore["monthCode"] as? String != monthStart["monthCode"] as? String else {
                    throw TestFailure("slice \(slice["date"] ?? "") at \(slice["iso"] ?? "") in \(zone): ICU has \(text), day \(monthStart["day"] ?? "")")
                }
            }
            return true
        }
    }
}

/// A failed property case, with what went wrong.
private struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
