import Dispatch
import EnvelopeCore
import EnvelopeHTTP
import EnvelopeMock
import Foundation

/// Recording through `envelope serve`: `--record-mappings` writes what `--proxy-all` forwards
/// as it passes, and `/__admin/recordings` (stop, snapshot) turns the journal's proxied
/// exchanges into mappings. Both use `record`'s writer (secrets as `***`, error answers skipped
/// unless allowed, atomic writes, no overwrite without `--force`) into the served folder.
///
/// One mapping per distinct request (method, URL, captured headers, body): its name is
/// `METHOD-path`, with a short hash of the rest when there is more to it, so a re-recording
/// of the same request writes the same file.
///
/// `@unchecked Sendable` is sound: `written` is read and written only on `queue`, a serial
/// queue; the `let`s are immutable.
final class ServeRecorder: ExchangeRecorder, @unchecked Sendable {
    private let writer: RecordCommand
    private let allowErrors: Bool
    private let queue = DispatchQueue(label: "envelope.serve.record")
    /// Names written by `--record-mappings` in this run.
    private var written: Set<String> = []
    private let redactor = Redactor()
    /// The `--proxy-all` upstream, shown in `metadata.recordedFrom` when a spec names none.
    private let upstream: String

    /// A recorder into `directory`; `force` replaces mappings that exist, `allowErrors`
    /// records error answers too (a spec's `allowErrors` overrides it).
    init(directory: String, upstream: String, force: Bool, allowErrors: Bool) throws(CLIError) {
        var arguments = ["--base-url", upstream, "--mocks", directory]
        if force { arguments.append("--force") }
        writer = try RecordCommand(parsed: ParsedArguments(parsing: arguments, for: RecordCommand.configuration))
        self.allowErrors = allowErrors
        self.upstream = upstream
    }

    // MARK: --record-mappings

    /// Writes the mapping for an exchange `--proxy-all` forwarded, once per distinct request.
    func record(_ exchange: ForwardedExchange) {
        guard case .upstream = exchange.answeredBy, case .response(let response) = exchange.upstream else { return }
        queue.async { [self] in
            let spec = RecordingSpec()
            let name = Self.name(for: exchange.request, spec: spec)
            guard written.insert(name).inserted else { return }
            guard let made = mapping(RecordedExchange(request: exchange.request, response: response), name: name, upstream: upstream, spec: spec) else {
                return
            }
            write(made)
        }
    }

    /// Waits until every mapping handed over is written.
    func finish() {
        queue.sync {}
    }

    // MARK: /__admin/recordings

    func mappings(for exchanges: [RecordedExchange], spec: RecordingSpec) -> RecordingOutcome {
        if !spec.transformers.isEmpty { Self.warnAboutTransformers(spec.transformers) }
        return queue.sync {
            var groups: [(name: String, exchanges: [RecordedExchange])] = []
            var index: [String: Int] = [:]
            for exchange in exchanges {
                let name = Self.name(for: exchange.request, spec: spec)
                if let at = index[name] { groups[at].exchanges.append(exchange) } else {
                    index[name] = groups.count
                    groups.append((name, [exchange]))
                }
            }
            var texts: [String] = []
            var scenarios = 0
            for group in groups {
                let steps = spec.repeatsAsScenarios ? group.exchanges : [group.exchanges[0]]
                let upstream = spec.targetBaseURL ?? self.upstream
                var made = steps.compactMap { mapping($0, name: group.name, upstream: upstream, spec: spec) }
                if made.count > 1 {
                    scenarios += 1
                    Self.makeScenario(&made, index: scenarios, path: group.exchanges[0].request.path)
                }
                for step in made {
                    if spec.persist {
                        if let text = write(step) { texts.append(text) }
                    } else {
                        texts.append(redactor.redact(step.mapping.text(bodyFile: nil)))
                    }
                }
            }
            return RecordingOutcome(mappings: texts)
        }
    }

    /// A spec's `transformers` name WireMock stub-mapping transformer extensions, which change
    /// nothing here (as in a WireMock without them); said once per recording, since a user who
    /// wrote `response-template` there most likely wanted templated mappings.
    static func warnAboutTransformers(_ names: [String]) {
        Terminal.writeStandardError("recording: the spec's transformers (\(names.map { JSONValue.quoted($0) }.joined(separator: ", "))) "
            + "name WireMock stub-mapping transformer extensions, which Envelope does not have; the mappings are recorded as without them. "
            + "For templated answers, add \"transformers\": [\"response-template\"] to a mapping's response, or serve with --global-response-templating\n")
    }

    /// WireMock's scenarios for repeats: `scenario-N-path-parts`, the first step in
    /// `Started`, each later one in `NAME-2`, `NAME-3`, ...; every step but the last moves on.
    /// The steps after the first are named `NAME-2`, ... so each has its own file.
    static func makeScenario(_ steps: inout [RecordedMapping.FromExchange], index: Int, path: String) {
        let parts = path.split(separator: "/").joined(separator: "-")
        let scenario = "scenario-\(index)-\(parts.isEmpty ? "(root)" : parts)"
        for position in steps.indices {
            let count = position + 1
            let required = count == 1 ? ScenarioRule.started : "\(scenario)-\(count)"
            steps[position].mapping.scenario = (scenario, required, count < steps.count ? "\(scenario)-\(count + 1)" : nil)
            if count > 1 {
                steps[position].mapping.name += "-\(count)"
                steps[position].mapping.id = Self.uuid(for: steps[position].mapping.name)
            }
        }
    }

