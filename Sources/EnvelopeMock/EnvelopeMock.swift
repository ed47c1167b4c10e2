/// EnvelopeMock module.
public enum EnvelopeMockModule {}
