import XCTest
@testable import Kalends

/// `Era` keeps its code as an interned number; it must still read, compare
/// and encode exactly as a string.
final class EraTests: XCTestCase {
    func testKnownAndCustomCodes() throws {
        XCTAssertEqual(Era(code: "reiwa", value: 236, year: 6).code, "reiwa")
        XCTAssertNil(Era(code: nil, value: 78, year: 41).code)
        let custom = Era(code: "kalends-test-era", value: 3, year: 4)
        XCTAssertEqual(custom.code, "kalends-test-era")
        XCTAssertEqual(custom, Era(code: "kalends-test-era", value: 3, year: 4))
        XCTAssertNotEqual(custom, Era(code: "kalends-other-era", value: 3, year: 4))
        XCTAssertEqual(Era.standard(for: .gregorian, year: -43), Era(code: "bce", value: 0, year: 44))
        XCTAssertEqual(Era.standard(for: .ethiopic, year: 0), Era(code: "aa", value: 0, year: 5500))
        XCTAssertEqual(Era.standard(for: .chinese, year: 2024), Era(code: nil, value: 78, year: 41))
    }

    func testCodableKeepsTheStringForm() throws {
        let era = Era(code: "heisei", value: 235, year: 31)
        let data = try JSONEncoder().encode(era)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(object["code"] as? String, "heisei")
        XCTAssertEqual(object["value"] as? Int, 235)
        XCTAssertEqual(object["year"] as? Int, 31)
        XCTAssertEqual(try JSONDecoder().decode(Era.self, from: data), era)
        let chinese = try JSONDecoder().decode(Era.self, from: JSONEncoder().encode(Era(code: nil, value: 78, year: 41)))
        XCTAssertNil(chinese.code)
    }
}
