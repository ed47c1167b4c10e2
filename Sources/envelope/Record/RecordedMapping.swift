import EnvelopeCore
import Foundation

/// A WireMock stub mapping for one recorded answer, as `envelope record` writes it: the
/// request matched by method, path and (non-secret) query parameters; the status, the
/// `Content-Type` and the headers the contract checks; the body inline as `jsonBody`, as
/// received (or in `__files/` with `--body-files`, or when the mapping it replaces had it
/// there); and, under `metadata`, where it was recorded from with every secret shown as `***`
/// (and, when redirects were followed, where they led).
///
/// No timestamp is written, so recording the same answer twice gives the same file and a
/// re-recording shows up in a code review only when something changed.
struct RecordedMapping {
    /// The mapping's name (the contract's).
    var name: String
    /// The request method.
    var method: String
    /// The path to match, as written in the contract (`${VAR}` parts become a pattern).
    var path: String
    /// Query parameters to match; those holding secrets are left out (WireMock ignores
    /// parameters a stub does not name).
    var query: [(name: String, value: String)]
    /// The answer's status.
    var status: Int
    /// The answer's headers to keep.
    var headers: [(name: String, value: String)]
    /// The body, already redacted.
    var body: [UInt8]
    /// `METHOD URL` with secrets hidden.
    var recordedFrom: String
    /// The request headers sent, with secrets hidden.
    var requestHeaders: [(name: String, value: String)]
    /// Where the redirects that were followed led, when there were any: the mapping answers
    /// the request as sent (`path`) with the final answer, and says so in its metadata.
    var redirectedTo: String? = nil
    /// How many redirects were followed to the answer.
    var redirects: Int = 0
    /// Request headers the mapping matches (`import openapi`'s `Prefer: code=404`), with the
    /// mapping's `priority` ahead of those that do not name them.
    var matchHeaders: [(name: String, value: String)] = []
    /// The `metadata` to write instead of record's (`import openapi` says where it came from).
    var metadata: [(key: String, value: String)]? = nil
    /// Who recorded it, for `metadata.recordedBy`.
    var recordedBy = "envelope record"
    /// The mapping's `id`, written first; nil writes none (record's own mappings).
    var id: String? = nil
    /// More request-header patterns to match (a recording's `captureHeaders`), each a matcher object.
    var headerPatterns: [(name: String, matcher: JSONValue)] = []
    /// `bodyPatterns` to match (a recording's `requestBodyPattern`).
    var bodyPatterns: [JSONValue] = []
    /// The scenario it is a step of (a recording's `repeatsAsScenarios`).
    var scenario: (name: String, requiredState: String, newState: String?)? = nil
    /// Whether the body goes to `__files/` even without `--body-files` (a recording's
    /// `extractBodyCriteria`).
    var wantsBodyFile = false

