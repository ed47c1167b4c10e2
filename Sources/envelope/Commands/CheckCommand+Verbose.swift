import EnvelopeCore
import EnvelopeHTTP

/// `--verbose`: each exchange on standard error, in contract order, after the transfers and
/// before the report, so parallel transfers do not interleave.
extension CheckCommand {
    /// What `--verbose` shows of one transfer.
    struct Exchange {
        /// libcurl's transcript: `> ` sent, `< ` received, `* ` notes.
        var transcript: [String]
        /// The timings of the answer (or of what arrived of a cut-off one); nil without one.
        var timings: HTTPTimings?
        /// Why there was no answer, when there was none.
        var failure: String?

        init(_ outcome: HTTPOutcome) {
            transcript = outcome.transcript
            switch outcome.result {
            case .success(let response): timings = response.timings
            case .failure(let error):
                timings = outcome.cutOff?.timings
                failure = error.description
            }
        }
    }

    /// Writes every exchange to standard error, secrets hidden: sensitive headers' values and
    /// every value that came from `${VAR}` are `***`.
    func writeExchanges(_ exchanges: [Exchange?], contracts: [Contract], plans: [PlannedRequest], redactor: Redactor) {
        writeExchanges(exchanges, names: contracts.map(\.name), plans: plans, redactor: redactor)
    }

    /// Writes every exchange to standard error as above, each headed by its name in `names`
    /// (a contract's, or the mapping's of `record --url`).
    func writeExchanges(_ exchanges: [Exchange?], names: [String], plans: [PlannedRequest], redactor: Redactor) {
        var out = ""
        for (index, exchange) in exchanges.enumerated() {
            guard let exchange else { continue }
            out += "* \(names[index]): \(plans[index].source)\n"
            for line in exchange.transcript {
                let marker = line.prefix(2)
                let text = String(line.dropFirst(2))
                out += marker + (marker == "* " ? redactor.redact(text) : redactor.redactHeaderLine(text)) + "\n"
            }
            if let timings = exchange.timings {
                out += "* timings: dns \(durationText(timings.dns)), connect \(durationText(timings.connect)), tls \(durationText(timings.tls)), "
                    + "first byte \(durationText(timings.firstByte)), total \(durationText(timings.total))\n"
            } else if let failure = exchange.failure {
                out += "* no answer: " + redactor.redact(failure.replacing(plans[index].request.url, with: plans[index].displayURL)) + "\n"
            }
            out += "\n"
        }
        Terminal.writeStandardError(out)
    }
}
