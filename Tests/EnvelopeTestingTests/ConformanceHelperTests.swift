import EnvelopeCore
import EnvelopeTesting
import Foundation
import Testing

@Suite("expectConforms and Contract.derive")
struct ConformanceHelperTests {
    let contract = packageRoot.appendingPathComponent("Contracts/hanyang-menu.json").path

    @Test("expectConforms records an issue carrying the drift report for a drifted answer")
    func expectConformsFails() throws {
        let answer = try seedAnswer()
        withKnownIssue {
            expectConforms(answer, to: .file(contract))
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("✗ /result/list/*/MENU_ID2         unexpected-null  4 of 9 (#3, #6, #7, #8)")
                && text.contains("the answer drifted from its contract")
        }
    }

    @Test("expectConforms passes a conforming answer, and a missing contract is a failure that names it")
    func expectConformsPasses() throws {
        let body = #"{"lastBuildDate": "x", "total": 0, "start": 1, "display": 0, "items": []}"#
        #expect(expectConforms(Data(body.utf8), to: .file(packageRoot.appendingPathComponent("Contracts/naver-news.json").path)))
        let report = ContractConformance.failureReport(Array(body.utf8), to: "no/such/contract.json")
        #expect(report?.hasPrefix("cannot check against no/such/contract.json: contract.json: error: cannot read the file") == true)
    }

    @Test("a contract derived from the seed's types finds what the audit finds: DEL_POSSIBLE_YN never present")
    func deriveFromSeedTypes() throws {
        let schema = try Contract.derive(from: Seed000.Root<Seed000.MenuItem>.self)
        let item = schema["properties"]?["result"]?["properties"]?["list"]
        #expect(item?.serialized() == #"{"type":["array","null"],"items":{"type":"object","properties":{"MENU_NM":{"type":["string","null"]},"ICON_NM":{"type":["string","null"]},"ACT_URL":{"type":["string","null"]},"HOCHUL_GB":{"type":["string","null"]},"MENU_ID":{"type":["string","null"]},"MENU_ID2":{"type":["string","null"]},"MENU_SEQ":{"type":["integer","null"]},"DEL_POSSIBLE_YN":{"type":["string","null"]}}}}"#)
        #expect(schema["properties"]?["nowDate"]?.serialized() == #"{"type":["object","null"],"additionalProperties":{"type":"string"}}"#)

        let derived = try Contract.derived(from: Seed000.Root<Seed000.MenuItem>.self, name: "seed-menu")
        let result = ContractConformance.check(Array(try seedAnswer()), against: derived)
        #expect(result.findings.map { "\($0.kind.rawValue) \($0.pointer) \($0.count)/\($0.total)" } == ["optional-never-present /result/list/*/DEL_POSSIBLE_YN 9/9"])
    }

    @Test("required keys, enums and recursion in a derived schema")
    func deriveStrictTypes() throws {
        struct Node: Decodable { var name: String; var children: [Node] }
        let strict = try Contract.derive(from: StrictMenuItem.self)
        #expect(strict["required"]?.serialized() == #"["MENU_NM","ICON_NM","HOCHUL_GB","MENU_ID","MENU_ID2","MENU_SEQ","DEL_POSSIBLE_YN"]"#)
        #expect(strict["properties"]?["HOCHUL_GB"]?.serialized() == #"{"type":"string","enum":["L","U"]}"#)
        let tree = try Contract.derive(from: Node.self)
        #expect(tree.serialized() == #"{"type":"object","properties":{"name":{"type":"string"},"children":{"type":"array","items":{}}},"required":["name","children"]}"#)
    }
}

/// Element `index` of a JSON array value.
private func element(_ value: JSONValue?, _ index: Int) -> JSONValue? {
    guard case .array(let elements)? = value, index < elements.count else { return nil }
    return elements[index]
}
