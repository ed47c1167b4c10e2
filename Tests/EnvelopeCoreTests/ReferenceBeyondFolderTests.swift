import Foundation
import Testing
@testable import EnvelopeCore

/// Files a reader serves, counting what was asked of it; Sendable for the loader's closure.
private final class CountingFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: [UInt8]]
    private(set) var asked: [String] = []

    init(_ files: [String: String]) {
        self.files = files.mapValues { Array($0.utf8) }
    }

    func read(_ path: String) throws -> [UInt8] {
        try lock.withLock {
            asked.append(path)
            guard let bytes = files[path] else { throw TestFileMissing(path: path) }
            return bytes
        }
    }

    func replace(_ path: String, with text: String) {
        lock.withLock { files[path] = Array(text.utf8) }
    }
}

@Suite("$ref to files beside the contracts folder, and documents shared by a load")
struct ReferenceBeyondFolderTests {
    static let document = #"{"components": {"schemas": {"Menu": {"type": "object", "required": ["id"], "properties": {"id": {"$ref": "common.json#/Id"}}}}}}"#
    static let common = #"{"Id": {"type": "string"}}"#

    static func contract(_ name: String) -> [UInt8] {
        Array(#"{"contract": "\#(name)", "request": {"path": "/m"}, "response": {"body": {"$ref": "../api/openapi.json#/components/schemas/Menu"}}}"#.utf8)
    }

    @Test("a .. past the contracts folder is kept for the reader, also in the documents it leads to, not dropped as RFC 3986 would")
    func keepsParentSteps() throws {
        let files = CountingFiles(["../api/openapi.json": Self.document, "../api/common.json": Self.common])
        let contract = try ContractLoader.load(Self.contract("menu"), file: "menu.json", read: files.read)
        #expect(files.asked == ["../api/openapi.json", "../api/common.json"])
        let result = validate(ObservedResponse(status: nil, body: SharedBytes(Array(#"{"id": 7}"#.utf8))), against: contract, source: "b")
        #expect(result.findings.map(\.pointer) == ["/id"])
        #expect(SchemaURI.resolve("../../x.json", against: "file:///a.json", keepingParentSteps: true) == "file:///../../x.json")
        #expect(SchemaURI.resolve("../b/../../x.json", against: "file:///../a/c.json", keepingParentSteps: true) == "file:///../../x.json")
        #expect(SchemaURI.resolve("../../x.json", against: "file:///a.json") == "file:///x.json")
    }

    @Test("contracts of one load that refer to the same document parse it once; other bytes for the same URI are parsed again")
    func parsesSharedDocumentsOnce() throws {
        let files = CountingFiles(["../api/openapi.json": Self.document, "../api/common.json": Self.common])
        let options = ContractLoadOptions()
        for index in 0..<50 {
            _ = try ContractLoader.load(Self.contract("c\(index)"), file: "c\(index).json", read: files.read, options: options)
        }
        #expect(options.documents.parseCount == 2)
        // The other side of a diff: the same name, other bytes.
        files.replace("../api/common.json", with: #"{"Id": {"type": "integer"}}"#)
        let changed = try ContractLoader.load(Self.contract("changed"), file: "changed.json", read: files.read, options: options)
        #expect(options.documents.parseCount == 3)
        let result = validate(ObservedResponse(status: nil, body: SharedBytes(Array(#"{"id": 7}"#.utf8))), against: changed, source: "b")
        #expect(result.findings.isEmpty)
    }

    @Test("a shared document that names anchors, parsed and scanned once, is indexed for every contract of the load")
    func sharedDocumentsKeepTheirIndex() throws {
        let anchored = ##"{"components": {"schemas": {"Menu": {"type": "object", "required": ["id"], "properties": {"id": {"$ref": "#id"}}}}}, "$defs": {"Id": {"$anchor": "id", "type": "string"}}}"##
        let files = CountingFiles(["../api/openapi.json": anchored, "../api/common.json": Self.common])
        let options = ContractLoadOptions()
        for index in 0..<20 {
            let contract = try ContractLoader.load(Self.contract("c\(index)"), file: "c\(index).json", read: files.read, options: options)
            let result = validate(ObservedResponse(status: nil, body: SharedBytes(Array(#"{"id": 7}"#.utf8))), against: contract, source: "b")
            #expect(result.findings.map(\.pointer) == ["/id"], "contract \(index)")
        }
        #expect(options.documents.parseCount == 1)
    }

    @Test("the same $ref written in documents of two folders resolves against each one's folder, in every contract of the load")
    func sameReferenceTwoFolders() throws {
        let files = CountingFiles([
            "../a/openapi.json": Self.document, "../a/common.json": Self.common,
            "../b/openapi.json": Self.document, "../b/common.json": #"{"Id": {"type": "integer"}}"#,
        ])
        let options = ContractLoadOptions()
        for round in 0..<3 {
            for folder in ["a", "b"] {
                let text = String(decoding: Self.contract("\(folder)\(round)"), as: UTF8.self).replacingOccurrences(of: "../api/", with: "../\(folder)/")
                let contract = try ContractLoader.load(Array(text.utf8), file: "\(folder)\(round).json", read: files.read, options: options)
                let result = validate(ObservedResponse(status: nil, body: SharedBytes(Array(#"{"id": 7}"#.utf8))), against: contract, source: "b")
                #expect(result.findings.map(\.pointer) == (folder == "a" ? ["/id"] : []), "\(folder) round \(round)")
            }
        }
        #expect(options.documents.parseCount == 4)
    }
}
