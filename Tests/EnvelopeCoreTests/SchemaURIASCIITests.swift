import Testing
@testable import EnvelopeCore

@Suite("References resolved on bytes")
struct SchemaURIASCIITests {
    static let references = ["#", "#/a", "#x", "a", "a.json", "a/b.yml#/c", "./a", "../a", "../../a/./b/../c", "a/..", "a/.", ".", "..",
                             "../", "a//b", "a:b", "a/b:c", "x.json#", "//host/a", "/abs/a", "?q", "a?q", "", "é.json", "a#b#c"]
    static let bases = ["file:///c.json", "file:///dir/c.json", "file:///../a/c.json", "file:///", "file://", "https://h.example/s/x.json",
                        "https://h.example", "urn:x:y", "file:///dir/", "file:///a/b/../c.json", "1x://h/a", "file:///q?x", "file:///é/c.json"]

    @Test("every reference resolves on bytes, when it does, as through the URIs' parts, with and without keeping parent steps")
    func sameAsByParts() {
        var fast = 0
        for base in Self.bases {
            for reference in Self.references {
                for keeping in [false, true] {
                    let byParts = SchemaURI.resolveByParts(reference, against: base, keepingParentSteps: keeping)
                    if let byBytes = SchemaURI.resolveASCII(reference, against: base, keepingParentSteps: keeping) {
                        fast += 1
                        #expect(byBytes == byParts, "\(reference) against \(base), keeping \(keeping)")
                    }
                    #expect(SchemaURI.resolve(reference, against: base, keepingParentSteps: keeping) == byParts)
                }
            }
        }
        // The common forms do take the short way.
        #expect(fast > Self.bases.count * 10)
        #expect(SchemaURI.resolveASCII("../models/droplet.yml#/properties/id", against: "file:///../spec/resources/droplets/responses/all.yml",
                                       keepingParentSteps: true) == "file:///../spec/resources/droplets/models/droplet.yml#/properties/id")
    }
}
