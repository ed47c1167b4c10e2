/// Turns parsed requests into answers: admin requests go to the ``AdminAPI``, the others are
/// matched against the store's current stubs and written to the journal. Shared by every
/// event loop.
final class StubResponder: Sendable {
    let store: MockStore
    let journal: RequestJournal
    let admin: AdminAPI?
    let log: (@Sendable (MockRequestRecord) -> Void)?
    /// Where requests are forwarded, when they are.
    let forwarding: Forwarding?
    /// What templated stubs render with.
    let templating: TemplateRenderContext

    init(store: MockStore, journal: RequestJournal, admin: AdminAPI?, log: (@Sendable (MockRequestRecord) -> Void)?,
         forwarding: Forwarding? = nil,
         templating: TemplateRenderContext = TemplateRenderContext(environment: TemplateEnvironment(hostname: "localhost"), bodyFiles: .none,
                                                                   files: TemplateFiles())) {
        self.templating = templating
        self.store = store
        self.journal = journal
        self.admin = admin
        self.log = log
        self.forwarding = forwarding
    }

    func reply(to request: MockRequest, forceClose: Bool) -> Reply {
        let close = forceClose || !request.keepAlive
        let headOnly = request.method == "HEAD"
        if let admin, AdminAPI.handles(request.target) {
            return Reply(response: admin.answer(request), headOnly: headOnly, announceKeepAlive: request.versionMinor == 0, close: close)
        }
        let snapshot = store.snapshot()
        if let matched = stubReply(to: request, forceClose: forceClose, snapshot: snapshot) { return matched.reply }
        if case .proxyStubs(let unmatched?) = forwarding?.scope {
            return Reply(response: nil, close: close, forwardTo: unmatched)
        }
        let report = unmatchedReport(request, in: snapshot)
        journal.record(request, status: 404, stubIdentifier: nil)
        log?(MockRequestRecord(method: request.method, target: request.target, status: 404, stub: nil, unmatched: report))
        return Reply(response: .plainText(status: 404, report.description), headOnly: headOnly,
                     announceKeepAlive: request.versionMinor == 0, close: close)
    }

    /// The answer of the stub that matches `request` in `snapshot`, with the stub's index and,
    /// when drift was injected, the response it answers with instead of the stub's own; nil
    /// when none matches (nothing is journalled then).
    func stubReply(to request: MockRequest, forceClose: Bool, snapshot: StubSnapshot)
        -> (reply: Reply, index: Int, drifted: ResponseDefinition?)? {
        let close = forceClose || !request.keepAlive
        let headOnly = request.method == "HEAD"
        var mockRequest = request
        var index = match(mockRequest, in: snapshot)
        if index == nil, headOnly {
            // HEAD is GET without the body (RFC 9110 §9.3.2): use the GET stub.
            mockRequest.method = "GET"
            index = match(mockRequest, in: snapshot)
        }
        guard let index else { return nil }
        // The stub's fields are read in place: a copy of the whole stub retained some
        // twenty of them for every request.
        let stubs = snapshot.matcher.stubs
        var response = snapshot.prepared[index]
        // A proxy stub's request is journalled when the upstream's answer is in, with its status.
        if stubs[index].response.proxy == nil {
            journal.record(request, status: response.fault == nil ? stubs[index].response.status : 0, stubIdentifier: stubs[index].identifier)
        } else if forwarding == nil {
            journal.record(request, status: 502, stubIdentifier: stubs[index].identifier)
        }
        if let log {
            log(MockRequestRecord(method: request.method, target: request.target, status: stubs[index].response.status, stub: stubs[index],
                                  unmatched: nil))
        }
        // The stub's delays and the global ones (`/__admin/settings`) add up, as in WireMock.
        var delay = response.delayMilliseconds + snapshot.settings.fixedDelay
        var generator = SystemRandomNumberGenerator()
        if let distribution = stubs[index].response.delayDistribution { delay += distribution.sample(using: &generator) }
        if let distribution = snapshot.settings.delayDistribution { delay += distribution.sample(using: &generator) }
        delay = min(DelayDistribution.ceiling, delay)
        if var target = stubs[index].response.proxy {
            target.stubIdentifier = stubs[index].identifier
            return (proxyReply(to: target, headOnly: headOnly, versionMinor: request.versionMinor, close: close), index, nil)
        }
        if let fault = response.fault {
            return (Reply(response: nil, raw: Self.faultBytes(fault), delayMilliseconds: delay, fault: fault, close: true), index, nil)
        }
        let injections = snapshot.perRequestInjections[index]
        var drifted: ResponseDefinition?
        if let template = stubs[index].response.template {
            // Only templated stubs pay for rendering; the others answer from `prepared`.
            (response, drifted) = templatedAnswer(template, stub: stubs[index], request: request, snapshot: snapshot)
        } else if !injections.isEmpty {
            let store = self.store
            if let injected = DriftInjector.apply(injections, to: stubs[index].response.body, random: { store.random(seed: $0, below: $1) }) {
                var definition = stubs[index].response
                definition.body = injected.body
                definition.headers.append(MockHeader(name: "X-Envelope-Drift", value: DriftInjector.headerValue(injected.changes)))
                response = PreparedResponse(definition)
                drifted = definition
            }
        }
        let reply = Reply(response: response, headOnly: headOnly, announceKeepAlive: request.versionMinor == 0,
                          delayMilliseconds: delay, dribble: stubs[index].response.chunkedDribbleDelay, close: close)
        return (reply, index, drifted)
    }

