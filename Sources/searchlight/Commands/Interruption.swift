import Dispatch
import Glibc
import Synchronization

/// SIGINT and SIGTERM while `searchlight index` runs: instead of dying mid-batch, the run is told to
/// stop (the ingest asks `requested` between lines), keeps what it committed, says so and how to
/// resume, and exits 130 or 143 as a shell expects. The signals are received through dispatch
/// sources, not a handler, so nothing runs in signal context; a second signal of either kind
/// ends the process at once, as if there were no handling (the index is left at its last commit).
enum Interruption {
    /// The signal received, or 0.
    private static let received = Atomic<Int32>(0)
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    static func install() {
        _ = received.load(ordering: .relaxed)
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let (exchanged, _) = received.compareExchange(expected: 0, desired: number, ordering: .relaxed)
                if !exchanged {
                    signal(number, SIG_DFL)
                    kill(getpid(), number)
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// The signal that asked the run to stop, if one did.
    static var requested: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    static func name(_ number: Int32) -> String { number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)" }
}
