import EnvelopeCore
import EnvelopeMock

/// The line `envelope proxy` prints on standard error for each request.
extension ProxySession {
    /// `GET /COMM/A202100004  200  12.3 ms  hanyang-menu  ✗ 2 breaking (missing-key /result/list/*/DEL_POSSIBLE_YN, …)`:
    /// what was asked, what the app got, how long it took, the contract, and the verdict.
    func liveLine(_ exchange: ForwardedExchange, contract: String?, result: ContractResult?) -> String {
        var parts = [exchange.request.method + " " + exchange.request.url, String(exchange.answer.status), durationText(exchange.seconds)]
        parts.append(contract ?? "(no contract)")
        if let result { parts.append(verdict(result)) }
        switch exchange.answeredBy {
        case .stub(let name):
            parts.append("(answered by mock \(name): the upstream \(upstreamWords(exchange.upstream)))")
        case .gateway:
            if result == nil, case .failure(let failure) = exchange.upstream { parts.append("✗ no answer from the upstream: \(failure.name)") }
        case .upstream:
            break
        }
        if exchange.abandoned {
            parts.append("(the app closed the connection before the whole answer came: not validated)")
        } else if !exchange.delivered {
            parts.append("(the app had gone)")
        }
        return parts.joined(separator: "  ") + "\n"
    }

    /// `ok`, `✗ 2 breaking (missing-key /a, unexpected-null /b)`, `! 1 warning (unknown-key /c)`,
    /// or the transport error.
    func verdict(_ result: ContractResult) -> String {
        if let blocking = result.blockingFinding {
            if blocking.kind == .transportError { return "✗ transport-error \(blocking.keyword ?? ""): \(blocking.actual)" }
            return "✗ \(blocking.kind.rawValue): \(blocking.actual)"
        }
        if result.findings.isEmpty { return "ok" }
        let breaking = result.findings.filter { $0.severity == .breaking }
        let shown = breaking.isEmpty ? result.findings : breaking
        let names = shown.prefix(2).map { $0.pointer.isEmpty ? $0.kind.rawValue : "\($0.kind.rawValue) \($0.pointer)" }
        let list = names.joined(separator: ", ") + (shown.count > 2 ? ", …" : "")
        if breaking.isEmpty {
            return "! \(shown.count) warning\(shown.count == 1 ? "" : "s") (\(list))"
        }
        return "✗ \(breaking.count) breaking (\(list))"
    }

    /// `could not be reached (couldnt-connect)` or `answered 404`.
    private func upstreamWords(_ result: UpstreamResult) -> String {
        switch result {
        case .failure(let failure): "gave no answer (\(failure.name))"
        case .response(let response): "answered \(response.status)"
        }
    }
}
