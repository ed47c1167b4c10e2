// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Envelope",
    platforms: [.macOS(.v15), .iOS(.v18)],
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
        // Undoing gzip, deflate and br for answers the proxy passes on compressed; zlib and
        // brotli are opened at run time, as libcurl is.
        .target(
            name: "CDecompress",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // libyaml's event parser (headers from libyaml-dev), opened at run time when a YAML file
        // is first read, as libcurl is.
        .target(
            name: "CYAML",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // JSON, contracts, schema validation, drift findings and reports. No I/O.
        .target(name: "EnvelopeCore"),
        // YAML 1.2 texts read into Core's JSON documents, with the YAML file's line:column;
        // apart from Core so that EnvelopeTesting (iOS) never meets libyaml.
        .target(name: "EnvelopeYAML", dependencies: ["CYAML", "EnvelopeCore"]),
        // The HTTP client on libcurl; no other Envelope target.
        .target(name: "EnvelopeHTTP", dependencies: ["CCurl"]),
        // The mock HTTP/1.1 server on POSIX sockets, replaying WireMock-style mappings.
        .target(name: "EnvelopeMock", dependencies: ["EnvelopeCore"]),
        // Helpers for app test suites: no libcurl, so an iOS test target can use it.
        .target(name: "EnvelopeTesting", dependencies: ["EnvelopeCore", "EnvelopeMock"]),
        // The command-line tool: parses arguments and calls the libraries.
        .executableTarget(name: "envelope", dependencies: ["EnvelopeCore", "EnvelopeHTTP", "EnvelopeMock", "EnvelopeYAML", "CDecompress"]),

        .testTarget(name: "EnvelopeCoreTests", dependencies: ["EnvelopeCore"], exclude: ["Fixtures"]),
        .testTarget(name: "EnvelopeYAMLTests", dependencies: ["EnvelopeYAML", "EnvelopeCore"], exclude: ["Fixtures"]),
        .testTarget(name: "EnvelopeHTTPTests", dependencies: ["EnvelopeHTTP"], exclude: ["Fixtures"]),
        .testTarget(name: "EnvelopeMockTests", dependencies: ["EnvelopeMock", "EnvelopeCore"], exclude: ["Fixtures"]),
        // The tests drive the in-process mock with the libcurl client; the library itself has no libcurl.
        .testTarget(name: "EnvelopeTestingTests", dependencies: ["EnvelopeTesting", "EnvelopeHTTP"], exclude: ["Fixtures"]),
        .testTarget(name: "envelopeTests", dependencies: ["envelope", "EnvelopeCore"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
