import Foundation
import Testing
@testable import EnvelopeMock

/// The `/__admin` API, driven by python `requests` as a test suite in another language would.
@Suite("Admin API with python requests")
struct AdminAPITests {
    /// Runs a python script with `base` bound to the server URL; returns its standard output.
    func python(_ server: MockServer, _ body: String) throws -> String {
        let script = "import json, requests\nbase = \"\(server.baseURL)\"\n" + body
        let result = try run("/usr/bin/env", ["python3", "-c", script])
        #expect(result.status == 0, "\(result.error)")
        return String(decoding: result.output, as: UTF8.self)
    }

    @Test("stubs are listed, added, fetched, removed and reset")
    func mappings() throws {
        let server = try startServer()
        defer { server.stop() }
        let output = try python(server, """
            r = requests.get(base + "/__admin/mappings")
            print(r.status_code, r.headers["Content-Type"], r.json()["meta"]["total"], len(r.json()["mappings"]))
            first = r.json()["mappings"][0]
            print(first["id"] == first["uuid"], first["id"])
            stub = {"name": "added", "request": {"method": "GET", "urlPath": "/new"}, "response": {"status": 202, "body": "fresh"}}
            r = requests.post(base + "/__admin/mappings", json=stub)
            created = r.json()
            print(r.status_code, created["name"], len(created["id"]) == 36)
            r = requests.get(base + "/new")
            print(r.status_code, r.text)
            print(requests.get(base + "/__admin/mappings/" + created["id"]).json()["response"]["body"])
            print(requests.delete(base + "/__admin/mappings/" + created["id"]).status_code)
            print(requests.get(base + "/new").status_code, requests.delete(base + "/__admin/mappings/" + created["id"]).status_code)
            print(requests.delete(base + "/__admin/mappings/page-two").status_code, requests.get(base + "/pages?page=2").text)
            print(requests.post(base + "/__admin/mappings/reset").status_code, requests.get(base + "/pages?page=2").text)
            print(requests.delete(base + "/__admin/mappings").status_code, requests.get(base + "/__admin/mappings").json()["meta"]["total"])
            """)
        let lines = output.split(separator: "\n").map(String.init)
        try #require(lines.count == 10, "\(output)")
        #expect(lines[0] == "200 application/json 6 6")
        #expect(lines[1] == "True page-two")
        #expect(lines[2] == "201 added True")
        #expect(lines[3] == "202 fresh")
        #expect(lines[4] == "fresh")
        #expect(lines[5] == "200")
        #expect(lines[6] == "404 404")
        #expect(lines[7] == "200 any page")
        #expect(lines[8] == "200 page two")
        #expect(lines[9] == "200 0")
    }

