import XCTest
@testable import Kalends

/// `Era` keeps its code as an interned number; it must still read, compare
/// and encode exactly as a string.
final class EraTests: XCTestCase {
    func testKnownAndCustomCodes() throws {
        XCTAssertEqual(try Era(code: "reiwa", value: 236, year: 6).code, "reiwa")
        XCTAssertNil(try Era(code: nil, value: 78, year: 41).code)
        // Unknown codes are refused, so no input can grow a table of codes.
        XCTAssertThrowsError(try Era(code: "kalends-test-era", value: 3, year: 4)) { error in
            XCTAssertEqual(error as? ConversionError, .unknownEraCode("kalends-test-era"))
        }
        for index in 0..<1000 {
            XCTAssertNil(EraCode.index(of: "era-\(index)"))
        }
        XCTAssertEqual(EraCode.text(UInt32(EraCode.known.count + 5)), nil)
        let json = Data(#"{"code":"kalends-test-era","value":3,"year":4}"#.utf8)
        XCTAssertThrowsError(try JSONDecoder().decode(Era.self, from: json)) { error in
            XCTAssertTrue("\(error)".contains("key 'code'"), "\(error)")
        }
        XCTAssertEqual(GregorianCalendar().standardEra(year: -43), try Era(code: "bce", value: 0, year: 44))
        XCTAssertEqual(EthiopicCalendar().standardEra(year: 0), try Era(code: "aa", value: 0, year: 5500))
        XCTAssertEqual(ChineseFacts(.chinese).standardEra(year: 2024), try Era(code: nil, value: 78, year: 41))
    }

    func testCodableKeepsTheStringForm() throws {
        let era = try Era(code: "heisei", value: 235, year: 31)
        let data = try JSONEncoder().encode(era)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(object["code"] as? String, "heisei")
        XCTAssertEqual(object["value"] as? Int, 235)
        XCTAssertEqual(object["year"] as? Int, 31)
        XCTAssertEqual(try JSONDecoder().decode(Era.self, from: data), era)
        let chinese = try JSONDecoder().decode(Era.self, from: JSONEncoder().encode(try Era(code: nil, value: 78, year: 41)))
        XCTAssertNil(chinese.code)
    }
}
