import EnvelopeCore
import Foundation
import Testing
@testable import EnvelopeMock

@Suite("Loading mappings")
struct MappingLoadingTests {
    @Test("loads one-stub files and {\"mappings\": [...]} files, sorted by file name")
    func loadsBothFileForms() throws {
        let mappings = try Fixtures.loadMocks()
        let names = mappings.stubs.map(\.displayName)
        #expect(names == ["hanyang-menu", "page-any", "page-two", "create-item", "5f1c0d2e-search", "z-empty"])
        let pageTwo = try #require(mappings.stubs.first { $0.id == "page-two" })
        #expect(pageTwo.source.file.hasSuffix("Mocks/mappings/pages.json"))
        #expect(pageTwo.source.index == 1)
    }

    @Test("a stub without an id gets a distinct random version-4 UUID in lower case; one with an id keeps it")
    func identifiersOfStubsWithoutID() throws {
        let mappings = try Fixtures.loadMocks()
        let unnamed = mappings.stubs.filter { $0.id == nil }.map(\.identifier)
        #expect(!unnamed.isEmpty)
        var seen: Set<String> = []
        for _ in 0..<1_000 { seen.insert(StubMapping.randomIdentifier()) }
        for identifier in unnamed + Array(seen) {
            let uuid = try #require(UUID(uuidString: identifier), "\(identifier) is not a UUID")
            #expect(identifier == identifier.lowercased())
            #expect(uuid.uuid.6 >> 4 == 4, "version nibble of \(identifier)")
            #expect(uuid.uuid.8 >> 6 == 0b10, "variant bits of \(identifier)")
        }
        #expect(seen.count == 1_000)
        #expect(mappings.stubs.first { $0.id == "page-two" }?.identifier == "page-two")
    }

