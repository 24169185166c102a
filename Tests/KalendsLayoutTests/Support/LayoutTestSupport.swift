import KalendsLayout
import XCTest

/// Seconds for a time of day given in hours: `h(9.5)` is 09:30.
func h(_ hours: Double) -> Double { hours * 3600 }

/// An event from `start` to `end` hours.
func event(_ id: String, _ start: Double, _ end: Double) -> LayoutInterval {
    LayoutInterval(id: id, start: h(start), end: h(end))
}

/// Column, column count and horizontal fractions of a placement, for terse
/// expectations: `Slot(0, of: 2, x: 0, width: 0.5)`.
struct Slot: Equatable, CustomStringConvertible {
    var column: Int
    var columns: Int
    var x: Double
    var width: Double

    init(_ column: Int, of columns: Int, x: Double, width: Double) {
        self.column = column
        self.columns = columns
        self.x = x
        self.width = width
    }

    init(_ placement: EventPlacement) {
        self.init(placement.column, of: placement.columns, x: placement.x, width: placement.width)
    }

    var description: String { "column \(column)/\(columns) x \(x) width \(width)" }
}

/// Lays out `events` and returns the slots by id.
func slots(
    _ events: [LayoutInterval], mode: LayoutMode, options: LayoutOptions = LayoutOptions(),
    dayLength: Double = 86_400, file: StaticString = #filePath, line: UInt = #line
) throws -> [String: Slot] {
    let day = try DayLayout(events: events, dayLength: dayLength, mode: mode, options: options)
    var result: [String: Slot] = [:]
    for placement in day.events { result[placement.id] = Slot(placement) }
    return result
}

/// Asserts a value is within 1e-12 of the expectation.
func assertClose(
    _ actual: Double, _ expected: Double, _ message: String = "", file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(actual, expected, accuracy: 1e-12, message, file: file, line: line)
}

/// Runs `body` expecting it to throw a `LayoutError`, and returns it.
func layoutError(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> LayoutError? {
    do {
        try body()
        XCTFail("expected a LayoutError", file: file, line: line)
        return nil
    } catch let error as LayoutError {
        return error
    } catch {
        XCTFail("unexpected error \(error)", file: file, line: line)
        return nil
    }
}
