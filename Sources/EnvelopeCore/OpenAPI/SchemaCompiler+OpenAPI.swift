import Foundation

/// Reading the schemas of OpenAPI documents in their dialect, while they compile: each
/// OpenAPI keyword becomes what the validator already runs (JSON Schema 2020-12), in the same
/// nodes, so findings and schema errors keep their places in the OpenAPI document. The rules
/// are in docs/openapi.md.
extension SchemaCompiler {
    /// The dialect of the document known by `documentURI`, when it is an OpenAPI document.
    func openAPIDialect(of documentURI: String) -> OpenAPIDialect? {
        // Most loads have no OpenAPI document: no URI to hash for every schema then.
        openAPIDialects.isEmpty ? nil : openAPIDialects[documentURI]
    }

    /// Notes the dialect of a document just loaded, or refuses it (Swagger 2.0, an unknown
    /// OpenAPI version) with `failure`'s error, which names the `$ref` that led there.
    ///
    /// A document that declares neither `openapi` nor `$schema` at its top takes the dialect of
    /// the OpenAPI document whose `$ref` loaded it (`referrer`): the files an OpenAPI document
    /// is split into (DigitalOcean's) hold its Schema Objects, and have no `openapi` of their own.
    mutating func adoptDialect(of documentURI: String, referrer: String, failure: (String) -> ContractError) throws(ContractError) {
        guard let root = documents[documentURI]?.root else { return }
        switch OpenAPIDialect.reading(root, name: display(documentURI)) {
        case .jsonSchema:
            guard root.kind != .object || root["$schema"] == nil else { return }
            if compiledCache != nil { sharingFacts[documentURI]?.inheritsDialect = true }
            // The contract's document first: a file in its folder is one of its parts, however
            // a `$ref` reaches it.
            if let inherited = sourceDialect(of: documentURI) ?? openAPIDialect(of: referrer) {
                openAPIDialects[documentURI] = inherited
            }
            return
        case .openAPI(let dialect):
            openAPIDialects[documentURI] = dialect
        case .refused(let reason):
            // Forgotten, so that the next `$ref` into it is refused too.
            documents[documentURI] = nil
            identifying[documentURI] = nil
            sharingFacts[documentURI] = nil
            throw failure(reason)
        }
    }

    /// The dialect of the contract's OpenAPI document (`"openapi"`), for a file in its folder
    /// or below.
    func sourceDialect(of documentURI: String) -> OpenAPIDialect? {
        guard let source = openAPISource, documentURI.utf8.starts(with: source.folder.utf8) else { return nil }
        return source.dialect
    }

    /// Loads the OpenAPI document a contract names in its `"openapi"` member (`reference`,
    /// written at `location` in the contract `file`, resolved like a `$ref`), so that the files
    /// it is split into keep its dialect when the contract's `$ref`s reach them directly
    /// (`resources/droplets/responses/all_droplets.yml`, which `$ref`s `../models/droplet.yml`):
    /// a file in the document's folder or below that declares neither `openapi` nor `$schema`
    /// is one of its parts. The document is parsed once per load (the document cache), and
    /// only its top is looked at.
    public mutating func adoptOpenAPISource(_ reference: String, in file: String, at location: SourceLocation) throws(ContractError) {
        let contractURI = Self.contractsBase + file
        let documentURI = SchemaURI.withoutFragment(documentCache?.resolved(reference, against: contractURI)
                                                    ?? Self.resolve(reference, against: contractURI))
        let referrer = PendingReference(node: -1, documentURI: contractURI, location: location, reference: reference,
                                        absolute: documentURI, dynamic: false)
        try loadDocument(documentURI, referrer: referrer)
        guard let dialect = openAPIDialects[documentURI] else {
            throw .unresolvedReference(file: file, at: location, reference: reference,
                                       reason: "'openapi' names the OpenAPI document the contract's $refs lead into, and \(display(documentURI)) has no top-level 'openapi' member: point it at the document's root file, or remove 'openapi'")
        }
        let folder = documentURI.lastIndex(of: "/").map { String(documentURI[...$0]) } ?? documentURI
        openAPISource = (folder, dialect)
    }

