import EnvelopeCore

extension JSONValue {
    /// `equalToJson`: whether `actual` equals this expected value. Numbers compare by value and
    /// object members regardless of order. `ignoreExtraElements` lets `actual` have members
    /// and trailing array elements the expected value does not name; `ignoreArrayOrder`
    /// compares arrays as multisets.
    func jsonMatches(_ actual: JSONValue, ignoreArrayOrder: Bool, ignoreExtraElements: Bool) -> Bool {
        switch (self, actual) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)): return JSONValue.canonicalNumberText(a) == JSONValue.canonicalNumberText(b)
        case (.object(let expected), .object(let actualMembers)):
            var byKey: [String: JSONValue] = [:]
            for member in actualMembers { byKey[member.key] = member.value }
            var expectedKeys = Set<String>()
            for member in expected {
                expectedKeys.insert(member.key)
                guard let value = byKey[member.key],
                      member.value.jsonMatches(value, ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements)
                else { return false }
            }
            return ignoreExtraElements || Set(byKey.keys) == expectedKeys
        case (.array(let expected), .array(let elements)):
            if ignoreExtraElements ? elements.count < expected.count : elements.count != expected.count { return false }
            if !ignoreArrayOrder {
                return zip(expected, elements).allSatisfy {
                    $0.jsonMatches($1, ignoreArrayOrder: false, ignoreExtraElements: ignoreExtraElements)
                }
            }
            return Self.multisetMatch(expected, elements, ignoreExtraElements: ignoreExtraElements)
        default:
            return false
        }
    }

    /// Pairs every expected element with a distinct actual element (bipartite matching by
    /// augmenting paths, so a greedy early choice cannot hide a valid pairing).
    private static func multisetMatch(_ expected: [JSONValue], _ actual: [JSONValue], ignoreExtraElements: Bool) -> Bool {
        let fits = expected.map { e in
            actual.indices.filter { e.jsonMatches(actual[$0], ignoreArrayOrder: true, ignoreExtraElements: ignoreExtraElements) }
        }
        var owner = [Int](repeating: -1, count: actual.count)
        func assign(_ e: Int, _ visited: inout [Bool]) -> Bool {
            for a in fits[e] where !visited[a] {
                visited[a] = true
                if owner[a] < 0 || assign(owner[a], &visited) {
                    owner[a] = e
                    return true
                }
            }
            return false
        }
        for e in expected.indices {
            var visited = [Bool](repeating: false, count: actual.count)
            if !assign(e, &visited) { return false }
        }
        return true
    }

    /// A number's text in a canonical form (`1`, `1.0` and `1e0` agree).
    static func canonicalNumberText(_ text: String) -> String {
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { return text == "-0" ? "0" : text }
        guard let value = Double(text) else { return text }
        if value.rounded() == value, abs(value) < 1e18 { return String(Int64(value)) }
        return String(value)
    }

    /// The value as a matcher sees it: strings without quotes, numbers as written, `true`,
    /// `false`, `null`, and objects and arrays as compact JSON.
    var textForMatching: String {
        switch self {
        case .string(let text): text
        case .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array, .object: serialized()
        }
    }
}
