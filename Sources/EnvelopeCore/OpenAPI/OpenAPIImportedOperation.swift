/// One operation of an OpenAPI document (a method on a path), as the import reads it.
public struct OpenAPIImportedOperation {
    /// One documented answer.
    public struct Response {
        /// The key in `responses`: `200`, `4XX` or `default`.
        public var key: String
        /// The status as a number, for a key that is one.
        public var status: Int?
        /// The Response Object, `$ref`s followed.
        public var node: OpenAPINode
        /// The JSON media type and its Media Type Object, when the answer has a JSON body.
        public var json: (mediaType: String, node: OpenAPINode)?
        /// Whether the answer documents content, JSON or not.
        public var hasContent: Bool
    }

    /// A parameter (path, query, header), `$ref`s followed.
    public struct Parameter {
        /// Its name.
        public var name: String
        /// Where it goes: `path`, `query`, `header` or `cookie`.
        public var location: String
        /// Whether it must be sent.
        public var required: Bool
        /// The Parameter Object.
        public var node: OpenAPINode
    }

    /// The `operationId`, when there is one.
    public var operationID: String?
    /// The method, upper case.
    public var method: String
    /// The path as the document writes it, with `{name}` templates.
    public var path: String
    /// The one-line `summary`, if any.
    public var summary: String?
    /// The Operation Object.
    public var node: OpenAPINode
    /// The parameters of the path item and the operation (the operation's win by name and
    /// place).
    public var parameters: [Parameter]
    /// The request body, `$ref`s followed, if any.
    public var requestBody: OpenAPINode?
    /// The documented answers, in document order.
    public var responses: [Response]
}
