/// English month names as ICU formats them (pattern `MMMM`, locale `en`),
/// and the spellings people type for them.
public enum MonthNames {
    /// The English name of a month: Hebrew M06 is "Adar II" in a leap year and
    /// "Adar" in a common one; a Chinese leap month carries ICU's "bis".
    public static func name(of code: MonthCode, in id: CalendarID, leapYear: Bool) -> String {
        let names = table(id)
        let index = Swift.min(Swift.max(code.number, 1), names.count) - 1
        switch id {
        case .hebrew:
            if code.isLeap { return "Adar I" }
            if code.number == 6 { return leapYear ? "Adar II" : "Adar" }
            return names[index]
        case .chinese, .dangi:
            return names[index] + (code.isLeap ? "bis" : "")
        default:
            return names[index]
        }
    }

    /// The month code for an English name, or nil. Case, spaces, hyphens and
    /// apostrophes are ignored; common transliterations are accepted.
    public static func monthCode(forName name: String, in id: CalendarID) -> MonthCode? {
        let key = normalized(name)
        guard !key.isEmpty else { return nil }
        switch id {
        case .hebrew:
            if let code = hebrewSpellings[key] { return code }
        case .chinese, .dangi:
            for (index, month) in table(id).enumerated() {
                let base = normalized(month)
                if key == base { return MonthCode(index + 1) }
                if key == base + "bis" || key == "leap" + base { return MonthCode(index + 1, isLeap: true) }
            }
            return nil
        case .islamic, .islamicCivil, .islamicTabular, .islamicUmmAlQura, .islamicRGSA:
            if let number = islamicSpellings[key] { return MonthCode(number) }
        default:
            if let number = otherSpellings[id]?[key] { return MonthCode(number) }
        }
        for (index, month) in table(id).enumerated() where normalized(month) == key {
            return MonthCode(index + 1)
        }
        return nil
    }

    static func table(_ id: CalendarID) -> [String] {
        switch id {
        case .gregorian, .iso8601, .julian, .buddhist, .japanese, .roc:
            gregorian
        case .hebrew:
            ["Tishri", "Heshvan", "Kislev", "Tevet", "Shevat", "Adar", "Nisan", "Iyar", "Sivan", "Tamuz", "Av", "Elul"]
        case .islamic, .islamicCivil, .islamicTabular, .islamicUmmAlQura, .islamicRGSA:
            ["Muharram", "Safar", "Rabiʻ I", "Rabiʻ II", "Jumada I", "Jumada II", "Rajab", "Shaʻban", "Ramadan",
             "Shawwal", "Dhuʻl-Qiʻdah", "Dhuʻl-Hijjah"]
        case .persian:
            ["Farvardin", "Ordibehesht", "Khordad", "Tir", "Mordad", "Shahrivar", "Mehr", "Aban", "Azar", "Dey",
             "Bahman", "Esfand"]
        case .indian:
            ["Chaitra", "Vaisakha", "Jyaistha", "Asadha", "Sravana", "Bhadra", "Asvina", "Kartika", "Agrahayana",
             "Pausa", "Magha", "Phalguna"]
        case .coptic:
            ["Tout", "Baba", "Hator", "Kiahk", "Toba", "Amshir", "Baramhat", "Baramouda", "Bashans", "Paona", "Epep",
             "Mesra", "Nasie"]
        case .ethiopic, .ethiopicAmeteAlem:
            ["Meskerem", "Tekemt", "Hedar", "Tahsas", "Ter", "Yekatit", "Megabit", "Miazia", "Genbot", "Sene",
             "Hamle", "Nehasse", "Pagumen"]
        case .chinese, .dangi:
            ["First Month", "Second Month", "Third Month", "Fourth Month", "Fifth Month", "Sixth Month",
             "Seventh Month", "Eighth Month", "Ninth Month", "Tenth Month", "Eleventh Month", "Twelfth Month"]
        }
    }

    private static let gregorian = ["January", "February", "March", "April", "May", "June", "July", "August",
                                    "September", "October", "November", "December"]

