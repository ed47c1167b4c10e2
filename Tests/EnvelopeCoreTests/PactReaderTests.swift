import Foundation
import Testing
@testable import EnvelopeCore

/// The pact reader on the fixture pact files of each specification version (the ones the
/// end-to-end import tests use) and on broken ones: what the model holds, what is reported.
@Suite("Pact reader")
struct PactReaderTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("envelopeTests/Fixtures/pact")

    static func read(_ name: String) throws -> (pact: PactFile, diagnostics: [PactDiagnostic]) {
        let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
        return try PactReader.read(bytes, file: name)
    }

    @Test("a V2 pact: its query string, provider state and $.body/$.headers rule paths")
    func version2() throws {
        let (pact, diagnostics) = try Self.read("v2.json")
        #expect(diagnostics.isEmpty)
        #expect(pact.consumer == "ShopApp" && pact.provider == "OrderService")
        #expect(pact.specification == 2 && pact.specificationVersion == "2.0.0")
        let order = try #require(pact.interactions.first)
        #expect(order.providerStates == [PactProviderState(name: "order 42 exists")])
        #expect(order.request.query.map { "\($0.name)=\($0.value)" } == ["expand=items", "currency=EUR"])
        let rules = order.response.matchingRules
        #expect(rules.body.map(\.path.text) == ["$.id", "$.total", "$.items", "$.items[*].sku"])
        #expect(rules.body[2].path.segments == [.key("items")])
        guard case .type(let min, nil)? = rules.body[2].rules.matchers.first else { Issue.record("expected a type rule"); return }
        #expect(min == 1)
        guard case .regex(let regex)? = rules.header("content-type")?.matchers.first else { Issue.record("expected a header regex"); return }
        #expect(regex == "application/json.*")
        #expect(pact.interactions[1].response.status == 204 && pact.interactions[1].response.body == nil)
    }

    @Test("a V3 pact: query lists, header and query rules, combine")
    func version3() throws {
        let (pact, diagnostics) = try Self.read("v3.json")
        #expect(diagnostics.isEmpty)
        #expect(pact.specification == 3)
        let search = pact.interactions[0]
        #expect(search.request.query.map(\.name) == ["state", "page"])
        #expect(search.request.matchingRules.header("X-Client") != nil)
        #expect(search.request.matchingRules.query("page") != nil)
        #expect(search.response.matchingRules.body.map(\.path.segments) == [[.key("orders")], [.key("orders"), .anyIndex, .key("id")], [.key("orders"), .anyIndex, .key("placed")]])
        guard case .timestamp(let format)? = search.response.matchingRules.body[2].rules.matchers.first else { Issue.record("expected timestamp"); return }
        #expect(format == "yyyy-MM-dd'T'HH:mm:ssX")
        #expect(pact.interactions[1].request.body?.json == .object([.init(key: "sku", value: .string("AB-1")), .init(key: "quantity", value: .number("1"))]))
    }

    @Test("a V4 pact: key, pending, comments, header lists and the body object with its content type")
    func version4() throws {
        let (pact, diagnostics) = try Self.read("v4.json")
        #expect(diagnostics.isEmpty)
        #expect(pact.specification == 4)
        let profile = pact.interactions[0]
        #expect(profile.key == "3f2a9c1e" && profile.pending)
        #expect(profile.comments == ["written by the iOS team", "testname: ProfileTests.fetch"])
        #expect(profile.response.header("content-type") == "application/json")
        #expect(profile.response.body?.isJSON == true)
        #expect(profile.response.body?.json?["name"] == .string("Mina"))
        let logo = try #require(pact.interactions[1].response.body)
        #expect(!logo.isJSON && logo.content == .string("ENVELOPE") && logo.contentType == "text/plain")
    }

    @Test("message and plugin interactions are kept by name as not supported; the HTTP one is read")
    func unsupported() throws {
        let (pact, _) = try Self.read("message.json")
        #expect(pact.interactions.map(\.description) == ["fetch order 42", "upload a note"])
        #expect(pact.unsupported.map(\.description) == ["an order-paid event", "a gRPC call"])
        #expect(pact.unsupported.map(\.kind) == ["Asynchronous/Messages", "a plugin interaction (protobuf)"])
    }

    @Test("every matcher of the rules fixture is read as its own case, OR kept, the status rule found")
    func everyMatcher() throws {
        let (pact, diagnostics) = try Self.read("rules.json")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let rules = pact.interactions[0].response.matchingRules
        let names = rules.body.flatMap { $0.rules.matchers.map(\.name) }
        #expect(names == ["integer", "decimal", "number", "boolean", "null", "type", "include", "date", "time", "timestamp", "semver", "regex", "regex",
                          "notEmpty", "values", "eachKey", "eachValue", "type", "type", "eachValue", "arrayContains", "equality"])
        #expect(rules.body.first { $0.path.text == "$.code" }?.rules.combine == .or)
        guard case .statusCode(let classes, _)? = rules.status?.matchers.first else { Issue.record("expected statusCode"); return }
        #expect(classes == [.success])
        guard case .regex? = pact.interactions[0].request.matchingRules.path?.matchers.first else { Issue.record("expected a path rule"); return }
    }

    @Test("generators are read by category with their attributes, and provider state params kept")
    func generators() throws {
        let (pact, _) = try Self.read("generators.json")
        let ticket = pact.interactions[0]
        #expect(ticket.providerStates.first?.params == [.init(key: "ticketId", value: .string("T-991"))])
        let generators = ticket.response.generators
        #expect(generators.body.map(\.generator.type) == ["RandomInt", "RandomDecimal", "RandomHexadecimal", "RandomString", "Regex", "Uuid",
                                                          "Date", "Time", "DateTime", "RandomBoolean", "ProviderState", "MockServerURL"])
        #expect(generators.body[0].generator.text("max") == "99")
        #expect(generators.header.map(\.name) == ["X-Request-Id"])
    }

    @Test("paths: quoted keys, indexes, wildcards, and the most specific rule weighs most")
    func paths() throws {
        let path = try #require(PactPath.parse("$['a b'][2].*"))
        #expect(path.segments == [.key("a b"), .index(2), .anyKey])
        #expect(PactPath.parse("$.a[") == nil && PactPath.parse("$.a[x]") == nil)
        let concrete: [PactPath.Segment] = [.key("items"), .index(0), .key("id")]
        let general = try #require(PactPath.parse("$.items")), exact = try #require(PactPath.parse("$.items[*].id"))
        #expect(exact.weight(for: concrete) > general.weight(for: concrete))
        #expect(general.weight(for: concrete) > 0)
        #expect(try #require(PactPath.parse("$.other")).weight(for: concrete) == 0)
    }

    @Test("a file that is not JSON, or not a pact, is an error with its place; a bad rule is a located warning")
    func errors() throws {
        #expect(throws: PactReadError.self) { try PactReader.read(Array("{\"interactions\": [".utf8), file: "x.json") }
        do {
            _ = try PactReader.read(Array("{\"openapi\": \"3.1.0\"}".utf8), file: "x.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("x.json:1:1: error: expected an array 'interactions'"))
        }
        let text = """
            {"interactions": [{"description": "d", "request": {"path": "/"}, "response": {"status": 200,
             "matchingRules": {"body": {"$.a": {"matchers": [{"match": "fancy"}]}, "$.[": {"matchers": []}}}}}]}
            """
        let (pact, diagnostics) = try PactReader.read(Array(text.utf8), file: "x.json")
        #expect(pact.interactions.count == 1)
        #expect(diagnostics.map(\.description).contains { $0.hasPrefix("x.json:2:50: warning: unknown matcher 'fancy'") })
        #expect(diagnostics.map(\.description).contains { $0.contains("'$.[' is not a path") })
    }
}
