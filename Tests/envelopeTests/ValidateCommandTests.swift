import Foundation
import Testing

@Suite("envelope validate, end to end")
struct ValidateCommandTests {
    @Test("saved bodies are checked offline, one result per file, with the whole text report")
    func validatesFiles() throws {
        let retyped = fixtures.appendingPathComponent("Bodies/retyped.json").path
        let result = try Envelope.run(["validate", "Contracts/hanyang-menu.json", "Mocks/__files/hanyang-menu.json", retyped])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput == """
            hanyang-menu  Mocks/__files/hanyang-menu.json
              ✗ /result/list/*/DEL_POSSIBLE_YN  missing-key      9 of 9
                  expected string (required), found absent at 5:13
              ✗ /result/list/*/MENU_ID2         unexpected-null  4 of 9 (#3, #6, #7, #8)
                  expected string, found null at 34:29

            hanyang-menu  \(retyped)
              ✗ /result/list/*/MENU_SEQ  type-mismatch  1 of 1
                  expected integer, found "1" at 1:119
              ! /extra                   unknown-key    (warning)
                  expected no such key (the contract does not declare it), found 1 at 3:85

            2 contracts: 0 ok, 2 with drift (3 breaking, 1 warning)

            """)
    }

    @Test("'-' reads the body from standard input; an HTML error page is not-json")
    func readsStandardInput() throws {
        let page = try String(contentsOf: fixtures.appendingPathComponent("Bodies/error-page.html"), encoding: .utf8)
        let result = try Envelope.run(["validate", "Contracts/naver-news.json", "-"], input: page)
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.contains("naver-news  standard input\n  ✗ (body)  not-json\n      expected a JSON body, found \"<!DOCTYPE html>\" (expected a JSON value, found '<') at 1:1\n"))
    }

    @Test("a body that conforms exits 0")
    func conformingBody() throws {
        let body = #"{"lastBuildDate": "Mon, 12 Apr 2021 14:03:51 +0900", "total": 0, "start": 1, "display": 0, "items": []}"#
        let result = try Envelope.run(["validate", "Contracts/naver-news.json", "-"], input: body)
        #expect(result.exitCode == 0)
        #expect(result.standardOutput == "naver-news  standard input\n  ok\n\n1 contract: 1 ok, 0 with drift (0 breaking, 0 warnings)\n")
    }

    @Test("a large saved answer (mapped, not read) gives the same report as through standard input")
    func largeFileMatchesStandardInput() throws {
        // Past the size at which files are mapped: the seed's list, repeated, with every
        // hundredth MENU_ID2 turned to null and one key misspelt near the end.
        var items: [String] = []
        for index in 0..<9_000 {
            let id = index % 100 == 7 ? "null" : "\"M\(100_000 + index)\""
            let last = index == 8_990 ? "DEL_POSIBLE_YN" : "DEL_POSSIBLE_YN"
            items.append(#"{"MENU_NM": "메뉴 \#(index)", "ICON_NM": "ic_\#(index)", "ACT_URL": null, "HOCHUL_GB": "L", "MENU_ID": "\#(index)", "MENU_ID2": \#(id), "MENU_SEQ": \#(index), "\#(last)": "Y"}"#)
        }
        let body = #"{"result": {"totalCount": 9000, "list": [\#n"# + items.joined(separator: ",\n") + #"]},\#n"nowDate": {"yyyy": "2026"}, "resultMessage": {"service": "s", "code": 200, "msg": "ok"}}"#
        #expect(body.utf8.count > 1 << 20)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-large-\(UUID().uuidString).json")
        try body.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }

        let mapped = try Envelope.run(["validate", "Contracts/hanyang-menu.json", file.path])
        let piped = try Envelope.run(["validate", "Contracts/hanyang-menu.json", "-"], input: body)
        #expect(mapped.exitCode == 1)
        #expect(mapped.standardOutput == piped.standardOutput.replacingOccurrences(of: "standard input", with: file.path))
        #expect(mapped.standardOutput == """
            hanyang-menu  \(file.path)
              ✗ /result/list/*/MENU_ID2         unexpected-null  90 of 9000 (#7, #107, #207, #307, #407, #507, #607, #707, #807, #907, …)
                  expected string, found null at 9:103
              ✗ /result/list/*/DEL_POSSIBLE_YN  missing-key      1 of 9000 (#8990)
                  expected string (required), found absent at 8992:1
              ! /result/list/*/DEL_POSIBLE_YN   unknown-key      1 of 9000 (#8990)  (warning)
                  expected no such key (the contract does not declare it), found "Y" at 8992:159

            1 contract: 0 ok, 1 with drift (2 breaking, 1 warning)

            """)
    }

    @Test("a missing file is exit 2 with its name")
    func missingFile() throws {
        let result = try Envelope.run(["validate", "Contracts/naver-news.json", "no-such-file.json"])
        #expect(result.exitCode == 2)
        #expect(result.standardError == "error: no such file: no-such-file.json\n")
    }
}
