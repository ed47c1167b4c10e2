@testable import EnvelopeCore
import Foundation
import Testing

private let contractsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Contracts")

private func source(_ file: String) throws -> SwiftCodegen.Source {
    let read: SchemaCompiler.Reader = { path in Array(try Data(contentsOf: contractsFolder.appendingPathComponent(path))) }
    return SwiftCodegen.Source(contract: try ContractLoader.load(file: file, read: read), read: read)
}

/// A source for a contract written inline, with the files its `$ref`s name.
private func inlineSource(_ text: String, files: [String: String] = [:], file: String = "c.json") throws -> SwiftCodegen.Source {
    let all = files.merging([file: text]) { _, new in new }
    let read: SchemaCompiler.Reader = { path in
        guard let content = all[path] else { throw TestFileMissing(path: path) }
        return Array(content.utf8)
    }
    return SwiftCodegen.Source(contract: try ContractLoader.load(file: file, read: read), read: read)
}

@Suite("Swift codegen")
struct CodegenTests {
    @Test("wire names become lowerCamelCase properties and UpperCamelCase types")
    func names() {
        #expect(SwiftNames.property("MENU_NM") == "menuNm")
        #expect(SwiftNames.property("bloggername") == "bloggername")
        #expect(SwiftNames.property("a1_b") == "a1B")
        #expect(SwiftNames.property("lastBuildDate") == "lastBuildDate")
        #expect(SwiftNames.property("MENU_ID2") == "menuId2")
        #expect(SwiftNames.property("default") == "`default`")
        #expect(SwiftNames.property("2x") == "_2x")
        #expect(SwiftNames.type("Root<T>") == "Root")
        #expect(SwiftNames.type("APIResult<T>") == "APIResult")
        #expect(SwiftNames.type("hanyang-menu") == "HanyangMenu")
    }

    @Test("one shared envelope becomes one generic type, each contract a typealias over it")
    func genericEnvelopes() throws {
        let files = try SwiftCodegen().generate([try source("naver-blog.json"), try source("naver-news.json"), try source("naver-image.json")])
        #expect(files.map(\.name) == ["APIResult.swift", "Blog.swift", "News.swift", "Photo.swift", "Contracts.swift", "HTMLText.swift"])
        let aliases = try #require(files.first { $0.name == "Contracts.swift" }?.text)
        #expect(aliases.contains("public typealias NaverBlogResponse = APIResult<Blog>\n"))
        #expect(aliases.contains("public typealias NaverImageResponse = APIResult<Photo>\n"))
        let envelope = try #require(files.first?.text)
        #expect(envelope.contains("public struct APIResult<T: Codable & Sendable>: Codable, Sendable {"))
        #expect(envelope.contains("    public var items: [T]\n"))
    }

    @Test("optional exactly where a key may be absent or null; a closed enum (the default) has raw values and no unknown case")
    func optionalsAndEnums() throws {
        let files = try SwiftCodegen(accessLevel: "internal").generate([try source("hanyang-menu.json")])
        let item = try #require(files.first { $0.name == "MenuItem.swift" }?.text)
        #expect(item.contains("    var actUrl: String?\n"))
        #expect(item.contains("    var menuId2: String\n"))
        #expect(item.contains("        case delPossibleYn = \"DEL_POSSIBLE_YN\"\n"))
        #expect(!item.contains("public "))
        let opening = try #require(files.first { $0.name == "MenuItemHochulGb.swift" }?.text)
        #expect(opening.contains("enum MenuItemHochulGb: String, Codable, Sendable, Hashable, CaseIterable {\n"))
        #expect(opening.contains("    case l = \"L\"\n"))
        #expect(!opening.contains("unknown"))
    }

    @Test("an open contract's string enums keep unknown values; x-envelope-open: false keeps one closed")
    func openEnums() throws {
        let files = try SwiftCodegen().generate([try inlineSource("""
            {"contract": "order", "enums": "open", "request": {"path": "/o"}, "response": {"body": {"type": "object", "required": ["state", "kind"],
             "properties": {"state": {"enum": ["new", "default"]}, "kind": {"enum": ["a", "unknown"], "x-envelope-open": false}}}}}
            """)])
        let state = try #require(files.first { $0.name == "OrderResponseState.swift" }?.text)
        #expect(state.contains("public enum OrderResponseState: Codable, Sendable, Hashable, RawRepresentable {\n"))
        #expect(state.contains("    case `default`\n"))
        #expect(state.contains("    case unknown(String)\n"))
        #expect(state.contains("        default: self = .unknown(rawValue)\n"))
        let kind = try #require(files.first { $0.name == "OrderResponseKind.swift" }?.text)
        #expect(kind.contains("public enum OrderResponseKind: String, Codable, Sendable, Hashable, CaseIterable {\n"))
        // Closed, "unknown" is a value like any other.
        #expect(kind.contains("    case a\n"))
        #expect(kind.contains("    case unknown\n"))
        #expect(!kind.contains("unknown("))
    }

    @Test("a shared enum open in one contract and closed in another stops codegen naming both")
    func opennessConflict() throws {
        let status = #"{"title": "Status", "enum": ["on", "off"]}"#
        func contract(_ name: String, _ enums: String) -> String {
            #"{"contract": "\#(name)", "enums": "\#(enums)", "request": {"path": "/"}, "response": {"body": {"type": "object", "properties": {"s": {"$ref": "status.json"}}}}}"#
        }
        let sources = [try inlineSource(contract("a", "open"), files: ["status.json": status], file: "a.json"),
                       try inlineSource(contract("b", "closed"), files: ["status.json": status], file: "b.json")]
        do {
            _ = try SwiftCodegen().generate(sources)
            Issue.record("generated")
        } catch {
            #expect(error.description == "b.json: error: the enum at status.json is open in contract 'a' and closed in 'b', and one Swift type cannot be both; give both contracts the same \"enums\" setting, or mark the schema with \"x-envelope-open\"")
        }
        // Marked on the schema, the enum is the same in both.
        let marked = #"{"title": "Status", "enum": ["on", "off"], "x-envelope-open": true}"#
        let files = try SwiftCodegen().generate([try inlineSource(contract("a", "open"), files: ["status.json": marked], file: "a.json"),
                                                 try inlineSource(contract("b", "closed"), files: ["status.json": marked], file: "b.json")])
        #expect(try #require(files.first { $0.name == "Status.swift" }?.text).contains("case unknown(String)"))
    }

    @Test("a URL contract's model keeps the link's names in CodingKeys")
    func urlContractModel() throws {
        let files = try SwiftCodegen().generate([try source("deeplink-host.json")])
        let model = try #require(files.first { $0.name == "Model.swift" }?.text)
        #expect(model.contains("    public var a1B: String\n"))
        #expect(model.contains("    public var a2: Int?\n"))
        #expect(model.contains("        case a1B = \"a1_b\"\n"))
    }
}
