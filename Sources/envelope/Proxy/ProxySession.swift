import Dispatch
import EnvelopeCore
import EnvelopeMock
import Foundation

/// What `envelope proxy` keeps of the exchanges it sees: each answer is validated on the
/// Dispatch pool after it has gone to the app, a live line is printed for it, and the
/// per-contract results and the coverage build up for the report at the end.
///
/// `@unchecked Sendable` is sound: every `var` is read and written only while holding `lock`;
/// the `let`s are immutable Sendable values or Dispatch objects, which are thread-safe.
final class ProxySession: @unchecked Sendable {
    /// What the session needs to judge and show an exchange.
    struct Setup: Sendable {
        var contracts: [Contract]
        var upstreamDisplay: String
        var policy: SeverityPolicy
        var failOn: FailLevel
        var secrets: [String]
        var useColor: Bool
        /// `--requests N`: the session calls `limitReached` once this many are answered.
        var requestLimit: Int?
    }

    /// How the requests of one contract went.
    private struct ContractTally {
        var requests = 0
        var drifted = 0
        var fallbacks = 0
        var transportErrors = 0
        /// The result the report shows: the worst answer seen (drift that fails the run, then
        /// other drift, then no answer), else the latest.
        var result: ContractResult?
        var transfer: TransferRecord?
        var driftShown = false
    }

    /// Requests of one method and path shape that no contract covers.
    private struct UncoveredTally {
        var requests = 0
        var statuses: [Int: Int] = [:]
        var fallbacks = 0
        /// The first request of this shape the upstream did not answer.
        var failure: ContractResult?
    }

    private let setup: Setup
    private let router: ContractRouter
    private let recorder: ProxyRecorder?
    private let limitReached: @Sendable () -> Void
    private let group = DispatchGroup()
    private let queue = DispatchQueue.global(qos: .userInitiated)
    /// The exchanges handed to `queue` and not yet judged, bounded.
    let backlog: ValidationBacklog
    private let lock = NSLock()
    private var seen = 0
    private var tallies: [ContractTally]
    private var uncovered: [String: UncoveredTally] = [:]
    private var uncoveredOrder: [String] = []
    private var secrets: [String]

    init(setup: Setup, recorder: ProxyRecorder?, backlog: ValidationBacklog = ValidationBacklog(), limitReached: @escaping @Sendable () -> Void) {
        self.setup = setup
        self.backlog = backlog
        router = ContractRouter(contracts: setup.contracts)
        self.recorder = recorder
        self.limitReached = limitReached
        tallies = Array(repeating: ContractTally(), count: setup.contracts.count)
        secrets = setup.secrets
    }

    /// Takes one exchange (on an event loop's thread): counts it and hands it to the pool,
    /// waiting first while the backlog is full.
    func observe(_ exchange: ForwardedExchange) {
        let count = lock.withLock {
            seen += 1
            return seen
        }
        if let limit = setup.requestLimit, count == limit { limitReached() }
        let bytes = exchange.answer.body.count + exchange.request.body.count
        backlog.admit(bytes: bytes)
        group.enter()
        queue.async { [self] in
            evaluate(exchange)
            backlog.release(bytes: bytes)
            group.leave()
        }
    }

    /// Waits for every exchange to be judged, then returns the report: a result for each
    /// contract exercised and for each request shape the upstream failed on, and the coverage.
    func report() -> Report {
        group.wait()
        return lock.withLock {
            var results: [ContractResult] = []
            var transfers: [TransferRecord?] = []
            var exercised: [Coverage.Exercised] = []
            var unexercised: [Coverage.Unexercised] = []
            for (index, contract) in setup.contracts.enumerated() {
                let tally = tallies[index]
                let route = router.routes[index]
                guard tally.requests > 0 else {
                    unexercised.append(Coverage.Unexercised(contract: contract.name, file: contract.file, method: route.method, path: route.shape))
                    continue
                }
                // Only answers the app left unread give no result: exercised, never judged.
                if let result = tally.result {
                    results.append(result)
                    transfers.append(tally.transfer)
                }
                exercised.append(Coverage.Exercised(contract: contract.name, file: contract.file, method: route.method, path: route.shape,
                                                    requests: tally.requests, drifted: tally.drifted, fallbacks: tally.fallbacks,
                                                    transportErrors: tally.transportErrors))
            }
            var shapes: [Coverage.Uncovered] = []
            for key in uncoveredOrder {
                guard let tally = uncovered[key] else { continue }
                let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
                shapes.append(Coverage.Uncovered(method: parts.first ?? "", path: parts.last ?? "", requests: tally.requests,
                                                 statuses: tally.statuses, fallbacks: tally.fallbacks))
                if let failure = tally.failure {
                    results.append(failure)
                    transfers.append(nil)
                }
            }
            shapes.sort { $0.requests > $1.requests }
            var report = Report(results: results, failOn: setup.failOn, transfers: transfers, redactor: Redactor(secrets: secrets))
            report.coverage = Coverage(exercised: exercised, unexercised: unexercised, uncovered: shapes)
            return report
        }
    }

    // MARK: - Judging one exchange

