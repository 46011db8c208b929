// swift-tools-version: 6.0
import PackageDescription

// PureMVVM has no package dependencies: only the Swift toolchain, Foundation and, on Linux, the C library.
// Benchmarks/ is a separate package and is the only place a package may be added.

let package = Package(
    name: "PureMVVM",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "PureMVVM", targets: ["PureMVVM"]),
        .library(name: "PureMVVMTesting", targets: ["PureMVVMTesting"]),
        .library(name: "LoginFeature", targets: ["LoginFeature"]),
    ],
    targets: [
        .target(name: "PureMVVM"),
        .target(name: "PureMVVMTesting", dependencies: ["PureMVVM"]),
        .target(name: "LoginFeature", dependencies: ["PureMVVM"]),
        .testTarget(name: "PureMVVMTests", dependencies: ["PureMVVM"]),
        .testTarget(name: "PureMVVMTestingTests", dependencies: ["PureMVVMTesting", "PureMVVM"]),
        .testTarget(name: "LoginFeatureTests", dependencies: ["LoginFeature", "PureMVVM", "PureMVVMTesting"]),
    ],
    swiftLanguageModes: [.v6]
)

// Upcoming features that keep a library honest, on for every target.
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ])
    target.swiftSettings = settings
}