    /// An OpenAPI 3.1 document's `jsonSchemaDialect` sets its schemas' vocabularies, as a
    /// `$schema` would; and the identifiers and anchors of its component schemas are indexed,
    /// since the walk from the document's root (which is no schema) does not reach them.
    mutating func indexOpenAPISchemas(of documentURI: String) throws(ContractError) {
        guard let dialect = openAPIDialects[documentURI], let document = documents[documentURI] else { return }
        if case .openAPI31(let metaSchema?) = dialect, resources[documentURI] != nil {
            let (validation, formats) = try vocabularies(of: metaSchema, at: document.root, documentURI: documentURI)
            resources[documentURI]?.validation = validation
            resources[documentURI]?.formatAssertion = formats
        }
        guard mayIdentify(documentURI, document), let schemas = document.root["components"]?["schemas"], schemas.kind == .object else { return }
        for entry in schemas.memberSequence {
            try walk(entry.value, pointer: JSONPointer.appending(entry.key, to: "/components/schemas"), base: documentURI,
                     documentURI: documentURI, isRoot: false, identified: false)
        }
    }

    /// Applies what a schema of an OpenAPI document said in OpenAPI's words to `node`, compiled
    /// from its other keywords (`nullable` comes last, in ``allowNull(in:at:)``).
    mutating func apply(_ facts: OpenAPISchemaFacts, to node: inout SchemaNode, in site: SchemaSite) throws(ContractError) {
        if let member = facts.nullableMember, member.value.kind != .bool {
            throw site.invalid(member, "'nullable' is true or false, found \(member.value.rawText)")
        }
        if facts.refersOnly { return }
        if let member = facts.exclusiveMinimum {
            if try isExclusive(member, in: site), let bound = node.minimum {
                node.exclusiveMinimum = bound
                node.minimum = nil
            }
        }
        if let member = facts.exclusiveMaximum {
            if try isExclusive(member, in: site), let bound = node.maximum {
                node.exclusiveMaximum = bound
                node.maximum = nil
            }
        }
        if let member = facts.extensibleEnum { try applyExtensibleEnum(member, to: &node, in: site) }
        if facts.dialect?.isOpenAPI30 == true, let properties = facts.json["properties"], properties.kind == .object {
            refuseWriteOnlyProperties(properties, in: &node, site: site)
        }
        if let member = facts.discriminator { try applyDiscriminator(member, of: facts.json, to: &node, in: site) }
    }

    /// 3.0's boolean `exclusiveMinimum`/`exclusiveMaximum` (draft 4's): whether the bound
    /// beside it is exclusive.
    private func isExclusive(_ member: SchemaMember, in site: SchemaSite) throws(ContractError) -> Bool {
        guard let flag = member.value.boolValue else {
            let bound = member.key == "exclusiveMinimum" ? "minimum" : "maximum"
            throw site.invalid(member, "in OpenAPI 3.0, '\(member.key)' is true or false and makes '\(bound)' exclusive, found \(member.value.rawText) (the number form is OpenAPI 3.1's)")
        }
        return flag
    }

    /// `x-extensible-enum`: the values it lists make an open enum (see
    /// docs/contracts.md, "Enums: open or closed").
    private func applyExtensibleEnum(_ member: SchemaMember, to node: inout SchemaNode, in site: SchemaSite) throws(ContractError) {
        let value = member.value
        guard value.kind == .array, value.elements.allSatisfy({ $0.kind == .string }) else {
            throw site.invalid(member, "'x-extensible-enum' expects an array of strings, found \(value.rawText)")
        }
        guard node.enumValues == nil else {
            throw site.invalid(member, "a schema has 'enum' (closed) or 'x-extensible-enum' (open), not both")
        }
        node.enumValues = value.elements.map(\.value)
    }

