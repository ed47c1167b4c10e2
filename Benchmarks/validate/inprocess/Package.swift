// swift-tools-version:6.0
// Times EnvelopeCore in process, the way decoder/main.swift times Foundation's JSONDecoder:
// the file read into memory once, untimed, then parse + validate + report per run.
import PackageDescription

let package = Package(
    name: "EnvelopeBench",
    dependencies: [.package(name: "Envelope", path: "../../..")],
    targets: [
        .executableTarget(
            name: "envelope-bench",
            dependencies: [.product(name: "EnvelopeCore", package: "Envelope")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
