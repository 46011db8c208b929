// swift-tools-version: 6.0
import PackageDescription

// The code of the DocC tutorial "Build the seed login, test first" (Sources/PureMVVM/PureMVVM.docc/Tutorials),
// one library and one test target per section of the tutorial, each holding the files as they stand at the end of
// that section. The tutorial's listings are these files (its Resources/ are links to them), so `.ci/run` building
// and testing this package keeps every listing compiling and its tests passing.
//
// The root package is named after its folder when it is a path dependency; `name:` names it "PureMVVM" whatever
// the folder of the checkout is called.
let sections = 1...5

// `App` and `AppTests` hold the ViewModel and the test that "Getting started", the module pages and the README show;
// scripts/docs.sh checks that those pages' listings are these files' text.
let gettingStarted: [Target] = [
    .target(name: "App", dependencies: [.product(name: "PureMVVM", package: "PureMVVM")]),
    .testTarget(
        name: "AppTests",
        dependencies: [
            .target(name: "App"),
            .product(name: "PureMVVM", package: "PureMVVM"),
            .product(name: "PureMVVMTesting", package: "PureMVVM"),
        ]
    ),
]

let package = Package(
    name: "SeedLoginTutorial",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(name: "PureMVVM", path: "..")],
    targets: gettingStarted
        + sections.flatMap { section -> [Target] in
            [
                .target(
                    name: "SeedLogin\(section)",
                    dependencies: [
                        .product(name: "PureMVVM", package: "PureMVVM"),
                        .product(name: "ConsoleView", package: "PureMVVM"),
                    ]
                ),
                .testTarget(
                    name: "SeedLogin\(section)Tests",
                    dependencies: [
                        .target(name: "SeedLogin\(section)"),
                        .product(name: "PureMVVM", package: "PureMVVM"),
                        .product(name: "PureMVVMTesting", package: "PureMVVM"),
                        .product(name: "ConsoleView", package: "PureMVVM"),
                    ]
                ),
            ]
        },
    swiftLanguageModes: [.v6]
)