    @Test("a broken stub posted to the admin API is refused with 422 naming the key")
    func brokenStub() throws {
        let server = try startServer()
        defer { server.stop() }
        let output = try python(server, """
            r = requests.post(base + "/__admin/mappings", data='{"request": {}, "response": {"postServeActions": []}}')
            print(r.status_code, r.json()["errors"][0]["title"])
            r = requests.post(base + "/__admin/mappings", data='{"request": {}, "response": {"bodyFileName": "../../secret"}}')
            print(r.status_code, r.json()["errors"][0]["title"])
            print(requests.get(base + "/__admin/nothing").status_code)
            """)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("422 request body:1:30: unsupported key 'postServeActions' in response") == true, "\(output)")
        #expect(lines.dropFirst().first?.contains("contains '..'; body files must be inside the __files/ folder") == true, "\(output)")
        #expect(lines.last == "404")
    }

    @Test("a stub added without name or id is named by its new id in the 404 report, not as the request body")
    func addedStubNamedByID() throws {
        let server = try startServer()
        defer { server.stop() }
        let output = try python(server, """
            stub = {"request": {"method": "GET", "urlPath": "/fresh/one"}, "response": {"status": 200}}
            created = requests.post(base + "/__admin/mappings", json=stub).json()
            r = requests.get(base + "/fresh/onf")
            print(r.status_code)
            print(created["id"])
            print(r.text)
            """)
        let lines = output.split(separator: "\n").map(String.init)
        try #require(lines.count > 3, "\(output)")
        #expect(lines[0] == "404")
        #expect(lines[3] == "Closest: \(lines[1]) (added through the admin API)", "\(output)")
        #expect(!output.contains("request body"), "\(output)")
    }

    @Test("among equal priorities the stub added last answers, and the later element of a posted mappings array")
    func newestStubWinsTies() throws {
        let server = try startServer()
        defer { server.stop() }
        let output = try python(server, """
            def stub(body):
                return {"request": {"urlPath": "/tie"}, "response": {"body": body}}
            requests.post(base + "/__admin/mappings", json=stub("first"))
            requests.post(base + "/__admin/mappings", json=stub("second"))
            print(requests.get(base + "/tie").text)
            requests.post(base + "/__admin/mappings/import", json={"mappings": [stub("third"), stub("fourth")]})
            print(requests.get(base + "/tie").text)
            print(requests.get(base + "/pages?page=2").text)
            requests.post(base + "/__admin/mappings", json={"request": {"urlPath": "/pages"}, "response": {"body": "override"}})
            print(requests.get(base + "/pages?page=2").text, "/", requests.get(base + "/pages?page=3").text)
            """)
        #expect(output == "second\nfourth\npage two\npage two / override\n", "\(output)")
    }

    @Test("mappings/save writes each added stub as ID.json through the given folder, and refuses without one")
    func saveMappings() throws {
        let written = SavedFiles()
        var options = MockServerOptions()
        options.mappingFiles = MappingFiles(folder: "Mocks/mappings") { path, bytes in written.add(path, bytes); return nil }
        let server = try startServer(options: options)
        defer { server.stop() }
        let output = try python(server, """
            requests.post(base + "/__admin/mappings", json={"id": "../up", "request": {"urlPath": "/s"}, "response": {"body": "s"}})
            print(requests.post(base + "/__admin/mappings/save").status_code)
            """)
        #expect(output == "200\n")
        let files = written.all()
        #expect(files.map(\.path) == ["Mocks/mappings/stub.._up.json"])
        let text = String(decoding: files.first?.bytes ?? [], as: UTF8.self)
        #expect(text.contains("\"urlPath\": \"/s\""), "\(text)")
        let plain = try startServer()
        defer { plain.stop() }
        #expect(try python(plain, "print(requests.post(base + \"/__admin/mappings/save\").status_code)\n") == "409\n")
        #expect(MappingFiles.fileName(for: "a/b c") == "a_b_c.json")
    }

    @Test("mappings/import follows importOptions: OVERWRITE or IGNORE a stub with the same id, deleteAllNotInImport")
    func importOptions() throws {
        let server = try startServer()
        defer { server.stop() }
        let output = try python(server, """
            def imported(body, **options):
                stubs = {"mappings": [{"id": "page-two", "priority": 1, "request": {"urlPath": "/pages"}, "response": {"body": body}}]}
                if options: stubs["importOptions"] = options
                return requests.post(base + "/__admin/mappings/import", json=stubs).status_code
            print(imported("ignored", duplicatePolicy="IGNORE"), requests.get(base + "/pages?page=2").text)
            print(imported("overwritten"), requests.get(base + "/pages?page=2").text)
            print(imported("alone", deleteAllNotInImport=True), requests.get(base + "/__admin/mappings").json()["meta"]["total"])
            print(imported("x", duplicatePolicy="MERGE"))
            """)
        #expect(output == "200 page two\n200 overwritten\n200 1\n422\n", "\(output)")
    }

    @Test("the journal lists requests newest first, with unmatched ones, near misses and counts")
    func journal() throws {
        let server = try startServer()
        defer { server.stop() }
        let output = try python(server, """
            requests.get(base + "/pages?page=2", headers={"X-Trace": "1"})
            requests.post(base + "/items/7", data="{}", headers={"Content-Type": "text/plain"})
            events = requests.get(base + "/__admin/requests").json()
            print(events["meta"]["total"], [e["request"]["url"] for e in events["requests"]], [e["wasMatched"] for e in events["requests"]])
            print(events["requests"][1]["stubMapping"]["id"], events["requests"][1]["request"]["headers"]["X-Trace"], events["requests"][0]["request"]["body"])
            unmatched = requests.get(base + "/__admin/requests/unmatched").json()["requests"]
            print(len(unmatched), unmatched[0]["method"])
            misses = requests.get(base + "/__admin/requests/unmatched/near-misses").json()["nearMisses"]
            print(misses[0]["stubMapping"]["name"] if "name" in misses[0]["stubMapping"] else misses[0]["stubMapping"]["id"], misses[0]["mismatches"][0]["part"], misses[0]["matchResult"]["distance"] > 0)
            print(requests.post(base + "/__admin/requests/count", json={"method": "GET", "urlPath": "/pages"}).json()["count"])
            print(requests.post(base + "/__admin/requests/count", json={"method": "POST"}).json()["count"])
            requests.post(base + "/__admin/reset")
            print(requests.get(base + "/__admin/requests").json()["meta"]["total"])
            """)
        #expect(output == """
            2 ['/items/7', '/pages?page=2'] [False, True]
            page-two 1 {}
            1 POST
            create-item header Content-Type True
            1
            1
            0

            """, "\(output)")
    }

    @Test("a journal of capacity 0 records nothing and says it is disabled")
    func journalOff() throws {
        var options = MockServerOptions()
        options.journalCapacity = 0
        let server = try startServer(options: options)
        defer { server.stop() }
        let output = try python(server, """
            requests.get(base + "/pages")
            r = requests.get(base + "/__admin/requests").json()
            print(r["meta"]["total"], r["requestJournalDisabled"])
            """)
        #expect(output == "0 True\n")
    }
}

@Suite("Request journal bounds")
struct RequestJournalTests {
    func request(_ target: String, body: Int = 0) -> MockRequest {
        MockRequest(method: "POST", target: target, body: [UInt8](repeating: 0x61, count: body))
    }

    @Test("keeps the newest entries up to its capacity, newest first")
    func capacity() {
        let journal = RequestJournal(capacity: 3)
        for index in 0..<2_500 { journal.record(request("/\(index)"), status: 200, stubIdentifier: nil) }
        #expect(journal.all().map(\.request.target) == ["/2499", "/2498", "/2497"])
        #expect(journal.all().map(\.sequence) == [2_500, 2_499, 2_498])
        journal.clear()
        #expect(journal.all().isEmpty)
    }

    @Test("drops the oldest entries when the bodies exceed the byte budget, but always keeps the newest")
    func byteBudget() {
        let journal = RequestJournal(capacity: 100, maxBytes: 3_000)
        for index in 0..<10 { journal.record(request("/\(index)", body: 1_000), status: 200, stubIdentifier: nil) }
        #expect(journal.all().map(\.request.target) == ["/9", "/8"])
        journal.record(request("/huge", body: 10_000), status: 200, stubIdentifier: nil)
        #expect(journal.all().map(\.request.target) == ["/huge"])
    }
}

/// What a test's ``MappingFiles`` was asked to write.
final class SavedFiles: @unchecked Sendable {
    // @unchecked: `files` is only touched under `lock`.
    private let lock = NSLock()
    private var files: [(path: String, bytes: [UInt8])] = []

    func add(_ path: String, _ bytes: [UInt8]) {
        lock.lock()
        files.append((path, bytes))
        lock.unlock()
    }

    func all() -> [(path: String, bytes: [UInt8])] {
        lock.lock()
        defer { lock.unlock() }
        return files
    }
}
