import EnvelopeCore
import Foundation
import Synchronization

/// WireMock's admin API under `/__admin`: stubs (list, add, get, remove, reset), the request
/// journal, unmatched requests and near misses, scenarios, recordings, and a full reset. Answers are JSON
/// in WireMock's shapes where practical.
final class AdminAPI: Sendable {
    let store: MockStore
    let journal: RequestJournal
    /// Where `bodyFileName` looks for stubs added over HTTP.
    let bodyFiles: BodyFiles
    /// Where `mappings/save` writes; nil when the server has no mappings folder.
    let mappingFiles: MappingFiles?
    /// What turns a recording into mappings; nil when the server cannot record.
    let recorder: (any ExchangeRecorder)?
    /// Where `/__admin/recordings` is.
    let recording = Mutex(RecordingState())
    /// `--global-response-templating`: every stub added here is a template, as the files' are.
    let globalTemplating: Bool

    init(store: MockStore, journal: RequestJournal, bodyFiles: BodyFiles, mappingFiles: MappingFiles? = nil,
         recorder: (any ExchangeRecorder)? = nil, globalTemplating: Bool = false) {
        self.globalTemplating = globalTemplating
        self.store = store
        self.journal = journal
        self.bodyFiles = bodyFiles
        self.mappingFiles = mappingFiles
        self.recorder = recorder
    }

    /// Whether `target` is an admin request (`/__admin` or below it).
    static func handles(_ target: String) -> Bool {
        guard target.hasPrefix("/__admin") else { return false }
        let rest = target.utf8.dropFirst(8)
        return rest.isEmpty || rest.first == UInt8(ascii: "/") || rest.first == UInt8(ascii: "?")
    }

    /// The answer to one admin request.
    func answer(_ request: MockRequest) -> PreparedResponse {
        var path = String(request.path.dropFirst(8))
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        let segments = path.unicodeScalars.split(separator: "/").map { percentDecoded(Substring($0), plusIsSpace: false) }
        let method = request.method == "HEAD" ? "GET" : request.method
        let route = segments.joined(separator: "/")
        switch (method, route) {
        case ("GET", ""), ("GET", "health"):
            return json(200, .object([member("status", .string("healthy")), member("service", .string("envelope mock server"))]))
        case ("GET", "mappings"):
            return listMappings(limit: request.queryValue("limit").flatMap(Int.init), offset: request.queryValue("offset").flatMap(Int.init) ?? 0)
        case ("POST", "mappings"):
            return addMappings(request.body)
        case ("POST", "mappings/import"):
            return importMappings(request.body)
        case ("DELETE", "mappings"):
            store.removeAll()
            return json(200, .object([]))
        case ("POST", "mappings/save"):
            return saveMappings()
        case ("POST", "mappings/reset"):
            store.resetMappings()
            return json(200, .object([]))
        case ("GET", "requests"):
            var entries = journal.all()
            if let since = request.queryValue("since") {
                guard let date = AdminJSON.date(since) else {
                    return error(422, "since: \(quoted(since)) is not an ISO 8601 date-time; write it as 2026-01-31T09:30:00Z")
                }
                // WireMock keeps the requests logged after `since`.
                entries = entries.filter { $0.loggedAt > date.timeIntervalSince1970 }
            }
            return listRequests(entries, limit: request.queryValue("limit").flatMap(Int.init))
        case ("DELETE", "requests"), ("POST", "requests/reset"):
            journal.clear()
            return json(200, .object([]))
        case ("POST", "requests/count"), ("POST", "requests/find"):
            return findRequests(request.body, countOnly: route == "requests/count")
        case ("GET", "requests/unmatched"):
            let unmatched = journal.all().filter { !$0.wasMatched }
            return json(200, .object([member("requests", .array(unmatched.map(AdminJSON.loggedRequest))),
                                      member("meta", .object([member("total", .number(String(unmatched.count)))]))]))
        case ("GET", "requests/unmatched/near-misses"):
            return nearMisses()
        case ("GET", "scenarios"):
            return listScenarios()
        case ("POST", "scenarios/reset"):
            store.resetScenarios()
            return json(200, .object([]))
        case ("POST", "reset"):
            store.resetMappings()
            store.resetScenarios()
            journal.clear()
            return json(200, .object([]))
        default:
            if let answer = answerSearch(method: method, route: route, request) ?? answerSettings(method: method, route: route, request)
                ?? answerRecordings(method: method, route: route, request) {
                return answer
            }
        }
        if segments.count == 2, segments[0] == "mappings" {
            let id = segments[1]
            let exists = store.snapshot().matcher.stubs.contains { $0.identifier == id }
            switch method {
            case "GET":
                guard let stub = store.snapshot().matcher.stubs.first(where: { $0.identifier == id }) else { return notFound("stub mapping \(id)") }
                return json(200, AdminJSON.stub(stub))
            case "PUT":
                return exists ? addMappings(request.body, replacing: id) : notFound("stub mapping \(id)")
            case "DELETE":
                return store.remove(identifier: id) ? json(200, .object([])) : notFound("stub mapping \(id)")
            default:
                break
            }
        }
        if method == "GET", segments.count == 2, segments[0] == "requests" {
            guard let entry = journal.all().first(where: { $0.id == segments[1] }) else { return notFound("request \(segments[1])") }
            return json(200, AdminJSON.serveEvent(entry, stubs: stubsByIdentifier()))
        }
        if method == "PUT", segments.count == 3, segments[0] == "scenarios", segments[2] == "state" {
            return setScenario(segments[1], body: request.body)
        }
        return error(404, "no admin endpoint \(request.method) /__admin\(path); see docs/mocks.md for the supported ones")
    }

