import Foundation

/// Turns schema JSON into a ``CompiledSchema``, following `$ref`s across files and URIs.
///
/// Identifiers follow JSON Schema 2020-12: `$id` sets a resource's base URI, `$anchor` and
/// `$dynamicAnchor` name places in it, and `$ref`s resolve against the base URI of the schema
/// they are in (RFC 3986). Contract files get `file:///` URIs relative to the contracts folder,
/// so `schemas/root.json` next to a contract resolves the way a reader expects, and a `..` past
/// the folder is kept (`../api/openapi.json`) for the reader to allow or refuse: the CLI's
/// reader allows any file of the project folder. Other URIs resolve through ``ReferenceMapping``s (`--map-ref`) or the
/// built-in meta-schemas; nothing is fetched from the network. Files are read through
/// closures, so Core does no I/O itself.
public struct SchemaCompiler {
    /// Reads a file's bytes by its path relative to the contracts folder (or to a mapping's
    /// folder); a path may start with `../`, and the reader decides whether it may be read.
    /// Sendable because a folder's contracts load on several threads at once.
    public typealias Reader = @Sendable (String) throws -> [UInt8]

    /// Serves every URI that starts with `prefix` from `read(rest of the URI)`.
    public struct ReferenceMapping: Sendable {
        /// The URI prefix, e.g. `https://schemas.example.com/`.
        public var prefix: String
        /// Reads the rest of the URI as a path.
        public var read: Reader

        /// Creates a mapping.
        public init(prefix: String, read: @escaping Reader) {
            self.prefix = prefix
            self.read = read
        }
    }

    /// The base URI of contract files.
    public static let contractsBase = "file:///"

    /// Whether `format` is asserted (checked) rather than only annotated, for every schema
    /// this compiler loads; a meta-schema with the format-assertion vocabulary turns it on for
    /// its own schemas.
    public var assertsFormats = false
    /// Whether enums of strings are open (the contract's `"enums": "open"`) unless a schema's
    /// `x-envelope-open` says otherwise; see ``SchemaNode/opensEnum``.
    public var opensEnums = false
    /// Reads the `.yaml` and `.yml` documents that `$ref`s name; without it they are refused.
    public var parseYAML: YAMLParser?
    /// Whether a bad keyword, or a `$ref` that leads nowhere, is kept in ``problems`` and
    /// compiling goes on without it (for reports that list every problem), rather than thrown.
    var collectsProblems = false
    /// The problems kept with ``collectsProblems``, in the order they were found.
    private(set) var problems: [ContractError] = []
    /// The schemas compiled so far.
    public internal(set) var schema = CompiledSchema()
    private let read: Reader
    /// Compiled `pattern`s, possibly shared with the compilers of other contracts.
    private let regexes: SchemaRegexCache
    /// Parsed documents, possibly shared with the compilers of other contracts.
    let documentCache: SchemaDocumentCache?
    /// Compiled schemas shared with the compilers of other contracts (see
    /// ``sharedTarget(of:)``); nil compiles every schema here.
    let compiledCache: CompiledSchemaCache?
    /// The `$ref`s resolved here (their absolute URIs and targets), handed to
    /// ``compiledCache`` once the compile is done; only kept with one.
    var resolvedReferences: [(reference: String, target: Int)] = []
    /// The documents loaded through `$ref`s from ``documentCache`` that name no resource or
    /// anchor (only kept with a ``compiledCache``): the ones whose schemas another contract
    /// may take over.
    var sharingFacts: [String: SharingFacts] = [:]
    /// The settings' number in ``compiledCache`` (see ``sharingSettingsID()``), asked once per
    /// compile.
    var sharingID: Int?
    /// Whether a `$schema` made this compiler load a meta-schema: its schemas are then not
    /// shared, since another compiler taking them over would not have loaded it.
    var loadedMetaSchemas = false
    private let mappings: [ReferenceMapping]
    private let fetch: Reader?
    var documents: [String: JSONDocument] = [:]
    /// ``mayIdentify(_:)`` of each loaded document, by URI (see ``SchemaDocumentCache``).
    var identifying: [String: Bool] = [:]
    var resources: [String: ResourceEntry] = [:]
    /// The dialect of each loaded OpenAPI document (see ``OpenAPIDialect``); other documents
    /// are JSON Schema.
    var openAPIDialects: [String: OpenAPIDialect] = [:]
    /// The OpenAPI document a contract names with `"openapi"` (its folder's URI, ending in
    /// `/`, and its dialect): files in that folder or below with no dialect of their own are
    /// read in its dialect, however a `$ref` reaches them. See ``adoptOpenAPISource(_:in:at:)``.
    var openAPISource: (folder: String, dialect: OpenAPIDialect)?
    var resourceOrder: [String] = []
    /// The base URI of each schema (`documentURI#pointer`) that is, or is inside, a schema
    /// with an `$id`; any other schema's base is its document's URI, which is not stored.
    private var bases: [String: String] = [:]
    /// The documents with an `$id` anywhere in their schemas: only their schemas can have a
    /// base URI other than the document's own.
    private var documentsWithIdentifiers: Set<String> = []
    /// What the schemas compiled last took from their resource, by base and document URI,
    /// kept because a contract's schemas come one document at a time and looking the
    /// resource up for each would hash both URIs again. Forgotten when a resource or an
    /// identifier is added.
    var lastResource: (baseURI: String, documentURI: String, settings: ResourceSettings)?

    /// What a schema takes from its resource.
    struct ResourceSettings {
        var index: Int
        var validation: Bool
        var formatAssertion: Bool
    }
    /// The schemas compiled so far by place: per document (and the URI it is known by), the
    /// index + 1 of the schema compiled from each tape entry, 0 where none is. A contract's
    /// schemas come from a handful of documents, so this spares hashing a URI and a pointer
    /// for every schema.
    var compiledSlots: [(documentURI: String, document: JSONDocument, slots: [Int32])] = []
    var pendingRefs: [PendingReference] = []
    /// Whether any resource declares a `$dynamicAnchor`.
    private var hasDynamicAnchors = false
    private var compilingDynamicAnchors = false
    private var lastDisplayed: (uri: String, text: String)?

