import Foundation
import KalendsLayout
import XCTest

/// The pictures in Docs/Layout.md, drawn by `SVGRenderer` from example days.
/// Regenerate them with
/// `KALENDS_DOC_IMAGES=Docs/images swift test --filter DocImages`;
/// without the variable the test only checks they render well-formed.
final class DocImages: XCTestCase {
    /// A morning with CalendarKit's hard cases: nested events, a long event
    /// under short ones, a chain and an instant.
    static let morning: [LayoutInterval] = [
        event("Planning", 8, 11), event("Standup", 8, 8.25), event("Review", 8.5, 9.5),
        event("Coffee", 9.5, 10), event("Interview", 9.75, 10.75),
        event("Lunch", 12, 13), event("Deploy", 12, 12),
        event("Workshop", 13.5, 16.5), event("1:1 Ana", 13.5, 14), event("1:1 Ben", 14.5, 15),
        event("1:1 Cy", 15.5, 16),
    ]

    static let titles: [String: String] = [
        "Deploy": "Deploy ⚑", "Coffee": "Coffee & chat",
    ]

    func testDrawTheDocumentationPictures() throws {
        var pictures: [(String, String)] = []
        let style = SVGStyle(width: 420, hourHeight: 56, visibleStart: h(7.5), visibleEnd: h(17))
        for mode in LayoutMode.allCases {
            let day = try DayLayout(events: Self.morning, mode: mode, options: LayoutOptions(gap: 0.01))
            pictures.append(("layout-\(mode.rawValue).svg", try SVGRenderer(style: style).render(day, titles: Self.titles)))
        }

        // America/New_York, 2024-11-03: 01:00-02:00 happens twice.
        let fallBack = try DayAxis(length: 90_000, segments: [
            .init(elapsed: 0, wallClock: 0), .init(elapsed: 7_200, wallClock: 3_600),
        ])
        let night = try DayLayout(
            events: [
                LayoutInterval(id: "first", start: h(1.25), end: h(1.75)),
                LayoutInterval(id: "second", start: h(2.25), end: h(2.75)),
                LayoutInterval(id: "shift", start: h(0.5), end: h(4)),
            ],
            allDay: [LayoutAllDaySpan(id: "dst", day: 0)], dayLength: 90_000)
        let dstStyle = SVGStyle(width: 420, hourHeight: 56, visibleStart: 0, visibleEnd: h(5))
        pictures.append(("layout-dst-fall-back.svg", try SVGRenderer(style: dstStyle).render(
            night, axis: fallBack,
            titles: ["first": "Call (EDT)", "second": "Call again (EST)", "shift": "Night shift", "dst": "Clocks go back"])))

        for (name, svg) in pictures {
            XCTAssertNil(xmlWellFormednessProblem(svg), name)
        }
        guard let directory = ProcessInfo.processInfo.environment["KALENDS_DOC_IMAGES"] else { return }
        for (name, svg) in pictures {
            try svg.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        }
    }
}
