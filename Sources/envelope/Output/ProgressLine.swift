import Foundation

/// `[37/400] naver-news` on standard error while a run of several contracts goes on, redrawn
/// in place; only when standard error is a terminal, so logs and pipes stay clean.
///
/// Redraws with a carriage return and blanks rather than escape sequences, so it is plain
/// text even under `NO_COLOR` or on a terminal without ANSI support.
final class ProgressLine {
    /// Whether anything is drawn.
    let enabled: Bool
    /// How many contracts the run checks.
    let total: Int
    /// The length of the line on screen, to blank it out.
    private var shown = 0

    /// Creates a progress line that draws only for two or more contracts and when standard
    /// error is a terminal.
    init(total: Int, enabled: Bool = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb") {
        self.total = total
        self.enabled = enabled && total > 1
    }

    /// Shows that `done` contracts are finished, the last being `name`.
    func update(done: Int, name: String) {
        guard enabled else { return }
        let line = "[\(done)/\(total)] \(name)"
        Terminal.writeStandardError("\r" + line + String(repeating: " ", count: max(0, shown - line.count)))
        shown = line.count
    }

    /// Clears the line before the report is written.
    func finish() {
        guard enabled, shown > 0 else { return }
        Terminal.writeStandardError("\r" + String(repeating: " ", count: shown) + "\r")
    }
}