    struct ResourceEntry {
        var documentURI: String
        var pointer: String
        var index: Int
        var anchors: [String: String] = [:]
        var dynamicAnchors: [String: String] = [:]
        var validation = true
        var formatAssertion = false
    }

    struct PendingReference {
        var node: Int
        var documentURI: String
        var location: SourceLocation
        var reference: String
        var absolute: String
        var dynamic: Bool
    }

    /// Creates a compiler that reads contract-relative files with `read` and other URIs
    /// through `mappings`.
    /// `fetch`, when given, reads any other absolute URI (`--allow-remote-refs`); without it
    /// such references fail to load, naming the URI.
    public init(read: @escaping Reader, mappings: [ReferenceMapping] = [], fetch: Reader? = nil) {
        self.init(read: read, mappings: mappings, fetch: fetch, regexes: SchemaRegexCache())
    }

    /// A compiler that takes compiled `pattern`s from `regexes` and parsed documents from
    /// `documentCache`, which other compilers may share.
    init(read: @escaping Reader, mappings: [ReferenceMapping], fetch: Reader?, regexes: SchemaRegexCache,
         documentCache: SchemaDocumentCache? = nil, compiledCache: CompiledSchemaCache? = nil) {
        self.regexes = regexes
        self.documentCache = documentCache
        // Shared schemas are checked against the shared parsed documents.
        self.compiledCache = documentCache == nil ? nil : compiledCache
        self.read = read
        self.mappings = mappings.sorted { $0.prefix.count > $1.prefix.count }
        self.fetch = fetch
        schema.nodes.reserveCapacity(8)
    }

    /// Registers an already parsed document as the contract-relative `file`.
    public mutating func register(_ document: JSONDocument, as file: String) {
        documents[Self.contractsBase + file] = document
        identifying[Self.contractsBase + file] = nil
    }

    /// Compiles the schema at `node` (inside the contract-relative `file`, at `pointer`, which
    /// becomes the root of that file's schema resource) and everything it refers to. Returns
    /// the index of the schema in ``schema``.
    public mutating func compile(_ node: JSONNode, file: String, pointer: String) throws(ContractError) -> Int {
        try compile(node, uri: Self.contractsBase + file, pointer: pointer)
    }

    /// Compiles `node`, the schema at `pointer` in its document, which is known by `uri`.
    public mutating func compile(_ node: JSONNode, uri: String, pointer: String) throws(ContractError) -> Int {
        sharingID = nil
        let documentURI = SchemaURI.withoutFragment(uri)
        if documents[documentURI] == nil { documents[documentURI] = node.document }
        // `node` is the schema at `pointer` when it is from the document known by that URI:
        // then it is not looked up again (resolving a pointer splits it into strings).
        let known = documents[documentURI] === node.document ? node : nil
        try indexResources(of: documentURI, root: pointer, node: known)
        let root = try compileNode(documentURI: documentURI, pointer: pointer, json: known)
        try resolveEverything()
        try checkReferenceCycles()
        try checkInPlaceCycles()
        for index in schema.nodes.indices { schema.nodes[index].prepare() }
        if compiledCache != nil { publishShared() }
        return root
    }

    /// The compiled schemas with their resources.
    public func finish() -> (schema: CompiledSchema, resources: [SchemaResource]) {
        (schema, schema.resources)
    }

    // MARK: - Documents and resources

    /// `reference` resolved against `base`; against a contract file's URI, a `..` past the
    /// contracts folder is kept (`../api/openapi.json`), so the reader sees the file beside
    /// the folder that was meant and decides whether it may be read.
    static func resolve(_ reference: String, against base: String) -> String {
        SchemaURI.resolve(reference, against: base, keepingParentSteps: base.utf8.starts(with: contractsBase.utf8))
    }

    /// How a URI is shown to people: contract files by their relative path.
    func display(_ uri: String) -> String {
        // By UTF-8, not Character: this runs once per schema compiled, and dropping
        // Characters would walk grapheme boundaries.
        let base = Self.contractsBase.utf8
        return uri.utf8.starts(with: base) ? String(decoding: uri.utf8.dropFirst(base.count), as: UTF8.self) : uri
    }

    /// ``display(_:)`` of the URI of the schema compiled last, kept: a contract's schemas
    /// come one document at a time, and each would make the same string again.
    private mutating func displayName(of uri: String) -> String {
        if let cached = lastDisplayed, cached.uri == uri { return cached.text }
        let text = display(uri)
        lastDisplayed = (uri, text)
        return text
    }

    mutating func loadDocument(_ documentURI: String, referrer: PendingReference) throws(ContractError) {
        if documents[documentURI] != nil { return }
        let referrerFile = display(referrer.documentURI)
        let failure = { (reason: String) -> ContractError in
            .unresolvedReference(file: referrerFile, at: referrer.location, reference: referrer.reference, reason: reason)
        }
        let bytes = try documentBytes(documentURI, failure: failure)
        if let documentCache {
            let entry = try documentCache.document(for: documentURI, bytes: bytes) { (bytes: [UInt8]) throws(ContractError) in
                try parseDocument(bytes, uri: documentURI)
            }
            documents[documentURI] = entry.document
            identifying[documentURI] = entry.mayIdentify
            if compiledCache != nil, !entry.mayIdentify { sharingFacts[documentURI] = SharingFacts(document: entry.document) }
        } else {
            documents[documentURI] = try parseDocument(bytes, uri: documentURI)
        }
        try adoptDialect(of: documentURI, referrer: referrer.documentURI, failure: failure)
        try indexResources(of: documentURI, root: "")
        try indexOpenAPISchemas(of: documentURI)
    }

