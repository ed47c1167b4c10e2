import EnvelopeCore

extension Contract {
    /// The JSON Schema of the answers `type` decodes, worked out from what its
    /// `init(from:)` asks for: a team's existing model becomes the start of a contract.
    ///
    /// `decode` makes a key required, `decodeIfPresent` (every optional property) makes it
    /// optional and nullable; `[String: V]` is an object of `V`s; arrays and sets are arrays;
    /// `CaseIterable` enums list their raw values; a type inside itself accepts anything
    /// at the inner place. Names come from `CodingKeys`, so `MENU_NM` stays `MENU_NM`.
    ///
    /// ```swift
    /// let schema = try Contract.derive(from: Root<MenuItem>.self)
    /// print(schema.serialized(pretty: true))
    /// ```
    /// - Throws: what the type's `init(from:)` throws when it refuses every stand-in (an
    ///   enum that is not `CaseIterable` at a required key).
    public static func derive<T: Decodable>(from type: T.Type) throws -> JSONValue {
        try SchemaProbe().probe(T.self).schema
    }

    /// A contract file for `type` (`{"contract": name, "request": ..., "response": {"body": schema}}`),
    /// ready to save as `Contracts/NAME.json` and edit.
    public static func deriveFile<T: Decodable>(from type: T.Type, name: String, method: String = "GET", path: String) throws -> String {
        let schema = try derive(from: type)
        let file = JSONValue.object([
            .init(key: "contract", value: .string(name)),
            .init(key: "summary", value: .string("Derived from \(AuditScalar.swiftName(T.self))")),
            .init(key: "request", value: .object([.init(key: "method", value: .string(method)), .init(key: "path", value: .string(path))])),
            .init(key: "response", value: .object([.init(key: "status", value: .number("200")), .init(key: "body", value: schema)])),
        ])
        return file.serialized(pretty: true) + "\n"
    }

    /// A loaded contract whose body schema is derived from `type`, for
    /// `expectConforms(data, to: .loaded(contract))` without writing a file.
    public static func derived<T: Decodable>(from type: T.Type, name: String? = nil) throws -> Contract {
        let text = try deriveFile(from: type, name: name ?? AuditScalar.swiftName(T.self), path: "/")
        let file = "\(name ?? "derived").json"
        return try ContractLoader.load(Array(text.utf8), file: file, read: { path in
            throw ContractError.unreadable(file: path, reason: "a derived contract refers to no other file")
        })
    }
}
