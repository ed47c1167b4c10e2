import Testing
@testable import EnvelopeCore

/// The public id enums print as their stable ids, which is what an app developer who writes
/// `print(finding.kind)` or `"\(change.kind)"` means.
@Suite("Kinds print as their stable ids")
struct KindDescriptionTests {
    @Test("a drift kind prints as its id: optional-never-present, not optionalNeverPresent")
    func driftKind() {
        #expect("\(DriftKind.optionalNeverPresent)" == "optional-never-present")
        #expect(String(describing: DriftKind.notJSON) == "not-json")
        for kind in DriftKind.allCases { #expect(kind.description == kind.rawValue) }
    }

    @Test("a diff change kind prints as its id")
    func changeKind() {
        #expect("\(ChangeKind.becameNullable)" == "became-nullable")
        for kind in ChangeKind.allCases { #expect(kind.description == kind.rawValue) }
    }

    @Test("a shape difference's kind prints as its id")
    func shapeKind() {
        #expect("\(ShapeDifference.Kind.keySometimesAbsent)" == "key-sometimes-absent")
    }

    @Test("a string format prints as its format value")
    func stringFormat() {
        #expect("\(StringFormat.dateTime)" == "date-time")
        for format in StringFormat.allCases { #expect(format.description == format.rawValue) }
    }
}
