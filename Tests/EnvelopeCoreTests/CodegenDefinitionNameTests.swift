@testable import EnvelopeCore
import Testing

/// Generated Swift for contract files held in memory, by name.
private func generate(_ files: [String: String], _ names: [String]) throws -> String {
    let read: SchemaCompiler.Reader = { path in
        guard let text = files[path] else { throw ContractError.unreadable(file: path, reason: "no such file in the test") }
        return Array(text.utf8)
    }
    let sources = try names.map { name in SwiftCodegen.Source(contract: try ContractLoader.load(file: name, read: read), read: read) }
    return try SwiftCodegen().generateSingleFile(sources)
}

/// A contract whose body refers to `$defs/move` from two places.
private func contract(_ name: String) -> String {
    """
    {"contract": "\(name)", "request": {"path": "/\(name)"}, "response": {"status": 200, "body": {
      "type": "object",
      "properties": {"first": {"$ref": "#/$defs/move"}, "list": {"type": "array", "items": {"$ref": "#/$defs/move"}}},
      "required": ["first", "list"],
      "$defs": {"move": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}}
    }}}
    """
}

@Suite("Swift codegen: types named after their $defs key")
struct CodegenDefinitionNameTests {
    @Test("a schema under $defs without a title is one type named after its key, however many places use it")
    func namedAfterKey() throws {
        let swift = try generate(["a.json": contract("a")], ["a.json"])
        #expect(swift.components(separatedBy: "public struct Move: ").count == 2)
        #expect(swift.contains("    public var first: Move\n"))
        #expect(swift.contains("    public var list: [Move]\n"))
    }

    @Test("a second contract's $defs entry of the same name keeps the name its place gives it")
    func takenNameFallsBack() throws {
        let swift = try generate(["a.json": contract("a"), "b.json": contract("b")], ["a.json", "b.json"])
        #expect(swift.contains("public struct Move: "))
        #expect(swift.contains("public struct BResponseFirst: "))
        #expect(swift.contains("    public var list: [BResponseFirst]\n"))
    }
}
