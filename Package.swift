// swift-tools-version: 6.0
import PackageDescription

// PureMVVM has no package dependencies: only the Swift toolchain, Foundation, the C library and three system
// libraries that only the `login` executable uses: libxcrypt to check password hashes and Linux-PAM to ask the
// system's accounts (both Linux only; apt-get install libcrypt-dev libpam0g-dev), and SQLite for the home screen's
// profile store (apt-get install libsqlite3-dev; Apple platforms have it).
// Benchmarks/ is a separate package and is the only place a package may be added.

let package = Package(
    name: "PureMVVM",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "PureMVVM", targets: ["PureMVVM"]),
        .library(name: "PureMVVMTesting", targets: ["PureMVVMTesting"]),
        .library(name: "LoginFeature", targets: ["LoginFeature"]),
        .library(name: "ConsoleView", targets: ["ConsoleView"]),
        .library(name: "SQLiteProfiles", targets: ["SQLiteProfiles"]),
        .executable(name: "login", targets: ["login"]),
    ],
    targets: [
        .target(name: "PureMVVM"),
        .target(name: "PureMVVMTesting", dependencies: ["PureMVVM"]),
        .target(name: "LoginFeature", dependencies: ["PureMVVM"]),
        // CSignalSafe: the atomic int its signal handler reads (the compiler's built-ins; no library).
        .target(name: "ConsoleView", dependencies: ["CSignalSafe", "PureMVVM"]),
        .systemLibrary(name: "CSignalSafe", path: "Sources/CSignalSafe"),
        // Teaching: the seed login in seven patterns, on a widgets protocol of its own (never ConsoleView).
        .target(name: "Gallery", dependencies: ["LoginFeature", "PureMVVM"]),
        .systemLibrary(name: "CLibxcrypt", path: "Sources/CLibxcrypt", providers: [.apt(["libcrypt-dev"])]),
        .target(
            name: "Crypt",
            dependencies: ["LoginFeature", .target(name: "CLibxcrypt", condition: .when(platforms: [.linux]))]
        ),
        .systemLibrary(name: "CLinuxPAM", path: "Sources/CLinuxPAM", providers: [.apt(["libpam0g-dev"])]),
        .target(
            name: "PAM",
            dependencies: ["LoginFeature", .target(name: "CLinuxPAM", condition: .when(platforms: [.linux]))]
        ),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // prctl(2) for `login`, which makes itself not dumpable before it reads a secret (Linux only; the C library's).
        .systemLibrary(name: "CLinuxProcess", path: "Sources/CLinuxProcess"),
        .target(name: "SQLiteProfiles", dependencies: ["CSQLite", "LoginFeature"]),
        // FuzzSupport: `login` is also the argument parser's fuzz target when built by scripts/fuzz.sh.
        .executableTarget(
            name: "login",
            dependencies: [
                "ConsoleView", "Crypt", "FuzzSupport", "Gallery", "LoginFeature", "PAM", "PureMVVM", "SQLiteProfiles",
                .target(name: "CLinuxProcess", condition: .when(platforms: [.linux])),
            ]
        ),
        .testTarget(name: "PureMVVMTests", dependencies: ["PureMVVM", "TestProbe", "TestSupport"]),
        .testTarget(
            name: "PureMVVMTestingTests", dependencies: ["PureMVVMTesting", "PureMVVM", "TestProbe", "TestSupport"]),
        .testTarget(
            name: "LoginFeatureTests", dependencies: ["LoginFeature", "PureMVVM", "PureMVVMTesting", "TestSupport"]),
        .testTarget(name: "CryptTests", dependencies: ["Crypt", "LoginFeature", "TestSupport"]),
        .testTarget(name: "PAMTests", dependencies: ["PAM", "LoginFeature", "PureMVVMTesting", "TestSupport"]),
        .testTarget(
            name: "SQLiteProfilesTests",
            dependencies: ["SQLiteProfiles", "CSQLite", "LoginFeature", "PureMVVMTesting", "TestSupport"]),
        .testTarget(
            name: "ConsoleViewTests", dependencies: ["ConsoleView", "PureMVVM", "PureMVVMTesting", "TestSupport"]),
        .testTarget(
            name: "GalleryTests",
            dependencies: ["Gallery", "LoginFeature", "PureMVVM", "PureMVVMTesting", "TestSupport"]),
        .testTarget(
            name: "LoginTests",
            dependencies: [
                "login", "ConsoleView", "Crypt", "FuzzSupport", "Gallery", "LoginFeature", "PAM", "PureMVVM",
                "PureMVVMTesting", "SQLiteProfiles", "TestSupport",
            ]
        ),
        // Runs the built `login` binary; depending on the executable makes `swift test` build it first.
        .testTarget(name: "LoginEndToEndTests", dependencies: ["login", "TestSupport"]),
        // What several test targets share: the package's folders, the folders their files go in, and TestProbe.
        .target(name: "TestSupport", dependencies: ["ConsoleView", "PureMVVMTesting"], path: "Tests/TestSupport"),
        // The scenarios that end their process on purpose (a failed precondition, the test watchdog), which tests
        // run as a child process; depending on it makes `swift test` build it.
        .executableTarget(name: "TestProbe", dependencies: ["PureMVVM", "PureMVVMTesting"], path: "Tests/TestProbe"),

        // Fuzz targets (scripts/fuzz.sh builds them with libFuzzer). Built normally, each replays its seed corpus
        // in Fixtures/fuzz; FuzzTests replays them all in `swift test`.
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
