import EnvelopeCore
import EnvelopeHTTP
import EnvelopeMock

/// The mapping for a proxied exchange, built once for every way of recording through a
/// proxy (`envelope proxy --record`, `envelope serve --record-mappings`, `/__admin/recordings`),
/// so all of them follow `record`'s rules.
extension RecordedMapping {
    /// What an exchange comes to: the mapping and the reasons it looks like an error (empty
    /// when it does not).
    struct FromExchange {
        var mapping: RecordedMapping
        var refusals: [RecordingRefusal]
    }

    /// The mapping named `name` for `request` answered by `response` from `upstream` (shown
    /// with secrets hidden): the body decoded from its `Content-Encoding` (the mock serves it
    /// decoded), the `Content-Type` and `contract`'s headers kept, secrets as `***`.
    /// `recordedBy` goes into its metadata. Throws when the body cannot be decoded.
    static func fromExchange(_ request: MockRequest, response: UpstreamResponse, name: String, contract: Contract?, result: ContractResult?,
                             upstream: String, writer: RecordCommand, redactor: Redactor,
                             recordedBy: String = "envelope record", jsonAPI: Bool) throws(ContentDecoding.Failure) -> FromExchange {
        let headers = response.headers.map { HTTPHeader(name: $0.name, value: $0.value) }
        let body = try ContentDecoding.decode(response.body, contentEncoding: headers.last { $0.name.lowercased() == "content-encoding" }?.value)
        // The mock serves the decoded body, so it must not claim an encoding.
        let kept = Set((contract?.response.headers.map { $0.name.lowercased() } ?? []) + ["content-type"]).subtracting(["content-encoding", "content-length"])
        var mapping = RecordedMapping(
            name: name, method: request.method, path: request.path,
            query: request.queryParameters.map { (name: $0.name, value: $0.value) },
            status: response.status, headers: writer.keptHeaders(headers, names: kept, redactor: redactor),
            body: writer.redactedBody(body, redactor: redactor), recordedFrom: redactor.redact("\(request.method) \(upstream)\(request.url)"),
            requestHeaders: request.headers.filter { CurlForwarder.forwards($0, connectionOptions: []) }
                .map { ($0.name, RecordCommand.redacted(HTTPHeader(name: $0.name, value: $0.value), redactor)) })
        mapping.recordedBy = recordedBy
        let contentType = headers.first { $0.name.lowercased() == "content-type" }?.value
        // Without a contract, a body is expected to be JSON whenever there is one in front of a
        // JSON API (`jsonAPI`, `envelope proxy`), else when it says it is.
        let expectsJSON = contract.map { $0.response.body != nil }
            ?? (jsonAPI ? !body.isEmpty : contentType?.lowercased().contains("json") == true)
        let refusals = RecordingRefusal.refusals(status: response.status, expectedStatus: contract?.response.status, body: body,
                                                 expectsJSON: expectsJSON, contentType: contentType, result: result)
        return FromExchange(mapping: mapping, refusals: refusals)
    }
}
