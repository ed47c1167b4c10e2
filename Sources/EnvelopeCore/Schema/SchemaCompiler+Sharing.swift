/// Taking over schemas that another contract of the load compiled (see ``CompiledSchemaCache``).
///
/// A schema is copied only when compiling it here would give the very same schemas: it and
/// everything it links to come from documents that name no resource or anchor, were loaded
/// through `$ref`s, are the same parsed documents this compiler gets (its reader gives the
/// same bytes) and are read in the same dialect, under the same settings; and the contract
/// that compiled them had no problem at all. Everything else is compiled here, as before.
extension SchemaCompiler {
    /// What the compiler knows of a document loaded through a `$ref` that names no resource
    /// or anchor.
    struct SharingFacts {
        /// The document.
        let document: JSONDocument
        /// Whether its dialect is not its own but that of the contract's OpenAPI document or of
        /// the document whose `$ref` loaded it (see ``adoptDialect(of:referrer:failure:)``).
        var inheritsDialect = false
    }

    /// The number ``compiledCache`` gives what this compiler's schemas depend on beside their
    /// documents.
    mutating func sharingSettingsID(in cache: CompiledSchemaCache) -> Int {
        if let sharingID { return sharingID }
        let settings = CompiledSchemaCache.Settings(assertsFormats: assertsFormats, opensEnums: opensEnums,
                                                    sourceFolder: openAPISource?.folder, sourceDialect: openAPISource?.dialect)
        let id = cache.id(of: settings)
        sharingID = id
        return id
    }

    /// Hands the schemas compiled so far to ``compiledCache`` with the places this compile's
    /// `$ref`s resolved to, when they compiled without a problem and a place is in a document
    /// whose schemas may be shared.
    mutating func publishShared() {
        defer { resolvedReferences = [] }
        guard let compiledCache, !resolvedReferences.isEmpty, problems.isEmpty, !loadedMetaSchemas else { return }
        let documents = compiledSlots.map { publishedDocument($0.documentURI, $0.document) }
        let references = resolvedReferences.filter { reference in
            let table = Int(schema.nodes[reference.target].origin.table)
            return documents.indices.contains(table) && documents[table].shareable
        }
        guard !references.isEmpty else { return }
        compiledCache.publish(PublishedSchemas(nodes: schema.nodes, documents: documents), references: references,
                              settings: sharingSettingsID(in: compiledCache))
    }

    /// The document known by `uri` as another compiler would need it.
    private func publishedDocument(_ uri: String, _ document: JSONDocument) -> PublishedSchemas.Document {
        let entry = resources[uri]
        let facts = sharingFacts[uri]
        let inherits = facts?.inheritsDialect ?? false
        // An inherited dialect is shared only when it is the contract's OpenAPI document's,
        // which every compiler with the same settings gives the file whatever `$ref` loads it.
        let shareable = facts?.document === document && uri.utf8.starts(with: Self.contractsBase.utf8)
            && entry?.documentURI == uri && entry?.pointer == "" && (!inherits || sourceDialect(of: uri) != nil)
        return PublishedSchemas.Document(uri: uri, document: document, dialect: openAPIDialect(of: uri), inheritsDialect: inherits,
                                         validation: entry?.validation ?? true, formatAssertion: entry?.formatAssertion ?? false,
                                         shareable: shareable)
    }

    /// The index here of the schema that the `$ref` to `reference` (absolute) resolved to in
    /// another contract, copied with everything it links to (or found compiled here already);
    /// nil when no contract handed one in or it may not be taken over, and then it is compiled
    /// here as usual.
    mutating func sharedTarget(of reference: String) -> Int? {
        guard let compiledCache, reference.utf8.starts(with: Self.contractsBase.utf8),
              let shared = compiledCache.target(of: reference, settings: sharingSettingsID(in: compiledCache)),
              let plan = copyPlan(for: shared) else { return nil }
        compiledCache.noteTakeover()
        return commit(plan, from: shared.schemas)
    }

    /// What taking a shared schema over involves, worked out before anything here changes.
    struct CopyPlan {
        /// Per shared schema: its index here when it is compiled here already, -2 when it is
        /// to be copied, -1 when it is not reached.
        var mapping: [Int]
        /// The shared schemas to copy, in their order there.
        var copies: [Int] = []
        /// Per shared document: whether it is loaded here already (0 not looked at, 1 loaded,
        /// 2 to be added), and its table of compiled schemas here when it has one.
        var documentStates: [UInt8]
        var localTables: [Int]
        /// The root's place in `mapping`.
        let root: Int
    }

