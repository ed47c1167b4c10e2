// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Envelope",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "envelope", targets: ["envelope"]),
        .library(name: "EnvelopeCore", targets: ["EnvelopeCore"]),
        .library(name: "EnvelopeHTTP", targets: ["EnvelopeHTTP"]),
        .library(name: "EnvelopeMock", targets: ["EnvelopeMock"]),
        .library(name: "EnvelopeTesting", targets: ["EnvelopeTesting"]),
    ],
    targets: [
        // The C edge: libcurl (its headers from libcurl4-openssl-dev), opened at run time by
        // the commands that use the network, with typed shims for its variadic API.
        .target(
            name: "CCurl",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // The C library's allocator settings (glibc's mallopt) and huge-page advice for its heaps.
        .systemLibrary(name: "CAllocator"),
        // JSON, contracts, schema validation, drift findings and reports. No I/O (memory advice
        // to the kernel is not I/O).
        .target(name: "EnvelopeCore", dependencies: ["CAllocator"]),
        // The HTTP client on libcurl (Core: keeping its threads on chosen cores).
        .target(name: "EnvelopeHTTP", dependencies: ["CCurl", "EnvelopeCore"]),
        // The mock HTTP/1.1 server on POSIX sockets, replaying WireMock-style mappings.
        .target(name: "EnvelopeMock", dependencies: ["EnvelopeCore"]),
        // Helpers for app test suites.
        .target(name: "EnvelopeTesting", dependencies: ["EnvelopeCore", "EnvelopeHTTP", "EnvelopeMock"]),
        // The command-line tool: parses arguments and calls the libraries.
        .executableTarget(name: "envelope", dependencies: ["EnvelopeCore", "EnvelopeHTTP", "EnvelopeMock", "CAllocator"]),

        .testTarget(name: "EnvelopeCoreTests", dependencies: ["EnvelopeCore"], exclude: ["Fixtures"]),
        .testTarget(name: "EnvelopeHTTPTests", dependencies: ["EnvelopeHTTP"], exclude: ["Fixtures"]),
        .testTarget(name: "EnvelopeMockTests", dependencies: ["EnvelopeMock", "EnvelopeCore"], exclude: ["Fixtures"]),
        .testTarget(name: "EnvelopeTestingTests", dependencies: ["EnvelopeTesting"], exclude: ["Fixtures"]),
        .testTarget(name: "envelopeTests", dependencies: ["envelope", "EnvelopeCore"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
