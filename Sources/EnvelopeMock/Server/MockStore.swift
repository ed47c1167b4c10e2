import Foundation

/// What changes while the server runs: the stubs (reloaded from files, added and removed
/// through the admin API), the scenario states and the random drift generators.
///
/// `@unchecked Sendable` is sound: every `var` is read and written only while holding `lock`
/// (``withScenarios(_:)`` runs its closure under the lock too), and the snapshot handed out
/// is an immutable Sendable object.
final class MockStore: @unchecked Sendable {
    let injections: [DriftInjection]
    private let lock = NSLock()
    private var fileStubs: [StubMapping]
    /// Stubs added through the admin API, oldest first: they come after the file stubs, so they
    /// win ties over them and the newest wins among them, as in WireMock.
    private var addedStubs: [StubMapping] = []
    /// File stubs removed through the admin API (they come back on reset or reload).
    private var hiddenFileStubs: Set<String> = []
    private var current: StubSnapshot
    private var settings = GlobalSettings()
    private var scenarios: [String: String] = [:]
    private var generators: [UInt64: UInt64] = [:]

    init(stubs: [StubMapping], injections: [DriftInjection]) {
        self.injections = injections
        self.fileStubs = stubs
        self.current = StubSnapshot(stubs: stubs, injections: injections)
    }

    /// The stubs now in force.
    func snapshot() -> StubSnapshot {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Swaps in freshly loaded file stubs (`serve --watch`); admin-added stubs stay.
    func replaceFileStubs(_ stubs: [StubMapping]) {
        update {
            fileStubs = stubs
            hiddenFileStubs = []
        }
    }

    /// Adds a stub after the others (it wins ties in priority).
    func add(_ stub: StubMapping) {
        update {
            addedStubs.removeAll { $0.identifier == stub.identifier }
            hiddenFileStubs.insert(stub.identifier)
            addedStubs.append(stub)
        }
    }

    /// Removes the stub with this identifier; false when there is none.
    func remove(identifier: String) -> Bool {
        var found = false
        update {
            if addedStubs.contains(where: { $0.identifier == identifier }) {
                addedStubs.removeAll { $0.identifier == identifier }
                found = true
            }
            if fileStubs.contains(where: { $0.identifier == identifier }), !hiddenFileStubs.contains(identifier) {
                hiddenFileStubs.insert(identifier)
                found = true
            }
        }
        return found
    }

    /// Removes every stub.
    func removeAll() {
        update {
            addedStubs = []
            hiddenFileStubs = Set(fileStubs.map(\.identifier))
        }
    }

    /// Back to the stubs from the files.
    func resetMappings() {
        update {
            addedStubs = []
            hiddenFileStubs = []
        }
    }

    private func update(_ change: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change()
        // A file stub with an added stub's id (saved by mappings/save, then reloaded) yields to it.
        let addedIdentifiers = Set(addedStubs.map(\.identifier))
        let stubs = fileStubs.filter { !hiddenFileStubs.contains($0.identifier) && !addedIdentifiers.contains($0.identifier) } + addedStubs
        current = StubSnapshot(stubs: stubs, injections: injections, settings: settings)
    }

    /// The global settings now in force.
    func globalSettings() -> GlobalSettings {
        snapshot().settings
    }

    /// Replaces the global settings (`POST /__admin/settings`); the stubs stay as they are.
    func setGlobalSettings(_ new: GlobalSettings) {
        lock.lock()
        defer { lock.unlock() }
        settings = new
        current = StubSnapshot(current, settings: new)
    }

    // MARK: Scenarios

    /// Runs `body` with the scenario states (name → state; a missing name is `Started`), under
    /// the lock, so that a match and its state change happen together.
    func withScenarios<T>(_ body: (inout [String: String]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&scenarios)
    }

    /// Every scenario back to `Started`.
    func resetScenarios() {
        lock.lock()
        scenarios = [:]
        lock.unlock()
    }

    // MARK: Random drift

    /// A number in 0..<below from the generator seeded with `seed` (SplitMix64, so a seed
    /// and a request order always give the same numbers).
    func random(seed: UInt64, below: Int) -> Int {
        guard below > 1 else { return 0 }
        lock.lock()
        var state = generators[seed] ?? seed
        state &+= 0x9E37_79B9_7F4A_7C15
        generators[seed] = state
        lock.unlock()
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(below))
    }
}
