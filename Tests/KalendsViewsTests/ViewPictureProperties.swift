import Foundation
import Kalends
import KalendsCheck
import KalendsICalendar
import KalendsLayout
import KalendsStore
import KalendsTimeline
import KalendsViews
import XCTest

/// The pictures hold what the views hold, where the views put it: one
/// event group per box or bar (by its occurrence id) at the placement's
/// position in a day as tall as its real hours; a month's days with at most
/// the titles that fit and `+N more`; and the HTML page, whatever the
/// titles hold, runs no script but its own and fetches nothing.
final class ViewPictureProperties: XCTestCase {
    /// The `data-id` of each event group, in order.
    static func ids(_ svg: String) -> [String] {
        svg.components(separatedBy: "data-id=\"").dropFirst().compactMap { $0.components(separatedBy: "\"").first }
    }

    /// The first `<rect>` after each event group's clip path: x, y, width, height.
    static func boxes(_ svg: String) -> [String: [Double]] {
        var found: [String: [Double]] = [:]
        for part in svg.components(separatedBy: "data-id=\"").dropFirst() {
            guard let id = part.components(separatedBy: "\"").first,
                  let rect = part.components(separatedBy: "</clipPath><rect ").dropFirst().first?.components(separatedBy: "/>").first else { continue }
            let numbers = ["x", "y", "width", "height"].compactMap { name in
                rect.components(separatedBy: "\(name)=\"").dropFirst().first?.components(separatedBy: "\"").first.flatMap(Double.init)
            }
            found[id.replacingOccurrences(of: "&amp;", with: "&")] = numbers
        }
        return found
    }

    func testADaysPictureHasEachBoxWhereItsPlacementPutsIt() {
        forAll(Gen.zip(CalendarViewsProperties.events, Gen.int(in: 0...19), Gen.int(in: 10...60)), runs: 150) { events, offset, hourHeight in
            let view = try CalendarViews.day(try CalendarViewsProperties.store(events), dayNumber: CalendarViewsProperties.base + offset,
                                             zone: CalendarViewsProperties.zone)
            let renderer = ViewSVG(width: 600, hourHeight: Double(hourHeight))
            let svg = renderer.day(view)
            let expected = view.boxes.map(\.event.id.description) + view.allDay.map(\.event.id.description)
            guard Self.ids(svg).sorted() == expected.sorted() else { throw Failure("ids \(Self.ids(svg)) instead of \(expected)") }
            let top = renderer.rowHeight * 2 + Double(view.allDayLaneCount) * renderer.rowHeight
            let dayHeight = view.day.axis.length / 3600 * Double(hourHeight)
            let drawn = Self.boxes(svg)
            for box in view.boxes {
                guard let numbers = drawn[box.event.id.description], numbers.count == 4 else { throw Failure("\(box.event.id): no box") }
                guard abs(numbers[1] - (top + box.placement.top * dayHeight)) < 0.02,
                      abs(numbers[3] - Swift.max(2, box.placement.height * dayHeight)) < 0.02 else {
                    throw Failure("\(box.event.id): y \(numbers[1]) height \(numbers[3]), placement \(box.placement)")
                }
            }
            // The picture is as tall as the day's real hours under its header and all-day lanes.
            guard svg.contains("height=\"\(Self.number(top + dayHeight + 1))\"") else { throw Failure("the picture's height") }
            return true
        }
    }

    func testAMonthsPictureShowsWhatFitsThenMore() {
        forAll(Gen.zip(CalendarViewsProperties.events, Gen.int(in: 1...5)), runs: 100) { events, rows in
            let calendar = GregorianCalendar()
            let month = try CalendarViews.month(try CalendarViewsProperties.store(events), calendar: calendar, year: 2024, month: 11,
                                                rules: .iso, zone: CalendarViewsProperties.zone)
            let svg = ViewSVG().month(month, rowsPerDay: rows)
            let days = month.weeks.joined().compactMap { $0 }
            let shown = days.reduce(0) { $0 + ($1.events.count > rows ? rows - 1 : $1.events.count) }
            let more = days.filter { $0.events.count > rows }.count
            guard Self.ids(svg).count == shown, svg.components(separatedBy: "class=\"more\"").count - 1 == more else {
                throw Failure("\(Self.ids(svg).count) titles and \(svg.components(separatedBy: "class=\"more\"").count - 1) more, expected \(shown) and \(more)")
            }
            guard svg.components(separatedBy: "data-day=\"").count - 1 == days.count else { throw Failure("the days") }
            return true
        }
    }

    /// Titles of any text cannot break out of the page: no element, script or request of theirs.
    func testThePageRunsNoScriptButItsOwnWhateverTheTitles() {
        let nasty = Gen.element(of: ["</script><script>alert(1)</script>", "<img src=x onerror=alert(1)>", "\" onclick=\"x", "&amp;", "\u{2028}",
                                     "]]>", "<!--", "Ünïcödé 中文", "'", "\\", "\n"]).array(count: 1...4).map { $0.joined() }
        forAll(nasty, runs: 300) { title in
            let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTAMP:20240101T000000Z\r\n"
                + "DTSTART:20241105T140000Z\r\nDURATION:PT1H\r\nSUMMARY:\(ICalendarValue.Text.write(title))\r\n"
                + "LOCATION:\(ICalendarValue.Text.write(title))\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            let read = try CalendarFileReader(mode: .strict).read(bytes: Array(text.utf8), source: "x.ics")
            let store = CalendarStore(calendars: [read.calendar])
            let zone = CalendarViewsProperties.zone, day = CalendarViewsProperties.base + 4
            let view = try CalendarViews.week(store, firstDay: day - 1, count: 3, zone: zone)
            let page = ViewHTML.page(title: title, svg: ViewSVG().week(view), events: view.days.flatMap { $0.boxes.map(\.event) },
                                     shown: (day - 1)...(day + 1), zone: zone)
            // Every tag is one of the page's own, with no event-handler attribute; one script.
            let allowed: Set<String> = ["!doctype", "html", "head", "meta", "title", "style", "body", "div", "h2", "p", "script", "svg", "text",
                                        "rect", "line", "g", "clippath"]
            for tag in page.lowercased().components(separatedBy: "<").dropFirst() {
                let inside = tag.components(separatedBy: ">").first ?? ""
                let name = String(inside.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber || $0 == "!" })
                guard allowed.contains(name) else { throw Failure("a tag <\(inside)> in the page") }
                guard inside.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) == nil else { throw Failure("a handler in <\(inside)>") }
            }
            guard page.lowercased().components(separatedBy: "<script").count == 2 else { throw Failure("another script") }
            // Nothing fetched: no URL but the SVG namespace.
            let urls = page.components(separatedBy: "http").count - 1
            guard urls == 1 + (page.components(separatedBy: "http-equiv").count - 1) else { throw Failure("a request in the page") }
            return true
        }
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
