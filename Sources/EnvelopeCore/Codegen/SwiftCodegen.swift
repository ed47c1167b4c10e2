/// Writes Swift `Codable` models for contracts: the types an app decodes the answers into.
///
/// - Property names are lowerCamelCase, with `CodingKeys` for the wire names (`MENU_NM` is
///   `menuNm`, `a1_b` is `a1B`).
/// - A property is optional exactly where the contract lets its key be absent (not in
///   `required`) or its value be null (`"type": ["string", "null"]`).
/// - A shared envelope written once with `$dynamicRef` (the bundled `Root<T>` and
///   `APIResult<T>`) becomes one generic type, and each contract a typealias such as
///   `typealias HanyangMenuResponse = Root<MenuItem>`.
/// - A string `enum` becomes a Swift enum. A closed one (the default) throws on a value it
///   does not list, as `envelope check` calls that value breaking; an open one (the
///   contract's `"enums": "open"`, or `"x-envelope-open": true` on the schema) has an
///   `unknown(String)` case, so a value the upstream adds later decodes, and `check` calls
///   it a warning. A shared enum that is open in one contract and closed in another is an
///   error.
/// - A string marked `"contentMediaType": "text/html"` is decoded from HTML (tags removed,
///   entities such as `&quot;` and `&lt;` replaced) in a generated `init(from:)`, as seed 001
///   does by hand; the generated memberwise initializer stays available.
/// - A URL contract's query schema becomes a model for ``QueryKeyStrategy`` `useDefaultKeys`
///   decoding, its `CodingKeys` holding the names as the link writes them (`a1_b`).
///
/// Type names come from each schema's `title` (`"title": "Root<T>"` gives `Root`), else from
/// its key under `$defs` (`#/$defs/move` gives `Move`) while that name is free, else from the
/// property that holds it (`Root.resultMessage` gives `RootResultMessage`).
public struct SwiftCodegen {
    /// One contract to generate for, with the reader its schemas are read through (the
    /// generator reads the files again for annotations the validator does not keep:
    /// `title`, `description`, `contentMediaType`, and the order of `properties`).
    public struct Source {
        /// The loaded contract.
        public var contract: Contract
        /// Reads a file relative to the contracts folder, as ``ContractLoader`` does.
        public var read: SchemaCompiler.Reader

        /// Creates a source.
        public init(contract: Contract, read: @escaping SchemaCompiler.Reader) {
            self.contract = contract
            self.read = read
        }
    }

    /// `public` (for a models package) or `internal` (for models inside the app target).
    public var accessLevel: String

    /// Creates a generator.
    public init(accessLevel: String = "public") {
        self.accessLevel = accessLevel
    }

    /// The models for `sources`: one file per type, one for the contracts' typealiases, and
    /// the helpers the models use (`HTMLText`, `JSONAny`) when they use them.
    public func generate(_ sources: [Source]) throws(CodegenError) -> [GeneratedFile] {
        let state = CodegenState(access: accessLevel == "internal" ? "" : accessLevel + " ")
        for source in sources {
            try state.add(source)
        }
        return state.files()
    }

    /// The same models as one file, for standard output.
    public func generateSingleFile(_ sources: [Source]) throws(CodegenError) -> String {
        let files = try generate(sources)
        var text = CodegenState.header
        for file in files {
            let body = file.text.hasPrefix(CodegenState.header) ? String(file.text.dropFirst(CodegenState.header.count)) : file.text
            text += body
        }
        return text
    }
}
