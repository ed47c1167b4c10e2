/// Picks the stub that answers a request.
///
/// The best stub is the matching one with the lowest `priority` number; among equal
/// priorities the one loaded first wins. Stubs that require an exact path (`url`, `urlPath`)
/// are indexed by that path, so a request only tests the stubs filed under its own path plus
/// the pattern stubs: thousands of exact-path stubs cost one dictionary lookup.
public final class StubMatcher: Sendable {
    /// The stubs in load order.
    public let stubs: [StubMapping]
    /// Stub indices in the order they are tried (priority, then load order).
    private let ranked: [Int]
    /// Exact path → positions in `ranked`, ascending.
    private let byExactPath: [String: [Int]]
    /// Positions in `ranked` of stubs without an exact path, ascending.
    private let unindexed: [Int]

    public convenience init(mappings: MockMappings) {
        self.init(stubs: mappings.stubs)
    }

    public init(stubs: [StubMapping]) {
        self.stubs = stubs
        let ranked = stubs.indices.sorted { a, b in
            stubs[a].priority != stubs[b].priority ? stubs[a].priority < stubs[b].priority : a < b
        }
        self.ranked = ranked
        var byExactPath: [String: [Int]] = [:]
        var unindexed: [Int] = []
        for (position, index) in ranked.enumerated() {
            if let path = stubs[index].request.url?.exactPath {
                byExactPath[path, default: []].append(position)
            } else {
                unindexed.append(position)
            }
        }
        self.byExactPath = byExactPath
        self.unindexed = unindexed
    }

    /// The index (into ``stubs``) of the stub that answers `request`, or nil.
    public func matchIndex(_ request: MockRequest) -> Int? {
        let exact = byExactPath[request.path] ?? []
        let decoded = request.decodedPath != request.path ? (byExactPath[request.decodedPath] ?? []) : []
        var a = 0, b = 0, c = 0
        while true {
            // Take the smallest rank position among the three ascending lists.
            var best = Int.max
            var which = -1
            if a < exact.count, exact[a] < best { best = exact[a]; which = 0 }
            if b < decoded.count, decoded[b] < best { best = decoded[b]; which = 1 }
            if c < unindexed.count, unindexed[c] < best { best = unindexed[c]; which = 2 }
            switch which {
            case 0: a += 1
            case 1: b += 1
            case 2: c += 1
            default: return nil
            }
            let index = ranked[best]
            if Self.matches(stubs[index].request, request) { return index }
        }
    }

    /// The stub that answers `request`, or nil.
    public func match(_ request: MockRequest) -> StubMapping? {
        matchIndex(request).map { stubs[$0] }
    }

    /// Whether `pattern` accepts `request` (every part that is set matches).
    public static func matches(_ pattern: RequestPattern, _ request: MockRequest) -> Bool {
        if let method = pattern.method, method != request.method { return false }
        if let url = pattern.url, !urlMatches(url, request) { return false }
        for parameter in pattern.queryParameters where !valuesMatch(parameter.matcher, queryValues(request, parameter.name)) {
            return false
        }
        for header in pattern.headers where !valuesMatch(header.matcher, headerValues(request, header.name)) {
            return false
        }
        return true
    }

    // MARK: - Unmatched requests

    /// Explains why nothing matched `request`: the closest stub and each of its parts.
    public func unmatchedReport(for request: MockRequest) -> UnmatchedReport {
        var best: (index: Int, score: Double, parts: [UnmatchedReport.Part])? = nil
        for index in ranked {
            let parts = Self.evaluate(stubs[index].request, request)
            let total = parts.reduce(0) { $0 + $1.weight }
            let earned = parts.reduce(0) { $0 + $1.score }
            let score = total > 0 ? earned / total : 1
            if best == nil || score > best!.score {
                best = (index, score, parts)
            }
        }
        let requestLine = "\(request.method) \(request.url)"
        guard let best else {
            return UnmatchedReport(requestLine: requestLine, closest: nil, parts: [])
        }
        return UnmatchedReport(requestLine: requestLine, closest: stubs[best.index], parts: best.parts)
    }

