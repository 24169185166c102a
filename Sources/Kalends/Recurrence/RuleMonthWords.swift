/// How a rule's calendar names its months and dates in English, for
/// `RecurrenceRule.naturalDescription`. The names are the calendar's own
/// (`CalendarFacts.monthName`); only the order of a date differs: Gregorian
/// names read "January 1", other named months "8 Adar I", and the Chinese
/// and Dangi months, whose names are ordinals ("Leap Fourth Month"), are
/// written "the 15th day of the leap 4th month".
struct RuleMonthWords {
    enum Style {
        /// `January 1`: calendars with the Gregorian month names.
        case monthFirst
        /// `8 Adar I`: calendars with month names of their own.
        case dayFirst
        /// `the 15th day of the 8th month`: months known by their number.
        case numbered
    }

    let facts: AnyCalendarFacts
    let style: Style

    init(_ facts: AnyCalendarFacts) {
        let gregorian = BuiltInFacts(.gregorian)
        self.facts = facts
        if facts.hasNumberedMonths {
            style = .numbered
        } else if (1...12).allSatisfy({ facts.monthName(MonthCode($0), leapYear: false) == gregorian.monthName(MonthCode($0), leapYear: false) }) {
            style = .monthFirst
        } else {
            style = .dayFirst
        }
    }

    /// One month: `October`, `Adar I`, `the leap 4th month`. A month whose
    /// name changes in leap years says so (`Adar (Adar II in leap years)`)
    /// unless `commonYear` asks for its name in a common year.
    func name(_ code: MonthCode, commonYear: Bool = false) -> String {
        if style == .numbered { return "the " + numbered(code) + " month" }
        let common = facts.monthName(code, leapYear: false)
        guard !commonYear, !code.isLeap else { return common }
        let leap = facts.monthName(code, leapYear: true)
        return leap == common ? common : "\(common) (\(leap) in leap years)"
    }

    /// Several months: `January and July`, `the 4th and leap 4th month`.
    func list(_ codes: [MonthCode], commonYear: Bool = false) -> String {
        if style == .numbered { return "the " + RuleWords.list(codes.map(numbered)) + " month" }
        return RuleWords.list(codes.map { name($0, commonYear: commonYear) })
    }

    /// Month days in the months: `January 1 and 15`, `January 1 and July 1`,
    /// `8 Adar I`, `the last day of February`, `the 15th day of the 8th month`.
    func dates(_ days: [Int], in codes: [MonthCode], commonYear: Bool = false) -> String {
        let numbers = RuleWords.inReadingOrder(days)
        if style != .numbered && numbers.allSatisfy({ $0 > 0 }) {
            let monthFirst = style == .monthFirst
            if codes.count == 1 {
                let month = name(codes[0], commonYear: commonYear), list = RuleWords.list(numbers.map(String.init))
                return monthFirst ? "\(month) \(list)" : "\(list) \(month)"
            }
            if numbers.count == 1 {
                return RuleWords.list(codes.map { code in
                    let month = name(code, commonYear: commonYear)
                    return monthFirst ? "\(month) \(numbers[0])" : "\(numbers[0]) \(month)"
                })
            }
        }
        return RuleWords.days(days, noun: style == .numbered) + " of " + list(codes, commonYear: commonYear)
    }

    /// `8th`, `leap 4th`.
    private func numbered(_ code: MonthCode) -> String {
        (code.isLeap ? "leap " : "") + RuleWords.ordinal(code.number)
    }
}