    // MARK: Shared

    /// The mapping for one exchange under `spec`, or nil (said on standard error) when it looks
    /// like an error and errors are not allowed, or its body cannot be decoded.
    private func mapping(_ exchange: RecordedExchange, name: String, upstream: String, spec: RecordingSpec) -> RecordedMapping.FromExchange? {
        var made: RecordedMapping.FromExchange
        do throws(ContentDecoding.Failure) {
            made = try RecordedMapping.fromExchange(exchange.request, response: exchange.response, name: name, contract: nil, result: nil,
                                                    upstream: upstream, writer: writer, redactor: redactor, recordedBy: "envelope serve",
                                                    jsonAPI: false)
        } catch {
            Terminal.writeStandardError("\(name)  not recorded: \(error.description)\n")
            return nil
        }
        if !made.refusals.isEmpty, !(spec.allowErrors ?? allowErrors) {
            Terminal.writeStandardError("\(name)  not recorded: \(made.refusals.map(\.reason).joined(separator: "; ")) "
                + "(allow it with --allow-errors, or \"allowErrors\": true in the recording's spec)\n")
            return nil
        }
        made.refusals = []
        made.mapping.id = Self.uuid(for: name)
        made.mapping.headerPatterns = spec.captureHeaders.compactMap { captured in
            guard let value = exchange.request.headerValue(captured.name) else { return nil }
            // A secret is not written, so the mapping asks only that the header is there.
            if Redactor.isSensitiveHeader(captured.name) { return (captured.name, .object([member("matches", .string(".+"))])) }
            var matcher = [member("equalTo", .string(value))]
            if captured.caseInsensitive { matcher.append(member("caseInsensitive", .bool(true))) }
            return (captured.name, .object(matcher))
        }
        made.mapping.bodyPatterns = Self.bodyPatterns(for: exchange.request.body, spec: spec)
        let body = made.mapping.body
        let isText = String(validating: body, as: UTF8.self) != nil
        if let threshold = isText ? spec.textSizeThreshold : spec.binarySizeThreshold { made.mapping.wantsBodyFile = body.count > threshold }
        return made
    }

    /// Writes a mapping with record's writer; the file's text when it was written.
    @discardableResult
    private func write(_ made: RecordedMapping.FromExchange) -> String? {
        do throws(CommandFailure) {
            guard try writer.record(made.mapping, refusals: made.refusals, redactor: redactor) else { return nil }
        } catch {
            Terminal.writeStandardError("\(made.mapping.name)  not recorded: \(error.description)\n")
            return nil
        }
        let path = FileSystem.join(writer.mocksDirectory, "mappings/\(made.mapping.name).json")
        return (try? FileSystem.read(path)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// WireMock's recorded body patterns: none without a body; `equalToJson` for a JSON body
    /// (`auto` or asked), `equalTo` otherwise.
    static func bodyPatterns(for body: [UInt8], spec: RecordingSpec) -> [JSONValue] {
        guard !body.isEmpty, let text = String(validating: body, as: UTF8.self) else { return [] }
        let isJSON = (try? JSONDocument.parse(body)) != nil
        if spec.bodyMatcher == .equalToJson || (spec.bodyMatcher == .auto && isJSON) {
            return [.object([member("equalToJson", .string(text)), member("ignoreArrayOrder", .bool(spec.ignoreArrayOrder)),
                             member("ignoreExtraElements", .bool(spec.ignoreExtraElements))])]
        }
        var pattern = [member("equalTo", .string(text))]
        if spec.bodyCaseInsensitive { pattern.append(member("caseInsensitive", .bool(true))) }
        return [.object(pattern)]
    }

    /// The mapping name for `request`: `METHOD-path`, and a hash of the query, captured
    /// headers and body when there are any, so distinct requests get distinct names.
    static func name(for request: MockRequest, spec: RecordingSpec) -> String {
        let base = ProxyRecorder.mappingName(for: request, contract: nil)
        var rest = request.url.firstIndex(of: "?").map { String(request.url[$0...]) } ?? ""
        for captured in spec.captureHeaders {
            if let value = request.headerValue(captured.name) { rest += "\n\(captured.name.lowercased()): \(value)" }
        }
        var bytes = Array(rest.utf8)
        if !request.body.isEmpty { bytes += [0] + request.body }
        guard !bytes.isEmpty else { return base }
        let hex = String(fnv1a(bytes) >> 32, radix: 16)
        return base + "-" + String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// A UUID-shaped id made from `name`, stable across runs.
    static func uuid(for name: String) -> String {
        let high = String(fnv1a(Array(name.utf8)), radix: 16)
        let low = String(fnv1a(Array(("id:" + name).utf8)), radix: 16)
        let hex = Array(String(repeating: "0", count: 16 - high.count) + high + String(repeating: "0", count: 16 - low.count) + low)
        return "\(String(hex[0..<8]))-\(String(hex[8..<12]))-4\(String(hex[13..<16]))-8\(String(hex[17..<20]))-\(String(hex[20..<32]))"
    }

    /// FNV-1a, 64 bits: a small stable hash (Swift's own `Hasher` is seeded per process).
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}

/// A JSON object member.
private func member(_ key: String, _ value: JSONValue) -> JSONValue.Member {
    JSONValue.Member(key: key, value: value)
}
