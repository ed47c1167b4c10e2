/// `envelope diff` of two OpenAPI documents: what changed, operation by operation, in the
/// answers an app receives and the parameters it must send, classified by the rules of
/// contract diffs.
///
/// Each answer's body schema is compiled by the contract loader, as a contract whose body is a
/// `$ref` to it would be, and compared with ``ContractDiff``: so the document's dialect
/// (`nullable`, `x-extensible-enum`, `writeOnly`) means the same here as in validation, and a
/// schema moved into `components` or behind `allOf` is no change. No I/O: the caller hands in
/// the bytes and a reader for what they refer to.
public enum OpenAPIDiff {
    /// One version of the document.
    public struct Document: Sendable {
        /// Its path for `read` (`openapi.json`, `api/openapi.json`).
        public var path: String
        /// How reports name it (`new.json`, `HEAD:api/openapi.json`).
        public var label: String
        /// Its bytes.
        public var bytes: [UInt8]
        /// Reads the files its `$ref`s name, relative to the same folder as `path`.
        public var read: SchemaCompiler.Reader
        /// How a problem names a file `read` reads (`path` itself too): as the user would
        /// open it (`api/openapi.json`, `HEAD:api/openapi.json`).
        public var name: @Sendable (String) -> String
        /// The load options; one per version, so the document is parsed once for all its
        /// answers.
        public var options: ContractLoadOptions

        /// Creates a version.
        public init(path: String, label: String, bytes: [UInt8], read: @escaping SchemaCompiler.Reader,
                    options: ContractLoadOptions = ContractLoadOptions(), name: @escaping @Sendable (String) -> String = { $0 }) {
            self.path = path
            self.name = name
            self.label = label
            self.bytes = bytes
            self.read = read
            self.options = options
        }
    }

