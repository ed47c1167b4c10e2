import EnvelopeCore
import Foundation
import Testing
@testable import EnvelopeMock

@Suite("Drift injection")
struct DriftInjectionTests {
    static let body = Array(#"{"result": {"list": [{"ID": "1", "N": 2, "OK": true}, {"ID": "2", "N": 3, "OK": false}]}}"#.utf8)

    func apply(_ specs: [String]) throws -> String {
        let injections = try specs.map { try DriftInjection.parse($0) }
        guard let drifted = DriftInjector.apply(injections, to: Self.body, random: nil) else { return "unchanged" }
        return String(decoding: drifted.body, as: UTF8.self)
    }

    @Test("null, drop, retype and rename follow pointers with * for every element")
    func modes() throws {
        #expect(try apply(["null:/result/list/*/ID"]) == #"{"result":{"list":[{"ID":null,"N":2,"OK":true},{"ID":null,"N":3,"OK":false}]}}"#)
        #expect(try apply(["drop:/result/list/0/N"]) == #"{"result":{"list":[{"ID":"1","OK":true},{"ID":"2","N":3,"OK":false}]}}"#)
        #expect(try apply(["retype:/result/list/*/ID", "retype:/result/list/1/N", "retype:/result/list/0/OK"])
            == #"{"result":{"list":[{"ID":1,"N":2,"OK":"true"},{"ID":2,"N":"3","OK":false}]}}"#)
        #expect(try apply(["rename:/result/list/*/ID=id"]) == #"{"result":{"list":[{"id":"1","N":2,"OK":true},{"id":"2","N":3,"OK":false}]}}"#)
        #expect(try apply(["drop:/result/list/*"]) == #"{"result":{"list":[]}}"#)
        #expect(try apply(["null:/nothing/here"]) == "unchanged")
    }

    @Test("bad injections are refused with the reason", arguments: ["null", "nul:/a", "null:a", "rename:/a", "random:x"])
    func badSpecs(text: String) {
        #expect(throws: DriftInjection.ParseError.self) { try DriftInjection.parse(text) }
    }

    @Test("random:SEED drifts one value per answer, the same way for the same seed")
    func randomIsReproducible() throws {
        func run(seed: UInt64) -> [String] {
            let store = MockStore(stubs: [], injections: [])
            return (0..<20).map { _ in
                let drifted = DriftInjector.apply([.random(seed: seed)], to: Self.body) { store.random(seed: $0, below: $1) }
                return drifted?.changes.joined() ?? "none"
            }
        }
        let first = run(seed: 42)
        #expect(first == run(seed: 42))
        #expect(first != run(seed: 43))
        #expect(first.allSatisfy { $0 != "none" })
        #expect(Set(first).count > 5)
    }

    @Test("the server drifts answers from --inject and from a mapping's metadata, and says what it changed")
    func serverInjects() throws {
        var options = MockServerOptions()
        options.injections = [try DriftInjection.parse("null:/result/list/*/MENU_NM")]
        let mappings = try stubs("""
            {"mappings": [
              {"request": {"urlPath": "/menu"}, "response": {"jsonBody": {"result": {"list": [{"MENU_ID": "A1", "MENU_NM": "x"}]}}}},
              {"metadata": {"envelope": {"inject": ["drop:/result/list/0/MENU_ID"]}},
               "request": {"urlPath": "/menu2"}, "response": {"jsonBody": {"result": {"list": [{"MENU_ID": "A1", "MENU_NM": "x"}]}}}},
              {"request": {"urlPath": "/text"}, "response": {"body": "plain"}}]}
            """)
        let server = try startServer(mappings, options: options)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /menu HTTP/1.1\r\nHost: x\r\n\r\nGET /menu2 HTTP/1.1\r\nHost: x\r\n\r\nGET /text HTTP/1.1\r\nHost: x\r\n\r\n")
        let menu = try client.readResponse()
        #expect(menu.text == #"{"result":{"list":[{"MENU_ID":"A1","MENU_NM":null}]}}"#)
        #expect(menu.header("X-Envelope-Drift") == "null /result/list/0/MENU_NM")
        let menu2 = try client.readResponse()
        #expect(menu2.text == #"{"result":{"list":[{"MENU_NM":null}]}}"#)
        #expect(menu2.header("X-Envelope-Drift") == "drop /result/list/0/MENU_ID, null /result/list/0/MENU_NM")
        let text = try client.readResponse()
        #expect(text.text == "plain")
        #expect(text.header("X-Envelope-Drift") == nil)
    }
}