    /// Validates the exchange against its contract (if one covers it), tallies it, records it
    /// and prints its live line (with the whole drift the first time its contract drifts).
    private func evaluate(_ exchange: ForwardedExchange) {
        let request = exchange.request
        let sensitive = request.headers.filter { Redactor.isSensitiveHeader($0.name) }.map(\.value)
        let index = router.match(method: request.method, path: request.decodedPath, query: request.queryParameters)
        let source = "\(request.method) \(setup.upstreamDisplay)\(request.url)" + answererNote(exchange.answeredBy)
        var result: ContractResult?
        var transfer: TransferRecord?
        if exchange.abandoned {
            // The app closed the connection before the whole answer came: nothing to judge.
        } else if let index {
            (result, transfer) = judge(exchange, against: setup.contracts[index], source: source)
        } else if case .failure = exchange.upstream, case .gateway = exchange.answeredBy {
            result = failureResult(exchange, contract: "\(request.method) \(PathShape.shape(of: request.decodedPath))", file: "", source: source)
        }
        let (redactor, showDrift) = lock.withLock { () -> (Redactor, Bool) in
            secrets += sensitive
            let show = tally(exchange, index: index, result: result, transfer: transfer)
            return (Redactor(secrets: secrets), show)
        }
        if let recorder, case .upstream = exchange.answeredBy, case .response(let response) = exchange.upstream {
            recorder.record(exchange.request, response: response, contract: index.map { setup.contracts[$0] }, result: result, redactor: redactor)
        }
        var text = liveLine(exchange, contract: index.map { setup.contracts[$0].name }, result: result)
        if showDrift, let result {
            text += TextReporter(useColor: setup.useColor).renderResult(result, failOn: setup.failOn, transfer: transfer, redactor: redactor)
        }
        Terminal.writeStandardError(redactor.redact(text))
    }

    /// The contract's verdict on what the app got.
    private func judge(_ exchange: ForwardedExchange, against contract: Contract, source: String) -> (ContractResult, TransferRecord) {
        let answer = exchange.answer
        let timing = TransferRecord(timings: RequestTimings(total: exchange.seconds))
        if case .gateway = exchange.answeredBy, case .failure = exchange.upstream {
            return (failureResult(exchange, contract: contract.name, file: contract.file, source: source, location: contract.responseLocation), timing)
        }
        let headers = answer.headers.map { ($0.name, $0.value) }
        let contentEncoding = answer.headers.last { $0.hasName("Content-Encoding") }?.value
        let body: [UInt8]
        do {
            body = try ContentDecoding.decode(answer.body, contentEncoding: contentEncoding)
        } catch {
            let finding = DriftFinding(kind: .notJSON, pointer: "", severity: contract.drift.overridden(by: setup.policy).severity(of: .notJSON),
                                       expected: "a body Envelope can read", actual: error.description)
            return (ContractResult(contract: contract.name, file: contract.file, source: source, valid: false, findings: [finding],
                                   duration: exchange.seconds, contractLocation: contract.responseLocation, httpStatus: answer.status), timing)
        }
        let result = validate(ObservedResponse(status: answer.status, headers: headers, body: body), against: contract, source: source,
                              policy: setup.policy, duration: exchange.seconds)
        let quoted = result.findings.contains { $0.severity == .breaking && $0.location != nil }
        return (result, TransferRecord(timings: RequestTimings(total: exchange.seconds), body: quoted ? body : nil))
    }

    /// A `transport-error` result for a request the upstream did not answer.
    private func failureResult(_ exchange: ForwardedExchange, contract: String, file: String, source: String,
                               location: SourceLocation? = nil) -> ContractResult {
        guard case .failure(let failure) = exchange.upstream else {
            return ContractResult(contract: contract, file: file, source: source, valid: true, findings: [])
        }
        let finding = DriftFinding(kind: .transportError, pointer: "", severity: .breaking, expected: "an answer from \(setup.upstreamDisplay)",
                                   actual: "\(failure.message); the app got a 502", keyword: failure.name)
        return ContractResult(contract: contract, file: file, source: source, valid: false, findings: [finding], duration: exchange.seconds,
                              contractLocation: location)
    }

    /// Adds the exchange to its contract's tally or its shape's; returns whether this is the
    /// first answer of its contract with findings (its drift is then shown in full). Holding `lock`.
    private func tally(_ exchange: ForwardedExchange, index: Int?, result: ContractResult?, transfer: TransferRecord?) -> Bool {
        let fallback: Bool
        if case .stub = exchange.answeredBy { fallback = true } else { fallback = false }
        guard let index else {
            let key = "\(exchange.request.method) \(PathShape.shape(of: exchange.request.decodedPath))"
            if uncovered[key] == nil { uncoveredOrder.append(key) }
            var entry = uncovered[key] ?? UncoveredTally()
            entry.requests += 1
            entry.statuses[exchange.answer.status, default: 0] += 1
            if fallback { entry.fallbacks += 1 }
            if entry.failure == nil, let result { entry.failure = result }
            uncovered[key] = entry
            return false
        }
        var entry = tallies[index]
        defer { tallies[index] = entry }
        entry.requests += 1
        if fallback { entry.fallbacks += 1 }
        guard let result else { return false }
        if result.status == .error, result.blockingFinding?.kind == .transportError { entry.transportErrors += 1 }
        if result.status == .drift { entry.drifted += 1 }
        if entry.result.map({ rank($0) < rank(result) || rank($0) == 1 }) ?? true {
            entry.result = result
            entry.transfer = transfer
        }
        guard result.status == .drift, !entry.driftShown else { return false }
        entry.driftShown = true
        return true
    }

    /// How bad a result is, for keeping the worst: 4 drift that fails the run, 3 other drift,
    /// 2 no answer, 1 ok.
    private func rank(_ result: ContractResult) -> Int {
        switch result.status {
        case .drift: result.findings.contains { !$0.kind.blocksValidation && setup.failOn.fails($0.severity) } ? 4 : 3
        case .error: 2
        case .ok: 1
        }
    }

    private func answererNote(_ answerer: ForwardedExchange.Answerer) -> String {
        if case .stub(let name) = answerer { return " (answered by mock \(name))" }
        return ""
    }
}
