import Foundation
import Testing
@testable import EnvelopeMock

/// Templated stubs served over HTTP and read by curl, and the load errors of broken templates.
@Suite("Response templates served")
struct TemplateServingTests {
    func curl(_ arguments: [String]) throws -> String {
        String(decoding: try run("/usr/bin/curl", ["-s", "--max-time", "10"] + arguments).output, as: UTF8.self)
    }

    /// A Mocks folder in a fresh temporary folder, with `files` under `__files/`.
    func mocksFolder(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("__files/sub"), withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent("__files/" + name)) }
        return directory
    }

    @Test("a stub with the response-template transformer renders body and headers; one without sends {{...}} as written")
    func perStub() throws {
        let server = try startServer(try stubs("""
            {"mappings": [
              {"request": {"urlPathTemplate": "/t/{id}"}, "response": {"body": "id={{request.path.id}} q={{request.query.q}}",
               "headers": {"X-Echo": "{{request.headers.X-In}}", "X-Multi": ["a", "{{upper 'b'}}"]}, "transformers": ["response-template"]}},
              {"request": {"urlPath": "/plain"}, "response": {"body": "{{request.path}}"}}]}
            """))
        defer { server.stop() }
        let output = try curl(["-i", "-H", "X-In: hello", server.baseURL + "/t/42?q=x"])
        #expect(output.contains("\r\nX-Echo: hello\r\n"))
        #expect(output.contains("\r\nX-Multi: a\r\nX-Multi: B\r\n"))
        #expect(output.contains("\r\nContent-Length: 9\r\n"))
        #expect(output.hasSuffix("\r\n\r\nid=42 q=x"))
        #expect(try curl([server.baseURL + "/plain"]) == "{{request.path}}")
    }

    @Test("global templating renders every stub; jsonBody strings and transformerParameters too")
    func global() throws {
        let json = """
            {"request": {"urlPath": "/j"}, "response": {"jsonBody": {"path": "{{request.path}}", "n": 1, "who": "{{parameters.who}}"},
             "transformerParameters": {"who": "me"}}}
            """
        let server = try startServer(MockMappings(stubs: try MockMappings.parse(Array(json.utf8), file: "j.json", globalTemplating: true)))
        defer { server.stop() }
        #expect(try curl([server.baseURL + "/j"]) == #"{"path": "/j", "n": 1, "who": "me"}"#)
        let untemplated = try MockMappings.parse(Array(json.utf8), file: "j.json")
        #expect(untemplated[0].response.template == nil)
    }

    @Test("globalResponseTemplating makes every stub added through the admin API a template; a broken one is a 422 at its place")
    func globalCoversAdminStubs() throws {
        var options = MockServerOptions()
        options.globalResponseTemplating = true
        let server = try startServer(MockMappings(), options: options)
        defer { server.stop() }
        let stub = #"{"request": {"urlPath": "/added"}, "response": {"body": "{{request.query.a}}-{{size request.pathSegments}}"}}"#
        #expect(try curl(["-w", "%{http_code}", "-d", stub, server.baseURL + "/__admin/mappings"]).hasSuffix("201"))
        #expect(try curl([server.baseURL + "/added?a=x"]) == "x-1")
        let broken = #"{"request": {"urlPath": "/b"}, "response": {"body": "{{#if}}"}}"#
        let refused = try curl(["-w", "%{http_code}", "-d", broken, server.baseURL + "/__admin/mappings"])
        #expect(refused.hasSuffix("422"))
        #expect(refused.contains("request body:1:54: invalid response template: '{{#if}}' is not closed"), "\(refused)")
        let plain = try startServer(MockMappings())
        defer { plain.stop() }
        _ = try curl(["-d", stub, plain.baseURL + "/__admin/mappings"])
        #expect(try curl([plain.baseURL + "/added?a=x"]) == "{{request.query.a}}-{{size request.pathSegments}}")
    }

    @Test("request.host, port and baseUrl without a Host header name where the connection arrived; an absolute-form target wins over Host")
    func addressWithoutHost() throws {
        let server = try startServer(try stubs("""
            {"request": {"urlPath": "/address"}, "response": {"body": "{{request.host}}|{{request.port}}|{{request.baseUrl}}",
             "transformers": ["response-template"]}}
            """))
        defer { server.stop() }
        func answer(_ head: String) throws -> String {
            let client = try RawClient(port: server.port)
            client.send(head + "\r\n\r\n")
            return try client.readResponse().text
        }
        let local = "127.0.0.1|\(server.port)|http://127.0.0.1:\(server.port)"
        #expect(try answer("GET /address HTTP/1.0") == local)
        #expect(try answer("GET /address HTTP/1.1\r\nHost:\r\nConnection: close") == local)
        #expect(try answer("GET /address HTTP/1.0\r\nHost: example.com") == "example.com|80|http://example.com")
        #expect(try answer("GET /address HTTP/1.0\r\nHost: [::1]:8") == "[::1]|8|http://[::1]:8")
        #expect(try answer("GET http://other.org:77/address HTTP/1.0\r\nHost: x.com") == "other.org|77|http://other.org:77")
        // The journal's absoluteUrl is made the same way, as WireMock's is.
        let urls = server.journalEntries.map { entry -> String in
            if case .string(let url)? = AdminJSON.loggedRequest(entry)["absoluteUrl"] { return url }
            return ""
        }
        #expect(urls == ["http://other.org:77/address", "http://[::1]:8/address", "http://example.com/address",
                         "http://127.0.0.1:\(server.port)/address", "http://127.0.0.1:\(server.port)/address"])
    }

    @Test("bodyFileName: the file's contents are a template, and a templated name picks the file per request")
    func bodyFiles() throws {
        let folder = try mocksFolder(["hello.txt": "Hello {{request.query.name}}!", "sub/a.json": "{\"file\": \"a\"}"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = Fixtures.bodyFiles(folder.path + "/__files")
        let json = """
            {"mappings": [
              {"request": {"urlPath": "/hello"}, "response": {"bodyFileName": "hello.txt", "transformers": ["response-template"]}},
              {"request": {"urlPathPattern": "/files/.*"}, "response": {"bodyFileName": "sub/{{request.pathSegments.[1]}}.json",
               "transformers": ["response-template"]}}]}
            """
        var options = MockServerOptions()
        options.bodyFiles = files
        let server = try startServer(MockMappings(stubs: try MockMappings.parse(Array(json.utf8), file: "m.json", bodyFiles: files)), options: options)
        defer { server.stop() }
        #expect(try curl([server.baseURL + "/hello?name=Ann"]) == "Hello Ann!")
        #expect(try curl([server.baseURL + "/files/a"]) == #"{"file": "a"}"#)
        #expect(try curl(["-w", "%{http_code}", server.baseURL + "/files/missing"])
                    == "the templated bodyFileName gave 'sub/missing.json', which is not found (looked for \(folder.path)/__files/sub/missing.json)\n500")
    }

    @Test("a broken template is a load error at its line and column inside the mapping file", arguments: [
        ("{\"request\": {\"urlPath\": \"/a\"},\n \"response\": {\"body\": \"ok {{#if x}}\", \"transformers\": [\"response-template\"]}}",
         "m.json:2:27: invalid response template: '{{#if}}' is not closed; add '{{/if}}'"),
        ("{\"request\": {\"urlPath\": \"/a\"},\n \"response\": {\"body\": \"\\\"q\\\" {{nope 1}}\", \"transformers\": [\"response-template\"]}}",
         "m.json:2:32: invalid response template: unknown helper 'nope'; see docs/mocks.md for the helpers Envelope supports"),
        ("{\"request\": {\"urlPath\": \"/a\"}, \"response\": {\"headers\": {\"X\": \"{{upper}\"}, \"transformers\": [\"response-template\"]}}",
         "m.json:1:63: invalid response template: the tag '{{' is not closed; end it with '}}'"),
        ("{\"request\": {\"urlPath\": \"/a\"}, \"response\": {\"jsonBody\": {\"a\": \"{{/x}}\"}, \"transformers\": [\"response-template\"]}}",
         "m.json:1:64: invalid response template: '{{/x}}' closes no block; remove it or add '{{#x ...}}' before it"),
        ("{\"request\": {\"urlPath\": \"/a\"}, \"response\": {\"body\": \"x\", \"transformers\": [\"response-templates\"]}}",
         "m.json:1:75: invalid 'transformers': \"response-templates\" is not a transformer Envelope has; the one supported is \"response-template\""),
    ])
    func loadErrors(json: String, expected: String) {
        #expect(throws: MockLoadError.self) { try MockMappings.parse(Array(json.utf8), file: "m.json") }
        do {
            _ = try MockMappings.parse(Array(json.utf8), file: "m.json")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test("a broken template in a body file is a load error at its place in that file")
    func bodyFileLoadError() throws {
        let folder = try mocksFolder(["t.txt": "line one\n  {{#each x}}"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = #"{"request": {"urlPath": "/a"}, "response": {"bodyFileName": "t.txt", "transformers": ["response-template"]}}"#
        #expect(throws: MockLoadError.self) {
            try MockMappings.parse(Array(json.utf8), file: "m.json", bodyFiles: Fixtures.bodyFiles(folder.path + "/__files"))
        }
        do {
            _ = try MockMappings.parse(Array(json.utf8), file: "m.json", bodyFiles: Fixtures.bodyFiles(folder.path + "/__files"))
        } catch {
            #expect(error.description == "\(folder.path)/__files/t.txt:2:3: invalid response template: '{{#each}}' is not closed; add '{{/each}}'")
        }
    }

    @Test("drift injection applies to what the template rendered")
    func driftAfterRendering() throws {
        let server = try startServer(try stubs("""
            {"request": {"urlPath": "/d"}, "response": {"jsonBody": {"a": "{{request.query.a}}", "b": "{{request.query.b}}"},
             "transformers": ["response-template"]}, "metadata": {"envelope": {"inject": ["null:/a"]}}}
            """))
        defer { server.stop() }
        let output = try curl(["-i", server.baseURL + "/d?a=1&b=2"])
        #expect(output.hasSuffix(#"{"a":null,"b":"2"}"#) || output.hasSuffix(#"{"a": null, "b": "2"}"#), "\(output)")
        #expect(output.contains("X-Envelope-Drift: "))
    }

    @Test("a stub without templating keeps its prepared answer: no template is compiled")
    func untemplatedStaysFixed() throws {
        let loaded = try stubs(#"{"request": {"urlPath": "/a"}, "response": {"body": "{{now}}", "headers": {"X": "{{now}}"}}}"#)
        #expect(loaded.stubs[0].response.template == nil)
        let templatedWithoutTags = try stubs(#"{"request": {"urlPath": "/a"}, "response": {"body": "plain", "transformers": ["response-template"]}}"#)
        #expect(templatedWithoutTags.stubs[0].response.template == nil)
    }
}
