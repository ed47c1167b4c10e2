import Foundation

/// Turns schema JSON into a ``CompiledSchema``, following `$ref`s across files.
///
/// Files are read through a closure so that Core does no I/O itself; paths are relative to
/// the contracts folder and use `/`.
public struct SchemaCompiler {
    /// Reads a file's bytes by its path relative to the contracts folder.
    public typealias Reader = (String) throws -> [UInt8]

    /// The schemas compiled so far.
    public private(set) var schema = CompiledSchema()
    /// The resources (files) loaded so far.
    public private(set) var resources: [SchemaResource] = []
    private var resourceIndex: [String: Int] = [:]
    private var documents: [String: JSONDocument] = [:]
    private var compiled: [String: Int] = [:]
    /// Where each file's schema resource starts: the root, except for a contract, whose body
    /// schema is a resource of its own so that `#/$defs/x` inside it means the body's `$defs`.
    private var resourceRoots: [String: String] = [:]
    private var pendingRefs: [(node: Int, file: String, location: SourceLocation, reference: String, dynamic: Bool)] = []
    private let read: Reader

    /// Creates a compiler that reads referenced files with `read`.
    public init(read: @escaping Reader) {
        self.read = read
    }

    /// Registers an already parsed document as `file`, so references to it need no read.
    public mutating func register(_ document: JSONDocument, as file: String) {
        documents[file] = document
    }

    /// Compiles the schema at `node` (inside `file`, at `pointer`) and everything it refers to.
    /// Returns the index of the schema in ``schema``.
    public mutating func compile(_ node: JSONNode, file: String, pointer: String) throws(ContractError) -> Int {
        if documents[file] == nil { documents[file] = node.document }
        if resourceRoots[file] == nil { resourceRoots[file] = pointer }
        let root = try compileNode(node, file: file, pointer: pointer)
        try resolvePendingReferences()
        try checkReferenceCycles()
        return root
    }

    /// Finishes compilation and hands over the result with its resources.
    public func finish() -> (schema: CompiledSchema, resources: [SchemaResource]) {
        var result = schema
        result.resources = resources
        return (result, resources)
    }

    // MARK: - Nodes

    private mutating func resource(for file: String) throws(ContractError) -> Int {
        if let index = resourceIndex[file] { return index }
        let index = resources.count
        resources.append(SchemaResource(file: file))
        resourceIndex[file] = index
        // Dynamic anchors must be known before validation starts, wherever they sit in the file.
        let document = try document(file, from: file, at: SourceLocation(line: 1, column: 1, offset: 0), reference: file)
        var anchors: [(String, String, JSONNode)] = []
        let rootPointer = resourceRoots[file] ?? ""
        if let resourceRoot = document.root.resolve(pointer: rootPointer) {
            collectDynamicAnchors(resourceRoot, pointer: rootPointer, into: &anchors)
        }
        for (name, pointer, node) in anchors {
            let compiledIndex = try compileNode(node, file: file, pointer: pointer)
            resources[index].dynamicAnchors[name] = compiledIndex
        }
        return index
    }

    private func collectDynamicAnchors(_ node: JSONNode, pointer: String, into anchors: inout [(String, String, JSONNode)]) {
        switch node.kind {
        case .object:
            for member in node.members {
                if member.key == "$dynamicAnchor", let name = member.value.stringValue {
                    anchors.append((name, pointer, node))
                }
                // Values of enum, const and examples are data, not schemas.
                if ["enum", "const", "examples", "default"].contains(member.key) { continue }
                collectDynamicAnchors(member.value, pointer: pointer + "/" + JSONPointer.escape(member.key), into: &anchors)
            }
        case .array:
            for (position, element) in node.elements.enumerated() {
                collectDynamicAnchors(element, pointer: pointer + "/\(position)", into: &anchors)
            }
        default:
            break
        }
    }

