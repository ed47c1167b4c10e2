/// EnvelopeCore module.
public enum EnvelopeCoreModule {}