    /// The plan for taking over `shared`, or nil when any schema it reaches may not be.
    private func copyPlan(for shared: CompiledSchemaCache.Target) -> CopyPlan? {
        let schemas = shared.schemas
        var plan = CopyPlan(mapping: [Int](repeating: -1, count: schemas.nodes.count),
                            documentStates: [UInt8](repeating: 0, count: schemas.documents.count),
                            localTables: [Int](repeating: -1, count: schemas.documents.count), root: shared.root)
        var stack = [shared.root]
        // Read in place: a copy of each schema would retain every one of its fields.
        let complete = schemas.nodes.withUnsafeBufferPointer { nodes in
            while let index = stack.popLast() {
                guard plan.mapping[index] == -1 else { continue }
                let table = Int(nodes[index].origin.table)
                guard nodes[index].dynamicRef == nil, schemas.documents.indices.contains(table),
                      schemas.documents[table].shareable else { return false }
                if plan.documentStates[table] == 0 {
                    guard let state = documentState(schemas.documents[table]) else { return false }
                    plan.documentStates[table] = state.loaded ? 1 : 2
                    plan.localTables[table] = state.table ?? -1
                }
                let tape = Int(nodes[index].origin.tape)
                let local = plan.localTables[table]
                if tape >= 0, local >= 0, case let slot = compiledSlots[local].slots[tape], slot > 0 {
                    plan.mapping[index] = Int(slot - 1)
                    continue
                }
                plan.mapping[index] = -2
                plan.copies.append(index)
                if let base = nodes.baseAddress { SchemaNode.appendLinks(of: base + index, to: &stack) }
            }
            return true
        }
        guard complete else { return nil }
        plan.copies.sort()
        return plan
    }

    /// Whether the shared `document` is loaded here (and its table of compiled schemas, if
    /// any), or can be added as it is; nil when this compiler knows another document by its
    /// URI, reads it in another dialect, or its reader gives other bytes for it.
    private func documentState(_ document: PublishedSchemas.Document) -> (loaded: Bool, table: Int?)? {
        let uri = document.uri
        if let known = documents[uri] {
            guard known === document.document, openAPIDialect(of: uri) == document.dialect,
                  let entry = resources[uri], entry.documentURI == uri, entry.pointer == "",
                  entry.validation == document.validation, entry.formatAssertion == document.formatAssertion else { return nil }
            let table = compiledSlots.firstIndex { $0.document === known && $0.documentURI == uri }
            return (true, table)
        }
        guard resources[uri] == nil, let documentCache else { return nil }
        // Read as loading it would: the same bytes give the same parsed document.
        do throws(ContractError) {
            let bytes = try documentBytes(uri) { reason in .unreadable(file: uri, reason: reason) }
            let entry = try documentCache.document(for: uri, bytes: bytes) { (bytes: [UInt8]) throws(ContractError) in
                try parseDocument(bytes, uri: uri)
            }
            return entry.document === document.document ? (false, nil) : nil
        } catch {
            return nil
        }
    }

    /// Adds the documents and copies the schemas `plan` names; the root's index here.
    private mutating func commit(_ plan: consuming CopyPlan, from schemas: PublishedSchemas) -> Int {
        var resourceIndices = [Int](repeating: 0, count: schemas.documents.count)
        var tables = plan.localTables
        // Room for the documents added, at once rather than growing each table step by step.
        let added = plan.documentStates.count { $0 == 2 }
        if added > 0 { reserveDocuments(added) }
        for (table, state) in plan.documentStates.enumerated() where state != 0 {
            let document = schemas.documents[table]
            if state == 2 { addSharedDocument(document) }
            resourceIndices[table] = resources[document.uri]?.index ?? 0
            if tables[table] < 0 { tables[table] = compiledTable(of: document.document, documentURI: document.uri) }
        }
        let base = schema.nodes.count
        for (offset, index) in plan.copies.enumerated() { plan.mapping[index] = base + offset }
        // Room for all of them at once (still doubling, as appending one by one would).
        let needed = base + plan.copies.count
        if schema.nodes.capacity < needed { schema.nodes.reserveCapacity(Swift.max(needed, 2 * schema.nodes.capacity)) }
        for index in plan.copies { schema.nodes.append(schemas.nodes[index]) }
        let mapping = plan.mapping
        schema.nodes.withUnsafeMutableBufferPointer { nodes in
            for position in base..<needed {
                nodes[position].relink { mapping[$0] }
                let table = Int(nodes[position].origin.table)
                nodes[position].resource = resourceIndices[table]
                nodes[position].origin.table = Int32(tables[table])
                let tape = Int(nodes[position].origin.tape)
                if tape >= 0 { compiledSlots[tables[table]].slots[tape] = Int32(position + 1) }
            }
        }
        return mapping[plan.root]
    }

    /// Makes room in the tables of documents for `count` more.
    private mutating func reserveDocuments(_ count: Int) {
        documents.reserveCapacity(documents.count + count)
        sharingFacts.reserveCapacity(sharingFacts.count + count)
        resources.reserveCapacity(resources.count + count)
        resourceOrder.reserveCapacity(resourceOrder.count + count)
        schema.resources.reserveCapacity(schema.resources.count + count)
    }

    /// Makes `document` known here as loading it through a `$ref` would have: its dialect, and
    /// the one resource it is. (Whether it names a resource or an anchor is not asked of a
    /// document known already, so that is not kept.)
    private mutating func addSharedDocument(_ document: PublishedSchemas.Document) {
        let uri = document.uri
        documents[uri] = document.document
        sharingFacts[uri] = SharingFacts(document: document.document, inheritsDialect: document.inheritsDialect)
        if let dialect = document.dialect { openAPIDialects[uri] = dialect }
        resources[uri] = ResourceEntry(documentURI: uri, pointer: "", index: schema.resources.count,
                                       validation: document.validation, formatAssertion: document.formatAssertion)
        schema.resources.append(SchemaResource(file: display(uri)))
        resourceOrder.append(uri)
        lastResource = nil
    }
}