    private mutating func compileNode(_ json: JSONNode, file: String, pointer: String) throws(ContractError) -> Int {
        let key = file + "#" + pointer
        if let index = compiled[key] { return index }
        let index = schema.nodes.count
        var node = SchemaNode(file: file, pointer: pointer, location: json.location)
        schema.nodes.append(node)
        compiled[key] = index
        node.resource = try resource(for: file)

        switch json.kind {
        case .bool:
            node.booleanValue = json.boolValue
            schema.nodes[index] = node
            return index
        case .object:
            break
        default:
            throw .invalidSchema(file: file, at: json.location, pointer: pointer, message: "expected a schema (an object or a boolean), found \(json.kind)")
        }

        for member in json.members {
            let value = member.value
            let here = pointer + "/" + JSONPointer.escape(member.key)
            func fail(_ message: String) -> ContractError {
                .invalidSchema(file: file, at: value.location, pointer: here, message: message)
            }
            func subschema() throws(ContractError) -> Int { try compileNode(value, file: file, pointer: here) }
            func subschemas() throws(ContractError) -> [Int] {
                guard value.kind == .array, value.count > 0 else { throw fail("'\(member.key)' expects a non-empty array of schemas") }
                var result: [Int] = []
                for (position, element) in value.elements.enumerated() {
                    result.append(try compileNode(element, file: file, pointer: here + "/\(position)"))
                }
                return result
            }
            func count() throws(ContractError) -> Int {
                guard let number = value.intValue, number >= 0 else { throw fail("'\(member.key)' expects a non-negative integer, found \(value.rawText)") }
                return number
            }
            func number() throws(ContractError) -> Double {
                guard let number = value.doubleValue else { throw fail("'\(member.key)' expects a number, found \(value.rawText)") }
                return number
            }

            switch member.key {
            case "type":
                node.types = try types(value, fail: fail)
            case "enum":
                guard value.kind == .array else { throw fail("'enum' expects an array of values") }
                node.enumValues = value.elements.map(\.value)
            case "const":
                node.constValue = value.value
            case "$ref":
                guard let reference = value.stringValue else { throw fail("'$ref' expects a string") }
                node.refText = reference
                pendingRefs.append((index, file, value.location, reference, false))
            case "$dynamicRef":
                guard let reference = value.stringValue else { throw fail("'$dynamicRef' expects a string") }
                node.refText = reference
                pendingRefs.append((index, file, value.location, reference, true))
            case "properties":
                guard value.kind == .object else { throw fail("'properties' expects an object of schemas") }
                for property in value.members {
                    let compiledProperty = try compileNode(property.value, file: file, pointer: here + "/" + JSONPointer.escape(property.key))
                    node.properties.append((property.key, compiledProperty))
                }
                node.properties.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
            case "required":
                guard value.kind == .array, value.elements.allSatisfy({ $0.kind == .string }) else {
                    throw fail("'required' expects an array of strings")
                }
                node.required = value.elements.compactMap(\.stringValue)
            case "additionalProperties": node.additionalProperties = try subschema()
            case "patternProperties":
                guard value.kind == .object else { throw fail("'patternProperties' expects an object of schemas") }
                for property in value.members {
                    guard let regex = SchemaRegex(property.key) else { throw fail("'\(property.key)' is not a valid regular expression") }
                    let compiledProperty = try compileNode(property.value, file: file, pointer: here + "/" + JSONPointer.escape(property.key))
                    node.patternProperties.append((regex, compiledProperty))
                }
            case "propertyNames": node.propertyNames = try subschema()
            case "minProperties": node.minProperties = try count()
            case "maxProperties": node.maxProperties = try count()
            case "prefixItems": node.prefixItems = try subschemas()
            case "items": node.items = try subschema()
            case "minItems": node.minItems = try count()
            case "maxItems": node.maxItems = try count()
            case "uniqueItems":
                guard let flag = value.boolValue else { throw fail("'uniqueItems' expects true or false") }
                node.uniqueItems = flag
            case "minLength": node.minLength = try count()
            case "maxLength": node.maxLength = try count()
            case "pattern":
                guard let text = value.stringValue, let regex = SchemaRegex(text) else { throw fail("'pattern' expects a valid regular expression") }
                node.pattern = regex
            case "minimum": node.minimum = try number()
            case "maximum": node.maximum = try number()
            case "exclusiveMinimum": node.exclusiveMinimum = try number()
            case "exclusiveMaximum": node.exclusiveMaximum = try number()
            case "multipleOf":
                let divisor = try number()
                guard divisor > 0 else { throw fail("'multipleOf' expects a number greater than 0") }
                node.multipleOf = divisor
            case "allOf": node.allOf = try subschemas()
            case "anyOf": node.anyOf = try subschemas()
            case "oneOf": node.oneOf = try subschemas()
            case "not": node.not = try subschema()
            case "$defs", "definitions":
                guard value.kind == .object else { throw fail("'\(member.key)' expects an object of schemas") }
                for definition in value.members {
                    _ = try compileNode(definition.value, file: file, pointer: here + "/" + JSONPointer.escape(definition.key))
                }
            case "$dynamicAnchor", "$anchor":
                guard let name = value.stringValue, !name.isEmpty else { throw fail("'\(member.key)' expects a name") }
                node.anchor = name
            case "$id":
                // A base URI other than the file itself changes how references resolve; until
                // that is implemented, only the root may carry one, as a label.
                guard pointer.isEmpty else { throw ContractError.unsupportedKeyword(file: file, at: member.keyLocation, keyword: "$id (below the root of a file)") }
            case _ where SchemaCompiler.annotations.contains(member.key) || member.key.hasPrefix("x-"):
                break
            default:
                throw ContractError.unsupportedKeyword(file: file, at: member.keyLocation, keyword: member.key)
            }
        }
        schema.nodes[index] = node
        return index
    }

    /// Keywords that only annotate; they are accepted and have no effect on validation.
    static let annotations: Set<String> = [
        "$schema", "$comment", "title", "description", "default", "examples", "deprecated",
        "readOnly", "writeOnly", "format", "contentMediaType", "contentEncoding", "$vocabulary",
    ]

