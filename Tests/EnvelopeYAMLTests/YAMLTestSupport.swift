import EnvelopeCore
@testable import EnvelopeYAML

/// The JSON value a YAML text reads as.
func yamlValue(_ text: String) throws -> JSONValue {
    try YAMLDocument.parse(Array(text.utf8)).root.value
}

/// The error a YAML text is refused with, or nil when it reads.
func yamlError(_ text: String) -> YAMLError? {
    yamlError(Array(text.utf8))
}

/// The error YAML bytes are refused with, or nil when they read.
func yamlError(_ bytes: [UInt8]) -> YAMLError? {
    do {
        _ = try YAMLDocument.parse(bytes)
        return nil
    } catch {
        return error
    }
}

/// The value of a one-member mapping `key: <scalar>`.
func scalar(_ text: String) throws -> JSONValue? {
    try yamlValue("v: \(text)\n")["v"]
}
