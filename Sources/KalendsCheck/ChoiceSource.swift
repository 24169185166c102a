/// The recorded stream of choices every generator draws from.
///
/// A test case is fully described by the `[UInt64]` it consumed. Generating
/// fresh cases draws from a PRNG and records; shrinking edits the recorded
/// sequence and replays it. Each choice is read as a number in `0...max`, and
/// generators map smaller choices to simpler values, so making the numbers
/// smaller makes the value simpler whatever map/flatMap/filter sit on top.
struct ChoiceSource {
    /// Upper bound on choices per case: stops a generator that recurses without
    /// a base case (replay pads with zeros, so it would otherwise loop forever).
    static let defaultChoiceLimit = 1_000_000

    /// Upper bound on nested `flatMap` stages per case: a recursive generator
    /// without a base case recurses through `flatMap`, and must fail cleanly
    /// long before it would overflow the (possibly small) thread stack.
    static let nestingLimit = 200

    private var rng: SplitMix64
    private var nesting = 0
    private let replay: [UInt64]?
    private var position = 0

    /// The choices consumed so far, each already clamped to its bound.
    private(set) var choices: [UInt64] = []
    /// Ranges of `choices` that form one unit (an array element, a filter
    /// attempt); the shrinker tries deleting them whole.
    private(set) var spans: [Range<Int>] = []

    /// Percentage 0...100 scaling how much of a collection's count range fresh draws use.
    let size: Int
    let choiceLimit: Int

    /// A source that draws fresh choices from `rng` and records them.
    init(rng: SplitMix64, size: Int, choiceLimit: Int = ChoiceSource.defaultChoiceLimit) {
        self.rng = rng
        self.replay = nil
        self.size = Swift.min(Swift.max(size, 0), 100)
        self.choiceLimit = choiceLimit
    }

    /// A source that replays `choices`, padding with zeros once they run out.
    init(replaying choices: [UInt64], size: Int = 100, choiceLimit: Int = ChoiceSource.defaultChoiceLimit) {
        self.rng = SplitMix64(seed: 0)
        self.replay = choices
        self.size = Swift.min(Swift.max(size, 0), 100)
        self.choiceLimit = choiceLimit
    }

    /// Draws one choice in `0...max`.
    ///
    /// `fresh` picks the value when generating (this is where generators put
    /// their edge-value bias); it is never called on replay, so the meaning of
    /// a choice depends only on its number, not on how it was first picked.
    mutating func draw(max: UInt64, fresh: (inout SplitMix64) -> UInt64) throws(GenerationError) -> UInt64 {
        guard choices.count < choiceLimit else {
            throw .tooManyChoices(limit: choiceLimit)
        }
        let raw: UInt64
        if let replay {
            raw = position < replay.count ? replay[position] : 0
            position += 1
        } else {
            raw = fresh(&rng)
        }
        let value = Swift.min(raw, max)
        choices.append(value)
        return value
    }

    /// Draws a uniformly distributed choice in `0...max`.
    mutating func drawUniform(max: UInt64) throws(GenerationError) -> UInt64 {
        try draw(max: max) { rng in rng.next(upTo: max) }
    }

    /// Runs `body` one `flatMap` level deeper, failing past `nestingLimit`.
    mutating func nested<T>(_ body: (inout ChoiceSource) throws(GenerationError) -> T) throws(GenerationError) -> T {
        guard nesting < Self.nestingLimit else {
            throw .nestingTooDeep(limit: Self.nestingLimit)
        }
        nesting += 1
        defer { nesting -= 1 }
        return try body(&self)
    }

    /// Runs `body` and records the choices it drew as one deletable span.
    mutating func span<T>(_ body: (inout ChoiceSource) throws(GenerationError) -> T) throws(GenerationError) -> T {
        let start = choices.count
        let value = try body(&self)
        if choices.count > start {
            spans.append(start..<choices.count)
        }
        return value
    }
}