    /// Lowercase ASCII letters and digits only; roman numerals kept as letters.
    static func normalized(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 65...90: result.unicodeScalars.append(Unicode.Scalar(scalar.value + 32) ?? scalar)
            case 97...122, 48...57: result.unicodeScalars.append(scalar)
            default: continue
            }
        }
        return result
    }

    private static let hebrewSpellings: [String: MonthCode] = {
        var table: [String: MonthCode] = [:]
        let spellings: [(Int, Bool, [String])] = [
            (1, false, ["tishri", "tishrei", "tisri", "tishre"]),
            (2, false, ["heshvan", "cheshvan", "hesvan", "marcheshvan", "marheshvan", "chesvan", "heshwan"]),
            (3, false, ["kislev", "kislew", "chislev"]),
            (4, false, ["tevet", "teveth", "tebeth", "tebet", "teves"]),
            (5, false, ["shevat", "shvat", "shebat", "sebat", "shevet"]),
            (5, true, ["adari", "adar1", "adarrishon", "adaraleph", "adaralef", "firstadar", "adara"]),
            (6, false, ["adar", "adarii", "adar2", "adarsheni", "adarbet", "adarbeit", "adarbeth", "secondadar", "veadar", "adarb"]),
            (7, false, ["nisan", "nissan"]),
            (8, false, ["iyar", "iyyar", "iyyor"]),
            (9, false, ["sivan", "siwan"]),
            (10, false, ["tamuz", "tammuz", "tamus"]),
            (11, false, ["av", "ab", "menachemav"]),
            (12, false, ["elul", "ellul"]),
        ]
        for (number, leap, names) in spellings {
            for name in names { table[name] = MonthCode(number, isLeap: leap) }
        }
        return table
    }()

    /// English abbreviations and other transliterations, by calendar.
    private static let otherSpellings: [CalendarID: [String: Int]] = {
        var gregorian: [String: Int] = [:]
        for (index, name) in MonthNames.gregorian.enumerated() { gregorian[String(normalized(name).prefix(3))] = index + 1 }
        gregorian["sept"] = 9
        let coptic = ["thout": 1, "paopi": 2, "hathor": 3, "koiak": 4, "tobi": 5, "meshir": 6, "paremhat": 7,
                      "parmouti": 8, "pashons": 9, "paoni": 10, "epip": 11, "mesori": 12, "pinisi": 13, "nesi": 13]
        let ethiopic = ["pagume": 13, "pagumay": 13, "tikimt": 2, "tir": 5, "megabit": 7, "miyazya": 8, "ginbot": 9,
                        "hidar": 3, "nehase": 12, "meskerem": 1]
        let persian = ["esfand": 12, "esfahand": 12, "ordibehesht": 2, "farvardin": 1, "khordad": 3, "mordad": 5,
                       "amordad": 5, "shahrivar": 6, "mehr": 7, "aban": 8, "azar": 9, "dey": 10, "bahman": 11, "tir": 4]
        var table: [CalendarID: [String: Int]] = [.coptic: coptic, .ethiopic: ethiopic, .ethiopicAmeteAlem: ethiopic, .persian: persian]
        for id in [CalendarID.gregorian, .iso8601, .julian, .buddhist, .japanese, .roc] { table[id] = gregorian }
        return table
    }()

    private static let islamicSpellings: [String: Int] = {
        var table: [String: Int] = [:]
        let spellings: [(Int, [String])] = [
            (1, ["muharram", "moharram", "almuharram"]),
            (2, ["safar", "saphar"]),
            (3, ["rabii", "rabi1", "rabialawwal", "rabiulawwal", "rabialawal", "rabiulawal"]),
            (4, ["rabiii", "rabi2", "rabialthani", "rabiulakhir", "rabialakhir", "rabiussani", "rabiuthani"]),
            (5, ["jumadai", "jumada1", "jumadaalawwal", "jumadalula", "jumadaalula", "jumadiulawwal", "jumadaulawwal"]),
            (6, ["jumadaii", "jumada2", "jumadaalthani", "jumadaalakhirah", "jumadalakhirah", "jumadiussani", "jumadaalakhira"]),
            (7, ["rajab"]),
            (8, ["shaban", "shaaban", "shaban"]),
            (9, ["ramadan", "ramazan", "ramadhan"]),
            (10, ["shawwal", "shawal", "shavval"]),
            (11, ["dhulqidah", "dhualqidah", "dhulqadah", "dhulqaadah", "zulqadah", "zilqad", "dhualqadah"]),
            (12, ["dhulhijjah", "dhualhijjah", "zulhijjah", "dhulhijja", "zilhaj", "dhualhijja"]),
        ]
        for (number, names) in spellings {
            for name in names { table[name] = number }
        }
        return table
    }()
}
