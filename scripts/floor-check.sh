#!/usr/bin/env bash
# The deployment floor check (issue 28): every product builds for macOS 13, iOS 16, tvOS 16 and watchOS 9, with no
# API newer than that outside `if #available`, as far as a Linux machine can tell.
#
# There is no Apple SDK here, so the script makes a stand-in (scripts/floor-check/stand_in_sdk.py, in
# .build-floor/sdk): the toolchain's own public `.swiftinterface` files (Swift, _Concurrency, Synchronization,
# _StringProcessing, Testing, ...) retargeted to each Apple platform, which carry every `@available` attribute the
# standard library was written with, and Swift interfaces synthesized from the modules the toolchain ships only as
# binaries (Foundation, FoundationEssentials, Dispatch, XCTest, the C library). Then scripts/floor-check/typecheck.py
# compiles each product's targets for each Apple platform at the version Package.swift declares, and the compiler
# enforces `@available` as Xcode does: a use of `Mutex` outside `if #available(macOS 15, ...)` fails with "'Mutex'
# is only available in macOS 15.0 or newer". It also fails when Package.swift declares a platform newer than the
# floor, or none. See CONTRIBUTING ("The deployment floor") for what it cannot catch.
#
# The stand-in is made once per toolchain (about 1 to 1.5 minutes on the 2-core development machine) and kept in
# .build-floor; the type-check itself takes about a minute.
#
# Usage: scripts/floor-check.sh              check the package
#        scripts/floor-check.sh --self-test  check planted code: every use newer than the floor must be reported
#                                            where it is, and none of the uses that the floor or `#available`
#                                            allows; a Package.swift above the floor must be reported
# Exit status: 0 when the check passes, 1 when it finds something (or the self-test fails), 2 for a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-floor
sdk="$PWD/$scratch/sdk"
helpers=scripts/floor-check
mode=check
case "${1:-}" in
"") ;;
--self-test) mode=self-test ;;
*)
    echo "usage: $0 [--self-test]" >&2
    exit 2
    ;;
esac

# The stand-in SDK, made again when the toolchain or the script that makes it changes. Its modules target old
# versions, so that a package may declare any floor down to them. Its module cache goes with it: the compiler does
# not check a cached module against the SDK's files.
target_info=$(swift -print-target-info)
info() { # a field of the compiler's target information, by its path (paths.runtimeResourcePath)
    python3 -c 'import json, sys; value = json.load(sys.stdin)
for key in sys.argv[1].split("."): value = value[key]
print(value)' "$1" <<<"$target_info"
}
toolchain_resources=$(info paths.runtimeResourcePath)
stamp="$toolchain_resources | $(info compilerVersion) | $(sha256sum "$helpers/stand_in_sdk.py")"
mkdir -p "$scratch"
if [ ! -f "$scratch/sdk.stamp" ] || [ "$(cat "$scratch/sdk.stamp")" != "$stamp" ]; then
    echo "== floor: a stand-in for Apple's SDKs in $scratch/sdk (about a minute and a half)"
    rm -rf "$scratch/sdk" "$scratch/sdk-module-cache" "$scratch/sdk.stamp" "$scratch/package" "$scratch/self-test"
    start=$SECONDS
    python3 "$helpers/stand_in_sdk.py" "$sdk" "$toolchain_resources" \
        macosx:x86_64-apple-macos:x86_64-apple-macos10.13 \
        iphonesimulator:x86_64-apple-ios-simulator:x86_64-apple-ios12.0-simulator \
        appletvsimulator:x86_64-apple-tvos-simulator:x86_64-apple-tvos12.0-simulator \
        watchsimulator:x86_64-apple-watchos-simulator:x86_64-apple-watchos4.0-simulator
    echo "$stamp" >"$scratch/sdk.stamp"
    echo "   made in $((SECONDS - start)) s"
fi

if [ "$mode" = check ]; then
    echo "== floor: every product for macOS, iOS, tvOS and watchOS at the floor, against $scratch/sdk"
    start=$SECONDS
    status=0
    python3 "$helpers/typecheck.py" "$PWD" "$sdk" "$PWD/$scratch/package" || status=$?
    if [ "$status" -ne 0 ]; then
        echo "floor-check.sh: the package does not keep the deployment floor (above; $((SECONDS - start)) s)" >&2
        exit 1
    fi
    echo "== floor: clean in $((SECONDS - start)) s"
    exit 0
fi

# The self-test: a package of planted lines, each marked with what the check must say about it.
echo "== floor: self-test on planted code"
planted="$PWD/$scratch/self-test/Planted"
rm -rf "$planted" && mkdir -p "$planted/Sources/Planted" "$planted/Sources/PlantedBase"
cat >"$planted/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Planted",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [.library(name: "Planted", targets: ["Planted"])],
    targets: [.target(name: "Planted", dependencies: ["PlantedBase"]), .target(name: "PlantedBase")],
    swiftLanguageModes: [.v6]
)
SWIFT
cat >"$planted/Sources/PlantedBase/PlantedBase.swift" <<'SWIFT'
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
public func baseNewerThanTheFloor() {}

// A target with an error in a declaration: reported, and the target that imports it is still checked through.
public enum Lookup {
    public static func search() -> Int { 0 }
    static func invalid(_ kind: UndefinedKind) {}  // OTHER
}
SWIFT
cat >"$planted/Sources/Planted/Planted.swift" <<'SWIFT'
internal import Foundation
internal import PlantedBase
internal import Synchronization

