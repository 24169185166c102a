/// ISO 8601 duration text: `[+|-]P[nY][nM][nW][nD][T[nH][nM][n[.f]S]]`.
///
/// As Temporal reads it: letters in either case, `,` or `.` before a fraction
/// of up to 9 digits, a fraction only on the last (smallest) time unit given,
/// which is spread over the smaller units (`PT1.5H` is 1 hour 30 minutes).
/// Every rejection names the character where reading stopped.
enum DurationText {
    private static let maxDigits = 18

    static func parse(_ text: String) throws(DurationError) -> CalendarDuration {
        let chars = Array(text)
        var index = 0
        func fail(_ expected: String) -> DurationError {
            .malformed(text: text, position: index, expected: expected)
        }
        guard !chars.isEmpty else { throw fail("'P'") }
        guard chars.count <= 200 else { throw .malformed(text: text, position: 200, expected: "a shorter duration") }
        var negative = false
        if chars[index] == "-" || chars[index] == "+" || chars[index] == "\u{2212}" {
            negative = chars[index] != "+"
            index += 1
        }
        guard index < chars.count, chars[index] == "P" || chars[index] == "p" else { throw fail("'P'") }
        index += 1
        // Date part: designators in this order.
        let dateUnits: [Character] = ["Y", "M", "W", "D"]
        var dateValues = [0, 0, 0, 0]
        var timeValues = [0, 0, 0]
        var nanoseconds = 0
        var nextDate = 0
        var sawAny = false
        while index < chars.count, chars[index] != "T", chars[index] != "t" {
            let start = index
            let value = try digits(chars, &index, text: text, field: "number")
            guard index < chars.count else { throw fail("a unit letter (Y, M, W, D) after \(value)") }
            if chars[index] == "." || chars[index] == "," {
                throw fail("a unit letter: fractions are allowed only on the last time unit (PT0.5S)")
            }
            let letter = Character(chars[index].uppercased())
            guard let unit = dateUnits.firstIndex(of: letter) else {
                throw fail(index == start ? "a number" : "a unit letter (Y, M, W, D) or T")
            }
            guard unit >= nextDate else { throw fail("units in the order Y, M, W, D") }
            dateValues[unit] = value
            nextDate = unit + 1
            sawAny = true
            index += 1
        }
        if index < chars.count {
            // 'T' then at least one time unit.
            index += 1
            guard index < chars.count else { throw fail("a time unit (H, M, S) after T") }
            let timeUnits: [Character] = ["H", "M", "S"]
            var nextTime = 0
            while index < chars.count {
                let value = try digits(chars, &index, text: text, field: "number")
                var fraction: (digits: Int, count: Int)?
                if index < chars.count, chars[index] == "." || chars[index] == "," {
                    index += 1
                    var fractionDigits = 0
                    var count = 0
                    while index < chars.count, let digit = chars[index].wholeNumberValue, chars[index].isASCII {
                        guard count < 9 else { throw fail("at most 9 fraction digits") }
                        fractionDigits = fractionDigits * 10 + digit
                        count += 1
                        index += 1
                    }
                    guard count > 0 else { throw fail("a digit after the decimal point") }
                    fraction = (fractionDigits, count)
                }
                guard index < chars.count else { throw fail("a unit letter (H, M, S) after \(value)") }
                let letter = Character(chars[index].uppercased())
                guard let unit = timeUnits.firstIndex(of: letter) else { throw fail("a unit letter (H, M, S)") }
                guard unit >= nextTime else { throw fail("units in the order H, M, S") }
                timeValues[unit] = value
                nextTime = unit + 1
                sawAny = true
                index += 1
                if let fraction {
                    guard index == chars.count else { throw fail("the end: a fraction is allowed only on the last unit") }
                    var scaled = fraction.digits
                    for _ in fraction.count..<9 { scaled *= 10 }
                    // scaled is nanoseconds of one unit (a 1e9 fraction): spread it.
                    switch unit {
                    case 0:
                        let ns = scaled * 3600
                        timeValues[1] = ns / 60_000_000_000
                        let rest = ns % 60_000_000_000
                        timeValues[2] = rest / 1_000_000_000
                        nanoseconds = rest % 1_000_000_000
                    case 1:
                        let ns = scaled * 60
                        timeValues[2] = ns / 1_000_000_000
                        nanoseconds = ns % 1_000_000_000
                    default:
                        nanoseconds = scaled
                    }
                }
            }
        }
        guard sawAny else { throw fail("at least one number and unit (P0D, PT1H)") }
        let s = negative ? -1 : 1
        let date = DateDuration(unchecked: s * dateValues[0], s * dateValues[1], s * dateValues[2], s * dateValues[3])
        let time = TimeDuration(unchecked: s * timeValues[0], s * timeValues[1], s * timeValues[2], s * nanoseconds)
        do {
            _ = try time.exactSeconds()
        } catch {
            throw .tooLarge(text: text, field: "hours, minutes and seconds")
        }
        return CalendarDuration(unchecked: date, time)
    }

    /// Reads ASCII digits at `index` (at least one, at most 18 so the value fits).
    private static func digits(_ chars: [Character], _ index: inout Int, text: String, field: String) throws(DurationError) -> Int {
        var value = 0
        var count = 0
        while index < chars.count, chars[index].isASCII, let digit = chars[index].wholeNumberValue {
            count += 1
            guard count <= maxDigits else { throw .tooLarge(text: text, field: "numbers") }
            value = value * 10 + digit
            index += 1
        }
        guard count > 0 else {
            throw .malformed(text: text, position: index, expected: index < chars.count ? "a number before '\(chars[index])'" : "a number and a unit")
        }
        return value
    }

    static func format(_ duration: CalendarDuration) -> String {
        let d = duration.date, t = duration.time
        guard !duration.isZero else { return "P0D" }
        var text = duration.sign < 0 ? "-P" : "P"
        for (value, letter) in [(d.years, "Y"), (d.months, "M"), (d.weeks, "W"), (d.days, "D")] where value != 0 {
            text += String(value.magnitude) + letter
        }
        if !t.isZero {
            text += "T"
            if t.hours != 0 { text += String(t.hours.magnitude) + "H" }
            if t.minutes != 0 { text += String(t.minutes.magnitude) + "M" }
            // Seconds and nanoseconds as one decimal number.
            let extraSeconds = t.nanoseconds.magnitude / 1_000_000_000
            let fraction = t.nanoseconds.magnitude % 1_000_000_000
            let (wholeSeconds, overflow) = t.seconds.magnitude.addingReportingOverflow(extraSeconds)
            if wholeSeconds != 0 || fraction != 0 || overflow {
                text += overflow ? "\(t.seconds.magnitude)S" : String(wholeSeconds)
                if !overflow {
                    if fraction != 0 {
                        var digits = String(fraction)
                        digits = String(repeating: "0", count: 9 - digits.count) + digits
                        while digits.hasSuffix("0") { digits.removeLast() }
                        text += "." + digits
                    }
                    text += "S"
                }
            }
        }
        return text
    }
}
