import EnvelopeCore

/// WireMock's recordings API: `POST /__admin/recordings/start` puts a catch-all proxy stub in
/// front of the target, `stop` removes it and turns what was proxied meanwhile into mappings,
/// `snapshot` does the same with every proxied request in the journal, `GET status` says
/// which state the recorder is in.
extension AdminAPI {
    /// Where the recorder is, as `GET /__admin/recordings/status` names it.
    enum RecordingStatus: String, Sendable {
        case neverStarted = "NeverStarted", recording = "Recording", stopped = "Stopped"
    }

    /// The recorder's state: its status, the journal's last sequence number at the start (the
    /// recording keeps what comes after), the spec, and the proxy stub it added.
    struct RecordingState: Sendable {
        var status = RecordingStatus.neverStarted
        var since: UInt64 = 0
        var spec = RecordingSpec()
        var proxyStub: String?
    }

    /// The answer to a recordings request, nil when `route` is not one.
    func answerRecordings(method: String, route: String, _ request: MockRequest) -> PreparedResponse? {
        switch (method, route) {
        case ("GET", "recordings/status"):
            return json(200, .object([member("status", .string(recording.withLock { $0.status.rawValue }))]))
        case ("POST", "recordings/start"):
            return startRecording(request.body)
        case ("POST", "recordings/stop"):
            return stopRecording()
        case ("POST", "recordings/snapshot"):
            return withSpec(request.body) { spec in
                let proxied = journal.all().reversed().filter { $0.proxied != nil }
                return finishRecording(Array(proxied), spec: spec)
            }
        default:
            return nil
        }
    }

    private func startRecording(_ body: [UInt8]) -> PreparedResponse {
        withSpec(body) { spec in
            guard let target = spec.targetBaseURL, target.hasPrefix("http://") || target.hasPrefix("https://") else {
                return error(422, "targetBaseUrl: expected the upstream's http:// or https:// base URL, such as {\"targetBaseUrl\": \"http://localhost:9000\"}")
            }
            guard journal.capacity > 0 else {
                return error(409, "the request journal is off (--journal-size 0), and a recording is read from it; start the server with a journal")
            }
            let proxy: StubMapping
            do throws(MockLoadError) {
                let text = "{\"request\": {\"method\": \"ANY\"}, \"response\": {\"proxyBaseUrl\": \(JSONValue.quoted(target))}}"
                guard let parsed = try MockMappings.parse(Array(text.utf8), file: "recording", bodyFiles: bodyFiles).first else {
                    return error(500, "the recording's proxy stub could not be made")
                }
                proxy = parsed
            } catch {
                return self.error(422, "targetBaseUrl: \(error.description)")
            }
            let previous = recording.withLock { state -> String? in
                defer { state = RecordingState(status: .recording, since: journal.lastSequence, spec: spec, proxyStub: proxy.identifier) }
                return state.proxyStub
            }
            if let previous { _ = store.remove(identifier: previous) }
            // Added last among equal priorities, the proxy stub answers every request, as in WireMock.
            _ = install([proxy])
            return json(200, .object([]))
        }
    }

    private func stopRecording() -> PreparedResponse {
        let state = recording.withLock { state -> RecordingState? in
            guard state.status == .recording else { return nil }
            defer { state.status = .stopped; state.proxyStub = nil }
            return state
        }
        guard let state else {
            return json(400, .object([member("errors", .array([.object([member("code", .number("30")),
                                                                          member("title", .string("Not currently recording."))])]))]))
        }
        if let proxy = state.proxyStub { _ = store.remove(identifier: proxy) }
        let proxied = journal.all().reversed().filter { $0.sequence > state.since && $0.proxied != nil }
        return finishRecording(Array(proxied), spec: state.spec)
    }

    /// The mappings for `entries` (oldest first) that pass the spec's filters, added as stubs
    /// when persisted; answered as `{"mappings": [...]}`, or `{"ids": [...]}` for `IDS`.
    private func finishRecording(_ entries: [JournalEntry], spec: RecordingSpec) -> PreparedResponse {
        guard let recorder else { return error(501, Self.noRecorder) }
        let exchanges = entries.compactMap { entry -> RecordedExchange? in
            guard let response = entry.proxied else { return nil }
            if let filter = spec.filter, !StubMatcher.matches(filter, entry.request) { return nil }
            if let ids = spec.journalIDs, !ids.contains(entry.id) { return nil }
            return RecordedExchange(request: entry.request, response: response)
        }
        let outcome = recorder.mappings(for: exchanges, spec: spec)
        var stubs: [StubMapping] = []
        for text in outcome.mappings {
            do throws(MockLoadError) {
                stubs += try parseStubs(Array(text.utf8), file: "recording")
            } catch {
                return self.error(500, "a recorded mapping does not load: \(error.description)")
            }
        }
        if spec.persist {
            for var stub in stubs {
                stub.source = MappingSource(file: MappingSource.recording)
                store.add(stub)
            }
        }
        switch spec.outputFormat {
        case .full: return json(200, .object([member("mappings", .array(stubs.map(AdminJSON.stub)))]))
        case .ids: return json(200, .object([member("ids", .array(stubs.map { .string($0.identifier) }))]))
        }
    }

    /// `body` read as a spec and handed to `answer`, or a 422 saying what is wrong with it; a
    /// 501 when the server cannot record.
    private func withSpec(_ body: [UInt8], _ answer: (RecordingSpec) -> PreparedResponse) -> PreparedResponse {
        guard recorder != nil else { return error(501, Self.noRecorder) }
        switch RecordingSpec.parse(body, bodyFiles: bodyFiles) {
        case .success(let spec): return answer(spec)
        case .failure(let failure): return error(422, failure.message)
        }
    }

    static let noRecorder = "this server cannot record: recordings need envelope serve, which forwards and writes mappings"
}
