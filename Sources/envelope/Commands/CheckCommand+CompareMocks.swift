import EnvelopeCore
import EnvelopeMock
import Foundation

/// `check --compare-mocks`: mock fidelity. Each live answer's structure (keys, types, nulls,
/// keys missing from some elements) is compared with the mock that answers the same request,
/// so a team learns when its tests run against an answer the API no longer gives.
extension CheckCommand {
    /// What the fidelity check made of one contract.
    enum Fidelity {
        /// The mock looks like the live answer.
        case fresh
        /// The mock no longer looks like the live answer (the lines say where).
        case stale
        /// No mock answers the contract's request.
        case missing
        /// Nothing could be compared; the label groups the reason in the count line
        /// (`live status 404`, `no live answer`).
        case notCompared(String)
    }

    /// Prints the mock-fidelity section and returns the run's exit code: stale and missing
    /// mocks are warnings, so they fail the run only with `--fail-on warning`.
    func reportStaleMocks(_ contracts: [Contract], liveAnswers: [LiveAnswer?], redactor: Redactor, exitCode: Int32) -> Int32 {
        let catalog = MockCatalog.load(directory: mocksDirectory)
        var text = "Mock fidelity: live answers compared with the mocks in \(mocksDirectory)\n"
        var verdicts: [Fidelity] = []
        for (index, contract) in contracts.enumerated() {
            let answer = index < liveAnswers.count ? liveAnswers[index] : nil
            let (verdict, lines) = fidelity(of: contract, answer: answer, stub: catalog.stub(for: contract))
            verdicts.append(verdict)
            text += lines
        }
        text += Self.fidelitySummary(verdicts)
        // JSON and other machine formats on standard output must stay parseable.
        let rendered = redactor.redact("\n" + text)
        if output.outputPath == nil && output.format != "text" {
            Terminal.writeStandardError(rendered)
        } else {
            Terminal.writeStandardOutput(rendered)
        }
        let warnings = verdicts.contains { if case .stale = $0 { true } else if case .missing = $0 { true } else { false } }
        if exitCode == 0 || exitCode == 3, failOn == .warning, warnings { return 1 }
        return exitCode
    }

    /// One contract's verdict and its lines in the section. A mock is compared only with a
    /// live answer of its own status: a 404's error body says nothing about the 200 mock.
    func fidelity(of contract: Contract, answer: LiveAnswer?, stub: StubMapping?) -> (Fidelity, String) {
        let name = contract.name
        guard let stub else {
            return (.missing, "  ! \(name)  no mock answers \(contract.request.method) \(contract.request.target) (record one with envelope record --only \(name))\n")
        }
        let file = stub.source.file
        let status: Int, contentType: String?, body: [UInt8]
        switch answer {
        case nil:
            return (.notCompared("no live answer"), "  - \(name)  not compared with \(file): no live answer was kept\n")
        case .failed(let error)?:
            return (.notCompared("no live answer"), "  - \(name)  not compared with \(file): no live answer (\(error.name): \(error.message))\n")
        case .response(let liveStatus, let liveType, let liveBody)?:
            (status, contentType, body) = (liveStatus, liveType, liveBody)
        }
        if let proxy = stub.response.proxy {
            return (.notCompared("mock is a proxy"), "  - \(name)  not compared with \(file): the mock forwards to \(proxy.baseURL) (proxyBaseUrl), it has no answer of its own\n")
        }
        if let fault = stub.response.fault {
            return (.notCompared("mock is a fault"), "  - \(name)  not compared with \(file): the mock answers with a broken connection (fault \(fault.rawValue)), the live answer with status \(status)\n")
        }
        guard status == stub.response.status else {
            return (.notCompared("live status \(status)"),
                    "  - \(name)  not compared with \(file): the live answer's status is \(status), the mock's \(stub.response.status) (a mock is compared only with an answer of its own status)\n")
        }
        if body.isEmpty && stub.response.body.isEmpty { return (.fresh, "  ✓ \(name)  \(file) (no body on either side)\n") }
        let live: JSONDocument
        do {
            live = try JSONDocument.parse(body)
        } catch {
            let type = contentType.map { ", \($0)" } ?? ""
            let what = body.isEmpty ? "has no body" : "is not JSON (\(error.message)\(error.location.map { " at \($0)" } ?? ""))"
            return (.notCompared("live answer not JSON"), "  - \(name)  not compared with \(file): the live answer (\(status)\(type)) \(what)\n")
        }
        guard let mock = try? JSONDocument.parse(stub.response.body) else {
            return (.stale, "  ! \(name)  \(file): the mock's body is not JSON, the live answer is\n")
        }
        let differences = JSONShape(mock.root).differences(to: JSONShape(live.root))
        guard !differences.isEmpty else { return (.fresh, "  ✓ \(name)  \(file)\n") }
        let text = "  ! \(name)  \(file) is stale: the live answer differs\n"
            + ShapeDifferenceTable.lines(differences, indent: "      ", detail: Self.fidelityText)
        return (.stale, text)
    }

    /// `2 mocks compared: 1 stale, 0 missing`, then how many were not compared and why:
    /// `, 2 not compared (1 live status 404, 1 no live answer)`.
    static func fidelitySummary(_ verdicts: [Fidelity]) -> String {
        var compared = 0, stale = 0, missing = 0
        var reasons: [(label: String, count: Int)] = []
        for verdict in verdicts {
            switch verdict {
            case .fresh: compared += 1
            case .stale: compared += 1; stale += 1
            case .missing: missing += 1
            case .notCompared(let label):
                if let at = reasons.firstIndex(where: { $0.label == label }) { reasons[at].count += 1 } else { reasons.append((label, 1)) }
            }
        }
        var text = "\(compared) mock\(compared == 1 ? "" : "s") compared: \(stale) stale, \(missing) missing"
        let notCompared = reasons.reduce(0) { $0 + $1.count }
        if notCompared > 0 {
            text += ", \(notCompared) not compared (" + reasons.map { "\($0.count) \($0.label)" }.joined(separator: ", ") + ")"
        }
        return text + "\n"
    }

    /// A difference told from the mock's side: what the mock has that the API no longer
    /// sends, and the other way round, with how often a key turns up where not every element
    /// has it.
    static func fidelityText(_ difference: ShapeDifference) -> String {
        func partly(_ presence: ShapePresence?) -> String {
            guard let presence, !presence.isEverywhere else { return "" }
            return ", in \(presence.count) of \(presence.total) \(presence.inArrayElements ? "items" : "objects")"
        }
        switch difference.kind {
        case .keyAdded: return "the live answer has it (\(difference.new)\(partly(difference.newPresence))), the mock does not"
        case .keyRemoved: return "the mock has it (\(difference.old)\(partly(difference.oldPresence))), the live answer does not"
        case .typeChanged, .nullAdded, .nullRemoved: return "mock \(difference.old), live \(difference.new)"
        case .keySometimesAbsent, .keyAlwaysPresent:
            return "mock \(difference.oldPresence?.description ?? "present"), live \(difference.newPresence?.description ?? "present")"
        case .enumValueAdded, .statusChanged, .contentTypeChanged, .bodyNotJSON:
            // Values are not compared with mocks; kept for the switch to stay exhaustive.
            return "mock \(difference.oldText), live \(difference.newText)"
        }
    }
}