    static func evaluate(_ pattern: RequestPattern, _ request: MockRequest) -> [UnmatchedReport.Part] {
        var parts: [UnmatchedReport.Part] = []
        if let method = pattern.method {
            if method == request.method {
                parts.append(.init(label: "method", matched: true, detail: "\(method)  matches", weight: 1, score: 1))
            } else {
                parts.append(.init(label: "method", matched: false, detail: "expected \(method), got \(request.method)", weight: 1, score: 0))
            }
        } else {
            parts.append(.init(label: "method", matched: true, detail: "ANY  matches", weight: 1, score: 1))
        }
        if let url = pattern.url {
            let matched = urlMatches(url, request)
            let got: String
            let expected: String
            switch url {
            case .url(let value):
                got = request.url
                expected = "expected \(quoted(value))"
            case .urlPath(let value):
                got = request.path
                expected = "expected \(quoted(value))"
            case .urlPathPattern(let regex):
                got = request.path
                expected = "expected to match \(quoted(regex.pattern))"
            case .urlPattern(let regex):
                got = request.url
                expected = "expected to match \(quoted(regex.pattern))"
            }
            if matched {
                parts.append(.init(label: url.key, matched: true, detail: "\(quoted(got))  matches", weight: 2, score: 2))
            } else {
                var similarity = 0.0
                switch url {
                case .url(let value), .urlPath(let value): similarity = textSimilarity(value, got)
                case .urlPathPattern, .urlPattern: similarity = 0
                }
                parts.append(.init(label: url.key, matched: false, detail: "\(expected), got \(quoted(got))",
                                   weight: 2, score: 1.5 * similarity))
            }
        }
        for parameter in pattern.queryParameters {
            let values = queryValues(request, parameter.name)
            parts.append(part(label: "query \(parameter.name)", parameter.matcher, values))
        }
        for header in pattern.headers {
            let values = headerValues(request, header.name)
            parts.append(part(label: "header \(header.name)", header.matcher, values))
        }
        return parts
    }

    private static func part(label: String, _ matcher: StringMatcher, _ values: [String]) -> UnmatchedReport.Part {
        if valuesMatch(matcher, values) {
            return .init(label: label, matched: true, detail: "\(matcher)  matches", weight: 1, score: 1)
        }
        let got = values.isEmpty ? "nothing" : values.map(quoted).joined(separator: ", ")
        return .init(label: label, matched: false, detail: "\(matcher), got \(got)", weight: 1, score: 0)
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
        }
    }

    /// `absent` needs no value; any other matcher needs one of the values to match.
    static func valuesMatch(_ matcher: StringMatcher, _ values: [String]) -> Bool {
        if case .absent = matcher { return values.isEmpty }
        return values.contains { matcher.matches($0) }
    }

    static func queryValues(_ request: MockRequest, _ name: String) -> [String] {
        request.queryParameters.compactMap { $0.name == name ? $0.value : nil }
    }

    static func headerValues(_ request: MockRequest, _ name: String) -> [String] {
        request.headers.compactMap { $0.hasName(name) ? $0.value : nil }
    }
}

/// Cheap similarity in 0...1: the share of characters in a common prefix plus a common suffix.
func textSimilarity(_ a: String, _ b: String) -> Double {
    let x = Array(a.utf8), y = Array(b.utf8)
    let longest = max(x.count, y.count)
    guard longest > 0 else { return 1 }
    var prefix = 0
    while prefix < x.count, prefix < y.count, x[prefix] == y[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < x.count - prefix, suffix < y.count - prefix, x[x.count - 1 - suffix] == y[y.count - 1 - suffix] { suffix += 1 }
    return Double(prefix + suffix) / Double(longest)
}

/// Why no stub answered a request: the closest stub and how each of its parts fared.
public struct UnmatchedReport: Sendable, CustomStringConvertible {
    /// `METHOD /path?query`.
    public var requestLine: String
    /// The stub that came closest, nil when no stubs are loaded.
    public var closest: StubMapping?
    /// The closest stub's parts in order: method, URL, query parameters, headers.
    public var parts: [Part]

    public struct Part: Sendable {
        /// `method`, `url`, `urlPath`, `urlPathPattern`, `urlPattern`, `query NAME`, `header NAME`.
        public var label: String
        public var matched: Bool
        /// What was expected and what came (or `...  matches`).
        public var detail: String
        var weight: Double
        var score: Double
    }

    /// The parts that did not match.
    public var mismatches: [Part] { parts.filter { !$0.matched } }

    /// The plain-text body of the 404 answer.
    public var description: String {
        var text = "No stub mapping matched \(requestLine)\n"
        guard let closest else {
            text += "No stub mappings are loaded (add them to Mocks/mappings/).\n"
            return text
        }
        var origin = closest.source.file
        if let index = closest.source.index { origin += ", mapping \(index + 1)" }
        text += "Closest: \(closest.displayName) (\(origin))\n"
        let width = (parts.map(\.label.count).max() ?? 0) + 2
        for part in parts {
            let padding = String(repeating: " ", count: max(1, width - part.label.count))
            text += "  \(part.label)\(padding)\(part.detail)\n"
        }
        return text
    }
}
