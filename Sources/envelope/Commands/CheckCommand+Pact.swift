import EnvelopeCore
import EnvelopeHTTP
import Foundation

/// `check --pact FILE`: the pact's interactions are the contracts, and with
/// `--state-change-url` each one's provider states are set up (and torn down) around its
/// request, as Pact's verifier does it.
extension CheckCommand {
    /// The contracts of the pact's HTTP interactions, and each one's provider states; what
    /// the file holds that cannot be checked is said on standard error.
    func pactContracts(_ path: String) throws(CommandFailure) -> (contracts: [Contract], states: [[PactProviderState]]) {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            throw .badInput("cannot read the pact \(path): \(error.description)")
        }
        let pact: PactFile
        let diagnostics: [PactDiagnostic]
        do {
            (pact, diagnostics) = try PactReader.read(bytes, file: path)
        } catch {
            throw .badInput(error.description)
        }
        var text = diagnostics.map { "\($0)\n" }.joined()
        // import pact's translation: each interaction's contract, as Pact's verifier would judge its answer.
        var importer = PactImport()
        importer.add(pact, file: path)
        let plan = importer.plan()
        for line in plan.notImported { text += "warning: not checked: \(line)\n" }
        let byPointer = Dictionary(pact.interactions.map { ("\(path)#\($0.pointer)", $0) }, uniquingKeysWith: { first, _ in first })
        let planned = plan.entries.compactMap { entry in byPointer[entry.source].map { (entry, $0) } }
        for (entry, interaction) in planned {
            for note in entry.notes { text += "\(path):\(interaction.location): note: \(entry.name): \(note)\n" }
        }
        // Each contract compiles on its own, so on every core (as check loads a folder).
        let loaded = ParallelMap.map(planned) { entry, interaction -> Result<Contract, CommandFailure> in
            let document = Self.withoutStateHeader(entry.contract)
            do {
                var contract = try ContractLoader.load(Array(document.serialized().utf8), file: path, read: { file in
                    throw CommandFailure.badInput("a pact has no files to refer to (\(file))")
                })
                contract.responseLocation = interaction.location
                return .success(contract)
            } catch {
                return .failure(.badInput("\(path):\(interaction.location): error: the interaction '\(interaction.description)' (\(interaction.pointer)) cannot be checked: \(error)"))
            }
        }
        var contracts: [Contract] = []
        for result in loaded { contracts.append(try result.get()) }
        let states = planned.map(\.1.providerStates)
        if !text.isEmpty { Terminal.writeStandardError(text) }
        guard !contracts.isEmpty else { throw .badInput("\(path) has no HTTP interactions to check") }
        return (contracts, states)
    }

    /// The contract without the header import adds to tell provider states apart at the mock:
    /// Pact's verifier sends the interaction's own headers only.
    static func withoutStateHeader(_ contract: JSONValue) -> JSONValue {
        guard case .object(var members) = contract, let at = members.firstIndex(where: { $0.key == "request" }),
              case .object(var request) = members[at].value, let headersAt = request.firstIndex(where: { $0.key == "headers" }),
              case .object(let headers) = request[headersAt].value else { return contract }
        let kept = headers.filter { $0.key != PactImport.stateHeader }
        if kept.isEmpty { request.remove(at: headersAt) } else { request[headersAt].value = .object(kept) }
        members[at].value = .object(request)
        return .object(members)
    }

    /// Sends the requests: all at once, or, with `--state-change-url`, one at a time, each
    /// after the set-up calls for its provider states (and followed by the tear-down calls
    /// with `--state-change-teardown`).
    func send(_ requests: [HTTPRequest], states: [[PactProviderState]], client: HTTPMultiClient, completed: (Int, HTTPOutcome) -> Void) {
        guard let stateChangeURL, !states.isEmpty else {
            client.run(requests, retry: retryPolicy, completed: completed)
            return
        }
        for (index, request) in requests.enumerated() {
            let given = index < states.count ? states[index] : []
            if let failure = changeStates(given, action: "setup", url: stateChangeURL) {
                completed(index, HTTPOutcome(result: .failure(.invalidRequest(reason: failure, url: stateChangeURL)), attempts: 1))
                continue
            }
            client.run([request], retry: retryPolicy) { _, outcome in completed(index, outcome) }
            if stateChangeTeardown, let failure = changeStates(given, action: "teardown", url: stateChangeURL) {
                Terminal.writeStandardError("warning: \(failure)\n")
            }
        }
    }

    /// POSTs `{"action": ..., "params": {...}, "state": ...}` for each state (one with the
    /// state "" when there is none), as Pact's verifier does; the reason when one fails.
    func changeStates(_ states: [PactProviderState], action: String, url: String) -> String? {
        let client = HTTPClient()
        for state in states.isEmpty ? [PactProviderState(name: "")] : states {
            let body = JSONValue.object([
                JSONValue.Member(key: "action", value: .string(action)),
                JSONValue.Member(key: "params", value: .object(state.params)),
                JSONValue.Member(key: "state", value: .string(state.name)),
            ])
            let request = HTTPRequest(method: "POST", url: url, headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
                                      body: Array(body.serialized().utf8), connectTimeout: connectTimeout, timeout: timeout,
                                      verifyTLS: !insecure, caCertificateFile: caCertificateFile)
            do {
                let response = try client.send(request)
                guard (200..<300).contains(response.status) else {
                    return "the provider state '\(state.name)' could not be \(action == "setup" ? "set up" : "torn down"): \(url) answered \(response.status)"
                }
            } catch {
                return "the provider state '\(state.name)' could not be \(action == "setup" ? "set up" : "torn down"): \(error.description)"
            }
        }
        return nil
    }
}
