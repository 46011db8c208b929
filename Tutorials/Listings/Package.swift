// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "SeedLogin",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(url: "https://github.com/puremvvm/PureMVVM.git", from: "0.1.0")
    ],
    targets: [
        .target(
            name: "SeedLogin",
            dependencies: [
                .product(name: "PureMVVM", package: "PureMVVM"),
                .product(name: "ConsoleView", package: "PureMVVM"),
            ]
        ),
        .testTarget(
            name: "SeedLoginTests",
            dependencies: [
                "SeedLogin",
                .product(name: "PureMVVM", package: "PureMVVM"),
                .product(name: "PureMVVMTesting", package: "PureMVVM"),
                .product(name: "ConsoleView", package: "PureMVVM"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
