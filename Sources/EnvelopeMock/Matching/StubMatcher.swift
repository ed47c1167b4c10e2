/// Picks the stub that answers a request.
///
/// The best stub is the matching one with the lowest `priority` number; among equal
/// priorities the one added last wins (WireMock sorts by priority, then newest insertion
/// first: a later file, a later element of a `mappings` array, a stub added over HTTP). Stubs that require an exact path (`url`, `urlPath`)
/// are indexed by path and then by method, so a request only tests the stubs filed under its
/// own path and method (or `ANY`) plus the stubs without an exact path: ten thousand
/// exact-path stubs cost two dictionary lookups.
package final class StubMatcher: Sendable {
    /// The stubs in load order.
    package let stubs: [StubMapping]
    /// Whether any stub takes part in a scenario (then matching needs the scenario states).
    package let hasScenarios: Bool
    /// Stub indices in the order they are tried (priority, then the later stub first).
    let ranked: [Int]
    /// Exact path → positions in `ranked`, ascending, by method.
    private let byExactPath: [String: PathEntry]
    /// Positions in `ranked` of stubs without an exact path, ascending.
    private let unindexed: [Int]

    private struct PathEntry: Sendable {
        /// A path has a stub for a method or two, so a list searched in order: cheaper than a
        /// dictionary per path, which costs an allocation and a hash per stub.
        var byMethod: [(method: String, positions: [Int])] = []
        var anyMethod: [Int] = []

        /// Files the stub at rank `position` under `method`.
        mutating func add(_ position: Int, method: String) {
            if let slot = byMethod.firstIndex(where: { $0.method == method }) {
                byMethod[slot].positions.append(position)
            } else {
                byMethod.append((method, [position]))
            }
        }

        /// The positions filed under `method`, if any.
        func positions(for method: String) -> [Int]? {
            byMethod.first { $0.method == method }?.positions
        }
    }

    package convenience init(mappings: MockMappings) {
        self.init(stubs: mappings.stubs)
    }

    package init(stubs: [StubMapping]) {
        self.stubs = stubs
        let ranked = stubs.indices.sorted { a, b in
            stubs[a].priority != stubs[b].priority ? stubs[a].priority < stubs[b].priority : a > b
        }
        self.ranked = ranked
        var byExactPath: [String: PathEntry] = Dictionary(minimumCapacity: stubs.count)
        var unindexed: [Int] = []
        for (position, index) in ranked.enumerated() {
            let request = stubs[index].request
            if let path = request.url?.exactPath {
                if let method = request.method {
                    byExactPath[path, default: PathEntry()].add(position, method: method)
                } else {
                    byExactPath[path, default: PathEntry()].anyMethod.append(position)
                }
            } else {
                unindexed.append(position)
            }
        }
        self.byExactPath = byExactPath
        self.unindexed = unindexed
        self.hasScenarios = stubs.contains { $0.scenario != nil }
    }

    /// The index (into ``stubs``) of the stub that answers `request`, or nil. `scenarioState`
    /// gives a scenario's current state (stubs with a `requiredScenarioState` need it).
    package func matchIndex(_ request: MockRequest, scenarioState: (String) -> String = { _ in ScenarioRule.started }) -> Int? {
        let lists = candidateLists(for: request)
        var cursors = [Int](repeating: 0, count: lists.count)
        while true {
            // Take the smallest rank position among the ascending lists.
            var best = Int.max
            var which = -1
            for list in lists.indices where cursors[list] < lists[list].count && lists[list][cursors[list]] < best {
                best = lists[list][cursors[list]]
                which = list
            }
            guard which >= 0 else { return nil }
            cursors[which] += 1
            // The same position can sit in two lists (a path equal to its decoded form is
            // looked up once, but ANY and a method never share a position), so skip repeats.
            for list in lists.indices where cursors[list] < lists[list].count && lists[list][cursors[list]] == best {
                cursors[list] += 1
            }
            let index = ranked[best]
            // Read in place: a copy of the stub retained some twenty fields per request.
            if let required = stubs[index].scenario?.requiredState, scenarioState(stubs[index].scenario?.name ?? "") != required { continue }
            if Self.matches(stubs[index].request, request) { return index }
        }
    }

    /// Every stub that accepts `request` (``matches(_:_:)``), whatever its scenario state, as
    /// indices into ``stubs`` in the order they are tried. Only the stubs filed under the
    /// request's path and method, and those without an exact path, are tested.
    package func matchingIndices(_ request: MockRequest) -> [Int] {
        // Ascending and without repeats, as in matchIndex.
        let positions = Set(candidateLists(for: request).joined()).sorted()
        return positions.map { ranked[$0] }.filter { Self.matches(stubs[$0].request, request) }
    }

    /// The positions in ``ranked`` that may match `request`, as ascending lists: the stubs
    /// filed under its path (as sent and decoded) for its method and for any method, and
    /// those without an exact path.
    private func candidateLists(for request: MockRequest) -> [[Int]] {
        var lists: [[Int]] = []
        lists.reserveCapacity(5)
        func addCandidates(_ path: String) {
            guard let entry = byExactPath[path] else { return }
            if let forMethod = entry.positions(for: request.method) { lists.append(forMethod) }
            if !entry.anyMethod.isEmpty { lists.append(entry.anyMethod) }
        }
        addCandidates(request.path)
        if request.decodedPath != request.path { addCandidates(request.decodedPath) }
        if !unindexed.isEmpty { lists.append(unindexed) }
        return lists
    }

    /// The stub that answers `request`, or nil.
    package func match(_ request: MockRequest, scenarioState: (String) -> String = { _ in ScenarioRule.started }) -> StubMapping? {
        matchIndex(request, scenarioState: scenarioState).map { stubs[$0] }
    }

    /// Whether `pattern` accepts `request` (every part that is set matches).
    package static func matches(_ pattern: RequestPattern, _ request: MockRequest) -> Bool {
        if let method = pattern.method, method != request.method { return false }
        if let url = pattern.url, !urlMatches(url, request) { return false }
        if !pattern.pathParameters.isEmpty {
            guard case .urlPathTemplate(let template) = pattern.url, let values = templateValues(template, request) else { return false }
            for parameter in pattern.pathParameters where !parameter.matcher.matches(values[parameter.name]) { return false }
        }
        for parameter in pattern.queryParameters where !parameter.matcher.matchesAny(queryValues(request, parameter.name)) {
            return false
        }
        for header in pattern.headers where !header.matcher.matchesAny(headerValues(request, header.name)) {
            return false
        }
        for cookie in pattern.cookies where !cookie.matcher.matchesAny(request.cookieValues(cookie.name)) {
            return false
        }
        for body in pattern.bodyPatterns where !body.matches(request.body) {
            return false
        }
        return true
    }

    // MARK: - Parts

    static func urlMatches(_ matcher: URLMatcher, _ request: MockRequest) -> Bool {
        switch matcher {
        case .url(let url):
            return request.url == url
        case .urlPath(let path):
            return request.path == path || request.decodedPath == path
        case .urlPathPattern(let regex):
            return regex.matchesWhole(request.path)
                || (request.decodedPath != request.path && regex.matchesWhole(request.decodedPath))
        case .urlPattern(let regex):
            return regex.matchesWhole(request.url)
        case .urlPathTemplate(let template):
            return template.match(Substring(request.path)) != nil
        }
    }

    static func templateValues(_ template: PathTemplate, _ request: MockRequest) -> [String: String]? {
        template.match(Substring(request.path))
    }

    static func queryValues(_ request: MockRequest, _ name: String) -> [String] {
        request.queryParameters.compactMap { $0.name == name ? $0.value : nil }
    }

    static func headerValues(_ request: MockRequest, _ name: String) -> [String] {
        request.headers.compactMap { $0.hasName(name) ? $0.value : nil }
    }
}
