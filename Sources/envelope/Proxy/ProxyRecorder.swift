import Dispatch
import EnvelopeCore
import EnvelopeHTTP
import EnvelopeMock
import Foundation

/// `envelope proxy --record DIR`: the answers that pass through become mappings, written by
/// `record`'s own writer (so its rules hold: secrets as `***`, error answers skipped, files
/// written atomically, no overwrite without `--force`), each mapping once per run.
///
/// `@unchecked Sendable` is sound: `written` is read and written only on `queue`, a serial
/// queue; the `let`s are immutable.
final class ProxyRecorder: @unchecked Sendable {
    /// `record` configured for the folder and `--force`; its report options are never used.
    private let writer: RecordCommand
    private let queue = DispatchQueue(label: "envelope.proxy.record")
    private var written: Set<String> = []
    private let upstreamDisplay: String

    /// A recorder into `directory`; `force` lets it replace mappings that exist.
    init(directory: String, force: Bool, upstream: String, upstreamDisplay: String) throws(CLIError) {
        var arguments = ["--base-url", upstream, "--mocks", directory]
        if force { arguments.append("--force") }
        // A report format other than text sends record's lines about what it wrote to standard
        // error, where the proxy's live lines go; standard output keeps the final report.
        arguments += ["--format", "json"]
        writer = try RecordCommand(parsed: ParsedArguments(parsing: arguments, for: RecordCommand.configuration))
        self.upstreamDisplay = upstreamDisplay
    }

    /// Writes the mapping for `request` answered by `response` (its contract's name, or one
    /// made from the method and path), unless one of that name was written in this run.
    func record(_ request: MockRequest, response: UpstreamResponse, contract: Contract?, result: ContractResult?, redactor: Redactor) {
        queue.async { [self] in
            let name = Self.mappingName(for: request, contract: contract)
            guard written.insert(name).inserted else { return }
            let made: RecordedMapping.FromExchange
            do throws(ContentDecoding.Failure) {
                made = try RecordedMapping.fromExchange(request, response: response, name: name, contract: contract, result: result,
                                                        upstream: upstreamDisplay, writer: writer, redactor: redactor, jsonAPI: true)
            } catch {
                Terminal.writeStandardError("\(name)  not recorded: \(error.description)\n")
                return
            }
            do throws(CommandFailure) {
                _ = try writer.record(made.mapping, refusals: made.refusals, redactor: redactor)
            } catch {
                Terminal.writeStandardError("\(name)  not recorded: \(error.description)\n")
            }
        }
    }

    /// Waits until every mapping handed over is written.
    func finish() {
        queue.sync {}
    }

    /// The contract's name when its path is fixed; else `METHOD-path` in lower case with every
    /// run of other characters as one `-` (`get-v1-menus-42`).
    static func mappingName(for request: MockRequest, contract: Contract?) -> String {
        if let contract, !contract.request.path.contains("{") { return contract.name }
        let base = contract.map { "\($0.name) \(request.decodedPath)" } ?? "\(request.method) \(request.decodedPath)"
        var name = ""
        for scalar in base.lowercased().unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "_" {
                name.unicodeScalars.append(scalar)
            } else if !name.hasSuffix("-") {
                name += "-"
            }
        }
        while name.hasSuffix("-") { name.removeLast() }
        return name.isEmpty ? "root" : name
    }
}
