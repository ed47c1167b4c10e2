import Foundation

/// One operation of an OpenAPI document (method + path template), as `envelope diff` compares
/// it: the parameters the app must send and, per documented status, the answer it receives.
struct OpenAPIOperation {
    /// One documented answer of the operation.
    struct Answer {
        /// Where the JSON body's schema is in the document (a JSON Pointer), when the answer
        /// has a JSON body.
        var schemaPointer: String?
        /// The media type of that body (`application/json`).
        var mediaType: String?
        /// The documented response headers by lowercased name: the name as written, and
        /// whether it is required.
        var headers: [String: (name: String, required: Bool)]
    }

    /// `GET`, `POST`, ...
    var method: String
    /// The path template as written (`/pets/{id}`).
    var path: String
    var operationId: String?
    /// Parameters by `in` and name (`query limit`, header names lowercased): how reports name
    /// them (`header X-Tenant`), and whether each is required. Path parameters are left out:
    /// the template names them, and pairs the operations.
    var parameters: [String: (name: String, required: Bool)]
    /// Answers by status key as written (`200`, `2XX`, `default`).
    var answers: [String: Answer]

    /// How reports name it: `GET /pets/{id} (findPetById)`.
    var name: String { "\(method) \(path)" + (operationId.map { " (\($0))" } ?? "") }

    /// What pairs it with the other version's: the method and the template with its
    /// parameter names left out, since renaming `{id}` to `{petId}` is the same operation.
    var key: String {
        var out = method + " "
        var inName = false
        for character in path {
            if character == "{" { inName = true; out.append("{") } else if character == "}" { inName = false; out.append("}") } else if !inName { out.append(character) }
        }
        return out
    }

    /// The HTTP methods a path item may hold, in the order reports list them.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Every operation of the document whose root is `root`, in document order.
    static func operations(of root: JSONNode) -> [OpenAPIOperation] {
        guard let paths = root["paths"], paths.kind == .object else { return [] }
        var operations: [OpenAPIOperation] = []
        for entry in paths.memberSequence {
            guard let item = localTarget(entry.value, in: root)?.node, item.kind == .object else { continue }
            let shared = parameters(item["parameters"], in: root)
            for method in methods {
                guard let operation = item[method], operation.kind == .object else { continue }
                let pointer = JSONPointer.appending(method, to: JSONPointer.appending(entry.key, to: "/paths"))
                operations.append(OpenAPIOperation(
                    method: method.uppercased(), path: entry.key, operationId: operation["operationId"]?.stringValue,
                    parameters: shared.merging(parameters(operation["parameters"], in: root)) { $1 },
                    answers: answers(operation["responses"], at: JSONPointer.appending("responses", to: pointer), in: root)))
            }
        }
        return operations
    }

    /// The parameters of a `parameters` array (its `$ref`s into the document followed), but
    /// those in the path.
    private static func parameters(_ list: JSONNode?, in root: JSONNode) -> [String: (name: String, required: Bool)] {
        var out: [String: (name: String, required: Bool)] = [:]
        for element in list?.elements ?? [] {
            guard let parameter = localTarget(element, in: root)?.node, let name = parameter["name"]?.stringValue,
                  let place = parameter["in"]?.stringValue, place != "path" else { continue }
            // Header names are case-insensitive.
            let key = place + " " + (place == "header" ? name.lowercased() : name)
            out[key] = (place + " " + name, parameter["required"]?.boolValue == true)
        }
        return out
    }

    /// The answers of a `responses` object at `pointer`.
    private static func answers(_ responses: JSONNode?, at pointer: String, in root: JSONNode) -> [String: Answer] {
        guard let responses, responses.kind == .object else { return [:] }
        var out: [String: Answer] = [:]
        for entry in responses.memberSequence where !entry.key.hasPrefix("x-") {
            guard let (response, at) = localTarget(entry.value, in: root, pointer: JSONPointer.appending(entry.key, to: pointer)),
                  response.kind == .object else { continue }
            var answer = Answer(headers: [:])
            if let content = response["content"], content.kind == .object,
               let media = jsonMediaType(content.keys) {
                answer.mediaType = media
                answer.schemaPointer = content[media]?["schema"] == nil ? nil
                    : JSONPointer.appending("schema", to: JSONPointer.appending(media, to: JSONPointer.appending("content", to: at)))
            }
            for header in response["headers"]?.members ?? [] {
                guard let object = localTarget(header.value, in: root)?.node else { continue }
                answer.headers[header.key.lowercased()] = (header.key, object["required"]?.boolValue == true)
            }
            out[entry.key] = answer
        }
        return out
    }

    /// The JSON media type of a `content` object: `application/json` first, then any
    /// `…+json` or `…/json` (with or without parameters).
    static func jsonMediaType(_ types: [String]) -> String? {
        func essence(_ type: String) -> String {
            (type.split(separator: ";").first.map(String.init) ?? type).trimmingCharacters(in: .whitespaces).lowercased()
        }
        return types.first { essence($0) == "application/json" }
            ?? types.first { essence($0).hasSuffix("+json") || essence($0).hasSuffix("/json") }
    }

    /// `node`, or what its `$ref` names when that is a place in this document, with the
    /// pointer it is at. A `$ref` into another file is not followed (nil).
    static func localTarget(_ node: JSONNode, in root: JSONNode, pointer: String = "") -> (node: JSONNode, pointer: String)? {
        var node = node, pointer = pointer
        var seen: Set<String> = []
        while node.kind == .object, let reference = node["$ref"]?.stringValue {
            guard reference.hasPrefix("#"), seen.insert(reference).inserted else { return nil }
            let target = SchemaURI.fragment(of: reference)
            guard let next = root.resolve(pointer: target) else { return nil }
            node = next
            pointer = target
        }
        return (node, pointer)
    }
}
