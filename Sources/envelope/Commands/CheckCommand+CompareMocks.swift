import EnvelopeCore
import EnvelopeMock
import Foundation

/// `check --compare-mocks`: mock fidelity. Each live answer's structure (keys, types, nulls)
/// is compared with the mock that answers the same request, so a team learns when its tests
/// run against an answer the API no longer gives.
extension CheckCommand {
    /// Prints the mock-fidelity section and returns the run's exit code: stale mocks are
    /// warnings, so they fail the run only with `--fail-on warning`.
    func reportStaleMocks(_ contracts: [Contract], liveBodies: [[UInt8]?], redactor: Redactor, exitCode: Int32) -> Int32 {
        let catalog = MockCatalog.load(directory: mocksDirectory)
        var text = "Mock fidelity: live answers compared with the mocks in \(mocksDirectory)\n"
        var compared = 0, stale = 0, missing = 0
        for (index, contract) in contracts.enumerated() {
            guard index < liveBodies.count, let body = liveBodies[index], let live = try? JSONDocument.parse(body) else { continue }
            guard let stub = catalog.stub(for: contract) else {
                missing += 1
                text += "  ! \(contract.name)  no mock answers \(contract.request.method) \(contract.request.target) (record one with envelope record --only \(contract.name))\n"
                continue
            }
            guard let mock = try? JSONDocument.parse(stub.response.body) else {
                stale += 1
                text += "  ! \(contract.name)  \(stub.source.file): the mock's body is not JSON, the live answer is\n"
                continue
            }
            compared += 1
            let differences = JSONShape(mock.root).differences(to: JSONShape(live.root))
            guard !differences.isEmpty else {
                text += "  ✓ \(contract.name)  \(stub.source.file)\n"
                continue
            }
            stale += 1
            text += "  ! \(contract.name)  \(stub.source.file) is stale: the live answer differs\n"
            let width = differences.map { $0.pointer.isEmpty ? 6 : $0.pointer.count }.max() ?? 0
            let kindWidth = differences.map(\.kind.rawValue.count).max() ?? 0
            for difference in differences {
                let place = difference.pointer.isEmpty ? "(root)" : difference.pointer
                text += "      \(place)\(String(repeating: " ", count: width - place.count))  \(difference.kind.rawValue)\(String(repeating: " ", count: kindWidth - difference.kind.rawValue.count))  \(Self.fidelityText(difference))\n"
            }
        }
        text += "\(compared) mock\(compared == 1 ? "" : "s") compared: \(stale) stale, \(missing) missing\n"
        // JSON and other machine formats on standard output must stay parseable.
        let rendered = redactor.redact("\n" + text)
        if output.outputPath == nil && output.format != "text" {
            Terminal.writeStandardError(rendered)
        } else {
            Terminal.writeStandardOutput(rendered)
        }
        if exitCode == 0 || exitCode == 3, failOn == .warning, stale + missing > 0 { return 1 }
        return exitCode
    }

    /// A difference told from the mock's side: what the mock has that the API no longer
    /// sends, and the other way round.
    static func fidelityText(_ difference: ShapeDifference) -> String {
        switch difference.kind {
        case .keyAdded: return "the live answer has it (\(difference.new)), the mock does not"
        case .keyRemoved: return "the mock has it (\(difference.old)), the live answer does not"
        case .typeChanged, .nullAdded, .nullRemoved: return "mock \(difference.old), live \(difference.new)"
        }
    }
}
