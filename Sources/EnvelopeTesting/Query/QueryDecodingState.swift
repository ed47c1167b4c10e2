import EnvelopeCore

/// What one decode shares: the parameters by model name, and the problems found.
final class QueryDecodingState {
    let keyStrategy: QueryKeyStrategy
    var values: [String: [QueryItem]] = [:]
    var order: [String] = []
    var read: Set<String> = []
    var problems: [QueryDecodingError.Problem] = []

    init(items: [QueryItem], keyStrategy: QueryKeyStrategy) {
        self.keyStrategy = keyStrategy
        for item in items {
            let key = keyStrategy.modelName(for: item.name)
            if values[key] == nil { order.append(key) }
            values[key, default: []].append(item)
        }
    }

    /// The parameter's name as the URL writes it (or would).
    func wireName(_ key: String) -> String {
        values[key]?.first?.name ?? keyStrategy.wireName(for: key)
    }
}
