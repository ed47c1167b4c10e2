import EnvelopeCore
import Foundation

/// One WireMock-style stub: which requests it answers (``RequestPattern``) and how
/// (``ResponseDefinition``).
public struct StubMapping: Sendable {
    /// `id` (or `uuid`) from the file, if any.
    public var id: String?
    /// `name` from the file, if any.
    public var name: String?
    /// 1 is the highest priority; a stub without `priority` has 5.
    public var priority: Int
    public var request: RequestPattern
    public var response: ResponseDefinition
    /// Where the stub was written down.
    public var source: MappingSource

    public static let defaultPriority = 5

    public init(id: String? = nil, name: String? = nil, priority: Int = StubMapping.defaultPriority,
                request: RequestPattern, response: ResponseDefinition, source: MappingSource) {
        self.id = id
        self.name = name
        self.priority = priority
        self.request = request
        self.response = response
        self.source = source
    }

    /// `name`, else `id`, else the file name without `.json` (plus `#n` inside a `mappings` array).
    public var displayName: String {
        if let name, !name.isEmpty { return name }
        if let id, !id.isEmpty { return id }
        var base = (source.file as NSString).lastPathComponent
        if base.hasSuffix(".json") { base.removeLast(5) }
        if let index = source.index { base += "#\(index + 1)" }
        return base
    }
}

/// Where a stub comes from: its file, its position inside a `{"mappings": [...]}` file, and the
/// line:column of its object.
public struct MappingSource: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// The 0-based position in the file's `mappings` array; nil for a one-stub file.
    public var index: Int?
    public var location: SourceLocation?

    public init(file: String, index: Int? = nil, location: SourceLocation? = nil) {
        self.file = file
        self.index = index
        self.location = location
    }

    public var description: String {
        var text = file
        if let location { text += ":\(location)" }
        if let index { text += " (mapping \(index + 1))" }
        return text
    }
}

/// The request side of a stub. Every part that is set must match.
public struct RequestPattern: Sendable {
    /// The method to match exactly; nil for `ANY`.
    public var method: String?
    /// How the URL must look; nil matches every URL.
    public var url: URLMatcher?
    public var queryParameters: [NamedMatcher]
    public var headers: [NamedMatcher]

    public init(method: String? = nil, url: URLMatcher? = nil, queryParameters: [NamedMatcher] = [], headers: [NamedMatcher] = []) {
        self.method = method
        self.url = url
        self.queryParameters = queryParameters
        self.headers = headers
    }
}

/// WireMock's four ways to match the URL.
public enum URLMatcher: Sendable, CustomStringConvertible {
    /// `url`: the path and query exactly as sent.
    case url(String)
    /// `urlPath`: the path exactly (the query is ignored).
    case urlPath(String)
    /// `urlPathPattern`: a regular expression that must match the whole path.
    case urlPathPattern(RegexPattern)
    /// `urlPattern`: a regular expression that must match the whole path and query.
    case urlPattern(RegexPattern)

    /// The JSON key this matcher was written with.
    public var key: String {
        switch self {
        case .url: "url"
        case .urlPath: "urlPath"
        case .urlPathPattern: "urlPathPattern"
        case .urlPattern: "urlPattern"
        }
    }

    /// The exact path this matcher requires, if it requires one (used for indexing).
    var exactPath: String? {
        switch self {
        case .url(let url):
            if let question = url.firstIndex(of: "?") { return String(url[..<question]) }
            return url
        case .urlPath(let path): return path
        case .urlPathPattern, .urlPattern: return nil
        }
    }

    public var description: String {
        switch self {
        case .url(let value), .urlPath(let value): "\(key) \"\(value)\""
        case .urlPathPattern(let regex), .urlPattern(let regex): "\(key) \"\(regex.pattern)\""
        }
    }
}

/// A query parameter or header name with the matcher its value must satisfy.
public struct NamedMatcher: Sendable {
    public var name: String
    public var matcher: StringMatcher

    public init(name: String, matcher: StringMatcher) {
        self.name = name
        self.matcher = matcher
    }
}

/// A WireMock value matcher.
public enum StringMatcher: Sendable, CustomStringConvertible {
    case equalTo(String, caseInsensitive: Bool)
    case contains(String)
    /// The regular expression must match the whole value.
    case matches(RegexPattern)
    /// The regular expression must not match the whole value (the value must be present).
    case doesNotMatch(RegexPattern)
    /// `absent: true`: the value must not be present.
    case absent

