#if canImport(XCTest)
import XCTest

/// Checks `body` for values of `gen`; a failure records one `XCTFail` at the caller.
///
/// The message has the seed, the shrunk counterexample, the original and the
/// replay command. `runs` defaults to `KALENDS_PROPERTY_RUNS` or 1000, and is
/// scaled by `KALENDS_PROPERTY_RUNS` when given (see `CheckConfig.resolvedRuns`).
/// `maxDiscardPercent` replaces `CheckConfig.defaultMaxDiscardPercent` (50)
/// for a property whose precondition (`assume`) rejects many cases.
///
///     forAll(Gen.int(in: 0...100)) { x in x + 0 == x }
@discardableResult
public func forAll<T>(
    _ gen: Gen<T>,
    runs: Int? = nil,
    maxDiscardPercent: Double? = nil,
    file: StaticString = #filePath,
    line: UInt = #line,
    function: StaticString = #function,
    _ body: (T) throws -> Bool
) -> CheckResult<T> {
    let result = Property.check(gen, config: .fromEnvironment(runs: runs).allowingDiscards(maxDiscardPercent), body)
    if result.failed {
        let filter = ReplayFilter.pattern(file: "\(file)", function: "\(function)")
        XCTFail(result.report(testFilter: filter), file: file, line: line)
    }
    return result
}

/// Checks `body` for pairs drawn from `a` and `b`; see `forAll(_:runs:file:line:function:_:)`.
@discardableResult
public func forAll<A, B>(
    _ a: Gen<A>,
    _ b: Gen<B>,
    runs: Int? = nil,
    maxDiscardPercent: Double? = nil,
    file: StaticString = #filePath,
    line: UInt = #line,
    function: StaticString = #function,
    _ body: (A, B) throws -> Bool
) -> CheckResult<(A, B)> {
    forAll(Gen.zip(a, b), runs: runs, maxDiscardPercent: maxDiscardPercent, file: file, line: line, function: function) { try body($0.0, $0.1) }
}

/// Checks `body` for triples drawn from `a`, `b` and `c`; see `forAll(_:runs:file:line:function:_:)`.
@discardableResult
public func forAll<A, B, C>(
    _ a: Gen<A>,
    _ b: Gen<B>,
    _ c: Gen<C>,
    runs: Int? = nil,
    maxDiscardPercent: Double? = nil,
    file: StaticString = #filePath,
    line: UInt = #line,
    function: StaticString = #function,
    _ body: (A, B, C) throws -> Bool
) -> CheckResult<(A, B, C)> {
    forAll(Gen.zip(a, b, c), runs: runs, maxDiscardPercent: maxDiscardPercent, file: file, line: line, function: function) { try body($0.0, $0.1, $0.2) }
}
#endif
