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
    /// otherwise the first answer is kept (default false).
    public var repeatsAsScenarios = false
    /// Envelope's own `allowErrors`: also record answers that look like errors (a status
    /// other than 2xx, a body that claims JSON and is not); nil takes the server's setting.
    public var allowErrors: Bool?
    /// Only the requests this pattern matches are recorded (`filters`); nil keeps all.
    package var filter: RequestPattern?

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
            spec.targetBaseURL = try string(root["targetBaseUrl"], "targetBaseUrl")
            spec.persist = try bool(root["persist"], "persist") ?? true
            spec.repeatsAsScenarios = try bool(root["repeatsAsScenarios"], "repeatsAsScenarios") ?? false
            spec.allowErrors = try bool(root["allowErrors"], "allowErrors")
            if let headers = root["captureHeaders"] {
                guard headers.kind == .object else { throw SpecError("captureHeaders: expected an object such as {\"Accept\": {}}") }
                spec.captureHeaders = try headers.members.map { header throws(SpecError) in
                    CapturedHeader(name: header.key, caseInsensitive: try bool(header.value["caseInsensitive"], "captureHeaders.\(header.key).caseInsensitive") ?? false)
                }
            }
            try spec.readBodyPattern(root["requestBodyPattern"])
            if let criteria = root["extractBodyCriteria"] {
                spec.textSizeThreshold = try size(criteria["textSizeThreshold"], "extractBodyCriteria.textSizeThreshold")
                spec.binarySizeThreshold = try size(criteria["binarySizeThreshold"], "extractBodyCriteria.binarySizeThreshold")
            }
            if let filters = root["filters"] {
                do {
                    spec.filter = try MappingReader(file: "filters", bodyFiles: bodyFiles).readRequest(node: filters)
                } catch {
                    throw SpecError("filters: \(error.description)")
                }
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

    private static func string(_ node: JSONNode?, _ key: String) throws(SpecError) -> String? {
        guard let node else { return nil }
        guard let text = node.stringValue else { throw SpecError("\(key): expected a string") }
        return text
    }

    private static func bool(_ node: JSONNode?, _ key: String) throws(SpecError) -> Bool? {
        guard let node else { return nil }
        guard let value = node.boolValue else { throw SpecError("\(key): expected true or false") }
        return value
    }

    /// WireMock's sizes: a number of bytes, or text such as `"2048"`, `"56 kb"`, `"1 Mb"`.
    private static func size(_ node: JSONNode?, _ key: String) throws(SpecError) -> Int? {
        guard let node else { return nil }
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