    private func types(_ value: JSONNode, fail: (String) -> ContractError) throws(ContractError) -> SchemaTypeSet {
        let names: [JSONNode] = value.kind == .array ? value.elements : [value]
        var set: SchemaTypeSet = []
        for name in names {
            guard let text = name.stringValue, let type = SchemaTypeSet(name: text) else {
                throw fail("'type' expects one of object, array, string, number, integer, boolean, null (or a list of them), found \(name.rawText)")
            }
            set.insert(type)
        }
        return set
    }

    // MARK: - References

    private mutating func resolvePendingReferences() throws(ContractError) {
        while let pending = pendingRefs.popLast() {
            let (file, fragment) = try target(of: pending.reference, from: pending.file, at: pending.location)
            let document = try document(file, from: pending.file, at: pending.location, reference: pending.reference)
            let target: Int
            var anchorName: String?
            let rootPointer = resourceRoots[file] ?? ""
            if fragment.isEmpty || fragment.hasPrefix("/") {
                guard let node = document.root.resolve(pointer: rootPointer + fragment) else {
                    throw .unresolvedReference(file: pending.file, at: pending.location, reference: pending.reference, reason: "no value at '#\(fragment)' in \(file)")
                }
                target = try compileNode(node, file: file, pointer: rootPointer + fragment)
            } else {
                anchorName = fragment
                guard let resourceRoot = document.root.resolve(pointer: rootPointer),
                      let (node, pointer) = findAnchor(fragment, in: resourceRoot, pointer: rootPointer) else {
                    throw .unresolvedReference(file: pending.file, at: pending.location, reference: pending.reference, reason: "no $anchor or $dynamicAnchor named '\(fragment)' in \(file)")
                }
                target = try compileNode(node, file: file, pointer: pointer)
            }
            if pending.dynamic {
                let isDynamic = anchorName != nil && resources[schema.nodes[target].resource].dynamicAnchors[anchorName ?? ""] == target
                schema.nodes[pending.node].dynamicRef = DynamicReference(anchor: anchorName ?? "", fallback: target, isDynamic: isDynamic)
            } else {
                schema.nodes[pending.node].ref = target
            }
        }
    }

    private func findAnchor(_ name: String, in node: JSONNode, pointer: String) -> (JSONNode, String)? {
        switch node.kind {
        case .object:
            if node["$anchor"]?.stringValue == name || node["$dynamicAnchor"]?.stringValue == name { return (node, pointer) }
            for member in node.members where !["enum", "const", "examples", "default"].contains(member.key) {
                if let found = findAnchor(name, in: member.value, pointer: pointer + "/" + JSONPointer.escape(member.key)) { return found }
            }
        case .array:
            for (position, element) in node.elements.enumerated() {
                if let found = findAnchor(name, in: element, pointer: pointer + "/\(position)") { return found }
            }
        default:
            break
        }
        return nil
    }

    /// Splits a reference into the file it names (relative to the contracts folder) and the
    /// fragment (percent-decoded).
    private func target(of reference: String, from file: String, at location: SourceLocation) throws(ContractError) -> (String, String) {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let fragment = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
        if path.isEmpty { return (file, fragment) }
        if path.contains("://") || path.hasPrefix("urn:") {
            throw .unresolvedReference(file: file, at: location, reference: reference, reason: "remote references are not fetched; save the schema next to the contract and refer to it by a relative path")
        }
        if path.hasPrefix("/") {
            throw .unresolvedReference(file: file, at: location, reference: reference, reason: "absolute paths are not allowed; use a path relative to \(file)")
        }
        var components = file.split(separator: "/").map(String.init).dropLast()
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else {
                    throw .unresolvedReference(file: file, at: location, reference: reference, reason: "it leaves the contracts folder")
                }
                components.removeLast()
            default: components.append(String(component))
            }
        }
        return (components.joined(separator: "/"), fragment)
    }

    private mutating func document(_ file: String, from referrer: String, at location: SourceLocation, reference: String) throws(ContractError) -> JSONDocument {
        if let document = documents[file] { return document }
        let bytes: [UInt8]
        do {
            bytes = try read(file)
        } catch {
            throw .unresolvedReference(file: referrer, at: location, reference: reference, reason: "cannot read \(file): \(error)")
        }
        do {
            let document = try JSONDocument.parse(bytes, options: JSONParseOptions(duplicateKeys: .reject))
            documents[file] = document
            return document
        } catch {
            throw .invalidJSON(file: file, error)
        }
    }

    /// Rejects schemas whose `$ref` chain returns to itself without a keyword in between that
    /// moves into the data, which would make validation loop forever.
    private func checkReferenceCycles() throws(ContractError) {
        for start in schema.nodes.indices {
            var seen: Set<Int> = [start]
            var chain = [start]
            var current = start
            while let next = schema.nodes[current].ref ?? schema.nodes[current].dynamicRef?.fallback {
                if seen.contains(next) {
                    let node = schema.nodes[start]
                    let names = (chain + [next]).map { "\(schema.nodes[$0].file)#\(schema.nodes[$0].pointer)" }
                    throw .referenceCycle(file: node.file, at: node.location, chain: names)
                }
                seen.insert(next)
                chain.append(next)
                current = next
            }
        }
    }
}
