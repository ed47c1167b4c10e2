/// One immutable generation of the stubs: the matcher and every answer encoded once. The
/// store swaps in a new snapshot when stubs are added, removed or reloaded; requests in
/// flight keep the one they started with.
final class StubSnapshot: Sendable {
    let matcher: StubMatcher
    /// The answers, by stub index, with fixed drift injections already applied.
    let prepared: [PreparedResponse]
    /// By stub index: the injections to apply per answer (only when one of them is random).
    let perRequestInjections: [[DriftInjection]]

    /// - Parameter injections: drift for every JSON answer (`envelope serve --inject`),
    ///   applied after each stub's own.
    init(stubs: [StubMapping], injections: [DriftInjection]) {
        matcher = StubMatcher(stubs: stubs)
        var prepared: [PreparedResponse] = []
        var perRequest: [[DriftInjection]] = []
        prepared.reserveCapacity(stubs.count)
        for stub in stubs {
            let all = stub.injections + injections
            var response = stub.response
            if all.contains(where: \.isRandom) {
                perRequest.append(all)
            } else {
                perRequest.append([])
                if let drifted = DriftInjector.apply(all, to: response.body, random: nil) {
                    response.body = drifted.body
                    response.headers.append(HTTPHeader(name: "X-Envelope-Drift", value: DriftInjector.headerValue(drifted.changes)))
                }
            }
            prepared.append(PreparedResponse(response))
        }
        self.prepared = prepared
        self.perRequestInjections = perRequest
    }
}