    /// Whether `value` (nil when absent) satisfies this matcher.
    public func matches(_ value: String?) -> Bool {
        switch self {
        case .absent:
            return value == nil
        case .equalTo(let expected, let caseInsensitive):
            guard let value else { return false }
            return caseInsensitive ? value.lowercased() == expected.lowercased() : value == expected
        case .contains(let part):
            guard let value else { return false }
            return part.isEmpty || value.contains(part)
        case .matches(let regex):
            guard let value else { return false }
            return regex.matchesWhole(value)
        case .doesNotMatch(let regex):
            guard let value else { return false }
            return !regex.matchesWhole(value)
        }
    }

    public var description: String {
        switch self {
        case .equalTo(let value, let caseInsensitive):
            caseInsensitive ? "equalTo \(quoted(value)) (case-insensitive)" : "equalTo \(quoted(value))"
        case .contains(let value): "contains \(quoted(value))"
        case .matches(let regex): "matches \(quoted(regex.pattern))"
        case .doesNotMatch(let regex): "doesNotMatch \(quoted(regex.pattern))"
        case .absent: "absent"
        }
    }
}

/// A compiled regular expression that must match a whole string.
public struct RegexPattern: Sendable {
    public let pattern: String
    private let storage: RegexStorage

    /// Compiles `pattern` (ICU syntax, as NSRegularExpression). Throws when it does not compile.
    public init(_ pattern: String) throws {
        self.pattern = pattern
        self.storage = RegexStorage(try NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z", options: []))
    }

    /// Whether the expression matches all of `text`.
    public func matchesWhole(_ text: String) -> Bool {
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return storage.regex.firstMatch(in: text, options: [], range: range) != nil
    }
}

/// Holds an NSRegularExpression across threads.
///
/// `@unchecked Sendable` is sound here: the expression is created once, never mutated afterwards
/// (the reference is a `let` and nothing writes to its properties), and NSRegularExpression is
/// documented as immutable and safe to use from several threads at once.
private final class RegexStorage: @unchecked Sendable {
    let regex: NSRegularExpression
    init(_ regex: NSRegularExpression) { self.regex = regex }
}

/// The response side of a stub.
public struct ResponseDefinition: Sendable {
    public var status: Int
    /// `statusMessage`: the reason phrase to send instead of the standard one.
    public var statusMessage: String?
    /// Header fields in the order written (a JSON array value gives several fields).
    public var headers: [HTTPHeader]
    /// The body bytes (from `body`, `base64Body`, `jsonBody` or `bodyFileName`, read at load time).
    public var body: [UInt8]
    /// Where the body came from.
    public var bodySource: BodySource
    /// `fixedDelayMilliseconds`: wait this long before answering (the connection is not blocked).
    public var fixedDelayMilliseconds: Int
    /// `fault`: answer with a broken connection instead of a response.
    public var fault: Fault?

    public init(status: Int = 200, statusMessage: String? = nil, headers: [HTTPHeader] = [], body: [UInt8] = [],
                bodySource: BodySource = .none, fixedDelayMilliseconds: Int = 0, fault: Fault? = nil) {
        self.status = status
        self.statusMessage = statusMessage
        self.headers = headers
        self.body = body
        self.bodySource = bodySource
        self.fixedDelayMilliseconds = fixedDelayMilliseconds
        self.fault = fault
    }

    public enum BodySource: Hashable, Sendable {
        case none
        case body
        case base64Body
        case jsonBody
        /// The file's path under `__files/` as written in the mapping.
        case bodyFile(String)
    }

    /// WireMock's `fault` values.
    public enum Fault: String, Sendable, CaseIterable {
        /// Close the connection without answering.
        case emptyResponse = "EMPTY_RESPONSE"
        /// Reset the connection (TCP RST) without answering.
        case connectionResetByPeer = "CONNECTION_RESET_BY_PEER"
        /// Send garbage bytes, then close.
        case randomDataThenClose = "RANDOM_DATA_THEN_CLOSE"
        /// Send a 200 head with a broken chunked body, then close.
        case malformedResponseChunk = "MALFORMED_RESPONSE_CHUNK"
    }
}

func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += String(format: "\\u%04X", scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}
