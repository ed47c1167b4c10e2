import Foundation

/// Reads the operations of an OpenAPI document, in document order.
public enum OpenAPIOperations {
    /// The methods a Path Item may hold, in the order the specification lists them.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Whether a media type is JSON: `application/json`, or any `+json` type.
    public static func isJSON(_ mediaType: String) -> Bool {
        let essence = mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return essence == "application/json" || essence.hasSuffix("+json")
    }

    /// What the root says about the document: nil for OpenAPI 3.0 or 3.1, else why it is
    /// refused (Swagger 2.0, another version, not an OpenAPI document).
    public static func refusal(of root: OpenAPINode) -> OpenAPIImportError? {
        guard root.node.kind == .object else {
            return .notOpenAPI(file: root.file, at: root.node.location, advice: "expected an OpenAPI document (an object with \"openapi\": \"3.x\"), found \(root.node.kind)")
        }
        if let swagger = root.node["swagger"] {
            return .notOpenAPI(file: root.file, at: swagger.location, advice: "this is a Swagger \(swagger.stringValue ?? swagger.rawText) document; envelope imports OpenAPI 3.0 and 3.1: convert it first (for example with swagger2openapi) and import the result")
        }
        guard let version = root.node["openapi"] else {
            return .notOpenAPI(file: root.file, at: root.node.location, advice: "no \"openapi\" member: expected an OpenAPI 3.0 or 3.1 document")
        }
        let text = version.stringValue ?? version.rawText
        guard text.hasPrefix("3.0") || text.hasPrefix("3.1") else {
            return .notOpenAPI(file: root.file, at: version.location, advice: "OpenAPI \(text) is not supported; envelope imports OpenAPI 3.0 and 3.1")
        }
        return nil
    }

    /// Every operation under `paths`, with their path items, parameters, request bodies and
    /// responses resolved through `documents`.
    public static func read(_ documents: OpenAPIDocumentSet) throws(OpenAPIImportError) -> [OpenAPIImportedOperation] {
        let root = documents.root
        if let refusal = refusal(of: root) { throw refusal }
        guard let paths = root["paths"] else { return [] }
        var operations: [OpenAPIImportedOperation] = []
        for (path, itemNode) in paths.members where path.hasPrefix("/") {
            let item = try documents.resolved(itemNode)
            let shared = try parameters(item["parameters"], documents)
            for method in methods {
                // Some documents (DigitalOcean's) keep each operation in a file of its own.
                guard let written = item[method] else { continue }
                let operationNode = try documents.resolved(written)
                var parameters = shared
                for parameter in try self.parameters(operationNode["parameters"], documents) {
                    parameters.removeAll { $0.name == parameter.name && $0.location == parameter.location }
                    parameters.append(parameter)
                }
                let body = try operationNode["requestBody"].map { node throws(OpenAPIImportError) in try documents.resolved(node) }
                operations.append(OpenAPIImportedOperation(
                    operationID: operationNode.node["operationId"]?.stringValue, method: method.uppercased(), path: path,
                    summary: operationNode.node["summary"]?.stringValue, node: operationNode, parameters: parameters,
                    requestBody: body, responses: try responses(operationNode["responses"], documents)))
            }
        }
        return operations
    }

    private static func parameters(_ list: OpenAPINode?, _ documents: OpenAPIDocumentSet) throws(OpenAPIImportError) -> [OpenAPIImportedOperation.Parameter] {
        guard let list else { return [] }
        var out: [OpenAPIImportedOperation.Parameter] = []
        for element in list.elements {
            let node = try documents.resolved(element)
            guard let name = node.node["name"]?.stringValue, let location = node.node["in"]?.stringValue else { continue }
            out.append(OpenAPIImportedOperation.Parameter(name: name, location: location,
                                                  required: location == "path" || node.node["required"]?.boolValue == true, node: node))
        }
        return out
    }

    private static func responses(_ node: OpenAPINode?, _ documents: OpenAPIDocumentSet) throws(OpenAPIImportError) -> [OpenAPIImportedOperation.Response] {
        guard let node else { return [] }
        var out: [OpenAPIImportedOperation.Response] = []
        for (key, value) in node.members where !key.hasPrefix("x-") {
            let response = try documents.resolved(value)
            let content = response["content"]
            let json = content?.members.first { isJSON($0.key) }
            out.append(OpenAPIImportedOperation.Response(key: key, status: Int(key), node: response,
                                                 json: json.map { ($0.key, $0.value) }, hasContent: !(content?.members.isEmpty ?? true)))
        }
        return out
    }
}
