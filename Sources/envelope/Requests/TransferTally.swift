import EnvelopeHTTP
import Foundation

/// What `check` counts as transfers finish, on whichever thread finished them: how many are
/// done (for the progress line) and, for `--compare-mocks`, each live answer.
final class TransferTally: @unchecked Sendable {
    // @unchecked Sendable: every stored property but the immutable `progress` reference is
    // read and written only while holding `lock`, and `progress` is used only under it too
    // (from `finished`) or after the transfers are over (`finish()`).
    private let lock = NSLock()
    private var done = 0
    private var answers: [LiveAnswer?]
    /// The progress line on standard error (drawn only on a terminal).
    let progress: ProgressLine

    /// A tally for `total` transfers; answers are kept only when `keepsBodies`.
    init(total: Int, keepsBodies: Bool) {
        progress = ProgressLine(total: total)
        answers = [LiveAnswer?](repeating: nil, count: keepsBodies ? total : 0)
    }

    /// Counts transfer `index` (of contract `name`) as finished with `outcome`.
    func finished(_ index: Int, name: String, outcome: HTTPOutcome) {
        lock.withLock {
            if !answers.isEmpty { answers[index] = LiveAnswer(outcome) }
            done += 1
            progress.update(done: done, name: name)
        }
    }

    /// Each transfer's answer (or failure), by index (empty unless `keepsBodies`).
    var liveAnswers: [LiveAnswer?] { lock.withLock { answers } }
}
