// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "SeedLogin",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // Your checkout of PureMVVM, next to this package. A path dependency is
        // named after its folder; `name:` keeps `package: "PureMVVM"` below valid
        // whatever the folder is called.
        .package(name: "PureMVVM", path: "../PureMVVM")
    ],
    targets: [
        .target(
            name: "SeedLogin",
            dependencies: [.product(name: "PureMVVM", package: "PureMVVM")]
        ),
        .testTarget(
            name: "SeedLoginTests",
            dependencies: [
                "SeedLogin",
                .product(name: "PureMVVM", package: "PureMVVM"),
                .product(name: "PureMVVMTesting", package: "PureMVVM"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
