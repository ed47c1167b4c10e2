/// Why no stub answered a request: the closest stubs and how each of their parts fared.
public struct UnmatchedReport: Sendable, CustomStringConvertible {
    /// `METHOD /path?query`.
    public var requestLine: String
    /// The closest stubs, best first; empty when no stubs are loaded.
    public var candidates: [Candidate]

    /// One stub that came close.
    public struct Candidate: Sendable {
        public var stub: StubMapping
        /// The stub's parts in order: method, URL, path, query, header, cookie, body, scenario.
        public var parts: [Part]
        /// The share of the stub's parts that matched, weighted (the URL counts double).
        public var score: Double
        /// The position in the order stubs are tried.
        var rank: Int

        /// The parts that did not match.
        public var mismatches: [Part] { parts.filter { !$0.matched } }
    }

    public struct Part: Sendable {
        /// `method`, `url`, `urlPath`, `urlPathPattern`, `urlPattern`, `urlPathTemplate`,
        /// `path NAME`, `query NAME`, `header NAME`, `cookie NAME`, `body`, `scenario NAME`.
        public var label: String
        public var matched: Bool
        /// What was expected and what came (or `...  matches`).
        public var detail: String
        var weight: Double
        var score: Double
    }

    /// The stub that came closest, nil when no stubs are loaded.
    public var closest: StubMapping? { candidates.first?.stub }

    /// The closest stub's parts.
    public var parts: [Part] { candidates.first?.parts ?? [] }

    /// The closest stub's parts that did not match.
    public var mismatches: [Part] { parts.filter { !$0.matched } }

    /// The plain-text body of the 404 answer.
    public var description: String {
        var text = "No stub mapping matched \(requestLine)\n"
        guard !candidates.isEmpty else {
            text += "No stub mappings are loaded (add them to Mocks/mappings/).\n"
            return text
        }
        for (position, candidate) in candidates.enumerated() {
            var origin = candidate.stub.source.file
            if let index = candidate.stub.source.index { origin += ", mapping \(index + 1)" }
            text += "\(position == 0 ? "Closest" : "Also close"): \(candidate.stub.displayName) (\(origin))\n"
            let width = (candidate.parts.map(\.label.count).max() ?? 0) + 2
            for part in candidate.parts {
                let padding = String(repeating: " ", count: max(1, width - part.label.count))
                text += "  \(part.label)\(padding)\(part.detail)\n"
            }
        }
        return text
    }
}
