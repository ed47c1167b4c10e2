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
        #expect(try MockMappings.parse(one, file: "Mocks/mappings/sub/orders.json", filesDirectory: "Mocks/__files").map(\.displayName) == ["orders"])
        #expect(try MockMappings.parse(one, file: "plain.json", filesDirectory: "__files").map(\.displayName) == ["plain"])
        #expect(try MockMappings.parse(two, file: "/abs/dir/é.json", filesDirectory: "__files").map(\.displayName) == ["é#1", "é#2"])
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
        #expect(menu.response.headers == [HTTPHeader(name: "Content-Type", value: "application/json")])
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
            _ = try MockMappings.load(directory: directory)
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
            _ = try MockMappings.load(directory: Fixtures.path("Escape"))
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
            return try MockMappings.parse(Array(json.utf8), file: "m.json", filesDirectory: files.path)
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
        #expect(message(#"{"request": {"urlPath": "/x"}, "response": {"status": "200"}}"#)
            == "m.json:1:55: 'status' should be an integer, found a string")
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

    @Test("many files (loaded on several cores) keep their names' order; of several bad files the first by name is reported")
    func manyFilesKeepOrderAndTheFirstErrorWins() throws {
        let (directory, mappings) = try Self.makeMocksFolder("many")
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ number: Int, _ text: String) throws {
            try Data(text.utf8).write(to: mappings.appendingPathComponent(String(format: "m%03d.json", number)))
        }
        // Written in reverse, so that the order on disk is not the order by name.
        for number in (0..<100).reversed() {
            try write(number, #"{"id": "stub-\#(number)", "request": {"urlPath": "/\#(number)"}, "response": {"status": 200}}"#)
        }
        let loaded = try MockMappings.load(directory: directory.path)
        #expect(loaded.stubs.map(\.id) == (0..<100).map { "stub-\($0)" })

        try write(81, #"{"request": {}, "response": {"status": "x"}}"#)
        try write(37, #"{"request": {}, "response": {"status": 200}, "oops": 1}"#)
        do {
            _ = try MockMappings.load(directory: directory.path)
            Issue.record("loading should fail")
        } catch {
            #expect(error.file.hasSuffix("/mappings/m037.json"), "\(error.description)")
        }
    }

    @Test("mapping files are found through links and subfolders; a folder named like a mapping, a link to one, a hidden file or another name is not a mapping")
    func filesFoldersAndLinks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-kinds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let mappings = directory.appendingPathComponent("mappings")
        let elsewhere = directory.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: mappings.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        func stub(_ id: String) -> Data { Data(#"{"id": "\#(id)", "request": {"urlPath": "/\#(id)"}, "response": {"status": 200}}"#.utf8) }
        try stub("plain").write(to: mappings.appendingPathComponent("a.json"))
        try stub("linked").write(to: elsewhere.appendingPathComponent("target.json"))
        try FileManager.default.createSymbolicLink(at: mappings.appendingPathComponent("b.json"), withDestinationURL: elsewhere.appendingPathComponent("target.json"))
        try stub("nested").write(to: mappings.appendingPathComponent("folder.json/c.json"))
        try FileManager.default.createSymbolicLink(at: mappings.appendingPathComponent("d.json"), withDestinationURL: elsewhere)
        // Hidden files (at any depth) and other names are not mappings.
        for name in [".hidden.json", "folder.json/.x.json", "notes.txt", "e.json.bak", "json"] {
            try stub("ignored").write(to: mappings.appendingPathComponent(name))
        }
        let loaded = try MockMappings.load(directory: directory.path)
        #expect(loaded.stubs.map(\.id) == ["plain", "linked", "nested"])
        #expect(MockMappings.mappingFileEntries(in: mappings.path).map(\.path) == ["a.json", "b.json", "folder.json/c.json"])
    }

    @Test("mapping files of every size around the stack room they are read into load whole")
    func filesAroundTheReadRoom() throws {
        let (directory, mappings) = try Self.makeMocksFolder("sizes")
        defer { try? FileManager.default.removeItem(at: directory) }
        let room = 16 << 10
        // A file a little under, exactly at, just over and far over the room, and a tiny one.
        let sizes = [200, room - 1, room, room + 1, 5 * room + 7]
        var expected: [String: Int] = [:]
        for (position, size) in sizes.enumerated() {
            let head = #"{"id": "s\#(position)", "request": {"urlPath": "/s\#(position)"}, "response": {"status": 200, "body": ""#
            let tail = #""}}"#
            let padding = size - head.utf8.count - tail.utf8.count
            try Data((head + String(repeating: "x", count: padding) + tail).utf8).write(to: mappings.appendingPathComponent("s\(position).json"))
            let written = try FileManager.default.attributesOfItem(atPath: mappings.appendingPathComponent("s\(position).json").path)[.size] as? Int
            #expect(written == size)
            expected["s\(position)"] = padding
        }
        let loaded = try MockMappings.load(directory: directory.path)
        #expect(Dictionary(uniqueKeysWithValues: loaded.stubs.map { ($0.id ?? "", $0.response.body.count) }) == expected)
        // An empty file is still an error that names it, not a crash.
        try Data().write(to: mappings.appendingPathComponent("z-empty.json"))
        #expect(throws: MockLoadError.self) { try MockMappings.load(directory: directory.path) }
    }

    /// A fresh Mocks folder with an empty `mappings` folder in it (the caller removes it).
    static func makeMocksFolder(_ label: String) throws -> (directory: URL, mappings: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-\(label)-\(UUID().uuidString)")
        let mappings = directory.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        return (directory, mappings)
    }

    @Test("a missing mappings folder is a readable error")
    func missingFolder() {
        #expect(throws: MockLoadError.self) { try MockMappings.load(directory: "/nonexistent/Mocks") }
    }
}
