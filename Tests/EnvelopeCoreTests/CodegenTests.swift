@testable import EnvelopeCore
import Foundation
import Testing

private let contractsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Contracts")

private func source(_ file: String) throws -> SwiftCodegen.Source {
    let read: SchemaCompiler.Reader = { path in Array(try Data(contentsOf: contractsFolder.appendingPathComponent(path))) }
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

    @Test("optional exactly where a key may be absent or null; enums keep unknown values")
    func optionalsAndEnums() throws {
        let files = try SwiftCodegen(accessLevel: "internal").generate([try source("hanyang-menu.json")])
        let item = try #require(files.first { $0.name == "MenuItem.swift" }?.text)
        #expect(item.contains("    var actUrl: String?\n"))
        #expect(item.contains("    var menuId2: String\n"))
        #expect(item.contains("        case delPossibleYn = \"DEL_POSSIBLE_YN\"\n"))
        #expect(!item.contains("public "))
        let opening = try #require(files.first { $0.name == "MenuItemHochulGb.swift" }?.text)
        #expect(opening.contains("    case unknown(String)\n"))
        #expect(opening.contains("        default: self = .unknown(rawValue)\n"))
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
