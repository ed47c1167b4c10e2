/// EnvelopeTesting module.
public enum EnvelopeTestingModule {}
