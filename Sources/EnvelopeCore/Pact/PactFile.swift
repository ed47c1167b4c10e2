/// A pact file as read: who it is between, which specification it follows, its HTTP
/// interactions, and the interactions Envelope does not support (messages, plugins), kept by
/// name so that they are reported rather than dropped.
public struct PactFile: Sendable {
    /// The consumer's name (`consumer.name`).
    public var consumer: String
    /// The provider's name (`provider.name`).
    public var provider: String
    /// `metadata.pactSpecification.version` as written (`2.0.0`, `3.0.0`, `4.0`), if any.
    public var specificationVersion: String?
    /// The HTTP interactions, in file order.
    public var interactions: [PactInteraction]
    /// Message and plugin interactions, in file order.
    public var unsupported: [PactUnsupportedInteraction]

    /// The specification's major version: from the metadata, else guessed from the shape
    /// (`type` on interactions is V4, `providerStates` or object queries V3), else 2.
    public var specification: Int

    /// Creates a pact file from its parts.
    public init(consumer: String, provider: String, specificationVersion: String?, specification: Int,
                interactions: [PactInteraction], unsupported: [PactUnsupportedInteraction]) {
        self.consumer = consumer
        self.provider = provider
        self.specificationVersion = specificationVersion
        self.specification = specification
        self.interactions = interactions
        self.unsupported = unsupported
    }
}
