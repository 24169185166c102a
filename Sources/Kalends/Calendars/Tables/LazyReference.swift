
/// The reference engine of a table calendar, opened on first need: a
/// calendar whose baked table answers a conversion makes no ICU call at all,
/// not even to open ICU.
///
/// A class so copies of an engine share one reference; `Sendable` through
/// the lock around the state (`Locked`).
final class LazyReference: Sendable {
    private enum State {
        case unopened(@Sendable () throws(ConversionError) -> any CalendarSystem)
        case opened(any CalendarSystem)
        case failed(ConversionError)
    }

    private let state: Locked<State>

    /// A reference opened by `open` on first use (once; a failure is kept).
    init(_ open: @escaping @Sendable () throws(ConversionError) -> any CalendarSystem) {
        state = Locked(.unopened(open))
    }

    /// A reference that is already open.
    init(opened engine: any CalendarSystem) {
        state = Locked(.opened(engine))
    }

    /// Whether the reference has been asked for (for tests).
    var isOpened: Bool {
        state.withLock { if case .unopened = $0 { false } else { true } }
    }

    /// The reference, or why it could not be opened.
    func engine() throws(ConversionError) -> any CalendarSystem {
        let result: Result<any CalendarSystem, ConversionError> = state.withLock { state in
            switch state {
            case .opened(let engine): return .success(engine)
            case .failed(let error): return .failure(error)
            case .unopened(let open):
                let opened = Result { () throws(ConversionError) in try open() }
                switch opened {
                case .success(let engine): state = .opened(engine)
                case .failure(let error): state = .failed(error)
                }
                return opened
            }
        }
        return try result.get()
    }
}
