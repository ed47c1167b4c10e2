/// What an import will write: a contract per chosen answer, the mock that answers it, the
/// examples refused, and the environments of the document's `servers`.
public struct OpenAPIImportPlan {
    /// A mock answer, written as a WireMock mapping.
    public struct Mock {
        /// The request method.
        public var method: String
        /// The concrete path the contract sends.
        public var path: String
        /// Query parameters to match.
        public var query: [(name: String, value: String)]
        /// Request headers to match (`Prefer: code=404` for a contract of a status other
        /// than the 2xx one).
        public var matchHeaders: [(name: String, value: String)]
        /// The status served.
        public var status: Int
        /// Headers served.
        public var headers: [(name: String, value: String)]
        /// The body, when the answer has a JSON one.
        public var body: JSONValue?
        /// Where the body comes from: the example's place, or nil for a generated one.
        public var example: String?
    }

    /// One contract to write, and its mock when there is one.
    public struct Entry {
        /// The contract's name (and file name without `.json`).
        public var name: String
        /// `METHOD /path`, as the document writes it.
        public var operation: String
        /// The contract file's content.
        public var contract: JSONValue
        /// Its mock, unless every example was refused.
        public var mock: Mock?
    }

    /// An example (or a generated value) that breaks its own schema, and is not written.
    public struct Refusal {
        /// The contract it was for.
        public var name: String
        /// The example's place, `file#pointer`, or the schema's for a generated value.
        public var place: String
        /// Line and column of the example in its file.
        public var location: SourceLocation?
        /// What fails, one finding each (`/0/id: expected integer, found "x"`).
        public var findings: [String]
        /// Whether the value was generated rather than the document's.
        public var generated: Bool
        /// Whether the schema itself does not load (then ``findings`` holds why), rather than
        /// the value failing it.
        public var schemaDoesNotLoad = false
    }

    /// An operation the import notes, at its place in the document.
    public struct OperationNote {
        /// `METHOD /path`.
        public var operation: String
        /// The file the Operation Object is in.
        public var file: String
        /// Its line and column there.
        public var location: SourceLocation
        /// What is missing (`no 2xx answer documented`, `its 204 answer has no body`).
        public var why: String
    }

    /// An environment from a Server Object.
    public struct Environment {
        /// Its name: the server's description as a slug, or `server1`, `server2`…
        public var name: String
        /// Its URL, variables filled with their defaults.
        public var baseURL: String
    }

    /// The contracts to write, in document order.
    public var entries: [Entry] = []
    /// The refused examples.
    public var refusals: [Refusal] = []
    /// Operations left out, and why (one line each).
    public var notes: [String] = []
    /// Operations whose answer has no JSON body (or that document no 2xx answer), each with
    /// the place of its Operation Object, for `lint`.
    public var withoutJSON: [OperationNote] = []
    /// The operations read.
    public var operationCount = 0
    /// The operations that got no contract (no 2xx answer documented).
    public var skippedCount = 0
    /// The environments of `servers`.
    public var environments: [Environment] = []
}
