import EnvelopeCore

/// `POST /__admin/mappings/import`: `{"mappings": [...], "importOptions": {"duplicatePolicy":
/// "OVERWRITE" | "IGNORE", "deleteAllNotInImport": false}}`, as in WireMock.
extension AdminAPI {
    func importMappings(_ body: [UInt8]) -> PreparedResponse {
        let reader = MappingReader(file: "request body", bodyFiles: bodyFiles, globalTemplating: globalTemplating)
        var stubs: [StubMapping] = []
        var overwrite = true
        var deleteOthers = false
        do {
            let document = try JSONDocument.parse(body, options: JSONParseOptions(duplicateKeys: .reject))
            let root = document.root
            guard root.kind == .object, let mappings = root["mappings"], mappings.kind == .array else {
                return error(422, "request body: expected {\"mappings\": [stub, ...], \"importOptions\": {...}}")
            }
            _ = try reader.members(root, context: "the import", allowed: ["mappings", "meta", "importOptions"])
            if let options = root["importOptions"] {
                guard options.kind == .object else { return error(422, "request body: importOptions should be an object") }
                let keys = try reader.members(options, context: "importOptions", allowed: ["duplicatePolicy", "deleteAllNotInImport"])
                if let policy = keys["duplicatePolicy"] {
                    switch try reader.string(policy) {
                    case "OVERWRITE": overwrite = true
                    case "IGNORE": overwrite = false
                    case let other: return error(422, "request body: duplicatePolicy \(quoted(other)) is not OVERWRITE or IGNORE")
                    }
                }
                if let delete = keys["deleteAllNotInImport"] {
                    guard let flag = delete.value.boolValue else { return error(422, "request body: deleteAllNotInImport should be true or false") }
                    deleteOthers = flag
                }
            }
            for (index, element) in mappings.elements.enumerated() { stubs.append(try reader.readStub(element, index: index)) }
        } catch let error as MockLoadError {
            return self.error(422, error.description)
        } catch {
            return self.error(422, "request body: not valid JSON: \(error)")
        }
        if deleteOthers { store.removeAll() }
        let existing = Set(store.snapshot().matcher.stubs.map(\.identifier))
        // IGNORE keeps a stub already there under the same id; OVERWRITE replaces it.
        let kept = overwrite ? stubs : stubs.filter { $0.id == nil || !existing.contains($0.identifier) }
        for stub in kept where stub.id != nil && existing.contains(stub.identifier) { _ = store.remove(identifier: stub.identifier) }
        _ = install(kept)
        return json(200, .object([]))
    }
}
