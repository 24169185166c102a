/// Thrown from a property body to discard the current case: the generated
/// value does not meet the property's precondition, so it neither passes nor
/// fails.
///
/// A discarded case is not counted as a passing one: the runner draws
/// another, until `runs` cases have passed. A property that discards more
/// than `CheckConfig.maxDiscardPercent` of the cases it tries fails
/// (`PropertyFailure.tooManyDiscards`). `assume(_:_:)` throws it for you;
/// throw it directly after a `guard let`:
///
///     guard let date = try? calendar.date(year: y, monthCode: code, day: 30) else { throw Discard("no 30th") }
public struct Discard: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why the case was discarded; reports count discards by reason.
    public var reason: String

    /// A discard for `reason` (shown, with its count, in the property's report).
    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { "case discarded: \(reason)" }
}

/// Discards the current case unless `condition` holds (QuickCheck's `==>`,
/// Hypothesis' `assume`).
///
/// The reason defaults to the call's place, `assume at File.swift:12`.
///
///     forAll(Gen.int(in: -100...100)) { x in
///         try assume(x != 0, "x is 0")
///         return (x * 3) / x == 3
///     }
public func assume(
    _ condition: Bool,
    _ reason: @autoclosure () -> String? = nil,
    fileID: String = #fileID,
    line: Int = #line
) throws(Discard) {
    guard condition else {
        throw Discard(reason() ?? "assume at \(fileID):\(line)")
    }
}
