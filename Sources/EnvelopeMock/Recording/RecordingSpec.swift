import EnvelopeCore

/// How a recording (`POST /__admin/recordings/start`) or a snapshot (`/snapshot`) turns the
/// proxied requests it keeps into mappings: WireMock's record spec, read from the request's
/// JSON body.
public struct RecordingSpec: Sendable {
    /// A request header the mappings match (`captureHeaders`).
    public struct CapturedHeader: Sendable, Hashable {
        /// The header's name, as given.
        public var name: String
        /// Whether the value is compared ignoring case.
        public var caseInsensitive: Bool
    }

    /// How a recorded request's body is matched (`requestBodyPattern.matcher`).
    public enum BodyMatcher: String, Sendable {
        /// `equalToJson` for a JSON body, `equalTo` for any other text (WireMock's default).
        case auto
        /// `equalToJson`, with ``RecordingSpec/ignoreArrayOrder`` and ``RecordingSpec/ignoreExtraElements``.
        case equalToJson
        /// `equalTo`, with ``RecordingSpec/bodyCaseInsensitive``.
        case equalTo
    }

    /// Where a recording forwards to (`targetBaseUrl`); only `start` needs it.
    public var targetBaseURL: String?
    /// The request headers the mappings match.
    public var captureHeaders: [CapturedHeader] = []
    /// How bodies are matched.
    public var bodyMatcher: BodyMatcher = .auto
    /// `equalToJson`'s `ignoreArrayOrder` (WireMock's default for recordings: true).
    public var ignoreArrayOrder = true
    /// `equalToJson`'s `ignoreExtraElements` (WireMock's default for recordings: true).
    public var ignoreExtraElements = true
    /// `equalTo`'s `caseInsensitive`.
    public var bodyCaseInsensitive = false
    /// Text bodies larger than this many bytes go to `__files/` (`extractBodyCriteria`); nil keeps them inline.
    public var textSizeThreshold: Int?
    /// Binary bodies larger than this many bytes go to `__files/`; nil keeps them inline.
    public var binarySizeThreshold: Int?
    /// Whether the mappings are written to the mappings folder and added as stubs (default true).
    public var persist = true
    /// Whether repeats of one request become a scenario, one mapping per answer in turn;
    /// otherwise the first answer is kept (default true, as in WireMock).
    public var repeatsAsScenarios = true
    /// How `stop` and `snapshot` answer (`outputFormat`).
    public var outputFormat = OutputFormat.full
    /// `transformers`: names of WireMock stub-mapping transformer extensions to run on each
    /// recorded mapping. Envelope has none, so, as in a WireMock without such extensions, the
    /// names change nothing; they are kept to be reported.
    public var transformers: [String] = []
    /// `transformerParameters`: what those transformers would be given.
    public var transformerParameters: JSONValue?
    /// `filters.ids`: only the journal entries with these ids (lower-cased) are recorded; nil
    /// keeps all.
    public var journalIDs: Set<String>?
    /// Envelope's own `allowErrors`: also record answers that look like errors (a status
    /// other than 2xx, a body that claims JSON and is not); nil takes the server's setting.
    public var allowErrors: Bool?
    /// Only the requests this pattern matches are recorded (`filters`); nil keeps all.
    package var filter: RequestPattern?

    /// What `stop` and `snapshot` answer with.
    public enum OutputFormat: String, Sendable {
        /// `{"mappings": [stub, ...]}`.
        case full = "FULL"
        /// `{"ids": [id, ...]}`, the recorded stubs' ids.
        case ids = "IDS"
    }

    /// The spec's keys, as WireMock 2.35's record spec has them, and Envelope's `allowErrors`.
    static let keys = ["targetBaseUrl", "filters", "captureHeaders", "requestBodyPattern", "extractBodyCriteria", "outputFormat", "persist",
                       "repeatsAsScenarios", "transformers", "transformerParameters", "allowErrors"]

    /// The default spec.
    public init() {}

    /// The spec in `body` (an empty body is the default spec); a message saying what is wrong
    /// when it is not one.
    package static func parse(_ body: [UInt8], bodyFiles: BodyFiles) -> Result<RecordingSpec, SpecError> {
        guard !body.isEmpty else { return .success(RecordingSpec()) }
        guard let document = try? JSONDocument.parse(body), document.root.kind == .object else {
            return .failure(SpecError("request body: expected a JSON object such as {\"targetBaseUrl\": \"http://localhost:9000\"}"))
        }
        let root = document.root
        var spec = RecordingSpec()
        do throws(SpecError) {
            // WireMock refuses a key its spec does not have (a filter key it ignores, below).
            if let unknown = root.members.first(where: { !keys.contains($0.key) }) {
                throw SpecError("request body: unknown key \(JSONValue.quoted(unknown.key)) in the recording spec; expected one of "
                                + keys.joined(separator: ", "))
            }
            spec.targetBaseURL = try string(root["targetBaseUrl"], "targetBaseUrl")
            spec.persist = try bool(root["persist"], "persist") ?? true
            spec.repeatsAsScenarios = try bool(root["repeatsAsScenarios"], "repeatsAsScenarios") ?? true
            spec.allowErrors = try bool(root["allowErrors"], "allowErrors")
            try spec.readOutput(root)
            if let headers = present(root["captureHeaders"]) {
                guard headers.kind == .object else { throw SpecError("captureHeaders: expected an object such as {\"Accept\": {}}") }
                spec.captureHeaders = try headers.members.map { header throws(SpecError) in
                    CapturedHeader(name: header.key, caseInsensitive: try bool(header.value["caseInsensitive"], "captureHeaders.\(header.key).caseInsensitive") ?? false)
                }
            }
            try spec.readBodyPattern(present(root["requestBodyPattern"]))
            if let criteria = present(root["extractBodyCriteria"]) {
                spec.textSizeThreshold = try size(criteria["textSizeThreshold"], "extractBodyCriteria.textSizeThreshold")
                spec.binarySizeThreshold = try size(criteria["binarySizeThreshold"], "extractBodyCriteria.binarySizeThreshold")
            }
            if let filters = present(root["filters"]) {
                try spec.readFilters(filters, bodyFiles: bodyFiles)
            }
        } catch {
            return .failure(error)
        }
        return .success(spec)
    }

