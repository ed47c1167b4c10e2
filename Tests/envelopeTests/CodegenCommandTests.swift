import Foundation
import Testing

/// The program the generated models are compiled with: decodes each bundled answer as its
/// contract's type and prints what it got.
private let decodeProgram = #"""
import Foundation

func body(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }
let folder = CommandLine.arguments[1]
let decoder = JSONDecoder()
do {
    _ = try decoder.decode(HanyangMenuResponse.self, from: body(folder + "/hanyang-menu.json"))
    print("hanyang-menu: decoded")
} catch DecodingError.keyNotFound(let key, let context) {
    print("hanyang-menu: keyNotFound \(key.stringValue) at \(context.codingPath.map(\.stringValue).joined(separator: "/"))")
}
let fixed = try decoder.decode(HanyangMenuResponse.self, from: body(folder + "/hanyang-menu-fixed.json"))
print("hanyang-menu (fixed): \(fixed.result.list.count) items, first \(fixed.result.list[0].menuNm), ACT_URL \(fixed.result.list[0].actUrl ?? "nil"), HOCHUL_GB \(fixed.result.list.map(\.hochulGb.rawValue).joined()), \(fixed.nowDate["yyyy"] ?? "")")
// HOCHUL_GB is a closed enum: a value it does not list is a decoding error, as check says.
do {
    _ = try decoder.decode(HanyangMenuResponse.self, from: body(folder + "/hanyang-menu-new-value.json"))
    print("hanyang-menu (new HOCHUL_GB): decoded")
} catch DecodingError.dataCorrupted(let context) {
    print("hanyang-menu (new HOCHUL_GB): dataCorrupted at \(context.codingPath.map(\.stringValue).joined(separator: "/"))")
}
// An open enum keeps it.
let order = try decoder.decode(OrderResponse.self, from: Data(#"{"state": "refunded"}"#.utf8))
print("order: \(order.state), raw \(order.state.rawValue), \(OrderState(rawValue: "paid") == .paid)")
let blog = try decoder.decode(NaverBlogResponse.self, from: body(folder + "/naver-blog.json"))
print("naver-blog: \(blog.items.count) items, title \(blog.items[0].title), description \(blog.items[2].description)")
let news = try decoder.decode(NaverNewsResponse.self, from: body(folder + "/naver-news.json"))
print("naver-news: \(news.total) total, \(news.items.count) items")
let images = try decoder.decode(NaverImageResponse.self, from: body(folder + "/naver-image.json"))
print("naver-image: \(images.items.count) items, title \(images.items[1].title), size \(images.items[0].sizewidth)")
let link = DeeplinkHostLink(a1B: "1", a2: 2)
print("deeplink: \(String(decoding: try JSONEncoder().encode(link), as: UTF8.self).contains("\"a1_b\":\"1\""))")
"""#

@Suite("envelope codegen, end to end", .temporaryFolders)
struct CodegenCommandTests {
    @Test("the generated models compile with swiftc and decode every bundled mock")
    func generatedCodeCompilesAndDecodes() throws {
        let folder = try temporaryDirectory()
        let models = folder.appendingPathComponent("Models")
        // With the bundled contracts, whose enums are closed, one whose enums are open.
        let order = folder.appendingPathComponent("order.json")
        try #"{"contract": "order", "enums": "open", "request": {"path": "/orders"}, "response": {"body": {"type": "object", "required": ["state"], "properties": {"state": {"title": "OrderState", "enum": ["new", "paid"]}}}}}"#
            .write(to: order, atomically: true, encoding: .utf8)
        let result = try Envelope.run(["codegen", "Contracts/hanyang-menu.json", "Contracts/naver-blog.json", "Contracts/naver-image.json",
                                       "Contracts/naver-news.json", "Contracts/deeplink-host.json", order.path, "--output", models.path])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: models.path).sorted()
        #expect(names == ["APIResult.swift", "Blog.swift", "Contracts.swift", "HTMLText.swift", "MenuItem.swift", "MenuItemHochulGb.swift",
                          "Model.swift", "News.swift", "OrderResponse.swift", "OrderState.swift", "Photo.swift", "Root.swift", "RootResult.swift", "RootResultMessage.swift"])

        // The answers: the recorded hanyang one (which drifts), a fixed copy, and the jsonBody of each naver mapping.
        let answers = folder.appendingPathComponent("answers")
        try FileManager.default.createDirectory(at: answers, withIntermediateDirectories: true)
        let recorded = try Data(contentsOf: packageRoot.appendingPathComponent("Mocks/__files/hanyang-menu.json"))
        try recorded.write(to: answers.appendingPathComponent("hanyang-menu.json"))
        var fixed = String(decoding: recorded, as: UTF8.self).replacingOccurrences(of: #""MENU_ID2": null"#, with: #""MENU_ID2": "M0""#)
        fixed = fixed.replacingOccurrences(of: #""MENU_SEQ""#, with: #""DEL_POSSIBLE_YN": "N", "MENU_SEQ""#)
        try Data(fixed.utf8).write(to: answers.appendingPathComponent("hanyang-menu-fixed.json"))
        let newValue = fixed.replacingOccurrences(of: #""HOCHUL_GB": "A""#, with: #""HOCHUL_GB": "Z""#)
        try Data(newValue.utf8).write(to: answers.appendingPathComponent("hanyang-menu-new-value.json"))
        for name in ["naver-blog", "naver-image", "naver-news"] {
            let mapping = try Data(contentsOf: packageRoot.appendingPathComponent("Mocks/mappings/\(name).json"))
            let object = try #require(try JSONSerialization.jsonObject(with: mapping) as? [String: Any])
            let response = try #require(object["response"] as? [String: Any])
            let body = try #require(response["jsonBody"])
            try JSONSerialization.data(withJSONObject: body).write(to: answers.appendingPathComponent("\(name).json"))
        }

        try decodeProgram.write(to: models.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let sources = try FileManager.default.contentsOfDirectory(atPath: models.path).filter { $0.hasSuffix(".swift") }.map { models.appendingPathComponent($0).path }
        let program = folder.appendingPathComponent("decode").path
        let compile = try runTool("swiftc", ["-swift-version", "6", "-o", program] + sources)
        try #require(compile.status == 0, "swiftc failed:\n\(compile.output)")
        let run = try runTool(program, [answers.path])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output == """
            hanyang-menu: keyNotFound DEL_POSSIBLE_YN at result/list/Index 0
            hanyang-menu (fixed): 9 items, first 한양소개, ACT_URL nil, HOCHUL_GB LLLULLUAU, 2021
            hanyang-menu (new HOCHUL_GB): dataCorrupted at result/list/Index 7/HOCHUL_GB
            order: unknown("refunded"), raw refunded, true
            naver-blog: 3 items, title [iOS] Swift Codable로 "중첩 JSON" 파싱하기, description 검색 결과의 title에 들어 있는 <b> 태그와 &quot; 같은 문자를 디코딩 단계에서 바꿔 저장하는 방법을 정리했습니다.
            naver-news: 15870 total, 3 items
            naver-image: 3 items, title [iOS] Swift Generics <T> 정리 다이어그램, size 512
            deeplink: true

            """)
    }

    @Test("--output naming a .swift file is a usage error that says it is a folder and how to get one file; nothing is created")
    func outputLooksLikeAFile() throws {
        let folder = try temporaryDirectory()
        let result = try Envelope.run(["codegen", packageRoot.appendingPathComponent("Contracts/naver-news.json").path, "-o", "Models.swift"], in: folder)
        #expect(result.exitCode == 2)
        let contract = packageRoot.appendingPathComponent("Contracts/naver-news.json").path
        #expect(result.standardError.hasPrefix("error: --output is a folder (one file per type is written into it), and Models.swift looks like a file name. "
                                               + "For one file, leave out --output: envelope codegen \(contract) > Models.swift\n"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Models.swift").path))
    }

    @Test("without --output the models print as one file; a contract with no body schema is exit 2 naming it")
    func standardOutputAndErrors() throws {
        let result = try Envelope.run(["codegen", "Contracts/naver-news.json"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasPrefix("// Generated by `envelope codegen`"))
        #expect(result.standardOutput.contains("public typealias NaverNewsResponse = APIResult<News>\n"))
        #expect(result.standardOutput.contains("self.title = HTMLText.decode(try container.decode(String.self, forKey: .title))"))

        let folder = try temporaryDirectory()
        try #"{"contract": "empty", "request": {"path": "/"}, "response": {"status": 204}}"#.write(to: folder.appendingPathComponent("empty.json"), atomically: true, encoding: .utf8)
        let empty = try Envelope.run(["codegen", "empty.json"], in: folder)
        #expect(empty.exitCode == 2)
        #expect(empty.standardError == "empty.json: error: the contract has no 'response.body' schema, so there is no model to write\n")
    }
}
