import Foundation
import Kalends

/// `kalends month`: a month grid like `cal`, in any calendar.
enum MonthCommand: Command {
    static let name = "month"
    static let summary = "Print a month grid, like cal, in any calendar."
    static let usage = "kalends month [YEAR-MONTH] [--calendar CAL] [--from CAL] [--first-weekday N] [--locale LOCALE] [--six-rows] [--week-numbers] [--json]"
    static let discussion = """
        Prints the month as weeks of seven days (today's month by default).
        YEAR-MONTH is 2024-03, 5784-M05L (month code), 5784-06 (Foundation's
        numbering: Hebrew 6 is Adar I), reiwa:6-03, or 'Adar I 5784'. A leap month
        (Adar I, a Chinese leap month) is a month of its own. 'today', 'tomorrow',
        'yesterday', 'now' and @SECONDS name the month of that date (system zone).

        YEAR-MONTH is read in --from if given, else in --calendar. With --from naming
        another calendar, the grid is the --calendar month that contains the first
        day of that --from month (2024-03 --from iso8601 --calendar hebrew: Adar I
        5784).

        The week starts on --first-weekday (1 = Monday ... 7 = Sunday), else on the
        first weekday of --locale, else of the environment's locale (LC_ALL,
        LC_TIME, LANG). Week numbers follow the same locale's rules in the
        month's calendar; ISO weeks are in the JSON too.

        examples:
          kalends month 2024-03
          kalends month 5784-M05L --calendar hebrew --first-weekday 7
          kalends month 1403-01 --calendar persian --locale fa_IR --week-numbers
          kalends month 2023-M02L --calendar chinese --json
          kalends month 2024-03 --from iso8601 --calendar hebrew
        """
    static let options: [OptionSpec] = [
        .value("--calendar", "CAL", "The calendar whose month is drawn (default iso8601)."),
        .value("--from", "CAL", "Calendar YEAR-MONTH is written in (default: --calendar)."),
        .value("--first-weekday", "N", "First day of the week: 1 = Monday ... 7 = Sunday."),
        .value("--locale", "LOCALE", "Locale for the week rules and weekend (e.g. en_US, he_IL, fa_IR)."),
        .flag("--six-rows", "Always print six rows, as month views draw."),
        .flag("--week-numbers", "Show week numbers (text output)."),
        .flag("--json", "Print one JSON object."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let positionals = try arguments.positionals(0...1, command: name, usage: usage)
        let (calendar, input) = try CalendarOption.arithmeticAndInput(arguments)
        let rules = try WeekRulesOption.read(arguments)
        let first: CalendarDate
        do {
            // The first day of the month named (in --from), then the --calendar month holding it.
            let named: CalendarDate
            if let text = positionals.first, DateTimeArgument.isClockInput(text) {
                // today, now, @SECONDS ...: the month of that date in the system zone.
                let read = try DateTimeArgument.read(text, place: "YEAR-MONTH", DateTimeArgument.Reading(calendar: input, zone: nil))
                named = try input.date(dayNumber: read.value.dayNumber)
            } else if let text = positionals.first {
                named = try CalendarDateText.parseMonth(text, in: input)
            } else {
                named = try input.date(dayNumber: CurrentTime.dayNumber(in: DaysCommand.systemZone()))
            }
            let day = try calendar.date(dayNumber: named.dayNumber)
            first = try calendar.date(year: day.year, month: day.month, day: 1)
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(place: "YEAR-MONTH", input: positionals.first ?? "today", underlying: error)
        }
        let grid: MonthGrid
        do {
            grid = try MonthGrid(calendar: calendar, year: first.year, month: first.month, rules: rules,
                                 sixRows: arguments.flag("--six-rows"))
        } catch {
            throw InputError(place: "YEAR-MONTH", input: positionals.first ?? "today", underlying: error)
        }
        if arguments.flag("--json") {
            output.line(json(grid, in: calendar).encoded)
        } else {
            text(grid, in: calendar, weekNumbers: arguments.flag("--week-numbers"), output: &output)
        }
        return ExitStatus.success
    }

    static func json(_ grid: MonthGrid, in calendar: any CalendarSystem) -> JSONObject {
        var object = JSONObject()
        let first = grid.first
        DateJSON.addMonthFields(of: first, in: calendar, to: &object)
        object.add("monthName", DateJSON.monthName(first, in: calendar))
        object.add("arithmeticYear", first.year)
        object.add("ordinalMonth", first.month)
        object.add("days", grid.length)
        object.add("firstWeekday", grid.rules.firstWeekday)
        let weeks = grid.weeks.map { week in
            "[" + week.cells.map { cell in
                guard let cell else { return "null" }
                var object = JSONObject()
                object.add("day", cell.day)
                object.add("iso", ISODate(dayNumber: cell.dayNumber).description)
                object.add("weekday", cell.weekday)
                object.add("weekend", cell.isWeekend)
                return object.encoded
            }.joined(separator: ",") + "]"
        }
        object.add("weeks", raw: "[" + weeks.joined(separator: ",") + "]")
        object.add("weekNumbers", raw: "[" + grid.weeks.map { String($0.weekOfYear.week) }.joined(separator: ",") + "]")
        object.add("isoWeeks", raw: "[" + grid.weeks.map { $0.isoWeek.map { String($0.week) } ?? "null" }.joined(separator: ",") + "]")
        return object
    }

    static let weekdayAbbreviations = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]

    static func text(_ grid: MonthGrid, in calendar: any CalendarSystem, weekNumbers: Bool, output: inout OutputBuffer) {
        let gutter = weekNumbers ? "   " : ""
        let title = DateJSON.monthName(grid.first, in: calendar) + " " + calendar.titleYear(of: grid.first)
        let width = 20
        let padding = Swift.max(0, (width - title.count) / 2)
        output.line(gutter + String(repeating: " ", count: padding) + title)
        output.line(gutter + (0..<7).map { weekdayAbbreviations[(grid.rules.firstWeekday - 1 + $0) % 7] }.joined(separator: " "))
        for week in grid.weeks {
            let number = weekNumbers ? pad(String(week.weekOfYear.week), 2) + " " : ""
            let cells = week.cells.map { cell in cell.map { pad(String($0.day), 2) } ?? "  " }.joined(separator: " ")
            output.line(number + cells.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression))
        }
    }

    static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: Swift.max(0, width - text.count)) + text
    }
}
