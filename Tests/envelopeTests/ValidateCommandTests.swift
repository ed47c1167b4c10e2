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

    @Test("a missing file is exit 2 with its name")
    func missingFile() throws {
        let result = try Envelope.run(["validate", "Contracts/naver-news.json", "no-such-file.json"])
        #expect(result.exitCode == 2)
        #expect(result.standardError == "error: no such file: no-such-file.json\n")
    }
}
