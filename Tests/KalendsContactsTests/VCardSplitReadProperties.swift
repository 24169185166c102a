import Foundation
import Kalends
import KalendsCheck
import KalendsContacts
import XCTest
@testable import KalendsICalendar

/// A large vCard file is read in parts on several cores (each part after the
/// first starting at a `BEGIN:VCARD` line after an `END:VCARD` line): the
/// parts joined must be exactly the one-pass read, the cards, every warning
/// in order, and in strict mode the first error, on generated address books
/// of every version, damaged or not, for any number of parts.
final class VCardSplitReadProperties: XCTestCase {
    static func reader(_ mode: ICalendarReader.Mode) -> ICalendarReader {
        var reader = ICalendarReader(source: "book.vcf", mode: mode)
        reader.table = .vCard
        return reader
    }

    static func read(_ bytes: [UInt8], mode: ICalendarReader.Mode, parts: Int) -> Result<ICalendarDocument, ICalendarError> {
        bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(ICalendarError) in try reader(mode).read(buffer, parts: parts) }
        }
    }

    static func splits(_ bytes: [UInt8], parts: Int) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in ((try? reader(.lenient).splitRead(buffer, parts: parts)) ?? nil) != nil }
    }

    /// Damage: a piece put at the start of a line or anywhere (a line end, a stray BEGIN or END,
    /// a soft break, a fold, a NUL, a line without a colon), or a line removed.
    static let pieces = ["END:VCARD\r\n", "BEGIN:VCARD\r\n", "END:VCARD\n", "=\r\n", "\r\n ", "\u{0}", "NOCOLON\r\n", ":", "\r\n", "item1."]

    static func damaged(_ bytes: [UInt8], _ edits: [(Int, Int, Bool)]) -> [UInt8] {
        var bytes = bytes
        for (position, piece, atLineStart) in edits where !bytes.isEmpty {
            var at = position % (bytes.count + 1)
            if atLineStart { while at > 0 && bytes[at - 1] != 10 { at -= 1 } }
            if piece == pieces.count {
                // A whole line removed.
                var end = at
                while end < bytes.count && bytes[end] != 10 { end += 1 }
                bytes.removeSubrange(at..<Swift.min(bytes.count, end + 1))
            } else {
                bytes.insert(contentsOf: Array(pieces[piece].utf8), at: at)
            }
        }
        return bytes
    }

    func testAReadInPartsIsTheOnePassRead() {
        let edits = Gen.zip(Gen.int(in: 0...1_000_000), Gen.int(in: 0...Self.pieces.count), Gen.bool).array(count: 0...3)
        let books = ContactEditProperties.books.flatMap { first in ContactEditProperties.books.map { first + $0 } }
        forAll(Gen.zip(books, Gen.bool, edits, Gen.int(in: 2...4)), runs: 400) { book, lf, edits, parts in
            var bytes: [UInt8] = []
            for contact in book {
                bytes += VCardWriter(version: VCardVersion(rawValue: contact.version) ?? .v30, lineEnd: lf ? .lf : .crlf).card(contact)
            }
            bytes = Self.damaged(bytes, edits)
            for mode in [ICalendarReader.Mode.lenient, .strict] {
                let one = Self.read(bytes, mode: mode, parts: 1), split = Self.read(bytes, mode: mode, parts: parts)
                guard one == split else {
                    throw Failure("\(mode), \(parts) parts:\n\(split)\ninstead of\n\(one)\n\(String(decoding: bytes, as: UTF8.self))")
                }
            }
            // Most books are really split (the comparison is not one pass against itself).
            cover(minPercent: 50, Self.splits(bytes, parts: parts), "split")
            return true
        }
    }
}
