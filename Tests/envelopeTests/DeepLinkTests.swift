import Foundation
import Testing

@Suite("envelope validate with a URL contract, end to end")
struct DeepLinkTests {
    @Test("the seed's deep link conforms; a drifted one is reported like any answer")
    func validatesLinks() throws {
        let result = try Envelope.run(["validate", "Contracts/deeplink-host.json", "abc://host?a1_b=1&a2=2",
                                       "abc://host?a2=-1&a3=x"])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput == """
            deeplink-host  abc://host?a1_b=1&a2=2
              ok

            deeplink-host  abc://host?a2=-1&a3=x
              ✗ /query/a1_b  missing-key
                  expected string (required), found absent
              ✗ /query/a2    constraint-violation
                  expected at least 0, found -1 at 1:12
              ! /query/a3    unknown-key           (warning)
                  expected no such key (the contract does not declare it), found "x" at 1:18

            2 URLs: 1 ok, 1 with drift (2 breaking, 1 warning)

            """)
    }

    @Test("a conforming link exits 0 with --format json")
    func jsonReport() throws {
        let result = try Envelope.run(["validate", "--format", "json", "Contracts/deeplink-host.json", "abc://host?a1_b=x"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains(#""source": "abc://host?a1_b=x""#) || result.standardOutput.contains(#""source":"abc://host?a1_b=x""#))
    }
}