    // MARK: Stubs

    private func listMappings(limit: Int?, offset: Int) -> PreparedResponse {
        let snapshot = store.snapshot()
        let ranked = snapshot.matcher.ranked.map { snapshot.matcher.stubs[$0] }
        let page = ranked.dropFirst(max(0, offset)).prefix(max(0, limit ?? Int.max))
        return json(200, .object([member("mappings", .array(page.map(AdminJSON.stub))),
                                  member("meta", .object([member("total", .number(String(ranked.count)))]))]))
    }

    private func addMappings(_ body: [UInt8], replacing id: String? = nil) -> PreparedResponse {
        let stubs: [StubMapping]
        do {
            stubs = try parseStubs(body, file: "request body")
        } catch {
            return self.error(422, error.description)
        }
        return install(stubs, replacing: id)
    }

    /// The stubs in `bytes` (one stub or `{"mappings": [...]}`), templates under global
    /// templating; `file` names them in errors.
    func parseStubs(_ bytes: [UInt8], file: String) throws(MockLoadError) -> [StubMapping] {
        try MockMappings.parse(bytes, file: file, bodyFiles: bodyFiles, globalTemplating: globalTemplating)
    }

    /// Adds parsed stubs (`id`: the one stub replaces the stub with that id) and answers as
    /// WireMock does.
    func install(_ stubs: [StubMapping], replacing id: String? = nil) -> PreparedResponse {
        if let id {
            _ = store.remove(identifier: id)
        }
        let added = stubs.map { stub in
            var stub = stub
            if let id, stubs.count == 1 { stub.identifier = id }
            // WireMock gives every stub added over HTTP an id, and the 404 report names a stub
            // by its name, else that id (not by the "request body" it was parsed from).
            if stub.id == nil { stub.id = stub.identifier }
            stub.source = MappingSource(file: MappingSource.adminAPI)
            return stub
        }
        // In order: among equal priorities the stub added last answers, as in WireMock.
        for stub in added { store.add(stub) }
        // WireMock answers 201 with the stub it created.
        if added.count == 1, let created = added.first {
            return json(id == nil ? 201 : 200, AdminJSON.stub(created))
        }
        return json(200, .object([member("mappings", .array(added.map(AdminJSON.stub)))]))
    }

    /// Writes every stub added over HTTP to the mappings folder, one `ID.json` each, as the
    /// admin API shows it (WireMock's `mappings/save`).
    private func saveMappings() -> PreparedResponse {
        guard let mappingFiles else {
            return error(409, "this server has no mappings folder to save to (start it with envelope serve --mocks DIR)")
        }
        let added = store.snapshot().matcher.stubs.filter { $0.source.file == MappingSource.adminAPI }
        for stub in added {
            let bytes = Array((AdminJSON.stub(stub).serialized(pretty: true) + "\n").utf8)
            if let failure = mappingFiles.save(bytes, as: MappingFiles.fileName(for: stub.identifier)) {
                return error(500, failure)
            }
        }
        return json(200, .object([]))
    }

    func stubsByIdentifier() -> [String: StubMapping] {
        var result: [String: StubMapping] = [:]
        for stub in store.snapshot().matcher.stubs { result[stub.identifier] = stub }
        return result
    }

    // MARK: Journal

