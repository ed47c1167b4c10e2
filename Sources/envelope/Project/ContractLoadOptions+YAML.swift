import EnvelopeCore
import EnvelopeYAML

extension ContractLoadOptions {
    /// These options with EnvelopeYAML's reader for `.yaml` and `.yml` schema files, which the
    /// command gives every contract it loads (Core has no YAML reader of its own).
    var readingYAML: ContractLoadOptions {
        var options = self
        if options.parseYAML == nil { options.parseYAML = YAMLDocument.parser }
        return options
    }
}