    /// 3.0's `writeOnly` properties, read for answers: one is never required, and one that is
    /// present anyway is refused ("SHOULD NOT be sent as part of the response"). It becomes a
    /// pattern property naming exactly it, with a `false` schema: a pattern property is not
    /// counted as an optional key that never shows up.
    private mutating func refuseWriteOnlyProperties(_ properties: JSONNode, in node: inout SchemaNode, site: SchemaSite) {
        for property in properties.memberSequence where property.value.kind == .object && property.value["writeOnly"]?.boolValue == true {
            let name = property.key
            guard let regex = SchemaRegex("^" + NSRegularExpression.escapedPattern(for: name) + "$") else { continue }
            node.required.removeAll { $0.utf8.elementsEqual(name.utf8) }
            node.properties.removeAll { $0.name.utf8.elementsEqual(name.utf8) }
            let pointer = JSONPointer.appending(name, to: JSONPointer.appending("properties", to: site.pointer))
            let refusal = addNode(like: node, pointer: pointer) { refused in
                refused.booleanValue = false
                refused.refusal = ("writeOnly", "no such key in an answer (the property is writeOnly: only sent in requests)")
            }
            node.patternProperties.append((regex, refusal))
        }
    }

    /// `discriminator` beside `oneOf` or `anyOf`: the branch is chosen by the named property's
    /// value (through `mapping`, else by the name of the schema a branch refers to), and only
    /// that branch is validated, so its findings are the ones reported. It compiles to a chain
    /// of `if` (the property has this value) / `then` (that branch) / `else` (the next value),
    /// ending in a schema that requires the property with one of the known values. Beside
    /// `allOf` or on its own it only annotates.
    private mutating func applyDiscriminator(_ member: SchemaMember, of json: JSONNode, to node: inout SchemaNode,
                                             in site: SchemaSite) throws(ContractError) {
        let value = member.value
        guard value.kind == .object, let property = value["propertyName"]?.stringValue else {
            throw site.invalid(member, "'discriminator' expects an object with a 'propertyName' string, found \(value.rawText)")
        }
        let usesOneOf = !node.oneOf.isEmpty
        let branches = usesOneOf ? node.oneOf : node.anyOf
        guard !branches.isEmpty else { return }
        let written = json[usesOneOf ? "oneOf" : "anyOf"]?.elements ?? []
        let references = written.map { $0.kind == .object ? $0["$ref"]?.stringValue : nil }
        var choices: [(value: String, schema: Int)] = []
        if let mapping = value["mapping"] {
            guard mapping.kind == .object else {
                throw site.invalid(member, "'mapping' expects an object of schema names or references, found \(mapping.rawText)")
            }
            for entry in mapping.memberSequence {
                guard let target = entry.value.stringValue else {
                    throw site.invalid(member, "'mapping' maps '\(entry.key)' to \(entry.value.rawText); expected a schema name or a reference")
                }
                // A bare name is a schema of the document's components, as the specification says.
                let reference = target.contains("/") || target.contains("#") ? target : "#/components/schemas/" + JSONPointer.escape(target)
                if let position = references.firstIndex(where: { $0 == reference }), position < branches.count {
                    choices.append((entry.key, branches[position]))
                } else {
                    choices.append((entry.key, referenceNode(reference, at: entry.value, like: node, in: site)))
                }
            }
        }
        for (position, reference) in references.enumerated() where position < branches.count {
            guard let name = Self.implicitName(of: reference), !choices.contains(where: { $0.value == name }) else { continue }
            choices.append((name, branches[position]))
        }
        // Nothing to choose by (branches written out, no mapping): the plain combinator stays.
        guard !choices.isEmpty else { return }
        let pointer = site.pointer(of: member)
        let known = addNode(like: node, pointer: pointer) { $0.enumValues = choices.map { .string($0.value) } }
        // When no branch is chosen, the other keys are not news: whose keys would they be?
        let anything = addNode(like: node, pointer: pointer) { $0.booleanValue = true }
        var next = addNode(like: node, pointer: pointer) {
            $0.types = .object
            $0.required = [property]
            $0.properties = [(property, known)]
            $0.additionalProperties = anything
        }
        for choice in choices.reversed() {
            let value = addNode(like: node, pointer: pointer) { $0.constValue = .string(choice.value) }
            let test = addNode(like: node, pointer: pointer) {
                $0.types = .object
                $0.required = [property]
                $0.properties = [(property, value)]
            }
            let otherwise = next
            next = addNode(like: node, pointer: pointer) {
                $0.ifSchema = test
                $0.thenSchema = choice.schema
                $0.elseSchema = otherwise
            }
        }
        if usesOneOf { node.oneOf = [] } else { node.anyOf = [] }
        node.allOf.append(next)
    }

