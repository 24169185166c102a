extension Int {
    /// Division rounding toward negative infinity (`-7 floorDivided(by: 2) == -4`).
    package func floorDivided(by divisor: Int) -> Int {
        let q = self / divisor
        return (self % divisor != 0 && ((self < 0) != (divisor < 0))) ? q - 1 : q
    }

    /// The remainder that has the divisor's sign (`-7 floorModulo(2) == 1`).
    package func floorModulo(_ divisor: Int) -> Int {
        let r = self % divisor
        return (r != 0 && ((r < 0) != (divisor < 0))) ? r + divisor : r
    }
}
