import EnvelopeCore

/// One immutable generation of the stubs: the matcher and every answer encoded once. The
/// store swaps in a new snapshot when stubs are added, removed or reloaded; requests in
/// flight keep the one they started with.
final class StubSnapshot: Sendable {
    let matcher: StubMatcher
    /// The answers, by stub index, with fixed drift injections already applied.
    let prepared: [PreparedResponse]
    /// By stub index: the injections to apply per answer (only when one of them is random).
    let perRequestInjections: [[DriftInjection]]
    /// The global delay of `/__admin/settings`, added to every answer's own.
    let settings: GlobalSettings
    /// The body files templated `bodyFileName`s pick, compiled once per name in this generation.
    let templateFiles = TemplateFiles()

    /// - Parameter injections: drift for every JSON answer (`envelope serve --inject`),
    ///   applied after each stub's own.
    init(stubs: [StubMapping], injections: [DriftInjection], settings: GlobalSettings = GlobalSettings()) {
        matcher = StubMatcher(stubs: stubs)
        self.settings = settings
        // Each answer is encoded on its own, so on every core: `check` makes the snapshot of
        // a thousand mappings between loading them and the first request, while nothing
        // else runs.
        let answers = ParallelMap.map(stubs, chunkSize: 64) { stub in Self.prepare(stub, injections: injections) }
        prepared = answers.map(\.response)
        perRequestInjections = answers.map(\.perRequest)
    }

    /// The same stubs and answers under other settings: a settings change does not encode
    /// the answers again.
    init(_ other: StubSnapshot, settings: GlobalSettings) {
        matcher = other.matcher
        prepared = other.prepared
        perRequestInjections = other.perRequestInjections
        self.settings = settings
    }

    /// `stub`'s answer encoded, with its fixed drift applied; or, when a drift is random, the
    /// answer as written and the injections to apply per request.
    private static func prepare(_ stub: StubMapping, injections: [DriftInjection]) -> (response: PreparedResponse, perRequest: [DriftInjection]) {
        let all = stub.injections + injections
        var response = stub.response
        if all.contains(where: \.isRandom) { return (PreparedResponse(response), all) }
        if let drifted = DriftInjector.apply(all, to: response.body, random: nil) {
            response.body = drifted.body
            response.headers.append(MockHeader(name: "X-Envelope-Drift", value: DriftInjector.headerValue(drifted.changes)))
        }
        return (PreparedResponse(response), [])
    }
}
