import Synchronization

/// Compiled schemas shared by the contracts of one load, by the absolute URI a `$ref` names
/// (it belongs to their ``ContractLoadOptions``, like ``SchemaDocumentCache``; nothing keeps
/// it after them).
///
/// Each contract compiles on its own compiler, and a hundred contracts that `$ref` into one
/// OpenAPI document reach the same few hundred schemas of it: without this each would
/// compile them again, with the document's dialect translated again. When a contract has
/// compiled without a problem, its compiler hands in its compiled schemas
/// (``PublishedSchemas``) with the places its `$ref`s resolved to; the next contract's
/// compiler that meets a `$ref` to one of those places copies that schema and everything it
/// links to (``SchemaCompiler/sharedTarget(of:)``) instead of compiling it, after checking
/// that it would have compiled the very same thing: the same parsed documents, read in the
/// same dialect, under the same settings (``Settings``).
final class CompiledSchemaCache: Sendable {
    /// What a schema's compiled form depends on besides its documents: the contract's own
    /// settings, and the OpenAPI document it names (which gives the files of its folder
    /// their dialect).
    struct Settings: Hashable, Sendable {
        /// ``SchemaCompiler/assertsFormats``.
        var assertsFormats: Bool
        /// ``SchemaCompiler/opensEnums``.
        var opensEnums: Bool
        /// The folder of the contract's `"openapi"` document, and its dialect.
        var sourceFolder: String?
        var sourceDialect: OpenAPIDialect?
    }

    /// A place a `$ref` resolved to, under some settings (by their number).
    private struct Key: Hashable {
        var settings: Int
        var reference: String
    }

    /// A compiled schema another contract may copy: the index of its root in `schemas`.
    struct Target: Sendable {
        let schemas: PublishedSchemas
        let root: Int
    }

    private let targets = Mutex<[Key: Target]>([:])
    /// Each set of settings met, numbered: a key holds the number, so that looking a place up
    /// hashes the reference and not the settings' strings too.
    private let settingsIDs = Mutex<[Settings: Int]>([:])
    /// How many times a compiler took a schema over rather than compiling it.
    private let takeovers = Atomic<Int>(0)

    /// The number of `settings`, the same for equal settings.
    func id(of settings: Settings) -> Int {
        settingsIDs.withLock { ids in
            if let known = ids[settings] { return known }
            ids[settings] = ids.count
            return ids.count - 1
        }
    }

    /// The compiled schema that the `$ref` to `reference` (absolute) resolved to, under the
    /// settings numbered `settings`, in the first contract that compiled it.
    func target(of reference: String, settings: Int) -> Target? {
        let key = Key(settings: settings, reference: reference)
        return targets.withLock { $0[key] }
    }

    /// Keeps `schemas` for the places its `$ref`s resolved to (`references`: each `$ref`'s
    /// absolute URI and its target's index), under the settings numbered `settings`; a place
    /// another contract handed in first keeps that one.
    func publish(_ schemas: PublishedSchemas, references: [(reference: String, target: Int)], settings: Int) {
        targets.withLock { targets in
            for (reference, target) in references {
                let key = Key(settings: settings, reference: reference)
                if targets[key] == nil { targets[key] = Target(schemas: schemas, root: target) }
            }
        }
    }

    /// Notes that a compiler took a schema over (what the tests count).
    func noteTakeover() {
        takeovers.add(1, ordering: .relaxed)
    }

    /// How many places are kept (what the tests count).
    var count: Int { targets.withLock { $0.count } }

    /// How many times a compiler took a schema over rather than compiling it.
    var takeoverCount: Int { takeovers.load(ordering: .relaxed) }
}
