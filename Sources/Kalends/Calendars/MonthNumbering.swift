/// Which month codes each calendar has, how Foundation numbers them, and where
/// a missing leap month goes under `.constrain`. One table, not scattered code.
enum MonthNumbering {
    /// True when `code` occurs in some year of the calendar.
    @inline(__always)
    static func isValid(_ code: MonthCode, in id: CalendarID) -> Bool {
        switch id {
        case .hebrew:
            return (1...12).contains(code.number) && (!code.isLeap || code.number == 5)
        case .chinese, .dangi:
            return (1...12).contains(code.number)
        case .coptic, .ethiopic, .ethiopicAmeteAlem:
            return (1...13).contains(code.number) && !code.isLeap
        default:
            return (1...12).contains(code.number) && !code.isLeap
        }
    }

    /// The codes a calendar uses, for error messages.
    static func validCodesText(_ id: CalendarID) -> String {
        switch id {
        case .hebrew: return "M01 ... M12 and M05L (Adar I)"
        case .chinese, .dangi: return "M01 ... M12 and leap months M01L ... M12L"
        case .coptic, .ethiopic, .ethiopicAmeteAlem: return "M01 ... M13"
        default: return "M01 ... M12"
        }
    }

    /// The month a missing leap month becomes under `.constrain` (Temporal).
    static func constrained(_ code: MonthCode, in id: CalendarID) -> MonthCode? {
        guard code.isLeap else { return nil }
        switch id {
        case .hebrew: return MonthCode(6)
        default: return MonthCode(code.number)
        }
    }

    /// Foundation's `DateComponents.month` for a code (ICU's month field + 1).
    static func foundationMonth(_ code: MonthCode, in id: CalendarID) -> Int {
        guard id == .hebrew else { return code.number }
        if code.isLeap { return 6 }
        return code.number <= 5 ? code.number : code.number + 1
    }

    /// The code for Foundation's month number, or nil if out of range.
    static func monthCode(foundationMonth month: Int, isLeapMonth: Bool, in id: CalendarID) -> MonthCode? {
        guard (1...maxFoundationMonth(id)).contains(month) else { return nil }
        switch id {
        case .hebrew:
            if month == 6 { return MonthCode(5, isLeap: true) }
            return MonthCode(month <= 5 ? month : month - 1)
        case .chinese, .dangi:
            return MonthCode(month, isLeap: isLeapMonth)
        default:
            return isLeapMonth ? nil : MonthCode(month)
        }
    }

    /// The largest Foundation month number of the calendar.
    static func maxFoundationMonth(_ id: CalendarID) -> Int {
        switch id {
        case .hebrew, .coptic, .ethiopic, .ethiopicAmeteAlem: 13
        default: 12
        }
    }

    /// ICU's MONTH field (0-based) and IS_LEAP_MONTH flag for a code.
    static func icuMonth(_ code: MonthCode, in id: CalendarID) -> (month: Int32, isLeap: Int32) {
        let month = Int32(foundationMonth(code, in: id) - 1)
        return (month, (id == .chinese || id == .dangi) && code.isLeap ? 1 : 0)
    }

    /// The code of ICU's MONTH field (0-based) and IS_LEAP_MONTH flag.
    static func code(icuMonth: Int32, isLeap: Int32, in id: CalendarID) -> MonthCode {
        monthCode(foundationMonth: Int(icuMonth) + 1, isLeapMonth: isLeap != 0 && (id == .chinese || id == .dangi), in: id)
            ?? MonthCode(Int(icuMonth) + 1)
    }
}