    /// The entries (one per operation, in the new document's order, removed ones after) and
    /// the problems that kept a document or a schema from loading, each file named by its
    /// version's ``Document/name``.
    public static func compare(old: Document, new: Document) -> (entries: [DiffReport.Entry], problems: [FileProblem]) {
        var oldProblems: [ContractError] = [], newProblems: [ContractError] = []
        func named() -> [FileProblem] {
            let problems = deduplicated(oldProblems).map { problem(old, $0) } + deduplicated(newProblems).map { problem(new, $0) }
            var seen: Set<FileProblem> = []
            return problems.filter { seen.insert($0).inserted }
        }
        let oldRoot = root(of: old, problems: &oldProblems), newRoot = root(of: new, problems: &newProblems)
        guard let oldRoot, let newRoot else { return ([], named()) }
        let before = OpenAPIOperation.operations(of: oldRoot), after = OpenAPIOperation.operations(of: newRoot)
        let oldByKey = Dictionary(before.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let newKeys = Set(after.map(\.key))
        var entries: [DiffReport.Entry] = []
        for operation in after {
            guard let previous = oldByKey[operation.key] else {
                entries.append(DiffReport.Entry(contract: operation.name, file: new.label, status: .added, changes: [
                    SchemaChange(kind: .operationAdded, pointer: "", old: "absent", new: "\(operation.method) \(operation.path)")]))
                continue
            }
            var changes = parameterChanges(previous, operation)
            changes += answerChanges(previous, operation, old: old, new: new, oldProblems: &oldProblems, newProblems: &newProblems)
            entries.append(DiffReport.Entry(contract: operation.name, file: new.label, status: changes.isEmpty ? .unchanged : .changed, changes: changes))
        }
        for operation in before where !newKeys.contains(operation.key) {
            entries.append(DiffReport.Entry(contract: operation.name, file: old.label, status: .removed, changes: [
                SchemaChange(kind: .operationRemoved, pointer: "", old: "\(operation.method) \(operation.path)", new: "absent")]))
        }
        return (entries, named())
    }

    private static func problem(_ document: Document, _ error: ContractError) -> FileProblem {
        FileProblem(level: .error, file: document.name(error.file), location: error.location, message: error.message)
    }

    /// The document's root, or nil with a problem when it does not parse (as YAML when its
    /// path ends in `.yaml` or `.yml` and the options have a YAML reader, else as JSON), or is
    /// no OpenAPI 3.0/3.1.
    private static func root(of document: Document, problems: inout [ContractError]) -> JSONNode? {
        let parsed: JSONDocument
        if SchemaCompiler.isYAML(document.path) {
            guard let parseYAML = document.options.parseYAML else {
                problems.append(.invalidYAML(file: document.path, .noReader))
                return nil
            }
            do {
                parsed = try parseYAML(document.bytes)
            } catch {
                problems.append(.invalidYAML(file: document.path, error))
                return nil
            }
        } else {
            do {
                parsed = try JSONDocument.parse(document.bytes, options: JSONParseOptions(duplicateKeys: .reject))
            } catch {
                problems.append(.invalidJSON(file: document.path, error))
                return nil
            }
        }
        let root = parsed.root
        switch OpenAPIDialect.reading(root, name: document.label) {
        case .openAPI:
            return root
        case .jsonSchema:
            problems.append(.invalidContract(file: document.path, at: root.location, message: "not an OpenAPI document: expected a top-level 'openapi' member"))
        case .refused(let reason):
            problems.append(.invalidContract(file: document.path, at: root.location, message: documentAdvice(reason)))
        }
        return nil
    }

    /// The loader's refusal, said of the document given rather than of a `$ref` into it.
    static func documentAdvice(_ reason: String) -> String {
        reason.replacingOccurrences(of: "the $ref leads into", with: "this is")
            .replacingOccurrences(of: " and point the $ref at the result", with: " and compare the results")
    }

    /// Required parameters the app does not send yet (breaking for its requests), and new
    /// optional ones.
    private static func parameterChanges(_ old: OpenAPIOperation, _ new: OpenAPIOperation) -> [SchemaChange] {
        var changes: [SchemaChange] = []
        for (key, (name, required)) in new.parameters.sorted(by: { $0.key < $1.key }) {
            let before = old.parameters[key]?.required
            if required, before != true {
                changes.append(SchemaChange(kind: .requiredParameterAdded, pointer: "", old: before == nil ? "absent" : "\(name) (optional)", new: "\(name) (required)"))
            } else if before == nil {
                changes.append(SchemaChange(kind: .parameterAdded, pointer: "", old: "absent", new: "\(name) (optional)"))
            }
        }
        return changes
    }

    /// Per status (2xx first): the answer or its JSON body removed or added, its documented
    /// headers removed or added, and its body schema's changes.
    private static func answerChanges(_ old: OpenAPIOperation, _ new: OpenAPIOperation, old oldDocument: Document, new newDocument: Document,
                                      oldProblems: inout [ContractError], newProblems: inout [ContractError]) -> [SchemaChange] {
        var changes: [SchemaChange] = []
        for status in Set(old.answers.keys).union(new.answers.keys).sorted(by: statusOrder) {
            let success = status.hasPrefix("2")
            switch (old.answers[status], new.answers[status]) {
            case (let before?, nil):
                let kind: ChangeKind = success ? .responseRemoved : .errorResponseRemoved
                changes.append(SchemaChange(kind: kind, pointer: "", old: describe(status, before), new: "absent", response: status))
            case (nil, let after?):
                changes.append(SchemaChange(kind: .responseAdded, pointer: "", old: "absent", new: describe(status, after), response: status))
            case (let before?, let after?):
                changes += headerChanges(before, after, status: status)
                switch (before.schemaPointer, after.schemaPointer) {
                case (let from?, let to?):
                    let oldContract = contract(for: from, in: oldDocument, problems: &oldProblems)
                    let newContract = contract(for: to, in: newDocument, problems: &newProblems)
                    guard let oldContract, let newContract else { continue }
                    changes += ContractDiff.compare(old: oldContract, new: newContract).map { change in
                        var change = change
                        change.response = status
                        return change
                    }
                case (.some, nil):
                    let kind: ChangeKind = success ? .responseRemoved : .errorResponseRemoved
                    changes.append(SchemaChange(kind: kind, pointer: "", old: describe(status, before), new: "no JSON body", response: status))
                case (nil, .some):
                    changes.append(SchemaChange(kind: .responseAdded, pointer: "", old: "no JSON body", new: describe(status, after), response: status))
                case (nil, nil):
                    break
                }
            default:
                break
            }
        }
        return changes
    }

    /// Documented response headers removed (breaking: the app may read them) or added.
    private static func headerChanges(_ old: OpenAPIOperation.Answer, _ new: OpenAPIOperation.Answer, status: String) -> [SchemaChange] {
        var changes: [SchemaChange] = []
        for key in Set(old.headers.keys).union(new.headers.keys).sorted() {
            let before = old.headers[key], after = new.headers[key]
            let name = after?.name ?? before?.name ?? key
            switch (before?.required, after?.required) {
            case (.some, nil):
                changes.append(SchemaChange(kind: .headerRuleRemoved, pointer: "", old: "header \(name)", new: "absent", response: status))
            case (nil, .some):
                changes.append(SchemaChange(kind: .headerRuleAdded, pointer: "", old: "absent", new: "header \(name)", response: status))
            case (true, false):
                changes.append(SchemaChange(kind: .becameOptional, pointer: "", old: "header \(name) (required)", new: "header \(name) (optional)", response: status))
            default:
                break
            }
        }
        return changes
    }

    /// `status 200, application/json`.
    private static func describe(_ status: String, _ answer: OpenAPIOperation.Answer) -> String {
        "status \(status)" + (answer.mediaType.map { ", " + $0 } ?? "")
    }

    /// The body schema at `pointer` of `document`, loaded as the body of a contract next to
    /// it that refers to it.
    private static func contract(for pointer: String, in document: Document, problems: inout [ContractError]) -> Contract? {
        let name = document.path.split(separator: "/").last.map(String.init) ?? document.path
        let reference = name + "#" + fragmentEncoded(pointer)
        let file = document.path + ".answer"
        let text = "{\"contract\": \"answer\", \"request\": {\"path\": \"/\"}, \"response\": {\"body\": {\"$ref\": \(JSONValue.string(reference).serialized())}}}"
        let bytes = Array(text.utf8), read = document.read
        let reader: SchemaCompiler.Reader = { path in path == file ? bytes : try read(path) }
        var errors: [ContractError] = []
        let contract = ContractLoader.load(file: file, read: reader, options: document.options, collectingProblemsInto: &errors)
        problems += errors
        return contract
    }

    /// A JSON Pointer as a URI fragment: what a fragment may not hold (`{`, `}`, spaces) is
    /// percent-encoded.
    static func fragmentEncoded(_ pointer: String) -> String {
        var out = ""
        for byte in pointer.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~!$&'()*+,;=:@/".unicodeScalars.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// 2xx first (exact codes before ranges), then the other codes, then `default`.
    static func statusOrder(_ a: String, _ b: String) -> Bool {
        func rank(_ status: String) -> (Int, String) {
            if status == "default" { return (3, status) }
            if status.hasPrefix("2") { return (0, status) }
            return (1, status)
        }
        // Compared member by member: the release build's optimizer (Swift 6.3.1) crashed on
        // the tuple comparison here.
        let left = rank(a), right = rank(b)
        return left.0 != right.0 ? left.0 < right.0 : left.1 < right.1
    }

    /// The same problem met by several answers (a bad schema they share) once.
    private static func deduplicated(_ problems: [ContractError]) -> [ContractError] {
        var seen: Set<String> = []
        return problems.filter { seen.insert($0.description).inserted }
    }
}
