#if canImport(Testing)
import Testing

/// Checks `body` for values of `gen` in a Swift Testing `@Test`; a failure records one `Issue` at the caller.
///
/// Same report, runs and environment handling as the XCTest `forAll`.
///
///     @Test func addingZero() { forAllTesting(Gen.int(in: 0...100)) { $0 + 0 == $0 } }
@discardableResult
public func forAllTesting<T>(
    _ gen: Gen<T>,
    runs: Int? = nil,
    maxDiscardPercent: Double? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    function: String = #function,
    _ body: (T) throws -> Bool
) -> CheckResult<T> {
    let result = Property.check(gen, config: .fromEnvironment(runs: runs).allowingDiscards(maxDiscardPercent), body)
    if result.failed {
        let filter = ReplayFilter.pattern(file: fileID, function: function)
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        Issue.record(Comment(rawValue: result.report(testFilter: filter)), sourceLocation: location)
    }
    return result
}

/// Checks `body` for pairs drawn from `a` and `b` in a Swift Testing `@Test`.
@discardableResult
public func forAllTesting<A, B>(
    _ a: Gen<A>,
    _ b: Gen<B>,
    runs: Int? = nil,
    maxDiscardPercent: Double? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    function: String = #function,
    _ body: (A, B) throws -> Bool
) -> CheckResult<(A, B)> {
    forAllTesting(
        Gen.zip(a, b), runs: runs, maxDiscardPercent: maxDiscardPercent, fileID: fileID, filePath: filePath, line: line, column: column,
        function: function
    ) { try body($0.0, $0.1) }
}

/// Checks `body` for triples drawn from `a`, `b` and `c` in a Swift Testing `@Test`.
@discardableResult
public func forAllTesting<A, B, C>(
    _ a: Gen<A>,
    _ b: Gen<B>,
    _ c: Gen<C>,
    runs: Int? = nil,
    maxDiscardPercent: Double? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    function: String = #function,
    _ body: (A, B, C) throws -> Bool
) -> CheckResult<(A, B, C)> {
    forAllTesting(
        Gen.zip(a, b, c), runs: runs, maxDiscardPercent: maxDiscardPercent, fileID: fileID, filePath: filePath, line: line, column: column,
        function: function
    ) { try body($0.0, $0.1, $0.2) }
}

extension Property {
    /// Swift Testing spelling of `forAllTesting`: checks `body` and records one `Issue` on failure.
    @discardableResult
    public static func expect<T>(
        _ gen: Gen<T>,
        runs: Int? = nil,
        maxDiscardPercent: Double? = nil,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        function: String = #function,
        _ body: (T) throws -> Bool
    ) -> CheckResult<T> {
        forAllTesting(
            gen, runs: runs, maxDiscardPercent: maxDiscardPercent, fileID: fileID, filePath: filePath, line: line, column: column,
            function: function, body)
    }
}
#endif
