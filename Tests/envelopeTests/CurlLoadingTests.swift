import Foundation
import Testing

/// libcurl is opened by the commands that use the network, when they need it, not at every
/// start (it brings thirty-odd libraries with it).
@Suite("Loading libcurl on demand, end to end")
struct CurlLoadingTests {
    /// The shared objects the dynamic loader reports opening (glibc's LD_DEBUG=files).
    func loadedLibraries(_ arguments: [String], environment: [String: String] = [:]) throws -> (exitCode: Int32, libraries: [String], result: RunResult) {
        var environment = environment
        environment["LD_DEBUG"] = "files"
        let result = try Envelope.run(arguments, environment: environment)
        let libraries = result.standardError.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "file=") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != " " && $0 != "\t" && $0 != ";" })
        }
        return (result.exitCode, libraries, result)
    }

    #if os(Linux)
    @Test("validate, diff and lint never load libcurl; check loads it")
    func onlyNetworkCommandsLoadCurl() throws {
        let validate = try loadedLibraries(["validate", "Contracts/hanyang-menu.json", "Mocks/__files/hanyang-menu.json"])
        #expect(validate.exitCode == 1, "\(validate.result.standardOutput)")
        #expect(!validate.libraries.isEmpty, "LD_DEBUG=files reported nothing: the test would prove nothing")
        #expect(!validate.libraries.contains { $0.contains("libcurl") }, "\(validate.libraries)")
        let diff = try loadedLibraries(["diff", "Contracts", "Contracts"])
        #expect(diff.exitCode == 0)
        #expect(!diff.libraries.contains { $0.contains("libcurl") })
        let lint = try loadedLibraries(["lint"])
        #expect(!lint.libraries.contains { $0.contains("libcurl") })
        let check = try loadedLibraries(["check"])
        #expect(check.exitCode == 1)
        #expect(check.libraries.contains { $0.contains("libcurl") }, "\(check.libraries)")
    }
    #endif

    @Test("a libcurl that cannot be opened is a transport error naming it and why, exit 3")
    func unloadableCurl() throws {
        let result = try Envelope.run(["check", "--only", "naver-news", "--format", "json"],
                                      environment: ["ENVELOPE_LIBCURL": "/nonexistent/libcurl-missing.so"])
        #expect(result.exitCode == 3)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let results = try #require(json["results"] as? [[String: Any]])
        let finding = try #require((results.first?["findings"] as? [[String: Any]])?.first)
        #expect(finding["kind"] as? String == "transport-error")
        let actual = try #require(finding["actual"] as? String)
        #expect(actual.contains("cannot open the libcurl that ENVELOPE_LIBCURL names"), "\(actual)")
        #expect(actual.contains("/nonexistent/libcurl-missing.so"), "\(actual)")
    }
}