    private mutating func readBodyPattern(_ node: JSONNode?) throws(SpecError) {
        guard let node else { return }
        if let name = try Self.string(node["matcher"], "requestBodyPattern.matcher") {
            guard let matcher = BodyMatcher(rawValue: name) else {
                throw SpecError("requestBodyPattern.matcher: expected auto, equalToJson or equalTo, found \(JSONValue.quoted(name)) (XML and binary matchers are not recorded)")
            }
            bodyMatcher = matcher
        }
        ignoreArrayOrder = try Self.bool(node["ignoreArrayOrder"], "requestBodyPattern.ignoreArrayOrder") ?? true
        ignoreExtraElements = try Self.bool(node["ignoreExtraElements"], "requestBodyPattern.ignoreExtraElements") ?? true
        bodyCaseInsensitive = try Self.bool(node["caseInsensitive"], "requestBodyPattern.caseInsensitive") ?? false
    }

    /// `outputFormat` (`FULL` or `IDS` in any case, as WireMock reads it), `transformers` and
    /// `transformerParameters`.
    private mutating func readOutput(_ root: JSONNode) throws(SpecError) {
        if let name = try Self.string(root["outputFormat"], "outputFormat") {
            guard let format = OutputFormat(rawValue: name.uppercased()) else {
                throw SpecError("outputFormat: expected FULL (the mappings) or IDS (their ids), found \(JSONValue.quoted(name))")
            }
            outputFormat = format
        }
        if let names = Self.present(root["transformers"]) {
            guard names.kind == .array, names.elements.allSatisfy({ $0.kind == .string }) else {
                throw SpecError("transformers: expected an array of names such as [\"my-transformer\"]")
            }
            transformers = names.elements.compactMap(\.stringValue)
        }
        if let parameters = Self.present(root["transformerParameters"]) {
            guard parameters.kind == .object else { throw SpecError("transformerParameters: expected an object") }
            transformerParameters = parameters.value
        }
    }

    /// `node`, unless it is absent or JSON `null` (which WireMock reads as absent).
    static func present(_ node: JSONNode?) -> JSONNode? {
        guard let node, node.kind != .null else { return nil }
        return node
    }

    static func string(_ node: JSONNode?, _ key: String) throws(SpecError) -> String? {
        guard let node = present(node) else { return nil }
        guard let text = node.stringValue else { throw SpecError("\(key): expected a string") }
        return text
    }

    static func bool(_ node: JSONNode?, _ key: String) throws(SpecError) -> Bool? {
        guard let node = present(node) else { return nil }
        guard let value = node.boolValue else { throw SpecError("\(key): expected true or false") }
        return value
    }

    /// WireMock's sizes: a number of bytes, or text such as `"2048"`, `"56 kb"`, `"1 Mb"`.
    private static func size(_ node: JSONNode?, _ key: String) throws(SpecError) -> Int? {
        guard let node = present(node) else { return nil }
        if let number = node.intValue { return number }
        guard let text = node.stringValue, let bytes = byteCount(text) else {
            throw SpecError("\(key): expected a size such as 2048, \"56 kb\" or \"1 Mb\"")
        }
        return bytes
    }

    /// `"56 kb"` → 57344; units b, kb, mb, gb (any case, 1024-based); nil when not a size.
    static func byteCount(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: " ").lowercased()
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        guard let number = Int(digits) else { return nil }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: " ")
        let factors = ["": 1, "b": 1, "kb": 1_024, "mb": 1_048_576, "gb": 1_073_741_824]
        guard let factor = factors[unit] else { return nil }
        return number.multipliedReportingOverflow(by: factor).overflow ? nil : number * factor
    }

    /// Why a spec was refused: the admin API answers 422 with it.
    package struct SpecError: Error, Sendable {
        /// What is wrong and what to write instead.
        package var message: String
        init(_ message: String) { self.message = message }
    }
}

extension String {
    /// The string without `character` at either end.
    fileprivate func trimmingCharacters(in character: Character) -> String {
        var slice = Substring(self)
        while slice.first == character { slice.removeFirst() }
        while slice.last == character { slice.removeLast() }
        return String(slice)
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in character: Character) -> String { String(self).trimmingCharacters(in: character) }
}
