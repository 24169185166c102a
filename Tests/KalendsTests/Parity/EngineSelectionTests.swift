import XCTest
@testable import Kalends

/// Every calendar opens with every engine that claims it.
final class EngineSelectionTests: XCTestCase {
    func testEveryCalendarOpensWithStandardAndReference() throws {
        for id in CalendarID.allCases {
            let standard = try Calendars.system(id, engine: .standard)
            let reference = try Calendars.system(id, engine: .reference)
            XCTAssertEqual(standard.id, CalendarIdentifier(id))
            XCTAssertEqual(reference.id, CalendarIdentifier(id))
        }
    }
}