    /// A templated stub's answer to `request`: rendered, then drifted as the stub's and the
    /// server's injections say (drift applies to what the template gave); the drifted
    /// definition when drift was injected.
    private func templatedAnswer(_ template: ResponseTemplate, stub: StubMapping, request: MockRequest,
                                 snapshot: StubSnapshot) -> (PreparedResponse, ResponseDefinition?) {
        var context = templating
        context.files = snapshot.templateFiles
        var pathTemplate: PathTemplate? = nil
        if case .urlPathTemplate(let path) = stub.request.url { pathTemplate = path }
        var definition = template.render(stub.response, request: request, pathTemplate: pathTemplate, context: context)
        let injections = stub.injections + store.injections
        guard !injections.isEmpty else { return (PreparedResponse(definition), nil) }
        let store = self.store
        guard let injected = DriftInjector.apply(injections, to: definition.body, random: { store.random(seed: $0, below: $1) }) else {
            return (PreparedResponse(definition), nil)
        }
        definition.body = injected.body
        definition.headers.append(MockHeader(name: "X-Envelope-Drift", value: DriftInjector.headerValue(injected.changes)))
        return (PreparedResponse(definition), definition)
    }

    /// The matching stub's index; a stub in a scenario moves it to its `newScenarioState`
    /// in the same step.
    private func match(_ request: MockRequest, in snapshot: StubSnapshot) -> Int? {
        let matcher = snapshot.matcher
        guard matcher.hasScenarios else { return matcher.matchIndex(request) }
        return store.withScenarios { states in
            let index = matcher.matchIndex(request) { states[$0] ?? ScenarioRule.started }
            if let index, let rule = matcher.stubs[index].scenario, let newState = rule.newState {
                states[rule.name] = newState
            }
            return index
        }
    }

    func unmatchedReport(_ request: MockRequest, in snapshot: StubSnapshot) -> UnmatchedReport {
        guard snapshot.matcher.hasScenarios else { return snapshot.matcher.unmatchedReport(for: request) }
        let states = store.withScenarios { $0 }
        return snapshot.matcher.unmatchedReport(for: request) { states[$0] ?? ScenarioRule.started }
    }

    /// The answer to a request that could not be parsed; the connection closes after it.
    func reply(to error: HTTPParseError) -> Reply {
        Reply(response: .plainText(status: error.status, error.reason + "\n"), close: true)
    }

    static func faultBytes(_ fault: ResponseDefinition.Fault) -> [UInt8] {
        switch fault {
        case .emptyResponse, .connectionResetByPeer:
            return []
        case .randomDataThenClose:
            var generator = SystemRandomNumberGenerator()
            return (0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) }
        case .malformedResponseChunk:
            return Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nlorem ipsum dolor sit amet".utf8)
        }
    }
}