// Each line marked NEWER must be reported on all four platforms (NEWER(...) on those alone), and no other line.
func planted() async {
    let mutex = Mutex(0)  // NEWER: Synchronization, macOS 15
    _ = mutex
    await withTaskExecutorPreference(nil) {}  // NEWER: _Concurrency, macOS 15
    _ = Calendar.Component.isLeapMonth  // NEWER: swift-foundation, macOS 14
    _ = "planted".utf8Span  // NEWER: the standard library, macOS 26
    newerThanTheFloor()  // NEWER: a declaration of the module marked @available
    baseNewerThanTheFloor()  // NEWER: a declaration of a target it depends on, marked @available
    _ = Lookup.search()  // the floor: a valid declaration of a type of the target with an error
    _ = Process()  // NEWER(iOS, tvOS, watchOS): corelibs Foundation, macOS only as Apple's SDK says
    _ = ProcessInfo.processInfo.fullUserName  // NEWER(iOS, tvOS, watchOS): the same
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
        _ = Mutex(1)
        await withTaskExecutorPreference(nil) {}
    }
    _ = ContinuousClock().now  // the floor: Clock is macOS 13
    _ = try? Regex("a+")  // the floor: Regex is macOS 13
    _ = URL.homeDirectory  // the floor: macOS 13
    var count = 0
    takesAPointer(&count)  // the floor: an argument converted to a pointer
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else { return }
    _ = Mutex(2)
    baseNewerThanTheFloor()
}

func takesAPointer(_ pointer: UnsafeMutablePointer<Int>) {}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
func newerThanTheFloor() {
    _ = Mutex(3)
}
SWIFT
failures=0
output=$(python3 "$helpers/typecheck.py" "$planted" "$sdk" "$PWD/$scratch/self-test/build" 2>&1) && {
    echo "floor-check.sh: self-test: the check passed planted code that uses API newer than the floor" >&2
    failures=$((failures + 1))
}
# What the check reports as newer than the floor, and as other errors: the lines under each heading.
newer=$(awk '/^typecheck.py: / { section = /uses of API newer than the floor/ } section' <<<"$output")
other=$(awk '/^typecheck.py: / { section = /other errors/ } section' <<<"$output" | grep "^Sources/" || true)
base_file="$planted/Sources/PlantedBase/PlantedBase.swift"
expected_other=$(grep -n "// OTHER" "$base_file" | cut -d: -f1 | sed 's|^|Sources/PlantedBase/PlantedBase.swift:|')
if [ "$(cut -d: -f1,2 <<<"$other" | sort -u)" != "$expected_other" ]; then
    echo "floor-check.sh: self-test: the errors that are not about availability are not the planted one" \
        "($expected_other):" >&2
    echo "${other:-nothing}" >&2
    failures=$((failures + 1))
fi
if grep -q "compiler failed" <<<"$output"; then
    echo "floor-check.sh: self-test: the compiler failed:" >&2
    echo "$output" >&2
    failures=$((failures + 1))
fi
source_file="$planted/Sources/Planted/Planted.swift"
line=0
while IFS= read -r text; do
    line=$((line + 1))
    reported=$(grep -E "^Sources/Planted/Planted.swift:$line:" <<<"$newer" || true)
    if [[ "$text" =~ //\ NEWER\(([^\)]*)\) ]]; then
        # Newer on some platforms only: reported as not available there, and only there.
        if ! grep -q "available in .* \[${BASH_REMATCH[1]} only\]$" <<<"$reported"; then
            echo "floor-check.sh: self-test: line $line was not reported on ${BASH_REMATCH[1]} alone: $text" \
                "(reported: ${reported:-nothing})" >&2
            failures=$((failures + 1))
        fi
    elif [[ "$text" == *"// NEWER"* ]]; then
        if [ -z "$reported" ]; then
            echo "floor-check.sh: self-test: line $line was not reported: $text" >&2
            failures=$((failures + 1))
        elif grep -qv "only available in" <<<"$reported" || grep -q "only\]" <<<"$reported"; then
            echo "floor-check.sh: self-test: line $line was not reported as newer than the floor on every" \
                "platform: $reported" >&2
            failures=$((failures + 1))
        fi
    elif [ -n "$reported" ]; then
        echo "floor-check.sh: self-test: line $line was reported, and the floor allows it: $reported" >&2
        failures=$((failures + 1))
    fi
done <"$source_file"
# Package.swift above the floor, and without a platform.
below='platforms: [.macOS(.v14), .iOS(.v16), .tvOS(.v16)]'
sed -i "s/platforms: \[.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)\]/$below/" \
    "$planted/Package.swift"
output=$(python3 "$helpers/typecheck.py" "$planted" "$sdk" "$PWD/$scratch/self-test/build" 2>&1) || true
for expected in "platforms declares macOS 14.0, newer than the floor (macOS 13.0)" \
    "platforms does not declare watchOS (the floor is watchOS 9.0)"; do
    grep -qF "Package.swift: error: $expected" <<<"$output" || {
        echo "floor-check.sh: self-test: Package.swift was not reported: $expected" >&2
        failures=$((failures + 1))
    }
done
if [ "$failures" -ne 0 ]; then
    echo "floor-check.sh: self-test: $failures failures" >&2
    exit 1
fi
echo "== floor: self-test passed: $(grep -c '// NEWER:' "$source_file") planted uses newer than the floor reported" \
    "on every platform and $(grep -c '// NEWER(' "$source_file") on the platforms Apple's SDK leaves them out of," \
    "the uses the floor and #available allow not reported, Package.swift above the floor reported"
