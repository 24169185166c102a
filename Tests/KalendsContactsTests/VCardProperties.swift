import Kalends
import KalendsCheck
import KalendsContacts
import KalendsICalendar
import XCTest

/// Properties of vCard's reading on generated values: dates written in
/// vCard 4's form read back the same; text written quoted-printable (in
/// UTF-8 or a legacy charset, broken into soft lines anywhere between
/// escapes) and as 3.0 text with escapes and folds reads back the same.
final class VCardProperties: XCTestCase {
    /// Any date vCard can hold: a year, month and day each known or not
    /// (at least one), a valid Gregorian day, maybe a time with or without an offset.
    static let dates: Gen<VCardDate> = Gen.zip(Gen.int(in: 0...7), Gen.int(in: 1...9999), Gen.int(in: 1...12), Gen.int(in: 1...31))
        .flatMap { shape, year, month, day in
            Gen.zip(Gen.int(in: 0...2), Gen.int(in: 0...86_399), Gen.int(in: -50...50)).map { timeShape, seconds, quarter in
                let hasYear = shape & 1 != 0 || shape == 0, hasMonth = shape & 2 != 0 || shape == 0, hasDay = shape & 4 != 0
                // A day needs a month unless it stands alone (`---12`); a month and day need to exist.
                let validDay = min(day, hasYear && hasMonth ? daysIn(month, year) : (hasMonth ? (month == 2 ? 29 : daysIn(month, 2001)) : 28))
                var date = VCardDate(year: hasYear ? year : nil, month: hasMonth ? MonthCode(month) : nil,
                                     day: hasDay && (hasMonth || !hasYear) ? validDay : nil)
                // A year and a day without a month (`1985---12`) has no form.
                if date.year != nil && date.month == nil { date.day = nil }
                // A time only after a complete date, as vCard's date-time forms allow it.
                if timeShape > 0, date.month != nil, date.day != nil {
                    date.time = try? TimeOfDay(hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60)
                    date.utcOffset = timeShape == 2 ? quarter * 15 * 60 % 86_400 : nil
                }
                return date
            }
        }

    static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    func testADateWrittenInVCard4sFormReadsBackTheSame() {
        forAll(Self.dates, runs: 3000) { date in
            let text = date.vCard4Text
            let read = try VCardDate(parsing: text, property: "BDAY")
            guard read == date else { throw Failure("\(text) read as \(read), written from \(date)") }
            return true
        }
    }

    /// Text of any characters (a few of each kind: ASCII, escapes' characters, line breaks, Latin, Cyrillic, CJK, emoji).
    static let texts: Gen<String> = Gen.element(of: Array("aZ 09=;,:\\\"\t\néüßÄЖя中文😀\u{301}")).array(count: 0...60).map { String($0) }

    func testQuotedPrintableWithSoftBreaksReadsBackTheText() {
        let charsets = ["UTF-8", "windows-1252", "ISO-8859-1"]
        forAll(Self.texts, Gen.element(of: charsets), Gen.int(in: 4...80), runs: 1500) { text, charset, width in
            // Only what the charset can hold.
            let holdable = charset == "UTF-8" ? text : String(text.unicodeScalars.filter { $0.value < 0x100 && !(0x80..<0xA0).contains($0.value) }.map(Character.init))
            guard let bytes = Self.encode(holdable, charset: charset) else { return true }
            let encoded = QuotedPrintable.encode(bytes)
            // Soft breaks anywhere but inside an =XX.
            var lines: [String] = [], current = ""
            var index = encoded.startIndex
            while index < encoded.endIndex {
                let step = encoded[index] == "=" ? 3 : 1
                let end = encoded.index(index, offsetBy: step)
                if current.count + step > width && !current.isEmpty {
                    lines.append(current + "=")
                    current = ""
                }
                current += encoded[index..<end]
                index = end
            }
            lines.append(current)
            let card = "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:x\r\nNOTE;CHARSET=\(charset);ENCODING=QUOTED-PRINTABLE:" + lines.joined(separator: "\r\n")
                + "\r\nEND:VCARD\r\n"
            let document = try VCardReader(source: "qp.vcf", mode: .strict).read(card)
            let note = document.contacts.first?.note
            // vCard 2.1 has no escapes in a NOTE: the bytes are the text.
            guard note == holdable else {
                throw Failure("read \(String(reflecting: note)) from \(String(reflecting: holdable)) (\(charset), width \(width)):\n\(card)")
            }
            return true
        }
    }

    /// The bytes of `text` in `charset` (UTF-8, or one byte a scalar below U+0100).
    static func encode(_ text: String, charset: String) -> [UInt8]? {
        if charset == "UTF-8" { return Array(text.utf8) }
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            guard scalar.value < 0x100 else { return nil }
            bytes.append(UInt8(scalar.value))
        }
        return bytes
    }

    /// vCard 3.0 text: escapes written, the line folded every `width` bytes (never inside a UTF-8 sequence).
    func testEscapedFoldedTextReadsBackTheText() {
        forAll(Self.texts, Gen.int(in: 2...75), runs: 1500) { text, width in
            let escaped = ICalendarValue.Text.write(text)
            let line = Array(("NOTE:" + escaped).utf8)
            var folded: [UInt8] = [], count = 0
            for byte in line {
                if count >= width && byte & 0xC0 != 0x80 {
                    folded += Array("\r\n ".utf8)
                    count = 1
                }
                folded.append(byte)
                count += 1
            }
            let card = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:x\r\n".utf8) + folded + Array("\r\nEND:VCARD\r\n".utf8)
            let note = try VCardReader(source: "text.vcf", mode: .strict).read(card).contacts.first?.note
            let expected = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            guard note == expected else { throw Failure("read \(String(reflecting: note)), expected \(String(reflecting: expected))") }
            return true
        }
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