    private func listRequests(_ entries: [JournalEntry], limit: Int?) -> PreparedResponse {
        let stubs = stubsByIdentifier()
        let page = entries.prefix(max(0, limit ?? Int.max))
        return json(200, .object([member("requests", .array(page.map { AdminJSON.serveEvent($0, stubs: stubs) })),
                                  member("meta", .object([member("total", .number(String(entries.count)))])),
                                  member("requestJournalDisabled", .bool(journal.capacity == 0))]))
    }

    private func findRequests(_ body: [UInt8], countOnly: Bool) -> PreparedResponse {
        let pattern: RequestPattern
        do {
            let document = try JSONDocument.parse(body.isEmpty ? Array("{}".utf8) : body, options: JSONParseOptions(duplicateKeys: .reject))
            pattern = try MappingReader(file: "request body", bodyFiles: bodyFiles).readRequest(node: document.root)
        } catch let error as MockLoadError {
            return self.error(422, error.description)
        } catch {
            return self.error(422, "request body: not valid JSON: \(error)")
        }
        let found = journal.all().filter { StubMatcher.matches(pattern, $0.request) }
        if countOnly {
            return json(200, .object([member("count", .number(String(found.count)))]))
        }
        return json(200, .object([member("requests", .array(found.map(AdminJSON.loggedRequest)))]))
    }

    private func nearMisses() -> PreparedResponse {
        let snapshot = store.snapshot()
        let states = store.withScenarios { $0 }
        var misses: [JSONValue] = []
        for entry in journal.all() where !entry.wasMatched {
            let report = snapshot.matcher.unmatchedReport(for: entry.request) { states[$0] ?? ScenarioRule.started }
            for candidate in report.candidates {
                misses.append(.object([
                    member("request", AdminJSON.loggedRequest(entry)),
                    member("stubMapping", AdminJSON.stub(candidate.stub)),
                    member("matchResult", .object([member("distance", .number(String(format: "%.4f", 1 - candidate.score)))])),
                    member("mismatches", .array(candidate.mismatches.map {
                        .object([member("part", .string($0.label)), member("detail", .string($0.detail))])
                    })),
                ]))
            }
        }
        return json(200, .object([member("nearMisses", .array(misses))]))
    }

    // MARK: Scenarios

    private func listScenarios() -> PreparedResponse {
        let stubs = store.snapshot().matcher.stubs
        let states = store.withScenarios { $0 }
        var names: [String] = []
        var possible: [String: [String]] = [:]
        for stub in stubs {
            guard let rule = stub.scenario else { continue }
            if possible[rule.name] == nil { names.append(rule.name); possible[rule.name] = [ScenarioRule.started] }
            for state in [rule.requiredState, rule.newState].compactMap({ $0 }) where !(possible[rule.name] ?? []).contains(state) {
                possible[rule.name, default: []].append(state)
            }
        }
        let list: [JSONValue] = names.map { name in
            .object([member("id", .string(name)), member("name", .string(name)),
                     member("state", .string(states[name] ?? ScenarioRule.started)),
                     member("possibleStates", .array((possible[name] ?? []).map(JSONValue.string)))])
        }
        return json(200, .object([member("scenarios", .array(list))]))
    }

    private func setScenario(_ name: String, body: [UInt8]) -> PreparedResponse {
        guard store.snapshot().matcher.stubs.contains(where: { $0.scenario?.name == name }) else { return notFound("scenario \(name)") }
        var state = ScenarioRule.started
        if !body.isEmpty {
            guard let document = try? JSONDocument.parse(body), let value = document.root["state"]?.stringValue else {
                return error(422, "request body: expected {\"state\": \"NAME\"}")
            }
            state = value
        }
        store.withScenarios { $0[name] = state }
        return json(200, .object([]))
    }

    // MARK: Answers

    func json(_ status: Int, _ value: JSONValue) -> PreparedResponse {
        PreparedResponse(status: status, headers: [MockHeader(name: "Content-Type", value: "application/json")],
                         body: Array((value.serialized(pretty: true) + "\n").utf8))
    }

    private func notFound(_ what: String) -> PreparedResponse {
        error(404, "no \(what)")
    }

    /// WireMock's error shape: `{"errors": [{"code": 10, "title": "..."}]}`.
    func error(_ status: Int, _ title: String) -> PreparedResponse {
        json(status, .object([member("errors", .array([.object([member("code", .number(status == 422 ? "10" : "40")),
                                                                 member("title", .string(title))])]))]))
    }
}

/// A JSON object member, for building answers.
func member(_ key: String, _ value: JSONValue) -> JSONValue.Member {
    JSONValue.Member(key: key, value: value)
}
