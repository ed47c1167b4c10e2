import EnvelopeCore
import Foundation

/// A WireMock stub mapping for one recorded answer, as `envelope record` writes it: the
/// request matched by method, path and (non-secret) query parameters; the status, the
/// `Content-Type` and the headers the contract checks; the body inline as `jsonBody` (or in
/// `__files/` with `--body-files`); and, under `metadata`, where it was recorded from with
/// every secret shown as `***`.
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

    /// The mapping file's JSON. With `bodyFile`, the body is referred to by that name.
    func json(bodyFile: String?) -> JSONValue {
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
        var response = [member("status", .number(String(status)))]
        if !headers.isEmpty { response.append(member("headers", .object(headers.map { member($0.name, .string($0.value)) }))) }
        if let bodyFile {
            response.append(member("bodyFileName", .string(bodyFile)))
        } else if let document = try? JSONDocument.parse(body) {
            response.append(member("jsonBody", document.root.value))
        } else if !body.isEmpty {
            response.append(member("body", .string(String(decoding: body, as: UTF8.self))))
        }
        var metadata = [member("recordedBy", .string("envelope record")), member("recordedFrom", .string(recordedFrom))]
        if !requestHeaders.isEmpty {
            metadata.append(member("requestHeaders", .object(requestHeaders.map { member($0.name, .string($0.value)) })))
        }
        return .object([member("name", .string(name)), member("request", .object(request)),
                        member("response", .object(response)), member("metadata", .object(metadata))])
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