    /// The name a branch's `$ref` gives its schema: the last token of its JSON Pointer
    /// (`#/components/schemas/Cat` is `Cat`).
    static func implicitName(of reference: String?) -> String? {
        guard let reference, let hash = reference.firstIndex(of: "#") else { return nil }
        let fragment = SchemaURI.percentDecoded(String(reference[reference.index(after: hash)...]))
        guard let last = JSONPointer.tokens(fragment)?.last, !last.isEmpty else { return nil }
        return last
    }

    /// A schema made here that is only a `$ref` to `reference` (written at `place`), resolved
    /// with the others.
    private mutating func referenceNode(_ reference: String, at place: JSONNode, like template: SchemaNode, in site: SchemaSite) -> Int {
        let index = addNode(like: template, pointer: site.pointer) { $0.refText = reference }
        let absolute = Self.resolve(reference, against: base(of: site.documentURI, pointer: site.pointer))
        pendingRefs.append(PendingReference(node: index, documentURI: site.documentURI, location: place.location,
                                            reference: reference, absolute: absolute, dynamic: false))
        return index
    }

    /// 3.0's `nullable: true`: null is allowed too, whatever else the schema says. A schema of
    /// plain keywords gains null in its `type` (and `enum`); one that refers or combines
    /// (`$ref`, `allOf`, ...) becomes `if: {type: null}, else: <the schema>`, so that a value
    /// other than null is judged, and reported on, by the schema as written.
    mutating func allowNull(in node: inout SchemaNode, at index: Int) {
        // `$ref`s are not resolved yet: `refText` tells that there is one.
        let plain = node.refText == nil && node.allOf.isEmpty && node.anyOf.isEmpty && node.oneOf.isEmpty
            && node.not == nil && node.ifSchema == nil && node.constValue == nil && node.booleanValue == nil
        if plain {
            node.types?.insert(.null)
            if let values = node.enumValues, !values.contains(.null) { node.enumValues = values + [.null] }
            return
        }
        let inner = schema.nodes.count
        schema.nodes.append(node)
        // The schema's references, not yet resolved, are the inner schema's now.
        for position in pendingRefs.indices where pendingRefs[position].node == index { pendingRefs[position].node = inner }
        let null = addNode(like: node, pointer: node.pointer) { $0.types = .null }
        node = SchemaNode(file: node.file, pointer: node.pointer, location: node.location)
        node.documentURI = schema.nodes[inner].documentURI
        node.origin.table = schema.nodes[inner].origin.table
        node.resource = schema.nodes[inner].resource
        node.ifSchema = null
        node.elseSchema = inner
    }

    /// Appends a schema made by the compiler, in the same file and resource as `template`, at
    /// `pointer` (where it came from), filled in by `fill`; returns its index.
    private mutating func addNode(like template: SchemaNode, pointer: String, _ fill: (inout SchemaNode) -> Void) -> Int {
        var made = SchemaNode(file: template.file, pointer: pointer, location: template.location)
        made.documentURI = template.documentURI
        made.origin.table = template.origin.table
        made.resource = template.resource
        fill(&made)
        schema.nodes.append(made)
        return schema.nodes.count - 1
    }
}
