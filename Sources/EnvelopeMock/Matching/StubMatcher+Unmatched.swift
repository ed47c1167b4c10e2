extension StubMatcher {
    /// Explains why nothing matched `request`: the closest stubs (at most `limit`, best first)
    /// and how each of their parts fared.
    package func unmatchedReport(for request: MockRequest, limit: Int = 3,
                                scenarioState: (String) -> String = { _ in ScenarioRule.started }) -> UnmatchedReport {
        var scored: [UnmatchedReport.Candidate] = []
        for (position, index) in ranked.enumerated() {
            let parts = Self.evaluate(stubs[index], request, scenarioState: scenarioState)
            let total: Double = parts.reduce(0) { $0 + $1.weight }
            let earned: Double = parts.reduce(0) { $0 + $1.score }
            scored.append(UnmatchedReport.Candidate(stub: stubs[index], parts: parts, score: total > 0 ? earned / total : 1.0,
                                                    rank: position))
        }
        // Best score first; ties keep the order stubs are tried in.
        scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.rank < $1.rank }
        var candidates = Array(scored.prefix(max(1, limit)))
        if candidates.count > 1 {
            // Later candidates only when they came close at all.
            candidates = [candidates[0]] + candidates.dropFirst().filter { $0.score > 0.5 }
        }
        return UnmatchedReport(requestLine: "\(request.method) \(request.url)", candidates: candidates)
    }

    static func evaluate(_ stub: StubMapping, _ request: MockRequest, scenarioState: (String) -> String) -> [UnmatchedReport.Part] {
        let pattern = stub.request
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
            parts.append(urlPart(url, request))
        }
        if !pattern.pathParameters.isEmpty, case .urlPathTemplate(let template) = pattern.url {
            let values = templateValues(template, request)
            for parameter in pattern.pathParameters {
                let value = values?[parameter.name]
                parts.append(part(label: "path \(parameter.name)", parameter.matcher, value.map { [$0] } ?? []))
            }
        }
        for parameter in pattern.queryParameters {
            parts.append(part(label: "query \(parameter.name)", parameter.matcher, queryValues(request, parameter.name)))
        }
        for header in pattern.headers {
            parts.append(part(label: "header \(header.name)", header.matcher, headerValues(request, header.name)))
        }
        for cookie in pattern.cookies {
            parts.append(part(label: "cookie \(cookie.name)", cookie.matcher, request.cookieValues(cookie.name)))
        }
        for body in pattern.bodyPatterns {
            if body.matches(request.body) {
                parts.append(.init(label: "body", matched: true, detail: "\(body)  matches", weight: 1, score: 1))
            } else {
                parts.append(.init(label: "body", matched: false, detail: "\(body), got \(bodyExcerpt(request.body))", weight: 1, score: 0))
            }
        }
        if let scenario = stub.scenario, let required = scenario.requiredState {
            let state = scenarioState(scenario.name)
            let label = "scenario \(scenario.name)"
            if state == required {
                parts.append(.init(label: label, matched: true, detail: "state \(quoted(required))  matches", weight: 1, score: 1))
            } else {
                parts.append(.init(label: label, matched: false, detail: "expected state \(quoted(required)), is \(quoted(state))",
                                   weight: 1, score: 0))
            }
        }
        return parts
    }

    private static func urlPart(_ url: URLMatcher, _ request: MockRequest) -> UnmatchedReport.Part {
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
        case .urlPathTemplate(let template):
            got = request.path
            expected = "expected to fit \(quoted(template.text))"
        }
        if matched {
            return .init(label: url.key, matched: true, detail: "\(quoted(got))  matches", weight: 2, score: 2)
        }
        var similarity = 0.0
        switch url {
        case .url(let value), .urlPath(let value): similarity = textSimilarity(value, got)
        case .urlPathTemplate(let template): similarity = textSimilarity(template.text, got) * 0.5
        case .urlPathPattern, .urlPattern: similarity = 0
        }
        return .init(label: url.key, matched: false, detail: "\(expected), got \(quoted(got))", weight: 2, score: 1.5 * similarity)
    }

    private static func part(label: String, _ matcher: StringMatcher, _ values: [String]) -> UnmatchedReport.Part {
        if matcher.matchesAny(values) {
            return .init(label: label, matched: true, detail: "\(matcher)  matches", weight: 1, score: 1)
        }
        let got = values.isEmpty ? "nothing" : values.map(quoted).joined(separator: ", ")
        return .init(label: label, matched: false, detail: "\(matcher), got \(got)", weight: 1, score: 0)
    }

    /// The body for a report: empty, or its first 120 characters quoted.
    private static func bodyExcerpt(_ body: [UInt8]) -> String {
        if body.isEmpty { return "an empty body" }
        let text = String(decoding: body.prefix(120), as: UTF8.self)
        return quoted(text) + (body.count > 120 ? "... (\(body.count) bytes)" : "")
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