    /// The mapping file's text (without a trailing newline). With `bodyFile`, the body is
    /// referred to by that name; otherwise it is inline, a JSON body as received (see
    /// ``InlineBody``) so that line:column in the mock's answer are those of the upstream's.
    func text(bodyFile: String?) -> String {
        func member(_ key: String, _ value: JSONValue) -> JSONValue.Member { JSONValue.Member(key: key, value: value) }
        var request = [member("method", .string(method))]
        if path.contains("${") {
            request.append(member("urlPathPattern", .string(Self.pattern(for: path))))
        } else {
            request.append(member("urlPath", .string(path)))
        }
        if !query.isEmpty {
            request.append(member("queryParameters", .object(query.map { member($0.name, .object([member("equalTo", .string($0.value))])) })))
        }
        let headerMatchers = matchHeaders.map { member($0.name, .object([member("equalTo", .string($0.value))])) }
            + headerPatterns.map { member($0.name, $0.matcher) }
        if !headerMatchers.isEmpty { request.append(member("headers", .object(headerMatchers))) }
        if !bodyPatterns.isEmpty { request.append(member("bodyPatterns", .array(bodyPatterns))) }
        var response = [member("status", .number(String(status)))]
        if !headers.isEmpty { response.append(member("headers", .object(headers.map { member($0.name, .string($0.value)) }))) }
        var verbatim: String?
        if let bodyFile {
            response.append(member("bodyFileName", .string(bodyFile)))
        } else {
            switch InlineBody(body) {
            case .json(let text):
                verbatim = text
                response.append(member("jsonBody", .string(Self.bodyPlaceholder)))
            case .text(let text): response.append(member("body", .string(text)))
            case .base64(let text): response.append(member("base64Body", .string(text)))
            case .none: break
            }
        }
        var metadata = [member("recordedBy", .string(recordedBy)), member("recordedFrom", .string(recordedFrom))]
        if !requestHeaders.isEmpty {
            metadata.append(member("requestHeaders", .object(requestHeaders.map { member($0.name, .string($0.value)) })))
        }
        if let redirectedTo {
            metadata += [member("redirectedTo", .string(redirectedTo)), member("redirects", .number(String(redirects)))]
        }
        if let replacement = self.metadata { metadata = replacement.map { member($0.key, .string($0.value)) } }
        var top = (id.map { [member("id", .string($0))] } ?? []) + [member("name", .string(name))]
        if !matchHeaders.isEmpty { top.append(member("priority", .number("1"))) }
        if let scenario {
            top += [member("scenarioName", .string(scenario.name)), member("requiredScenarioState", .string(scenario.requiredState))]
            if let newState = scenario.newState { top.append(member("newScenarioState", .string(newState))) }
        }
        let printed = SchemaPrinter.print(.object(top + [member("request", .object(request)),
                                                         member("response", .object(response)), member("metadata", .object(metadata))]))
        guard let verbatim, let spot = printed.range(of: JSONValue.quoted(Self.bodyPlaceholder)) else { return printed }
        return printed.replacingCharacters(in: spot, with: verbatim)
    }

    /// Stands for the JSON body while the rest of the mapping is printed. It starts with a NUL
    /// (no header or path holds one) and is longer than ``SchemaPrinter/inlineWidth``, so the
    /// `response` object is never folded onto one line around the body.
    static let bodyPlaceholder = "\u{0}" + String(repeating: "envelope-record-body-", count: 4)

    /// How a body is written inline: JSON as received (`jsonBody`, whose bytes the mock
    /// serves as written); text as a `body` string; anything else as `base64Body`.
    enum InlineBody: Equatable {
        case json(String), text(String), base64(String), none

        init(_ body: [UInt8]) {
            guard !body.isEmpty else {
                self = .none
                return
            }
            guard let text = String(validating: body, as: UTF8.self) else {
                self = .base64(Data(body).base64EncodedString())
                return
            }
            // Whitespace (or a byte order mark) before the value is not part of a jsonBody, so
            // such a body goes in a string to keep its bytes; whitespace after it moves nothing.
            if let first = body.first, ![0x20, 0x09, 0x0A, 0x0D, 0xEF].contains(first), (try? JSONDocument.parse(body)) != nil {
                var end = text.endIndex
                while end > text.startIndex, text[text.index(before: end)].isWhitespace { end = text.index(before: end) }
                self = .json(String(text[..<end]))
            } else {
                self = .text(text)
            }
        }
    }

    /// `/users/${ID}/posts` → `/users/[^/]+/posts`, with the literal parts escaped.
    static func pattern(for path: String) -> String {
        var out = ""
        var rest = Substring(path)
        while let start = rest.firstRange(of: "${"), let close = rest[start.upperBound...].firstIndex(of: "}") {
            out += NSRegularExpression.escapedPattern(for: String(rest[..<start.lowerBound])) + "[^/]+"
            rest = rest[rest.index(after: close)...]
        }
        return out + NSRegularExpression.escapedPattern(for: String(rest))
    }
}
