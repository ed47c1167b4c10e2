import Foundation

/// A temporary project whose contracts `$ref` into OpenAPI documents kept in
/// `Contracts/api/`, copied from Fixtures/OpenAPI.
struct OpenAPIProject {
    /// The project folder.
    let root: URL

    /// A new project holding the fixture documents `documents` in `Contracts/api/`.
    init(documents: [String]) throws {
        root = try temporaryDirectory()
        let api = root.appendingPathComponent("Contracts/api")
        try FileManager.default.createDirectory(at: api, withIntermediateDirectories: true)
        for name in documents {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent("OpenAPI/\(name)"), to: api.appendingPathComponent(name))
        }
    }

    /// Writes `Contracts/NAME.json`, a contract whose body is the schema at `reference`
    /// (relative to `Contracts/`), with `settings` at its top level; returns its path.
    @discardableResult
    func contract(_ name: String, body reference: String, settings: String = "") throws -> String {
        let text = #"{"contract": "\#(name)", "request": {"path": "/\#(name)"}, "response": {"body": {"$ref": "\#(reference)"}}\#(settings.isEmpty ? "" : ", " + settings)}"#
        try text.write(to: root.appendingPathComponent("Contracts/\(name).json"), atomically: true, encoding: .utf8)
        return "Contracts/\(name).json"
    }

    /// Writes `text` to `path` inside the project; returns the path.
    @discardableResult
    func file(_ path: String, _ text: String) throws -> String {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return path
    }
}
