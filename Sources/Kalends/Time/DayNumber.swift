/// Day numbers: the pivot of every conversion.
///
/// A day number counts days since 1970-01-01 in the proleptic Gregorian
/// calendar (0 is 1970-01-01, -1 is 1969-12-31), so it is also the Unix
/// day. The Julian Day Number of a day is its day number + 2,440,588.
public enum DayNumber {
    /// The Julian Day Number of 1970-01-01.
    public static let julianDayOfEpoch = 2_440_588

    /// The supported span: ISO -9999-01-01 ... 9999-12-31.
    ///
    /// Literal bounds (checked against `GregorianMath` by a test) so the span
    /// is a constant, not a lazily initialized global read on every conversion.
    public static let supported: ClosedRange<Int> = -4_371_587...2_932_896

    /// ISO weekday of a day number: 1 = Monday ... 7 = Sunday.
    public static func isoWeekday(_ day: Int) -> Int {
        (day + 3).floorModulo(7) + 1
    }
}

/// A proleptic Gregorian date (year 0 is 1 BCE), as ISO 8601 writes it.
public struct ISODate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Proleptic Gregorian year (0 is 1 BCE).
    public let year: Int
    /// Month, 1 ... 12.
    public let month: Int
    /// Day of the month, 1 ... 31.
    public let day: Int

    /// The ISO date of a day number (exact for any `Int`, even outside
    /// `DayNumber.supported`).
    public init(dayNumber: Int) {
        let fields = GregorianMath.date(dayNumber: dayNumber)
        self.year = fields.year
        self.month = fields.month
        self.day = fields.day
    }

    /// A validated ISO date; throws for days that do not exist or years beyond ±9999.
    public init(year: Int, month: Int, day: Int) throws(ConversionError) {
        guard (-9999...9999).contains(year) else {
            throw .yearOutOfRange(.iso8601, year: year, allowed: -9999...9999)
        }
        guard (1...12).contains(month) else {
            throw .monthOutOfRange(.iso8601, year: year, month: month, allowed: 1...12)
        }
        let length = GregorianMath.daysInMonth(year: year, month: month)
        guard (1...length).contains(day) else {
            throw .dayOutOfRange(.iso8601, year: year, monthCode: MonthCode(month), day: day, allowed: 1...length)
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day number of this date.
    public var dayNumber: Int { GregorianMath.dayNumber(year: year, month: month, day: day) }

    /// `YYYY-MM-DD`, with a sign and at least four year digits outside 0 ... 9999
    /// (`-0044-03-15`), as ISO 8601 and RFC 3339 write years.
    public var description: String {
        if (0...9_999).contains(year) {
            return String(unsafeUninitializedCapacity: 10) { buffer in
                ASCIIDigits.write(year, width: 4, into: buffer, at: 0)
                buffer[4] = UInt8(ascii: "-")
                ASCIIDigits.write(month, width: 2, into: buffer, at: 5)
                buffer[7] = UInt8(ascii: "-")
                ASCIIDigits.write(day, width: 2, into: buffer, at: 8)
                return 10
            }
        }
        let digits = String(abs(year))
        let padded = String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
        let yearText = year < 0 ? "-" + padded : padded
        return "\(yearText)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }

    public static func < (a: ISODate, b: ISODate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}

extension ISODate: Codable {
    private enum CodingKeys: String, CodingKey { case year, month, day }

    /// Decodes `{"year": ..., "month": ..., "day": ...}` through `init(year:month:day:)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let year = try container.decode(Int.self, forKey: .year)
        let month = try container.decode(Int.self, forKey: .month)
        let day = try container.decode(Int.self, forKey: .day)
        do {
            try self.init(year: year, month: month, day: day)
        } catch {
            let key: CodingKeys = switch error {
            case .monthOutOfRange: .month
            case .dayOutOfRange: .day
            default: .year
            }
            throw container.corrupted(key, "\(error)")
        }
    }

    /// Encodes the year, month and day.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(year, forKey: .year)
        try container.encode(month, forKey: .month)
        try container.encode(day, forKey: .day)
    }
}
