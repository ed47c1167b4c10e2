/// The files of one OpenAPI document: its root and every file its `$ref`s reach, each parsed
/// once and kept, with `$ref` resolution between them.
///
/// Files are named by their path relative to the root's folder, and read through a closure,
/// so Core does no I/O (the CLI reads JSON, or YAML once it is supported, into
/// ``JSONDocument``s whose locations are those of the file).
public final class OpenAPIDocumentSet {
    /// Reads the file at a path relative to the root's folder.
    public typealias Loader = (String) throws(OpenAPIImportError) -> JSONDocument

    /// The root file's name, relative to its own folder (usually just its name).
    public let rootFile: String
    /// The parsed files, by name.
    public private(set) var documents: [String: JSONDocument]
    private let rootDocument: JSONDocument
    private let load: Loader

    /// A set whose root `document` is `rootFile`; other files are read with `load` when a
    /// `$ref` first reaches them.
    public init(rootFile: String, document: JSONDocument, load: @escaping Loader) {
        self.rootFile = rootFile
        documents = [rootFile: document]
        rootDocument = document
        self.load = load
    }

    /// The root of the document.
    public var root: OpenAPINode {
        OpenAPINode(node: rootDocument.root, file: rootFile, pointer: "")
    }

    /// The file `name`, read when first asked for.
    func document(_ name: String) throws(OpenAPIImportError) -> JSONDocument {
        if let known = documents[name] { return known }
        let document = try load(name)
        documents[name] = document
        return document
    }

    /// `node` with its `$ref`s followed (a Reference Object or a schema that is only a
    /// reference), through as many as lead on, to the value they name.
    public func resolved(_ node: OpenAPINode) throws(OpenAPIImportError) -> OpenAPINode {
        var current = node
        var seen: Set<String> = []
        while let reference = current.reference {
            let target = try self.target(of: reference, from: current)
            guard seen.insert(target.place).inserted else {
                throw .unresolvedReference(file: current.file, at: current.node.location, reference: reference, reason: "the $refs lead back to themselves")
            }
            current = target
        }
        return current
    }

    /// The node a `$ref` written in `referrer` names.
    public func target(of reference: String, from referrer: OpenAPINode) throws(OpenAPIImportError) -> OpenAPINode {
        // Only for an error: finding a line and column scans the file.
        var at: SourceLocation { referrer.node["$ref"]?.location ?? referrer.node.location }
        let scalars = reference.unicodeScalars
        let hash = scalars.firstIndex(of: "#")
        let pathPart = String(Substring(hash.map { scalars[..<$0] } ?? scalars[...]))
        let fragment = hash.map { SchemaURI.percentDecoded(String(Substring(scalars[scalars.index(after: $0)...]))) } ?? ""
        if pathPart.contains("://") {
            throw .unresolvedReference(file: referrer.file, at: at, reference: reference, reason: "remote references are not followed; save the file beside the document and refer to it by a relative path")
        }
        let file = pathPart.isEmpty ? referrer.file : Self.join(Self.folder(of: referrer.file), SchemaURI.percentDecoded(pathPart))
        let document: JSONDocument
        do {
            document = try self.document(file)
        } catch {
            throw .unresolvedReference(file: referrer.file, at: at, reference: reference, reason: error.description)
        }
        guard let node = document.root.resolve(pointer: fragment) else {
            throw .unresolvedReference(file: referrer.file, at: at, reference: reference, reason: "\(file) has nothing at \(fragment.isEmpty ? "its root" : fragment)")
        }
        return OpenAPINode(node: node, file: file, pointer: fragment)
    }

    /// The folder part of a file name (`""` for a file in the root's folder).
    static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "" }
        return String(file[...slash])
    }

    /// `folder` + `path`, with `.` and `..` segments taken out (a `..` past the root's folder
    /// stays, so the file is read from where it really is).
    static func join(_ folder: String, _ path: String) -> String {
        var parts: [Substring] = []
        for part in (folder + path).split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
            default:
                if part.isEmpty && !parts.isEmpty { continue }
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
