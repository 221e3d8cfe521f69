import FoundationEssentials
import Searchlight

/// A one-line progress bar on stderr, drawn only when stderr is a terminal.
final class ProgressBar {
    private var lastDrawn = Date.distantPast
    private let enabled = Terminal.stderrIsTTY

    func update(_ progress: JSONLinesIngest.Progress) {
        guard enabled, progress.bytesTotal > 0, Date().timeIntervalSince(lastDrawn) > 0.1 else { return }
        lastDrawn = Date()
        let fraction = min(1, Double(progress.bytesDone) / Double(progress.bytesTotal))
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let percent = String(Int(fraction * 100))
        Terminal.writeToStandardError("\r\(bar) \(String(repeating: " ", count: 3 - percent.count))\(percent)% \(progress.phase.rawValue)")
    }

    func finish() {
        guard enabled, lastDrawn != .distantPast else { return }
        Terminal.writeToStandardError("\r\u{1B}[K")
    }
}
