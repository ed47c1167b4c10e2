import EnvelopeCore
import Foundation

/// The admin endpoints that search: journal requests by pattern (`requests/remove`), near
/// misses for one request or one pattern, and stubs by their `metadata`.
extension AdminAPI {
    /// The answer for the routes this file serves, nil for any other route.
    func answerSearch(method: String, route: String, _ request: MockRequest) -> PreparedResponse? {
        switch (method, route) {
        case ("POST", "requests/remove"):
            return removeRequests(request.body)
        case ("POST", "near-misses/request"):
            return nearMisses(forLoggedRequest: request.body)
        case ("POST", "near-misses/request-pattern"):
            return nearMisses(forPattern: request.body)
        case ("POST", "mappings/find-by-metadata"), ("POST", "mappings/remove-by-metadata"):
            return stubsByMetadata(request.body, remove: route == "mappings/remove-by-metadata")
        default:
            return nil
        }
    }

    /// A request pattern posted as the body (an empty body matches everything).
    func postedPattern(_ body: [UInt8]) -> Result<RequestPattern, AdminFailure> {
        do {
            let document = try JSONDocument.parse(body.isEmpty ? Array("{}".utf8) : body, options: JSONParseOptions(duplicateKeys: .reject))
            return .success(try MappingReader(file: "request body", bodyFiles: bodyFiles).readRequest(node: document.root))
        } catch let error as MockLoadError {
            return .failure(AdminFailure(title: error.description))
        } catch {
            return .failure(AdminFailure(title: "request body: not valid JSON: \(error)"))
        }
    }

    private func removeRequests(_ body: [UInt8]) -> PreparedResponse {
        let pattern: RequestPattern
        switch postedPattern(body) {
        case .success(let posted): pattern = posted
        case .failure(let failure): return error(422, failure.title)
        }
        let removed = journal.remove { StubMatcher.matches(pattern, $0.request) }
        let stubs = stubsByIdentifier()
        return json(200, .object([member("serveEvents", .array(removed.map { AdminJSON.serveEvent($0, stubs: stubs) }))]))
    }

    /// WireMock's `POST /__admin/near-misses/request`: the stubs closest to a logged request
    /// (`{"url", "method", "headers", "body"}`), as in the 404 report.
    private func nearMisses(forLoggedRequest body: [UInt8]) -> PreparedResponse {
        guard let document = try? JSONDocument.parse(body), document.root.kind == .object,
              let url = document.root["url"]?.stringValue ?? document.root["absoluteUrl"]?.stringValue else {
            return error(422, "request body: expected a logged request such as {\"url\": \"/path\", \"method\": \"GET\"}")
        }
        var headers: [MockHeader] = []
        for header in document.root["headers"]?.members ?? [] {
            let values = header.value.kind == .array ? header.value.elements.compactMap(\.stringValue) : [header.value.stringValue].compactMap { $0 }
            headers += values.map { MockHeader(name: header.key, value: $0) }
        }
        var requestBody = Array((document.root["body"]?.stringValue ?? "").utf8)
        if let base64 = document.root["bodyAsBase64"]?.stringValue, let decoded = Data(base64Encoded: base64) { requestBody = Array(decoded) }
        let logged = MockRequest(method: document.root["method"]?.stringValue ?? "GET", target: url, headers: headers, body: requestBody)
        let states = store.withScenarios { $0 }
        let report = store.snapshot().matcher.unmatchedReport(for: logged) { states[$0] ?? ScenarioRule.started }
        let entry = JournalEntry(sequence: 0, request: logged, loggedAt: Date().timeIntervalSince1970, status: 0, stubIdentifier: nil)
        let misses: [JSONValue] = report.candidates.map { candidate in
            .object([member("request", AdminJSON.loggedRequest(entry)), member("stubMapping", AdminJSON.stub(candidate.stub)),
                     member("matchResult", .object([member("distance", distance(candidate.score))]))])
        }
        return json(200, .object([member("nearMisses", .array(misses))]))
    }

    /// WireMock's `POST /__admin/near-misses/request-pattern`: the journal requests closest to
    /// a pattern, best first (at most three), scored as the 404 report scores stubs.
    private func nearMisses(forPattern body: [UInt8]) -> PreparedResponse {
        let pattern: RequestPattern
        switch postedPattern(body) {
        case .success(let posted): pattern = posted
        case .failure(let failure): return error(422, failure.title)
        }
        let probe = StubMatcher(stubs: [StubMapping(request: pattern, response: ResponseDefinition(), source: MappingSource(file: "request body"))])
        var scored: [(entry: JournalEntry, score: Double)] = []
        for entry in journal.all() {
            guard let candidate = probe.unmatchedReport(for: entry.request, limit: 1).candidates.first else { continue }
            scored.append((entry, candidate.score))
        }
        // Stable: equal scores keep the journal's order, newest first.
        let best = scored.enumerated().sorted { $0.element.score != $1.element.score ? $0.element.score > $1.element.score : $0.offset < $1.offset }
        let written = (try? JSONDocument.parse(body.isEmpty ? Array("{}".utf8) : body))?.root.value ?? .object([])
        let misses: [JSONValue] = best.prefix(3).map { item in
            .object([member("request", AdminJSON.loggedRequest(item.element.entry)), member("requestPattern", written),
                     member("matchResult", .object([member("distance", distance(item.element.score))]))])
        }
        return json(200, .object([member("nearMisses", .array(misses))]))
    }

    private func distance(_ score: Double) -> JSONValue {
        .number(String(format: "%.4f", 1 - score))
    }

    /// `mappings/find-by-metadata` and `remove-by-metadata`: the body is one value pattern
    /// (`{"matchesJsonPath": {"expression": "$.team", "equalTo": "a"}}`, `equalToJson`, ...)
    /// tested against each stub's `metadata` as JSON; stubs without `metadata` never match.
    private func stubsByMetadata(_ body: [UInt8], remove: Bool) -> PreparedResponse {
        let matcher: BodyMatcher
        do {
            let document = try JSONDocument.parse(body, options: JSONParseOptions(duplicateKeys: .reject))
            matcher = try MappingReader(file: "request body", bodyFiles: bodyFiles).bodyMatcher(document.root)
        } catch let error as MockLoadError {
            return self.error(422, error.description)
        } catch {
            return self.error(422, "request body: expected a pattern such as {\"matchesJsonPath\": \"$.team\"}: \(error)")
        }
        let found = store.snapshot().matcher.stubs.filter { stub in
            guard let document = try? JSONDocument.parse(stub.json), let metadata = document.root["metadata"] else { return false }
            return matcher.matches(Array(metadata.rawBytes))
        }
        if remove {
            for stub in found { _ = store.remove(identifier: stub.identifier) }
            return json(200, .object([]))
        }
        return json(200, .object([member("mappings", .array(found.map(AdminJSON.stub))),
                                  member("meta", .object([member("total", .number(String(found.count)))]))]))
    }
}

/// Why a posted admin body was refused (the `title` of WireMock's error shape).
struct AdminFailure: Error {
    var title: String
}
