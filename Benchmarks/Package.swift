// swift-tools-version: 6.0
import PackageDescription

// The benchmarks of issue 6: the toolkit's reload path against a hand-written delegate, OpenCombine and
// Observation, and its scaling with the number of outputs. A package of its own, so that the root package stays
// free of dependencies: OpenCombine is allowed here and nowhere else.
//
//     swift run -c release --package-path Benchmarks bench          # the whole set, as one Markdown table
//     swift run -c release --package-path Benchmarks bench quick    # small runs that check every checksum
//
// Modules follow a user's app: the ViewModels live in modules of their own (`LoginViewModels`,
// `ScalingViewModels`, and the root's `LoginFeature`), the views that drive them in others (`LoginScreens`,
// `ScalingScreens`), so every call from a view to a ViewModel or to the toolkit crosses a module boundary.

let package = Package(
    name: "PureMVVMBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "PureMVVM", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        // The harness: the variant registry, timing, child processes, callgrind, the table.
        .target(name: "BenchKit"),
        // Login screen ViewModels that are not the toolkit's: hand-written delegate, OpenCombine, Observation.
        .target(
            name: "LoginViewModels",
            dependencies: [
                .product(name: "PureMVVM", package: "PureMVVM"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
        // The login screen's views and per-event workloads, one per variant.
        .target(
            name: "LoginScreens",
            dependencies: [
                "BenchKit",
                "LoginViewModels",
                .product(name: "PureMVVM", package: "PureMVVM"),
                .product(name: "LoginFeature", package: "PureMVVM"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
        .executableTarget(name: "bench", dependencies: ["BenchKit", "LoginScreens"]),
    ],
    swiftLanguageModes: [.v6]
)

// The same upcoming features as the root package, on for every target.
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ])
    target.swiftSettings = settings
}
