import KalendsCheck
import KalendsLayout
import XCTest

final class DayAxisProperties: XCTestCase {
    /// Axes with up to three clock changes of ±30 or ±60 minutes at quarter hours.
    static let axes: Gen<DayAxis> = Gen.zip(
        Gen.int(in: 0...3).flatMap { count in Gen.int(in: 1...95).array(count: count...count) },
        Gen.element(of: [-3_600.0, -1_800, 1_800, 3_600]).array(count: 3...3),
        Gen.element(of: [0.0, 1_800, 3_600])
    ).map { quarters, shifts, firstWall in
        let times = Array(Set(quarters)).sorted().map { Double($0) * 900 }
        var segments = [DayAxis.Segment(elapsed: 0, wallClock: firstWall)]
        var length = 86_400 - firstWall
        for (index, elapsed) in times.enumerated() {
            let previous = segments[segments.count - 1]
            let wall = max(0, previous.wallClock + (elapsed - previous.elapsed) + shifts[index])
            length -= wall - (previous.wallClock + (elapsed - previous.elapsed))
            segments.append(DayAxis.Segment(elapsed: elapsed, wallClock: wall))
        }
        // Keep the last change inside the day.
        let safeLength = max(length, (segments.last?.elapsed ?? 0) + 900)
        return (try? DayAxis(length: safeLength, segments: segments)) ?? .standard
    }

    func testWallClockAndElapsedTimesAreInverse() {
        forAll(Self.axes, Gen.int(in: 0...400)) { axis, step in
            let elapsed = min(axis.length, Double(step) * 225)
            try assume(elapsed < axis.length, "the step is past the day's end")
            let wall = axis.wallClock(atElapsed: elapsed)
            return axis.elapsedTimes(atWallClock: wall).contains(elapsed)
                && axis.elapsedTimes(atWallClock: wall).allSatisfy { axis.wallClock(atElapsed: $0) == wall }
        }
    }

    func testHourLinesRunDownTheDayOnWholeHours() {
        forAll(Self.axes) { axis in
            let lines = axis.hourLines()
            guard lines.first?.elapsed == 0, lines.last?.elapsed == axis.length, lines.last?.isDayEnd == true else {
                return false
            }
            for (previous, line) in zip(lines, lines.dropFirst()) where !(previous.elapsed < line.elapsed) {
                return false
            }
            for line in lines.dropFirst().dropLast() {
                let hours = line.wallClock / 3600
                if hours != hours.rounded() || axis.wallClock(atElapsed: line.elapsed) != line.wallClock { return false }
            }
            // Repeats are counted.
            let repeated = Dictionary(grouping: lines, by: \.wallClock).values.filter { $0.count > 1 }
            return repeated.allSatisfy { $0.map(\.occurrence) == Array(1...$0.count) }
        }
    }

    func testHourAlignedDaysHaveOneLinePerHourPlusTheEnd() {
        let hourAligned = Gen.zip(Gen.int(in: 1...23), Gen.element(of: [-1, 1])).map { hour, shift in
            (try? DayAxis(
                length: Double(24 - shift) * 3600,
                segments: [.init(elapsed: 0, wallClock: 0),
                           .init(elapsed: Double(hour) * 3600, wallClock: Double(hour + shift) * 3600)]))
                ?? .standard
        }
        forAll(hourAligned) { axis in
            axis.hourLines().count == Int(axis.length / 3600) + 1
        }
    }

    func testPointsAndTimesRoundTrip() {
        forAll(Self.axes, Gen.double(in: 0...1), Gen.double(in: 100...5_000)) { axis, fraction, height in
            let elapsed = fraction * axis.length
            let back = axis.elapsed(atY: axis.y(atElapsed: elapsed, height: height), height: height)
            return abs(back - elapsed) <= 1e-6
        }
    }

    func testSnappingLandsOnTheNearestIncrementInsideTheDay() {
        forAll(Gen.double(in: -5_000...95_000), Gen.element(of: [300.0, 900, 1_800, 3_600])) { elapsed, increment in
            let snapped = DayAxis.standard.snapped(elapsed, to: increment)
            let inside = snapped >= 0 && snapped <= 86_400
            let onGrid = (snapped / increment).rounded() == snapped / increment
            let near = elapsed < 0 || elapsed > 86_400 || abs(snapped - elapsed) <= increment / 2
            return inside && onGrid && near
        }
    }
}
