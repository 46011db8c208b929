// swift-tools-version: 6.0
import PackageDescription

// PureMVVM: testable ViewModels without a reactive framework. Inputs are methods named after UI events, outputs are
// read-only values, and a ViewModel talks to its view only through a weak `@MainActor` delegate.
//
// The toolkit is what an app adds: `PureMVVM` (the Swift standard library alone), `PureMVVMTesting` (XCTest and
// Swift Testing support, for test targets), `PureMVVMObservation` (SwiftUI's side, through Observation) and
// `ConsoleView`, a line-mode view. No package dependencies.
// Benchmarks/ is a separate package and is the only place a package may be added.
//
// Beside the toolkit, in Examples/, are the demos built on it, which `swift run login` and `swift test` run too:
// the console login and the pattern gallery. They are targets here, not products.

let package = Package(
    name: "PureMVVM",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "PureMVVM", targets: ["PureMVVM"]),
        .library(name: "PureMVVMTesting", targets: ["PureMVVMTesting"]),
        .library(name: "ConsoleView", targets: ["ConsoleView"]),
        // SwiftUI's side: a ViewModel's delegate that gives a view its outputs through Observation (macOS 14, iOS 17).
        .library(name: "PureMVVMObservation", targets: ["PureMVVMObservation"]),
        // `login` (Examples/ConsoleLogin) is the root package's executable, not a declared product: SwiftPM makes a
        // product of each executable target of the package it builds, so `swift run login` works in a clone, while
        // a package that depends on PureMVVM sees only the toolkit's libraries, and none of the demos' target names
        // (an app's own `LoginFeature` would clash with one it could see).
    ],
    targets: [
        // MARK: The toolkit

        .target(name: "PureMVVM"),
        .target(name: "PureMVVMTesting", dependencies: ["PureMVVM"]),
        // CSignalSafe: the atomic int its signal handler reads (the compiler's built-ins; no library).
        .target(name: "ConsoleView", dependencies: ["CSignalSafe", "PureMVVM"]),
        .systemLibrary(name: "CSignalSafe", path: "Sources/CSignalSafe"),
        // Observation on top of the toolkit; every declaration is available from macOS 14, iOS 17, tvOS 17 and
        // watchOS 10, and the other products keep the package's floor.
        .target(name: "PureMVVMObservation", dependencies: ["PureMVVM"]),

        .testTarget(name: "PureMVVMTests", dependencies: ["PureMVVM", "TestProbe", "TestSupport"]),
        .testTarget(
            name: "PureMVVMTestingTests", dependencies: ["PureMVVMTesting", "PureMVVM", "TestProbe", "TestSupport"]),
        .testTarget(
            name: "PureMVVMObservationTests",
            dependencies: ["PureMVVMObservation", "PureMVVM", "PureMVVMTesting", "TestSupport"]),
        .testTarget(
            name: "ConsoleViewTests",
            dependencies: ["ConsoleView", "PureMVVM", "PureMVVMTesting", "TestProbe", "TestSupport"]),
        // What several test targets share: the package's folders, the folders their files go in, and TestProbe.
        .target(name: "TestSupport", dependencies: ["ConsoleView", "PureMVVMTesting"], path: "Tests/TestSupport"),
        // The scenarios that end their process on purpose (a failed precondition, the test watchdog) or need a
        // standard input of their own, which tests run as a child process; depending on it makes `swift test`
        // build it.
        .executableTarget(
            name: "TestProbe", dependencies: ["ConsoleView", "PureMVVM", "PureMVVMTesting"], path: "Tests/TestProbe"),

        // MARK: The demos: the console login (Examples/ConsoleLogin)

        // The login, sign-up, home, orders and search screens, with their model: the toolkit alone, no view module.
        .target(name: "LoginFeature", dependencies: ["PureMVVM"], path: "Examples/ConsoleLogin/Sources/LoginFeature"),
        // Linux-PAM, SQLite and libxcrypt, each opened by its soname when a command first needs it, with the few
        // declarations `login` uses written here: no development package is needed to build, and a missing
        // library turns off only the commands that need it. On Apple platforms, the SDK's SQLite is linked.
        .target(
            name: "CSystemLibraries", path: "Examples/ConsoleLogin/Sources/CSystemLibraries",
            linkerSettings: [
                .linkedLibrary("dl", .when(platforms: [.linux])),
                .linkedLibrary("sqlite3", .when(platforms: [.macOS, .iOS, .tvOS, .watchOS, .visionOS])),
            ]),
        .target(
            name: "Crypt", dependencies: ["CSystemLibraries", "LoginFeature"],
            path: "Examples/ConsoleLogin/Sources/Crypt"),
        .target(
            name: "PAM", dependencies: ["CSystemLibraries", "LoginFeature"], path: "Examples/ConsoleLogin/Sources/PAM"),
        .target(
            name: "SQLiteProfiles", dependencies: ["CSystemLibraries", "LoginFeature"],
            path: "Examples/ConsoleLogin/Sources/SQLiteProfiles"),
        // prctl(2) for `login`, which makes itself not dumpable before it reads a secret (Linux only; the C library's).
        .systemLibrary(name: "CLinuxProcess", path: "Examples/ConsoleLogin/Sources/CLinuxProcess"),
        // FuzzSupport: `login` is also the argument parser's fuzz target when built by scripts/fuzz.sh.
        .executableTarget(
            name: "login",
            dependencies: [
                "ConsoleView", "Crypt", "FuzzSupport", "Gallery", "LoginFeature", "PAM", "PureMVVM", "SQLiteProfiles",
                .target(name: "CLinuxProcess", condition: .when(platforms: [.linux])),
            ],
            path: "Examples/ConsoleLogin/Sources/login"
        ),
        .testTarget(
            name: "LoginFeatureTests", dependencies: ["LoginFeature", "PureMVVM", "PureMVVMTesting", "TestSupport"],
            path: "Examples/ConsoleLogin/Tests/LoginFeatureTests"),
        .testTarget(
            name: "CryptTests", dependencies: ["Crypt", "LoginFeature", "TestSupport"],
            path: "Examples/ConsoleLogin/Tests/CryptTests"),
        .testTarget(
            name: "PAMTests", dependencies: ["PAM", "LoginFeature", "PureMVVMTesting", "TestSupport"],
            path: "Examples/ConsoleLogin/Tests/PAMTests"),
        .testTarget(
            name: "SQLiteProfilesTests",
            dependencies: ["SQLiteProfiles", "CSystemLibraries", "LoginFeature", "PureMVVMTesting", "TestSupport"],
            path: "Examples/ConsoleLogin/Tests/SQLiteProfilesTests"),
        .testTarget(
            name: "LoginTests",
            dependencies: [
                "login", "ConsoleView", "Crypt", "FuzzSupport", "Gallery", "LoginFeature", "PAM", "PureMVVM",
                "PureMVVMTesting", "SQLiteProfiles", "TestSupport",
            ],
            path: "Examples/ConsoleLogin/Tests/LoginTests"
        ),
        // Runs the built `login` binary; depending on the executable makes `swift test` build it first.
        .testTarget(
            name: "LoginEndToEndTests", dependencies: ["login", "TestSupport"],
            path: "Examples/ConsoleLogin/Tests/LoginEndToEndTests"),

        // MARK: The demos: the pattern gallery (Examples/PatternGallery)

        // Teaching: the seed login in seven patterns, on a widgets protocol of its own (never ConsoleView).
        .target(
            name: "Gallery", dependencies: ["LoginFeature", "PureMVVM"], path: "Examples/PatternGallery/Sources/Gallery"
        ),
        .testTarget(
            name: "GalleryTests",
            dependencies: ["Gallery", "LoginFeature", "PureMVVM", "PureMVVMTesting", "TestSupport"],
            path: "Examples/PatternGallery/Tests/GalleryTests"),

        // MARK: Fuzz targets

        // scripts/fuzz.sh builds them with libFuzzer. Built normally, each replays its seed corpus in Fixtures/fuzz;
        // FuzzTests replays them all in `swift test`.
        .target(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Fuzz/FuzzSupport"),
        .executableTarget(
            name: "AccountFileFuzz", dependencies: ["FuzzSupport", "LoginFeature"], path: "Fuzz/AccountFileFuzz"),
        .executableTarget(
            name: "ChangeSetFuzz", dependencies: ["FuzzSupport", "PureMVVM"], path: "Fuzz/ChangeSetFuzz"),
        .executableTarget(
            name: "LineDecoderFuzz", dependencies: ["ConsoleView", "FuzzSupport"], path: "Fuzz/LineDecoderFuzz"),
        .executableTarget(
            name: "RowsDiffFuzz", dependencies: ["FuzzSupport", "PureMVVM"], path: "Fuzz/RowsDiffFuzz"),
        .executableTarget(
            name: "ValidationFuzz", dependencies: ["FuzzSupport", "PureMVVM"], path: "Fuzz/ValidationFuzz"),
        .executableTarget(name: "PatternFuzz", dependencies: ["FuzzSupport", "PureMVVM"], path: "Fuzz/PatternFuzz"),
        .testTarget(
            name: "FuzzTests",
            dependencies: [
                "AccountFileFuzz", "ChangeSetFuzz", "FuzzSupport", "LineDecoderFuzz", "LoginFeature", "PatternFuzz",
                "PureMVVM", "RowsDiffFuzz", "TestSupport", "ValidationFuzz",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// Upcoming features that keep a library honest, on for every Swift target (a system library has no settings).
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ])
    target.swiftSettings = settings
}
