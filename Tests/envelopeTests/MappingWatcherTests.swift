import EnvelopeMock
import Foundation
import Testing
@testable import envelope

@Suite("Reloading mappings on change")
struct MappingWatcherTests {
    final class Events: @unchecked Sendable {
        // Guarded by `lock`.
        private let lock = NSLock()
        private var items: [String] = []
        func add(_ item: String) { lock.lock(); items.append(item); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
    }

    @Test("a changed file reloads the server; a broken one keeps the old stubs and reports the error")
    func reload() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let mappings = directory.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("__files"), withIntermediateDirectories: true)
        let file = mappings.appendingPathComponent("a.json")
        try Data(#"{"request": {"urlPath": "/a"}, "response": {"body": "one"}}"#.utf8).write(to: file)
        let server = MockServer(mappings: try MockMappings.load(directory: directory.path), port: 0)
        let events = Events()
        let watcher = MappingWatcher(directory: directory.path, interval: 0.05, onReload: { loaded in
            server.replaceMappings(loaded)
            events.add("reload \(loaded.stubs.count)")
        }, onError: { error in events.add("error \(error.location.map(\.description) ?? "")") })

        // What the server would answer for `path` (it is not started: replacing its stubs is
        // all the watcher does with it).
        func get(_ path: String) throws -> String {
            let stub = StubMatcher(stubs: server.currentStubs).match(MockRequest(method: "GET", target: path))
            return String(decoding: stub?.response.body ?? [], as: UTF8.self)
        }
        #expect(try get("/a") == "one")
        #expect(!watcher.checkOnce())
        try Data(#"{"request": {"urlPath": "/a"}, "response": {"body": "two"}}"#.utf8).write(to: file)
        #expect(watcher.checkOnce())
        #expect(try get("/a") == "two")
        try Data(#"{"request": {"urlPath": "/a"}, "response": {"body": "three",}}"#.utf8).write(to: file)
        #expect(watcher.checkOnce())
        #expect(try get("/a") == "two")
        try Data(#"{"request": {"urlPath": "/b"}, "response": {"body": "bee"}}"#.utf8).write(to: mappings.appendingPathComponent("b.json"))
        try Data(#"{"request": {"urlPath": "/a"}, "response": {"body": "four"}}"#.utf8).write(to: file)
        #expect(watcher.checkOnce())
        #expect(try get("/a") == "four")
        #expect(try get("/b") == "bee")
        #expect(events.all == ["reload 1", "error 1:61", "reload 2"])
    }
}
