import Kalends
import KalendsStore
import KalendsViews
import XCTest

/// Views in other locales: ICU's names and numerals, and right-to-left
/// locales drawn right to left (the week's first day on the right).
final class ViewNamesExamples: XCTestCase {
    func store() throws -> CalendarStore {
        try CalendarViewsProperties.store([CalendarViewsProperties.Generated(allDay: true, start: 3, length: 2)])
    }

    func testHebrewRunsRightToLeft() throws {
        let names = try ViewNames(locale: "he", calendar: .hebrew, also: .gregorian)
        XCTAssertTrue(names.isRightToLeft)
        XCTAssertFalse(try ViewNames(locale: "de").isRightToLeft)
        let hebrew = try Calendars.system(.hebrew)
        let date = try hebrew.date(dayNumber: CalendarViewsProperties.base)
        let month = try CalendarViews.month(try store(), calendar: hebrew, year: date.year, month: date.month, rules: .iso,
                                            also: GregorianCalendar(), zone: CalendarViewsProperties.zone)
        XCTAssertEqual(month.title(names), "תשרי 5785")
        let text = ViewText(width: 84, names: names).month(month)
        // The weekday row: Monday (the ISO week's first day) last, on the right.
        XCTAssertTrue(text[1].hasSuffix(names.weekdayName(1)), text[1])
        // The picture: the first column's day is drawn at the right edge.
        let week = try CalendarViews.week(try store(), firstDay: CalendarViewsProperties.base, count: 7, zone: CalendarViewsProperties.zone)
        let svg = ViewSVG(width: 752, hourHeight: 10, names: names).week(week)
        let first = ISODate(dayNumber: CalendarViewsProperties.base).description
        XCTAssertTrue(svg.contains("direction=\"rtl\""))
        XCTAssertTrue(svg.contains("<rect class=\"day\" x=\"600\" y=\"44\" width=\"100\" height=\"240\" data-day=\"\(first)\"/>"), svg)
    }

    func testGermanNamesAndEnglishByDefault() throws {
        let names = try ViewNames(locale: "de")
        XCTAssertEqual(names.weekdayName(1), "Mo")
        XCTAssertEqual(ViewNames.english.weekdayName(1), "Mon")
        XCTAssertEqual(ViewNames.english.dayTitle(CalendarViewsProperties.base), "Friday 2024-11-01")
        XCTAssertEqual(names.dayTitle(CalendarViewsProperties.base), "Freitag, 1. November 2024")
        XCTAssertThrowsError(try ViewNames(locale: "xx-nowhere-at-all"))
    }
}

/// The line at now: on the day that holds it, where the day's clock puts it, and on no other.
final class NowLineExamples: XCTestCase {
    func testTheLineAtNowIsOnItsDayOnly() throws {
        let store = try CalendarViewsProperties.store([])
        let zone = CalendarViewsProperties.zone
        let week = try CalendarViews.week(store, firstDay: CalendarViewsProperties.base, count: 7, zone: zone)
        var svg = ViewSVG(width: 752, hourHeight: 10)
        // 3 November 2024, 03:00 EST: 4 real hours into the 25-hour day (the third column).
        svg.now = Instant(seconds: 1_730_620_800)
        let drawn = svg.week(week)
        XCTAssertEqual(drawn.components(separatedBy: "class=\"now\"").count, 2)
        XCTAssertTrue(drawn.contains("<line class=\"now\" x1=\"252\" y1=\"62\" x2=\"352\" y2=\"62\"/>"), drawn)
        svg.now = Instant(seconds: 0)
        XCTAssertFalse(svg.week(week).contains("class=\"now\""))
    }
}
