/// Reads TZif data (RFC 8536 and its update RFC 9636, versions 1 to 4): the
/// format of the system's zone files (/usr/share/zoneinfo).
///
/// Version 1 data is read from the first block; later versions skip it for
/// the second block (64-bit times) and read the footer's POSIX `TZ` string,
/// which continues the table after its last transition. Leap-second data
/// (the `right/` zones) is refused: Kalends counts no leap seconds.
/// Every fault is a `TimeError.invalidZoneData` with its byte offset.
struct TZifReader {
    /// The header's magic, "TZif".
    static let magic: [UInt8] = [0x54, 0x5A, 0x69, 0x66]
    /// No real zone file comes near this (the largest are a few KiB).
    static let maximumBytes = 1 << 20

    private let bytes: [UInt8]
    private let source: String

    /// Whether `bytes` start as TZif data does.
    static func looksLikeTZif(_ bytes: [UInt8]) -> Bool { bytes.starts(with: magic) }

    /// The zone `bytes` describe; `source` names them in errors (a path).
    static func read(_ bytes: [UInt8], source: String) throws(TimeError) -> ZoneData {
        try TZifReader(bytes: bytes, source: source).read()
    }

    private init(bytes: [UInt8], source: String) {
        self.bytes = bytes
        self.source = source
    }

    private func failure(_ offset: Int, _ reason: String) -> TimeError {
        .invalidZoneData(source: source, byteOffset: offset, reason: reason)
    }

    /// The six counts of a header at `offset`.
    private struct Header {
        let version: UInt8
        let isUTCCount, isStandardCount, leapCount, timeCount, typeCount, characterCount: Int

        /// The length of the data block that follows, with `timeSize`-byte times.
        func blockLength(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6 + characterCount + leapCount * (timeSize + 4)
                + isStandardCount + isUTCCount
        }
    }

    private func header(at offset: Int) throws(TimeError) -> Header {
        guard bytes.count >= offset + 44 else { throw failure(bytes.count, "the data ends inside a 44-byte header") }
        guard bytes[offset..<(offset + 4)].elementsEqual(Self.magic) else {
            throw failure(offset, "expected the magic 'TZif'")
        }
        let version = bytes[offset + 4]
        guard version == 0 || version >= UInt8(ascii: "2") else {
            throw failure(offset + 4, "unknown version byte \(version)")
        }
        func count(_ index: Int) -> Int { Int(uint32(at: offset + 20 + 4 * index)) }
        let header = Header(version: version, isUTCCount: count(0), isStandardCount: count(1), leapCount: count(2),
                            timeCount: count(3), typeCount: count(4), characterCount: count(5))
        guard header.typeCount >= 1, header.typeCount <= 256 else {
            throw failure(offset + 36, "\(header.typeCount) local time types (1 ... 256)")
        }
        guard header.characterCount >= 1 else { throw failure(offset + 40, "no abbreviation characters (at least one)") }
        guard header.isUTCCount == 0 || header.isUTCCount == header.typeCount else {
            throw failure(offset + 20, "\(header.isUTCCount) UT indicators for \(header.typeCount) types")
        }
        guard header.isStandardCount == 0 || header.isStandardCount == header.typeCount else {
            throw failure(offset + 24, "\(header.isStandardCount) standard/wall indicators for \(header.typeCount) types")
        }
        guard header.timeCount <= Self.maximumBytes, header.characterCount <= Self.maximumBytes, header.leapCount <= Self.maximumBytes else {
            throw failure(offset + 20, "counts larger than the data")
        }
        guard bytes.count >= offset + 44 + header.blockLength(timeSize: 4) else {
            throw failure(bytes.count, "the data ends inside its version 1 block")
        }
        return header
    }

