/// The environments of a document's `servers`: each absolute http(s) URL, its variables
/// filled with their defaults, named by its description as a slug (or `server1`, `server2`…).
enum OpenAPIServers {
    static func environments(of root: OpenAPINode) throws(OpenAPIImportError) -> [OpenAPIImportPlan.Environment] {
        var out: [OpenAPIImportPlan.Environment] = []
        var used: Set<String> = []
        for (position, server) in (root["servers"]?.elements ?? []).enumerated() {
            guard var url = server.node["url"]?.stringValue else { continue }
            for (name, variable) in server["variables"]?.members ?? [] {
                if let value = variable.node["default"]?.stringValue { url = url.replacingOccurrences(of: "{\(name)}", with: value) }
            }
            guard url.hasPrefix("http://") || url.hasPrefix("https://"), !url.contains("{") else { continue }
            while url.hasSuffix("/") { url.removeLast() }
            let described = server.node["description"]?.stringValue.map { OpenAPINaming.slug($0).lowercased() } ?? ""
            let name = OpenAPINaming.unique(described.isEmpty ? "server\(position + 1)" : described, among: &used)
            out.append(OpenAPIImportPlan.Environment(name: name, baseURL: url))
        }
        return out
    }
}
