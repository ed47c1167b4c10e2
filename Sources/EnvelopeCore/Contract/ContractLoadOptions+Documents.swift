extension ContractLoadOptions {
    /// The YAML document `bytes`, the file at `path` relative to the contracts folder, parsed
    /// with ``parseYAML`` and kept in the options' document cache under the URI the contracts'
    /// compilers give that file: a tool that reads a document before loading contracts against
    /// it (`import openapi`) parses each file once, not once for itself and once for them.
    package func parsedYAML(_ bytes: [UInt8], file path: String) throws(YAMLError) -> JSONDocument {
        guard let parseYAML else { throw .noReader }
        let uri = SchemaCompiler.contractsBase + path
        do {
            return try documents.document(for: uri, bytes: bytes) { (bytes: [UInt8]) throws(ContractError) in
                do throws(YAMLError) {
                    return try parseYAML(bytes)
                } catch {
                    throw .invalidYAML(file: path, error)
                }
            }.document
        } catch {
            guard case .invalidYAML(_, let reason) = error else { throw .noReader }
            throw reason
        }
    }

    /// How many documents the options' cache parsed rather than reused (what tests count).
    package var documentParseCount: Int { documents.parseCount }

    /// How many times a contract's compiler took over schemas another contract had compiled
    /// (what tests count).
    package var schemaTakeoverCount: Int { compiledSchemas.takeoverCount }
}
