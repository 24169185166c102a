import KalendsCheck
@testable import KalendsLayout
import XCTest

final class SVGRendererTests: XCTestCase {
    let fallBack = try! DayAxis(length: 90_000, segments: [
        .init(elapsed: 0, wallClock: 0), .init(elapsed: 7_200, wallClock: 3_600),
    ])

    func testTheCheckerCatchesBrokenXML() {
        XCTAssertNil(xmlWellFormednessProblem("<svg a=\"1\"><g/><text>a &amp; b</text></svg>"))
        XCTAssertNotNil(xmlWellFormednessProblem("<svg><g></svg>"))
        XCTAssertNotNil(xmlWellFormednessProblem("<svg><text>a & b</text></svg>"))
        XCTAssertNotNil(xmlWellFormednessProblem("<svg><text>a < b</text></svg>"))
        XCTAssertNotNil(xmlWellFormednessProblem("<svg a=\"1\" a=\"2\"/>"))
        XCTAssertNotNil(xmlWellFormednessProblem("<svg a=1/>"))
        XCTAssertNotNil(xmlWellFormednessProblem("<svg/><svg/>"))
        XCTAssertNotNil(xmlWellFormednessProblem("<svg>\u{1}</svg>"))
    }

    func testADayRendersAsWellFormedSVGWithEscapedTitles() throws {
        let day = try DayLayout(
            events: [event("a", 9, 10.5), event("b", 10, 11), event("z", 12, 12)],
            allDay: [LayoutAllDaySpan(id: "holiday", day: 0)])
        let svg = try SVGRenderer().render(
            day, titles: ["a": "Design <review> & \"lunch\" 'n' stuff", "b": "bell\u{7}", "holiday": "Día de <fiesta>"])
        XCTAssertNil(xmlWellFormednessProblem(svg))
        XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        XCTAssertTrue(svg.contains("Design &lt;review&gt; &amp; &quot;lunch&quot; &apos;n&apos; stuff"))
        XCTAssertTrue(svg.contains("bell\u{FFFD}"))
        XCTAssertTrue(svg.contains("Día de &lt;fiesta&gt;"))
        XCTAssertTrue(svg.contains(">09:00–10:30<"))
        XCTAssertFalse(svg.contains("e+"), "numbers are written without exponents")
    }

    func testTheRepeatedHourIsLabelledTwice() throws {
        let day = try DayLayout(events: [LayoutInterval(id: "late", start: h(2.5), end: h(3))], dayLength: 90_000)
        let svg = try SVGRenderer().render(day, axis: fallBack)
        XCTAssertNil(xmlWellFormednessProblem(svg))
        XCTAssertEqual(svg.components(separatedBy: ">01:00<").count - 1, 2)
        XCTAssertEqual(svg.components(separatedBy: "<line").count - 1, 26 + 1, "26 hour lines and the clock change")
        // The second 01:30 is printed for the event at elapsed 2.5 h.
        XCTAssertTrue(svg.contains("01:30–02:00</text>"))
    }

    func testALayoutOnTheAxisOfAnotherDayIsRefused() throws {
        let ordinary = try DayLayout(events: [event("a", 9, 10)])
        XCTAssertThrowsError(try SVGRenderer().render(ordinary, axis: fallBack)) { error in
            XCTAssertEqual(error as? LayoutError, .axisMismatch(layoutLength: 86_400, axisLength: 90_000))
        }
    }

    func testTheSizeFollowsTheStyle() throws {
        let day = try DayLayout(events: [], dayLength: 90_000)
        let svg = try SVGRenderer(style: SVGStyle(width: 300, hourHeight: 40)).render(day, axis: fallBack)
        // 25 hours of 40 px plus a 12 px margin above and below.
        XCTAssertTrue(svg.contains("width=\"300\" height=\"1024\""), String(svg.prefix(200)))
    }

    func testNonsenseSizesStillGiveWellFormedSVG() throws {
        let day = try DayLayout(events: [event("a", 9, 10)], allDay: [LayoutAllDaySpan(id: "x", day: 0)])
        for style in [
            SVGStyle(width: .nan, hourHeight: .infinity, gutterWidth: -5, allDayLaneHeight: .nan, fontSize: 0),
            SVGStyle(width: 0, hourHeight: 0, visibleStart: h(20), visibleEnd: h(3)),
            SVGStyle(visibleStart: .nan, visibleEnd: .infinity),
        ] {
            XCTAssertNil(xmlWellFormednessProblem(try SVGRenderer(style: style).render(day)))
        }
    }

    func testNumbersAreCompact() {
        XCTAssertEqual(SVGText.number(12), "12")
        XCTAssertEqual(SVGText.number(12.5), "12.5")
        XCTAssertEqual(SVGText.number(12.05), "12.05")
        XCTAssertEqual(SVGText.number(-0.25), "-0.25")
        XCTAssertEqual(SVGText.number(-0.001), "0")
        XCTAssertEqual(SVGText.number(1e-9), "0")
        XCTAssertEqual(SVGText.number(2.0 / 3), "0.67")
        XCTAssertEqual(SVGText.number(.nan), "0")
        XCTAssertEqual(SVGText.number(123_456_789.126), "123456789.13")
    }

    func testAnyTitlesAndAnyDayGiveWellFormedSVG() {
        let characters: [Character] = Array("aZ 09<>&\"';:#\t\n\r\u{0}\u{1}\u{1F}\u{7F}\u{FFFE}\u{FFFF}é中😀\u{301}]]>")
        let title = Gen.element(of: characters).array(count: 0...12).map { String($0) }
        forAll(EventGen.events(count: 0...15), title.array(count: 15...15), Gen.element(of: LayoutMode.allCases), runs: 300) {
            events, titles, mode in
            let day = try DayLayout(
                events: events, allDay: [LayoutAllDaySpan(id: "all", day: 0)], mode: mode)
            var names: [String: String] = ["all": titles[0]]
            for (index, event) in events.enumerated() { names[event.id] = titles[index % titles.count] }
            let svg = try SVGRenderer().render(day, axis: .standard, titles: names)
            if let problem = xmlWellFormednessProblem(svg) {
                XCTFail(problem)
                return false
            }
            return true
        }
    }
}