    /// The bytes of the document `documentURI`: a meta-schema's, or read through the mapping
    /// that serves the URI, the contracts' reader or `fetch`; a failure is `failure`'s error.
    func documentBytes(_ documentURI: String, failure: (String) -> ContractError) throws(ContractError) -> [UInt8] {
        let bytes: [UInt8]
        if let text = MetaSchemas.documents[documentURI] {
            bytes = Array(text.utf8)
        } else if let mapping = mappings.first(where: { documentURI.hasPrefix($0.prefix) }) {
            do {
                bytes = try mapping.read(String(documentURI.dropFirst(mapping.prefix.count)))
            } catch {
                throw failure("cannot read \(documentURI), mapped by \(mapping.prefix): \(error)")
            }
        } else if documentURI.hasPrefix(Self.contractsBase) {
            let path = SchemaURI.percentDecoded(String(documentURI.dropFirst(Self.contractsBase.count)))
            do {
                bytes = try read(path)
            } catch {
                throw failure("cannot read \(path): \(error)")
            }
        } else if let fetch {
            do {
                bytes = try fetch(documentURI)
            } catch {
                throw failure("cannot fetch \(documentURI): \(error)")
            }
        } else {
            throw failure("remote references are not fetched; save the schema next to the contract and refer to it by a relative path, or map its URI to a folder with --map-ref \(Self.mapPrefix(for: documentURI))=DIR")
        }
        return bytes
    }

    /// Finds every schema resource (`$id`), anchor and dynamic anchor in a document, from the
    /// schema at `root`, walking only through keywords whose values are schemas.
    private mutating func indexResources(of documentURI: String, root: String, node known: JSONNode? = nil) throws(ContractError) {
        guard let document = documents[documentURI], let node = known ?? document.root.resolve(pointer: root) else { return }
        if resources[documentURI] != nil { return }
        guard mayIdentify(documentURI, document) else {
            // Nothing in it names a resource or an anchor: the walk would only find the root,
            // after building the pointer of every schema below it.
            try addResource(documentURI, documentURI: documentURI, pointer: root, schemaNode: node)
            return
        }
        try walk(node, pointer: root, base: documentURI, documentURI: documentURI, isRoot: true, identified: false)
    }

    /// ``mayIdentify(_:)`` of the document known by `documentURI`: from the document cache
    /// when it came from there, else scanned once and kept.
    mutating func mayIdentify(_ documentURI: String, _ document: JSONDocument) -> Bool {
        if let known = identifying[documentURI] { return known }
        let found = Self.mayIdentify(document.text)
        identifying[documentURI] = found
        return found
    }