    private func read() throws(TimeError) -> ZoneData {
        guard bytes.count <= Self.maximumBytes else { throw failure(0, "more than \(Self.maximumBytes) bytes") }
        let first = try header(at: 0)
        guard first.version != 0 else { return try block(first, at: 44, timeSize: 4, footer: nil) }
        let secondOffset = 44 + first.blockLength(timeSize: 4)
        let second = try header(at: secondOffset)
        let blockStart = secondOffset + 44
        let blockEnd = blockStart + second.blockLength(timeSize: 8)
        guard bytes.count >= blockEnd else { throw failure(bytes.count, "the data ends inside its version 2+ block") }
        return try block(second, at: blockStart, timeSize: 8, footer: try footer(at: blockEnd))
    }

    /// The POSIX `TZ` string between two newlines after the data, or nil when empty.
    private func footer(at offset: Int) throws(TimeError) -> (text: String, offset: Int)? {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\n") else {
            throw failure(offset, "expected a newline before the footer's TZ string")
        }
        guard let end = bytes[(offset + 1)...].firstIndex(of: UInt8(ascii: "\n")) else {
            throw failure(bytes.count, "the footer's TZ string has no closing newline")
        }
        guard end > offset + 1 else { return nil }
        return (String(decoding: bytes[(offset + 1)..<end], as: UTF8.self), offset + 1)
    }

    private func block(_ header: Header, at start: Int, timeSize: Int, footer: (text: String, offset: Int)?) throws(TimeError) -> ZoneData {
        guard header.leapCount == 0 else {
            throw failure(start, "leap-second records (a right/ zone): Kalends counts no leap seconds; use the zone without right/")
        }
        var times: [Int] = []
        times.reserveCapacity(header.timeCount)
        var offset = start
        for _ in 0..<header.timeCount {
            let time = timeSize == 4 ? Int(Int32(bitPattern: uint32(at: offset))) : Int(Int64(bitPattern: uint64(at: offset)))
            if let previous = times.last, time <= previous {
                throw failure(offset, "transition time \(time) is not after the one before (\(previous))")
            }
            times.append(time)
            offset += timeSize
        }
        var indices: [UInt8] = []
        indices.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount {
            guard Int(bytes[offset]) < header.typeCount else {
                throw failure(offset, "transition type \(bytes[offset]) is not one of the \(header.typeCount) types")
            }
            indices.append(bytes[offset])
            offset += 1
        }
        let charactersStart = offset + header.typeCount * 6
        let characters = bytes[charactersStart..<(charactersStart + header.characterCount)]
        var types: [ZoneLocalTimeType] = []
        for _ in 0..<header.typeCount {
            let utOffset = Int(Int32(bitPattern: uint32(at: offset)))
            guard UTCOffset.allowedSeconds.contains(utOffset) else {
                throw failure(offset, "UT offset \(utOffset) s is not within a day")
            }
            let isDaylight = bytes[offset + 4]
            guard isDaylight <= 1 else { throw failure(offset + 4, "daylight flag \(isDaylight) (0 or 1)") }
            let index = Int(bytes[offset + 5])
            guard index < header.characterCount else {
                throw failure(offset + 5, "abbreviation index \(index) is past the \(header.characterCount) characters")
            }
            let from = charactersStart + index
            guard let end = characters[from...].firstIndex(of: 0) else {
                throw failure(charactersStart + header.characterCount - 1, "an abbreviation is not NUL-terminated")
            }
            types.append(ZoneLocalTimeType(offset: UTCOffset(seconds: utOffset), isDaylightSaving: isDaylight == 1,
                                           abbreviation: String(decoding: bytes[from..<end], as: UTF8.self)))
            offset += 6
        }
        var tail: RecurringZoneRule?
        if let footer {
            do {
                tail = try RecurringZoneRule(posix: footer.text)
            } catch {
                if case .invalidPOSIXZone(_, let position, let reason) = error {
                    throw failure(footer.offset + position - 1, "footer TZ string: \(reason)")
                }
                throw error
            }
        }
        return ZoneData(types: types, times: times, typeIndices: indices, initialType: 0, tail: tail)
    }

    private func uint32(at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private func uint64(at offset: Int) -> UInt64 {
        bytes[offset..<(offset + 8)].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
