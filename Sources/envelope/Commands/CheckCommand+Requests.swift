import EnvelopeCore
import EnvelopeHTTP

/// Turning contracts (and the chosen environment) into requests, with `${VAR}` expanded and
/// every secret remembered for redaction.
extension CheckCommand {
    /// Where requests go and what every request carries.
    struct Target {
        /// The base URL, possibly with `${VAR}`.
        var baseURL: String
        /// Headers added to every request (the environment's), possibly with `${VAR}`.
        var headers: [(name: String, value: String)]
        /// What the headers came from, for messages: `environment naver (envelope.json)`.
        var origin: String?
    }

    /// The request for `contract`, or exit 2 naming the unset variable and the contract.
    func plan(_ contract: Contract, target: Target, expander: TemplateExpander) throws(CommandFailure) -> PlannedRequest {
        // Named in errors only, so made only for one.
        func place() -> String { "contract \(contract.name) (\(FileSystem.join(contractsDirectory, contract.file)))" }
        var secrets: [String] = []
        func expand(_ text: String, _ what: String, transform: (String) -> String = { $0 }) throws(CommandFailure) -> TemplateExpander.Expansion {
            do throws(TemplateExpander.MissingVariable) {
                let expansion = try expander.expansion(of: text, transform: transform)
                secrets += expansion.secrets
                return expansion
            } catch {
                throw .badInput("\(place()): \(what) uses ${\(error.name)}, which is not set in the environment. Set it (export \(error.name)=...) or leave this contract out with --only.")
            }
        }

        let originText = target.origin.map { " of \($0)" } ?? ""
        let base = try expand(target.baseURL, "the base URL\(originText)")
        guard base.value.hasPrefix("http://") || base.value.hasPrefix("https://") else {
            throw .badInput("\(place()): the base URL\(originText) is \(base.display), expected an http:// or https:// URL")
        }
        var url = base.value.hasSuffix("/") ? String(base.value.dropLast()) : base.value
        var display = base.display.hasSuffix("/") ? String(base.display.dropLast()) : base.display
        let path = try expand(contract.request.path, "the request path")
        url += path.value
        display += path.display
        for (position, item) in contract.request.query.enumerated() {
            let value = try expand(item.value, "query parameter \(item.name)", transform: QueryEncoding.encode)
            let pair = QueryEncoding.encode(item.name) + "="
            url += (position == 0 ? "?" : "&") + pair + value.value
            display += (position == 0 ? "?" : "&") + pair + value.display
        }

        var headers: [HTTPHeader] = []
        func add(_ name: String, _ value: String, _ what: String) throws(CommandFailure) {
            let expansion = try expand(value, what)
            if Redactor.isSensitiveHeader(name) { secrets.append(expansion.value) }
            // A contract's own header replaces the environment's header of the same name.
            headers.removeAll { $0.name.lowercased() == name.lowercased() }
            headers.append(HTTPHeader(name: name, value: expansion.value))
        }
        for header in target.headers { try add(header.name, header.value, "header \(header.name)\(originText)") }
        for header in contract.request.headers { try add(header.name, header.value, "header \(header.name)") }
        let body = contract.request.body.map { Array($0.serialized().utf8) }
        if body != nil, !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            headers.append(HTTPHeader(name: "Content-Type", value: "application/json"))
        }
        var request = HTTPRequest(method: contract.request.method, url: url, headers: headers, body: body,
                                  connectTimeout: connectTimeout, timeout: timeout,
                                  followRedirects: maxRedirects > 0, maxRedirects: maxRedirects,
                                  verifyTLS: !insecure, caCertificateFile: caCertificateFile, maxBodyBytes: maxBody)
        request.recordsTranscript = verbose
        return PlannedRequest(request: request, source: "\(contract.request.method) \(display)", displayURL: display, secrets: secrets)
    }
}
