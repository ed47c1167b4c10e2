extension SchemaCompiler {
    /// Refuses `properties: {$ref: '…'}`, a `$ref` written for the whole map of properties
    /// (DigitalOcean's load balancer schemas do it), with a message that says so and what to
    /// write instead. Neither OpenAPI nor JSON Schema reads it as a reference: `properties` maps
    /// each name to a schema, so this declares a property named `$ref` whose schema is a string
    /// (openapi-core refuses such a document too). A `$ref` property with a schema as its value
    /// is an ordinary property and left alone.
    func refuseReferenceAsProperties(_ member: SchemaMember, in site: SchemaSite) throws(ContractError) {
        guard member.value.kind == .object,
              let written = member.value.memberSequence.first(where: { $0.key == "$ref" }),
              let reference = written.value.stringValue else { return }
        let yaml = Self.isYAML(site.documentURI)
        let quoted = yaml ? "'\(reference)'" : JSONValue.string(reference).serialized()
        var message = "'properties' maps each property's name to its schema, and a $ref cannot stand for the whole map "
            + "(neither OpenAPI nor JSON Schema reads it so): this declares a property named \"$ref\" whose schema is the string \(quoted). "
        let names = propertyNames(at: reference, from: site)
        if names.isEmpty {
            message += "Write the properties out here, each with its own $ref if it is elsewhere"
        } else {
            let hash = reference.contains("#") ? "" : "#"
            let lines = names.prefix(3).map { name in
                let target = reference + hash + "/" + JSONPointer.escape(name)
                return yaml ? "\(name): {$ref: '\(target)'}"
                    : "\(JSONValue.string(name).serialized()): {\"$ref\": \(JSONValue.string(target).serialized())}"
            }
            message += "Give each property its own $ref instead: " + lines.joined(separator: ", ") + (names.count > 3 ? ", …" : "")
        }
        throw .invalidSchema(file: site.file, at: written.keyLocation, pointer: JSONPointer.appending("$ref", to: site.pointer(of: member)),
                             message: message)
    }

    /// The names of the members at `reference` (written in the schema at `site`), when it
    /// leads to an object: what the properties map that was meant would hold. Empty when it
    /// leads nowhere readable, which the message then does without.
    private func propertyNames(at reference: String, from site: SchemaSite) -> [String] {
        let absolute = Self.resolve(reference, against: base(of: site.documentURI, pointer: site.pointer))
        let documentURI = SchemaURI.withoutFragment(absolute)
        // Read the way loading would, without loading it: a schema that does not load changes nothing else.
        var document = documents[documentURI]
        if document == nil {
            let unread = { (reason: String) -> ContractError in .unreadable(file: documentURI, reason: reason) }
            document = try? { () throws(ContractError) -> JSONDocument in
                let bytes = try documentBytes(documentURI, failure: unread)
                guard let documentCache else { return try parseDocument(bytes, uri: documentURI) }
                return try documentCache.document(for: documentURI, bytes: bytes) { (bytes: [UInt8]) throws(ContractError) in
                    try parseDocument(bytes, uri: documentURI)
                }.document
            }()
        }
        guard let target = document?.root.resolve(pointer: SchemaURI.fragment(of: absolute)), target.kind == .object else { return [] }
        return target.members.map(\.key)
    }
}