    /// Whether a document's text could hold a `$id`, `$anchor` or `$dynamicAnchor` key: it
    /// has one of them in quotes, or a `\u` escape, which could spell one. (No other escape
    /// can: they stand for quotes, slashes and control characters.)
    static func mayIdentify(_ text: SharedBytes) -> Bool {
        text.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return false }
            var i = 0
            while i + 1 < bytes.count {
                // Eight bytes at a time up to the next dollar sign or backslash (or a byte just
                // after one: the test can flag those too; they are looked at one by one below).
                while i + 8 <= bytes.count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                    let found = (ByteWord.marks(of: UInt8(ascii: "$"), in: word) | ByteWord.marks(of: UInt8(ascii: "\\"), in: word))
                        & ByteWord.highs
                    if found != 0 {
                        i += found.trailingZeroBitCount >> 3
                        break
                    }
                    i += 8
                }
                guard i + 1 < bytes.count else { return false }
                switch bytes[i] {
                case UInt8(ascii: "\\"):
                    if bytes[i + 1] == UInt8(ascii: "u") { return true }
                    i += 2
                    continue
                case UInt8(ascii: "$"):
                    guard i > 0, bytes[i - 1] == UInt8(ascii: "\"") else { break }
                    let rest = UnsafeBufferPointer(rebasing: bytes[(i + 1)...])
                    for name in ["id\"", "anchor\"", "dynamicAnchor\""] where rest.starts(with: name.utf8) { return true }
                default:
                    break
                }
                i += 1
            }
            return false
        }
    }

    private mutating func addResource(_ uri: String, documentURI: String, pointer: String, schemaNode: JSONNode) throws(ContractError) {
        guard resources[uri] == nil else { return }
        var entry = ResourceEntry(documentURI: documentURI, pointer: pointer, index: schema.resources.count)
        schema.resources.append(SchemaResource(file: display(uri)))
        if let metaSchema = schemaNode["$schema"]?.stringValue {
            (entry.validation, entry.formatAssertion) = try vocabularies(of: metaSchema, at: schemaNode, documentURI: documentURI)
        }
        resources[uri] = entry
        resourceOrder.append(uri)
        lastResource = nil
    }

    /// Records the resources, anchors and base URIs of the schema `node` at `pointer` and
    /// below; `identified` says whether an enclosing schema has an `$id`.
    mutating func walk(_ node: JSONNode, pointer: String, base: String, documentURI: String, isRoot: Bool,
                               identified: Bool) throws(ContractError) {
        guard node.kind == .object else {
            if isRoot { try addResource(base, documentURI: documentURI, pointer: pointer, schemaNode: node) }
            if identified { bases[documentURI + "#" + pointer] = base }
            return
        }
        // One pass over the members finds the identifying keywords; looking each up by name
        // would scan the members three more times for every schema of every contract. The
        // last of equal keys wins, as with `node[key]`.
        let members = node.members
        var id: String?, anchor: String?, dynamicAnchor: String?
        for member in members {
            switch member.key {
            case "$id": id = member.value.stringValue
            case "$anchor": anchor = member.value.stringValue
            case "$dynamicAnchor": dynamicAnchor = member.value.stringValue
            default: break
            }
        }
        var base = base
        if let id {
            let resolved = SchemaURI.withoutFragment(Self.resolve(id, against: base))
            if isRoot { try addResource(base, documentURI: documentURI, pointer: pointer, schemaNode: node) }
            base = resolved
            try addResource(base, documentURI: documentURI, pointer: pointer, schemaNode: node)
        } else if isRoot {
            try addResource(base, documentURI: documentURI, pointer: pointer, schemaNode: node)
        }
        // Schemas outside every `$id` have their document's URI as base, which is what
        // `base(of:pointer:)` answers for a document without identifiers, so only the others
        // are stored: most contracts have no `$id` and store nothing.
        let identified = identified || id != nil
        if identified {
            documentsWithIdentifiers.insert(documentURI)
            lastResource = nil
            bases[documentURI + "#" + pointer] = base
        }
        if let anchor { resources[base]?.anchors[anchor] = pointer }
        if let dynamicAnchor {
            resources[base]?.anchors[dynamicAnchor] = pointer
            resources[base]?.dynamicAnchors[dynamicAnchor] = pointer
            hasDynamicAnchors = true
        }
        for member in members {
            switch member.key {
            case "$defs", "definitions", "properties", "patternProperties", "dependentSchemas":
                let here = JSONPointer.appending(member.key, to: pointer)
                for child in member.value.memberSequence {
                    try walk(child.value, pointer: JSONPointer.appending(child.key, to: here), base: base, documentURI: documentURI,
                             isRoot: false, identified: identified)
                }
            case "allOf", "anyOf", "oneOf", "prefixItems":
                let here = JSONPointer.appending(member.key, to: pointer)
                for (position, child) in member.value.elements.enumerated() {
                    try walk(child, pointer: JSONPointer.appending(index: position, to: here), base: base, documentURI: documentURI, isRoot: false, identified: identified)
                }
            case "items", "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "not", "if", "then",
                 "else", "contains", "propertyNames", "contentSchema":
                try walk(member.value, pointer: JSONPointer.appending(member.key, to: pointer), base: base, documentURI: documentURI,
                         isRoot: false, identified: identified)
            default:
                break
            }
        }
    }

    /// Which vocabularies a `$schema` turns on: (validation, format assertion).
    mutating func vocabularies(of metaSchema: String, at node: JSONNode, documentURI: String) throws(ContractError) -> (Bool, Bool) {
        let uri = SchemaURI.withoutFragment(metaSchema)
        if uri == "https://json-schema.org/draft/2020-12/schema" || uri.hasPrefix("http://json-schema.org/draft") || uri.hasPrefix("https://json-schema.org/draft")
            || OpenAPIDialect.isOpenAPIDialect(uri) {
            return (true, false)
        }
        let referrer = PendingReference(node: 0, documentURI: documentURI, location: node["$schema"]?.location ?? node.location,
                                        reference: metaSchema, absolute: uri, dynamic: false)
        loadedMetaSchemas = true
        try loadDocument(uri, referrer: referrer)
        guard let meta = documents[uri]?.root, let vocabulary = meta["$vocabulary"] else { return (true, false) }
        let keys = Set(vocabulary.members.map(\.key))
        return (keys.contains("https://json-schema.org/draft/2020-12/vocab/validation"),
                vocabulary["https://json-schema.org/draft/2020-12/vocab/format-assertion"] != nil)
    }

    /// The base URI of the schema at `pointer`: that of the nearest schema at or above it.
    func base(of documentURI: String, pointer: String) -> String {
        guard documentsWithIdentifiers.contains(documentURI) else { return documentURI }
        var current = pointer
        while true {
            if let base = bases[documentURI + "#" + current] { return base }
            // By code point: a "/" followed by a combining mark is one Character.
            guard let slash = current.unicodeScalars.lastIndex(of: "/") else { return documentURI }
            current = String(Substring(current.unicodeScalars[..<slash]))
        }
    }

    /// What the schema at `pointer` in a document takes from its resource: that of its base
    /// URI, else the document's.
    private mutating func resourceSettings(documentURI: String, pointer: String) -> ResourceSettings {
        // Without identifiers in the document the base is the document's URI, whatever the
        // pointer: the last answer holds for every schema of it.
        if let last = lastResource, last.documentURI == documentURI, last.baseURI == documentURI,
           documentsWithIdentifiers.isEmpty || !documentsWithIdentifiers.contains(documentURI) {
            return last.settings
        }
        let baseURI = base(of: documentURI, pointer: pointer)
        if let last = lastResource, last.documentURI == documentURI, last.baseURI == baseURI { return last.settings }
        let entry = resources[baseURI] ?? resources[documentURI]
        let settings = ResourceSettings(index: entry?.index ?? 0, validation: entry?.validation ?? true,
                                        formatAssertion: entry?.formatAssertion ?? false)
        lastResource = (baseURI, documentURI, settings)
        return settings
    }

    // MARK: - Nodes

    /// Where the compiled index of the schema `json` (of the document known by `documentURI`)
    /// is kept in ``compiledSlots``, making the document's table on first use.
    private mutating func compiledPlace(of json: JSONNode, documentURI: String) -> (table: Int, slot: Int) {
        (compiledTable(of: json.document, documentURI: documentURI), json.index)
    }

    /// The index in ``compiledSlots`` of the document known by `documentURI`, its table made
    /// on first use.
    mutating func compiledTable(of document: JSONDocument, documentURI: String) -> Int {
        for (table, entry) in compiledSlots.enumerated() where entry.document === document && entry.documentURI == documentURI {
            return table
        }
        compiledSlots.append((documentURI, document, [Int32](repeating: 0, count: document.tape.count)))
        return compiledSlots.count - 1
    }

    /// Compiles the schema at `pointer` in the document known by `documentURI` (`json` when
    /// the caller has it), or returns its index if it is compiled already.
    mutating func compileNode(documentURI: String, pointer: String, json known: JSONNode? = nil) throws(ContractError) -> Int {
        guard let json = known ?? documents[documentURI]?.root.resolve(pointer: pointer) else {
            throw .invalidSchema(file: display(documentURI), at: SourceLocation(line: 1, column: 1, offset: 0), pointer: pointer, message: "no schema at this place")
        }
        let place = compiledPlace(of: json, documentURI: documentURI)
        if compiledSlots[place.table].slots[place.slot] > 0 { return Int(compiledSlots[place.table].slots[place.slot] - 1) }
        let file = displayName(of: documentURI)
        let index = schema.nodes.count
        // Only the offset now: line:column costs a scan and is needed only for an error.
        let location = SourceLocation(line: 0, column: 0, offset: json.offset)
        var node = SchemaNode(file: file, pointer: pointer, location: location)
        node.documentURI = documentURI
        node.origin.table = Int32(place.table)
        // A fresh placeholder holds the index while subschemas are compiled (they append
        // after it); appending `node` itself would copy every field of it once more.
        schema.nodes.append(SchemaNode(file: file, pointer: pointer, location: location))
        compiledSlots[place.table].slots[place.slot] = Int32(index + 1)
        let resource = resourceSettings(documentURI: documentURI, pointer: pointer)
        node.resource = resource.index
        let validation = resource.validation
        node.assertsFormat = assertsFormats || resource.formatAssertion

        switch json.kind {
        case .bool:
            node.booleanValue = json.boolValue
            node.origin.tape = Int32(json.index)
            schema.nodes[index] = node
            return index
        case .object:
            break
        default:
            throw .invalidSchema(file: file, at: json.location, pointer: pointer, message: "expected a schema (an object or a boolean), found \(json.kind)")
        }

        let site = SchemaSite(index: index, documentURI: documentURI, pointer: pointer, file: file)
        var openness: SchemaMember?
        let dialect = openAPIDialect(of: documentURI)
        var openAPI = OpenAPISchemaFacts(json, dialect: dialect)
        for member in SchemaMember.Sequence(object: json) {
            if !validation, member.keyword?.isValidation == true { continue }
            if member.keyword == nil, member.key == SchemaCompiler.openEnumKey {
                openness = member
                continue
            }
            // OpenAPI's own keywords are read after the schema's others (see docs/openapi.md).
            if dialect != nil, openAPI.takes(member) { continue }
            do throws(ContractError) {
                try compileKeyword(member, in: site, into: &node)
            } catch {
                // A bad keyword spoils only itself: the schema goes on without it.
                try keep(error)
            }
        }
        if dialect != nil {
            do throws(ContractError) {
                try apply(openAPI, to: &node, in: site)
            } catch {
                try keep(error)
            }
        }
        if validation {
            do throws(ContractError) {
                try settleOpenness(of: &node, marked: openness, in: site)
            } catch {
                try keep(error)
            }
            // `x-extensible-enum` is an open enum unless `x-envelope-open` says otherwise.
            if openAPI.opensEnum, openness == nil { node.opensEnum = true }
        }
        if openAPI.nullable { allowNull(in: &node, at: index) }
        // Set last, so that a schema made from this one (`nullable`'s inner half) names no place.
        node.origin.tape = Int32(json.index)
        // Swapped with the placeholder rather than assigned, so that the node's fields move
        // into place instead of being retained by a copy.
        swap(&schema.nodes[index], &node)
        return index
    }

    /// Where a schema being compiled is: what its keywords' error messages and the pointers
    /// of their subschemas need.
    struct SchemaSite {
        /// The schema's index among the compiled schemas.
        let index: Int
        /// The URI of the document the schema is in.
        let documentURI: String
        /// The schema's pointer.
        let pointer: String
        /// The schema's file, as shown to people.
        let file: String

        /// The pointer of `member`'s value, built only when a subschema or an error needs it:
        /// most keywords (type, required, format, ...) never do.
        func pointer(of member: SchemaMember) -> String { JSONPointer.appending(member.key, to: pointer) }

        /// The error that `member`'s value is wrong, saying why.
        func invalid(_ member: SchemaMember, _ message: String) -> ContractError {
            .invalidSchema(file: file, at: member.value.location, pointer: pointer(of: member), message: message)
        }

        /// `member`'s value as a non-negative integer, as counts and lengths are written.
        func nonNegativeInteger(_ member: SchemaMember) throws(ContractError) -> Int {
            let value = member.value
            guard let number = value.intValue, number >= 0 else {
                throw invalid(member, "'\(member.key)' expects a non-negative integer, found \(value.rawText)")
            }
            return number
        }

        /// `member`'s value as a number.
        func number(_ member: SchemaMember) throws(ContractError) -> Double {
            guard let number = member.value.doubleValue else { throw invalid(member, "'\(member.key)' expects a number, found \(member.value.rawText)") }
            return number
        }
    }

    /// Compiles the value of `member`, a schema.
    private mutating func subschema(_ member: SchemaMember, in site: SchemaSite) throws(ContractError) -> Int {
        try compileNode(documentURI: site.documentURI, pointer: site.pointer(of: member), json: member.value)
    }

    /// Compiles the value of `member`, a non-empty array of schemas.
    private mutating func subschemas(_ member: SchemaMember, in site: SchemaSite) throws(ContractError) -> [Int] {
        let value = member.value
        guard value.kind == .array, value.count > 0 else { throw site.invalid(member, "'\(member.key)' expects a non-empty array of schemas") }
        let prefix = site.pointer(of: member)
        var result: [Int] = []
        for (position, element) in value.elements.enumerated() {
            result.append(try compileNode(documentURI: site.documentURI, pointer: JSONPointer.appending(index: position, to: prefix), json: element))
        }
        return result
    }

    /// Compiles the value of `member`, an object of schemas.
    private mutating func schemaMap(_ member: SchemaMember, in site: SchemaSite) throws(ContractError) -> [(name: String, schema: Int)] {
        let value = member.value
        guard value.kind == .object else { throw site.invalid(member, "'\(member.key)' expects an object of schemas") }
        let prefix = site.pointer(of: member)
        var result: [(name: String, schema: Int)] = []
        for property in value.memberSequence {
            result.append((property.key, try compileNode(documentURI: site.documentURI, pointer: JSONPointer.appending(property.key, to: prefix), json: property.value)))
        }
        return result
    }

    /// `$ref` or `$dynamicRef`: keeps the reference as written, to be resolved once every
    /// schema it may name is known.
    private mutating func addReference(_ member: SchemaMember, in site: SchemaSite, dynamic: Bool, to node: inout SchemaNode) throws(ContractError) {
        guard let text = member.value.stringValue else { throw site.invalid(member, "'\(member.key)' expects a string") }
        node.refText = text
        let base = base(of: site.documentURI, pointer: site.pointer)
        let absolute = documentCache?.resolved(text, against: base) ?? Self.resolve(text, against: base)
        pendingRefs.append(PendingReference(node: site.index, documentURI: site.documentURI, location: member.value.location,
                                            reference: text, absolute: absolute, dynamic: dynamic))
    }

    /// Compiles one member of a schema into `node`.
    private mutating func compileKeyword(_ member: SchemaMember, in site: SchemaSite, into node: inout SchemaNode) throws(ContractError) {
        switch member.keyword {
        case .type, .enum, .const, .ref, .dynamicRef, .format:
            try compileValueKeyword(member, in: site, into: &node)
        case .properties, .required, .dependentRequired, .dependentSchemas, .additionalProperties, .unevaluatedProperties,
             .patternProperties, .propertyNames, .minProperties, .maxProperties:
            try compileObjectKeyword(member, in: site, into: &node)
        case .prefixItems, .items, .unevaluatedItems, .contains, .minContains, .maxContains, .minItems, .maxItems, .uniqueItems:
            try compileArrayKeyword(member, in: site, into: &node)
        case .minLength, .maxLength, .pattern, .minimum, .maximum, .exclusiveMinimum, .exclusiveMaximum, .multipleOf:
            try compileScalarKeyword(member, in: site, into: &node)
        case .allOf, .anyOf, .oneOf, .not, .if, .then, .else:
            try compileCombinator(member, in: site, into: &node)
        case .defs, .definitions, .dynamicAnchor, .anchor, .id, .schema, .vocabulary, .comment, .contentSchema:
            try compileCoreKeyword(member, in: site, into: &node)
        case nil:
            try checkUnknownKeyword(member, in: site)
        }
    }

    /// `type`, `enum`, `const`, `$ref`, `$dynamicRef` and `format`: keywords about any value.
    private mutating func compileValueKeyword(_ member: SchemaMember, in site: SchemaSite, into node: inout SchemaNode) throws(ContractError) {
        let value = member.value
        switch member.keyword {
        case .type: node.types = try types(of: member, in: site)
        case .enum:
            guard value.kind == .array else { throw site.invalid(member, "'enum' expects an array of values") }
            node.enumValues = value.elements.map(\.value)
        case .const: node.constValue = value.value
        case .ref: try addReference(member, in: site, dynamic: false, to: &node)
        case .dynamicRef: try addReference(member, in: site, dynamic: true, to: &node)
        case .format:
            guard let name = value.stringValue else { throw site.invalid(member, "'format' expects a string") }
            node.format = name
        default: break
        }
    }

    /// The keywords about objects.
    private mutating func compileObjectKeyword(_ member: SchemaMember, in site: SchemaSite, into node: inout SchemaNode) throws(ContractError) {
        let value = member.value
        switch member.keyword {
        case .properties:
            try refuseReferenceAsProperties(member, in: site)
            node.properties = try schemaMap(member, in: site)
            node.properties.sort { ByteOrder.precedes($0.name, $1.name) }
        case .required:
            node.required = try strings(value, of: member, in: site)
        case .dependentRequired:
            guard value.kind == .object else { throw site.invalid(member, "'dependentRequired' expects an object of string arrays") }
            for dependency in value.members {
                node.dependentRequired.append((dependency.key, try strings(dependency.value, of: member, in: site)))
            }
        case .dependentSchemas: node.dependentSchemas = try schemaMap(member, in: site)
        case .additionalProperties: node.additionalProperties = try subschema(member, in: site)
        case .unevaluatedProperties: node.unevaluatedProperties = try subschema(member, in: site)
        case .patternProperties:
            guard value.kind == .object else { throw site.invalid(member, "'patternProperties' expects an object of schemas") }
            for property in value.members {
                guard let regex = regexes.regex(property.key) else { throw site.invalid(member, "'\(property.key)' is not a valid regular expression") }
                let compiledProperty = try compileNode(documentURI: site.documentURI, pointer: JSONPointer.appending(property.key, to: site.pointer(of: member)),
                                                       json: property.value)
                node.patternProperties.append((regex, compiledProperty))
            }
        case .propertyNames: node.propertyNames = try subschema(member, in: site)
        case .minProperties: node.minProperties = try site.nonNegativeInteger(member)
        case .maxProperties: node.maxProperties = try site.nonNegativeInteger(member)
        default: break
        }
    }

    /// The keywords about arrays.
    private mutating func compileArrayKeyword(_ member: SchemaMember, in site: SchemaSite, into node: inout SchemaNode) throws(ContractError) {
        let value = member.value
        switch member.keyword {
        case .prefixItems: node.prefixItems = try subschemas(member, in: site)
        case .items:
            guard value.kind != .array else {
                throw site.invalid(member, "'items' is one schema in JSON Schema 2020-12; a list of schemas is written 'prefixItems' (the array form is from older drafts)")
            }
            node.items = try subschema(member, in: site)
        case .unevaluatedItems: node.unevaluatedItems = try subschema(member, in: site)
        case .contains: node.contains = try subschema(member, in: site)
        case .minContains: node.minContains = try site.nonNegativeInteger(member)
        case .maxContains: node.maxContains = try site.nonNegativeInteger(member)
        case .minItems: node.minItems = try site.nonNegativeInteger(member)
        case .maxItems: node.maxItems = try site.nonNegativeInteger(member)
        case .uniqueItems:
            guard let flag = value.boolValue else { throw site.invalid(member, "'uniqueItems' expects true or false") }
            node.uniqueItems = flag
        default: break
        }
    }

    /// The keywords about strings and numbers.
    private func compileScalarKeyword(_ member: SchemaMember, in site: SchemaSite, into node: inout SchemaNode) throws(ContractError) {
        let value = member.value
        switch member.keyword {
        case .minLength: node.minLength = try site.nonNegativeInteger(member)
        case .maxLength: node.maxLength = try site.nonNegativeInteger(member)
        case .pattern:
            guard let text = value.stringValue, let regex = regexes.regex(text) else { throw site.invalid(member, "'pattern' expects a valid regular expression") }
            node.pattern = regex
        case .minimum: node.minimum = try site.number(member)
        case .maximum: node.maximum = try site.number(member)
        case .exclusiveMinimum:
            guard value.kind == .number else {
                throw site.invalid(member, "'exclusiveMinimum' is a number in JSON Schema 2020-12 (the boolean form is from draft 4)")
            }
            node.exclusiveMinimum = try site.number(member)
        case .exclusiveMaximum:
            guard value.kind == .number else {
                throw site.invalid(member, "'exclusiveMaximum' is a number in JSON Schema 2020-12 (the boolean form is from draft 4)")
            }
            node.exclusiveMaximum = try site.number(member)
        case .multipleOf:
            guard value.kind == .number, let divisor = value.doubleValue, divisor > 0 else { throw site.invalid(member, "'multipleOf' expects a number greater than 0") }
            node.multipleOf = divisor
            node.multipleOfText = value.rawText
        default: break
        }
    }

    /// `allOf`, `anyOf`, `oneOf`, `not` and `if`/`then`/`else`.
    private mutating func compileCombinator(_ member: SchemaMember, in site: SchemaSite, into node: inout SchemaNode) throws(ContractError) {
        switch member.keyword {
        case .allOf: node.allOf = try subschemas(member, in: site)
        case .anyOf: node.anyOf = try subschemas(member, in: site)
        case .oneOf: node.oneOf = try subschemas(member, in: site)
        case .not: node.not = try subschema(member, in: site)
        case .if: node.ifSchema = try subschema(member, in: site)
        case .then: node.thenSchema = try subschema(member, in: site)
        case .else: node.elseSchema = try subschema(member, in: site)
        default: break
        }
    }

    /// The core keywords that validate nothing themselves: definitions, anchors, identifiers
    /// and comments (read by ``indexResources(of:root:node:)``, checked here), and
    /// `contentSchema`.
    private mutating func compileCoreKeyword(_ member: SchemaMember, in site: SchemaSite, into node: inout SchemaNode) throws(ContractError) {
        let value = member.value
        switch member.keyword {
        case .defs, .definitions:
            guard value.kind == .object else { throw site.invalid(member, "'\(member.key)' expects an object of schemas") }
            for definition in value.members {
                _ = try compileNode(documentURI: site.documentURI, pointer: JSONPointer.appending(definition.key, to: site.pointer(of: member)),
                                    json: definition.value)
            }
        case .dynamicAnchor, .anchor:
            guard let name = value.stringValue, !name.isEmpty else { throw site.invalid(member, "'\(member.key)' expects a name") }
            node.anchor = name
        case .id, .schema, .vocabulary, .comment:
            guard value.kind == (member.keyword == .vocabulary ? .object : .string) else { throw site.invalid(member, "'\(member.key)' has the wrong type") }
        case .contentSchema:
            _ = try subschema(member, in: site)
        default: break
        }
    }

    /// The annotation that marks one enum open or closed, whatever the contract's `enums` says.
    static let openEnumKey = "x-envelope-open"

    /// Sets whether `node`'s enum is open: `marked` (its `x-envelope-open`) when written, else
    /// the contract's setting; only an enum of strings can be open. A mark that is not a
    /// boolean, or that sits on a schema without such an enum, is an error rather than a
    /// note that would silently change nothing.
    private func settleOpenness(of node: inout SchemaNode, marked: SchemaMember?, in site: SchemaSite) throws(ContractError) {
        let values = node.enumValues ?? []
        let isStringEnum = values.contains { $0.kind == .string } && values.allSatisfy { $0.kind == .string || $0.kind == .null }
        guard let marked else {
            node.opensEnum = opensEnums && isStringEnum
            return
        }
        guard let flag = marked.value.boolValue else {
            throw site.invalid(marked, "'\(marked.key)' must be true (the enum is open) or false (closed), found \(marked.value.rawText)")
        }
        guard isStringEnum else {
            let found = node.enumValues == nil ? "this schema has no 'enum'" : "this 'enum' lists values other than strings"
            throw site.invalid(marked, "'\(marked.key)' marks an enum of strings open or closed, but \(found); put it next to the 'enum' it is about")
        }
        node.opensEnum = flag
    }

    /// A key that is no keyword: an annotation, unless it is a keyword of another draft or
    /// dialect, or a typo of a real one.
    private func checkUnknownKeyword(_ member: SchemaMember, in site: SchemaSite) throws(ContractError) {
        let key = member.key
        if SchemaCompiler.annotations.contains(key) { return }
        if let advice = SchemaCompiler.refusedKeywords[key] {
            throw ContractError.unsupportedKeyword(file: site.file, at: member.keyLocation, keyword: key, advice: advice)
        }
        // Unknown keywords are annotations in JSON Schema, but one a letter or two away
        // from a real keyword is a typo that would silently change what is checked.
        if let meant = EditDistance.suggestion(for: key, among: SchemaCompiler.allKeywords) {
            throw ContractError.misspeltKeyword(file: site.file, at: member.keyLocation, keyword: key, suggestion: meant)
        }
    }

    /// Keywords that only annotate; they are accepted and have no effect on validation.
    static let annotations: Set<String> = [
        "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
        "contentMediaType", "contentEncoding",
    ]

    /// Keywords from other drafts or dialects that look like JSON Schema 2020-12 but mean
    /// something else there; accepting them silently would check less than the author meant.
    static let refusedKeywords: [String: String] = [
        "nullable": "OpenAPI 3.0's 'nullable' is not JSON Schema; write \"type\": [\"string\", \"null\"]",
        "dependencies": "split it into 'dependentRequired' and 'dependentSchemas' (JSON Schema 2019-09 and later)",
        "additionalItems": "use 'prefixItems' with 'items' (JSON Schema 2020-12)",
        "$recursiveRef": "use '$dynamicRef' (JSON Schema 2020-12)",
        "$recursiveAnchor": "use '$dynamicAnchor' (JSON Schema 2020-12)",
        "x-nullable": "write \"type\": [..., \"null\"] instead",
    ]

    /// Every keyword of the 2020-12 vocabularies, for typo suggestions.
    static let allKeywords: [String] = [
        "$id", "$schema", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$comment", "$defs",
        "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "prefixItems", "items",
        "contains", "properties", "patternProperties", "additionalProperties", "propertyNames",
        "unevaluatedItems", "unevaluatedProperties", "type", "enum", "const", "multipleOf", "maximum",
        "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems",
        "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties", "minProperties", "required",
        "dependentRequired", "title", "description", "default", "deprecated", "readOnly", "writeOnly",
        "examples", "format", "contentEncoding", "contentMediaType", "contentSchema",
    ]

    /// The value of `type` (`member`): a type name or a list of them.
    private func types(of member: SchemaMember, in site: SchemaSite) throws(ContractError) -> SchemaTypeSet {
        let value = member.value
        // Most schemas name one type: no list of one to make for it.
        guard value.kind == .array else { return try type(named: value, of: member, in: site) }
        var set: SchemaTypeSet = []
        for name in value.elements { set.insert(try type(named: name, of: member, in: site)) }
        return set
    }

    /// The type that `name`, in the value of `type` (`member`), names.
    private func type(named name: JSONNode, of member: SchemaMember, in site: SchemaSite) throws(ContractError) -> SchemaTypeSet {
        guard let text = name.stringValue, let type = SchemaTypeSet(name: text) else {
            throw site.invalid(member, "'type' expects one of object, array, string, number, integer, boolean, null (or a list of them), found \(name.rawText)")
        }
        return type
    }

    /// `value`, an array of strings in the value of `member`, as strings.
    private func strings(_ value: JSONNode, of member: SchemaMember, in site: SchemaSite) throws(ContractError) -> [String] {
        guard value.kind == .array else { throw site.invalid(member, "expected an array of strings, found \(value.kind)") }
        // One pass over the elements, into a list of the right size.
        var result: [String] = []
        result.reserveCapacity(value.count)
        var child = value.index + 1
        let end = value.childrenEnd
        while child < end {
            let element = JSONNode(document: value.document, index: child)
            guard let text = element.stringValue else { throw site.invalid(member, "expected an array of strings, found \(value.kind)") }
            result.append(text)
            child = element.endIndex
        }
        return result
    }

    /// Keeps `problem` in ``problems`` when they are collected; throws it otherwise.
    mutating func keep(_ problem: ContractError) throws(ContractError) {
        guard collectsProblems else { throw problem }
        problems.append(problem)
    }

    // MARK: - References

    /// Resolves `$ref`s (which may load more documents and compile more schemas) and compiles
    /// every resource's dynamic anchors, until nothing is left to do.
    private mutating func resolveEverything() throws(ContractError) {
        // Most contracts refer to nothing and have no dynamic anchors: nothing to set up.
        if pendingRefs.isEmpty, !hasDynamicAnchors { return }
        var anchorsDone: Set<String> = []
        repeat {
            try resolvePendingReferences()
            // Only resources with dynamic anchors have any to compile: without one, no walk
            // over every resource loaded (a contract into a split document reaches dozens).
            for uri in resourceOrder where hasDynamicAnchors && !anchorsDone.contains(uri) {
                anchorsDone.insert(uri)
                guard let entry = resources[uri] else { continue }
                for (name, pointer) in entry.dynamicAnchors.sorted(by: { $0.key < $1.key }) {
                    do throws(ContractError) {
                        let target = try compileNode(documentURI: entry.documentURI, pointer: pointer)
                        schema.resources[entry.index].dynamicAnchors[name] = target
                    } catch {
                        try keep(error)
                    }
                }
            }
        } while !pendingRefs.isEmpty
    }

    private mutating func resolvePendingReferences() throws(ContractError) {
        while !pendingRefs.isEmpty {
            let pending = pendingRefs.removeFirst()
            do throws(ContractError) {
                try resolve(pending)
            } catch {
                // A $ref that leads nowhere spoils only its own schema.
                try keep(error)
            }
        }
    }

    /// Resolves one `$ref` or `$dynamicRef`, loading the document it names if need be.
    private mutating func resolve(_ pending: PendingReference) throws(ContractError) {
        let resourceURI = SchemaURI.withoutFragment(pending.absolute)
        let fragment = SchemaURI.fragment(of: pending.absolute)
        if compiledCache != nil, !pending.dynamic, let target = sharedTarget(of: pending.absolute) {
            schema.nodes[pending.node].ref = target
            return
        }
        if resources[resourceURI] == nil {
            try loadDocument(resourceURI, referrer: pending)
        }
        guard let entry = resources[resourceURI] else {
            throw .unresolvedReference(file: display(pending.documentURI), at: pending.location, reference: pending.reference,
                                       reason: "no schema has the URI \(display(resourceURI))")
        }
        let target: Int
        var isDynamic = false
        if fragment.isEmpty || fragment.unicodeScalars.first == "/" {
            let pointer = entry.pointer + fragment
            guard documents[entry.documentURI]?.root.resolve(pointer: pointer) != nil else {
                throw .unresolvedReference(file: display(pending.documentURI), at: pending.location, reference: pending.reference,
                                           reason: "no value at '#\(fragment)' in \(display(resourceURI))")
            }
            target = try compileNode(documentURI: entry.documentURI, pointer: pointer)
        } else {
            guard let pointer = entry.anchors[fragment] else {
                throw .unresolvedReference(file: display(pending.documentURI), at: pending.location, reference: pending.reference,
                                           reason: "no $anchor or $dynamicAnchor named '\(fragment)' in \(display(resourceURI))")
            }
            target = try compileNode(documentURI: entry.documentURI, pointer: pointer)
            isDynamic = entry.dynamicAnchors[fragment] == pointer
        }
        if pending.dynamic {
            schema.nodes[pending.node].dynamicRef = DynamicReference(anchor: fragment, fallback: target, isDynamic: isDynamic)
        } else {
            schema.nodes[pending.node].ref = target
            if compiledCache != nil { resolvedReferences.append((pending.absolute, target)) }
        }
    }

    /// Rejects schemas whose `$ref` chain returns to itself without a keyword in between that
    /// moves into the data, which would make validation loop forever.
    private mutating func checkReferenceCycles() throws(ContractError) {
        for start in schema.nodes.indices {
            // Most schemas refer to none: no set and no chain for them.
            guard schema.nodes[start].ref != nil || schema.nodes[start].dynamicRef != nil else { continue }
            var seen: Set<Int> = [start]
            var chain = [start]
            var current = start
            while let next = schema.nodes[current].ref ?? schema.nodes[current].dynamicRef?.fallback {
                if seen.contains(next) {
                    let node = schema.nodes[start]
                    let names = (chain + [next]).map { "\(schema.nodes[$0].file)#\(schema.nodes[$0].pointer)" }
                    let location = documents[node.documentURI]?.location(ofOffset: node.location.offset) ?? node.location
                    // One cycle is reported once, not again from each schema on it.
                    try keep(.referenceCycle(file: node.file, at: location, chain: names))
                    return
                }
                seen.insert(next)
                chain.append(next)
                current = next
            }
        }
    }
}
