import EnvelopeCore
import EnvelopeMock
import Foundation

/// Every stub of a Mocks folder, loaded file by file so that one broken mapping does not hide
/// the problems of the others (`lint`), and the stub that would answer a contract's request
/// (`lint`, `check --compare-mocks`).
struct MockCatalog {
    /// The stubs of the files that loaded, in load order.
    private(set) var stubs: [StubMapping] = []
    /// The server's matcher over ``stubs``, made once: building it costs as much as a
    /// thousand look-ups, and `lint` asks once per contract.
    private(set) var matcher = StubMatcher(stubs: [])
    /// One problem per file that did not load.
    var problems: [FileProblem] = []
    /// Whether the folder has a `mappings/` folder at all.
    var exists = false

    /// Loads `directory/mappings/**/*.json` in the server's order (relative path, byte order).
    static func load(directory: String, globalTemplating: Bool = false) -> MockCatalog {
        var catalog = MockCatalog()
        // The server's own listing and loading, file by file so that every broken file is named.
        guard let files = try? MockFolder(directory: directory, globalTemplating: globalTemplating) else { return catalog }
        catalog.exists = true
        for position in files.names.indices {
            switch files.load(position) {
            case .success(let stubs):
                catalog.stubs += stubs
            case .failure(let error):
                catalog.problems.append(FileProblem(mockError: error))
            }
        }
        catalog.matcher = StubMatcher(stubs: catalog.stubs)
        return catalog
    }

    /// The request a contract sends, as the mock server would see it (`${VAR}` left as written).
    static func request(for contract: Contract) -> MockRequest {
        MockRequest(method: contract.request.method, target: contract.request.target,
                    headers: contract.request.headers.map { MockHeader(name: $0.name, value: $0.value) },
                    body: contract.request.body.map { Array($0.serialized().utf8) } ?? [])
    }

    /// The stub that answers `contract`'s request, as the server would choose it.
    func stub(for contract: Contract) -> StubMapping? {
        matcher.match(Self.request(for: contract))
    }

    /// The indices into ``stubs`` of those that no request in `requests` reaches (whatever
    /// stub would answer it first).
    func unreached(by requests: [MockRequest]) -> [Int] {
        var reached = Set<Int>()
        for request in requests { reached.formUnion(matcher.matchingIndices(request)) }
        return stubs.indices.filter { !reached.contains($0) }
    }
}
