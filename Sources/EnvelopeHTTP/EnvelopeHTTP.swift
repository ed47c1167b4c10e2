/// EnvelopeHTTP module.
public enum EnvelopeHTTPModule {}