    @Test("a stub without name or id is shown by its file's name, without folders or .json, and its place in a mappings array")
    func displayNameFromFile() throws {
        let one = Array(#"{"request": {"url": "/a"}, "response": {"status": 200}}"#.utf8)
        let two = Array(#"{"mappings": [{"request": {"url": "/a"}, "response": {}}, {"request": {"url": "/b"}, "response": {}}]}"#.utf8)
        #expect(try MockMappings.parse(one, file: "Mocks/mappings/sub/orders.json").map(\.displayName) == ["orders"])
        #expect(try MockMappings.parse(one, file: "plain.json").map(\.displayName) == ["plain"])
        #expect(try MockMappings.parse(two, file: "/abs/dir/é.json").map(\.displayName) == ["é#1", "é#2"])
    }

    @Test("a stub without priority gets 5; priority is read when given")
    func priorityDefault() throws {
        let mappings = try Fixtures.loadMocks()
        #expect(mappings.stubs.first { $0.id == "page-any" }?.priority == 5)
        #expect(mappings.stubs.first { $0.id == "page-two" }?.priority == 1)
    }

    @Test("jsonBody keeps the exact bytes as written and adds Content-Type: application/json")
    func jsonBodyBytes() throws {
        let mappings = try Fixtures.loadMocks()
        let menu = try #require(mappings.stubs.first { $0.displayName == "hanyang-menu" })
        let expected = #"{"result": {"list": [{"MENU_ID": "A1", "MENU_NM": "학사"}, {"MENU_ID": "A2",   "MENU_NM": null}]}}"#
        #expect(menu.response.body == Array(expected.utf8))
        #expect(menu.response.bodySource == .jsonBody)
        #expect(menu.response.headers == [MockHeader(name: "Content-Type", value: "application/json")])
    }

    @Test("bodyFileName is read from __files at load time; array header values give several fields")
    func bodyFileRead() throws {
        let mappings = try Fixtures.loadMocks()
        let search = try #require(mappings.stubs.first { $0.id == "5f1c0d2e-search" })
        let file = try Data(contentsOf: URL(fileURLWithPath: Fixtures.mocks + "/__files/search/result.json"))
        #expect(search.response.body == [UInt8](file))
        #expect(search.response.headers.filter { $0.hasName("cache-control") }.map(\.value) == ["no-cache", "no-store"])
    }

    @Test("an unknown key fails with file:line:column naming the key and where it is")
    func unknownKey() throws {
        let directory = Fixtures.path("BadKey")
        do {
            _ = try Fixtures.load(directory: directory)
            Issue.record("loading should fail")
        } catch {
            #expect(error.file == directory + "/mappings/x.json")
            #expect(error.location?.line == 4)
            #expect(error.location?.column == 5)
            let text = error.description
            #expect(text.hasPrefix(directory + "/mappings/x.json:4:5: unsupported key 'transformers' in request"), "\(text)")
            #expect(text.contains("urlPathPattern"))
        }
    }

    @Test("a bodyFileName with .. is rejected")
    func bodyFileEscapeWithDotDot() throws {
        do {
            _ = try Fixtures.load(directory: Fixtures.path("Escape"))
            Issue.record("loading should fail")
        } catch {
            guard case .bodyFileOutsideFilesFolder(_, let location, let name, _) = error else {
                Issue.record("wrong error: \(error)")
                return
            }
            #expect(name == "../secret.txt")
            #expect(location.line == 3)
            #expect(error.description.contains("__files"))
        }
    }

    @Test("absolute bodyFileName paths and symlinks leaving __files are rejected")
    func bodyFileEscapeAbsoluteAndSymlink() throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-mock-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let files = temporary.appendingPathComponent("__files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: temporary.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(atPath: files.appendingPathComponent("link.txt").path,
                                                   withDestinationPath: temporary.appendingPathComponent("secret.txt").path)
        try Data("fine".utf8).write(to: files.appendingPathComponent("ok.txt"))

        func load(_ name: String) throws(MockLoadError) -> [StubMapping] {
            let json = #"{"request": {"urlPath": "/x"}, "response": {"bodyFileName": "\#(name)"}}"#
            return try MockMappings.parse(Array(json.utf8), file: "m.json", bodyFiles: Fixtures.bodyFiles(files.path))
        }
        #expect(try load("ok.txt").first?.response.body == Array("fine".utf8))
        for name in ["/etc/passwd", temporary.appendingPathComponent("secret.txt").path, "link.txt", "a/../../secret.txt"] {
            #expect(throws: MockLoadError.self, "\(name)") { try load(name) }
            do {
                _ = try load(name)
            } catch {
                guard case .bodyFileOutsideFilesFolder = error else {
                    Issue.record("\(name): wrong error \(error)")
                    continue
                }
            }
        }
        do {
            _ = try load("missing.txt")
            Issue.record("a missing file should fail")
        } catch {
            guard case .bodyFileNotFound = error else { Issue.record("wrong error \(error)"); return }
        }
    }

    @Test("wrong types, conflicting keys, bad regexes and invalid JSON are reported with their place")
    func otherErrors() {
        let message = mappingLoadMessage
        #expect(message(#"{"request": {"urlPath": "/x"}, "response": {"status": true}}"#)
            == "m.json:1:55: 'status' should be an integer, found a boolean")
        #expect(message(#"{"request": {"urlPath": "/x"}, "response": {"status": "OK"}}"#)
            .hasPrefix("m.json:1:55:"))
        #expect(message(#"{"request": {"urlPath": "/x"}, "response": {"status": "OK"}}"#)
            .contains("\"OK\" is not a status code; write a number such as 200"))
        #expect(message(#"{"request": {"urlPath": "/x"}, "response": {"status": "99"}}"#).contains("99 is not a final HTTP status"))
        #expect(message(#"{"request": {"url": "/x", "urlPath": "/x"}, "response": {}}"#)
            .hasPrefix("m.json:1:27: request has 'url' and 'urlPath'; keep only one"))
        #expect(message(#"{"request": {"urlPathPattern": "/x("}, "response": {}}"#).hasPrefix("m.json:1:32: regular expression"))
        #expect(message(#"{"request": {}, "response": {}, "request": {}}"#).hasPrefix("m.json:1:"))
        #expect(message(#"{"request": {}, "response": {}, "request": {}}"#).contains("duplicate key"))
        #expect(message(#"{"request": {}}"#) == #"m.json:1:1: the mapping has no 'response'; add "response": {"status": 200, "body": "..."}"#)
        #expect(message(#"{"request": {"headers": {"Accept": {"equalTo": "a", "contains": "b"}}}, "response": {}}"#)
            .contains("has 'equalTo' and 'contains'"))
        #expect(message(#"{"request": {}, "response": {"fault": "BOOM"}}"#).contains("CONNECTION_RESET_BY_PEER"))
    }

    @Test("mapping files load in byte order of their paths; hidden files and other names are not mappings")
    func loadOrder() {
        let listed = ["b.json", "a.json", "sub/c.json", "B.json", ".hidden.json", "sub/.x.json", "notes.txt", "e.json.bak", "json", ".json", "é.json"]
        #expect(MockMappings.loadOrder(listed) == ["B.json", "a.json", "b.json", "sub/c.json", "é.json"])
    }
}
