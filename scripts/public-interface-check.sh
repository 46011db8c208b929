#!/usr/bin/env bash
# Builds the package against the standard library as Apple's SDKs ship it, its public `.swiftinterface` only, and
# runs the tests of the toolkit's modules (PureMVVM, PureMVVMTesting, PureMVVMObservation, ConsoleView) built that
# way: the stand-in, on Linux, for a build with an Apple SDK (issue 28).
#
# Apple's SDKs hold the standard library (Swift, _Concurrency, _StringProcessing, Synchronization, ...) as a public
# `.swiftinterface` only: no binary `.swiftmodule`, no `.private.swiftinterface`, so none of its SPI
# (`@_spi(Reflection) import Swift` and `_forEachField` are not there). The Linux toolchain ships the binary module
# and both interfaces, so code that uses SPI builds here and not in Xcode. This script makes a resource directory
# that is a copy of the toolchain's `lib/swift` (symbolic links to its files), in which every module that ships a
# `.private.swiftinterface` keeps only its public `.swiftinterface` (the binary module and the private interface
# are removed), and passes it to every compilation with `-resource-dir`, with a module cache of its own: the
# compiler then builds each such module from its public interface, as Xcode does. Foundation, XCTest and Dispatch
# ship as binary modules only (no interface), so they stay as they are. Swift Testing ships a public interface only.
#
# It builds the whole package and its tests (the toolkit's test targets need TestSupport and TestProbe, and the
# Linux test runner links every test target) in .build-public-interface with `-warnings-as-errors` (which does not
# reach the toolchain modules' own builds from their interfaces: those build without a warning shown), and fails on
# any error and on any line of the output with `warning:` (a warning of SwiftPM's or the linker's), then runs the
# tests of PureMVVMTests, PureMVVMTestingTests, PureMVVMObservationTests and ConsoleViewTests.
#
# The resource directory and the module cache (the standard library built from its interface: about 1.5 minutes
# on the 2-core development machine) are kept in .build-public-interface between runs, and made again when the
# toolchain changes. Exit status: 0 when the build has no error and no warning and the tests pass; 1 otherwise.
#
# Usage: scripts/public-interface-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-public-interface
resources="$PWD/$scratch/resource-dir"
cache="$PWD/$scratch/module-cache"
log="$scratch/build.log"
test_targets=(PureMVVMTests PureMVVMTestingTests PureMVVMObservationTests ConsoleViewTests)

[ $# -eq 0 ] || {
    echo "usage: $0" >&2
    exit 2
}

# The toolchain's resource directory (lib/swift), as the compiler itself reports it.
target_info=$(swift -print-target-info)
info() { # a field of the compiler's target information, by its path (paths.runtimeResourcePath)
    python3 -c 'import json, sys; value = json.load(sys.stdin)
for key in sys.argv[1].split("."): value = value[key]
print(value)' "$1" <<<"$target_info"
}
toolchain_resources=$(info paths.runtimeResourcePath)
compiler=$(info compilerVersion)
[ -d "$toolchain_resources" ] || {
    echo "public-interface-check.sh: the toolchain's resource directory '$toolchain_resources' was not found" >&2
    exit 1
}
stamp="$toolchain_resources | $compiler"

mkdir -p "$scratch"
if [ ! -f "$scratch/resource-dir.stamp" ] || [ "$(cat "$scratch/resource-dir.stamp")" != "$stamp" ]; then
    echo "== public interface: a resource directory of public interfaces from $toolchain_resources"
    rm -rf "$resources" "$cache" "$scratch/resource-dir.stamp"
    cp -rs "$toolchain_resources" "$resources"
    stripped=()
    while IFS= read -r -d '' private_interface; do
        module=$(dirname "$private_interface")
        find "$module" -mindepth 1 -maxdepth 1 ! -type d \
            \( -name '*.private.swiftinterface' -o -name '*.swiftmodule' \) -delete
        stripped+=("$(basename "$module" .swiftmodule)")
    done < <(find "$resources" -name '*.private.swiftinterface' -print0)
    # A prebuilt module cache (some toolchains ship one) holds modules built from the full interfaces.
    find "$resources" -type d -name prebuilt-modules -prune -exec rm -rf {} +
    # The standard library must now be only its public interface, or this check proves nothing.
    platform=$(info target.platform)
    module_triple=$(info target.moduleTriple)
    swift_module="$resources/$platform/Swift.swiftmodule"
    if [ ! -f "$swift_module/$module_triple.swiftinterface" ] \
        || [ -n "$(find "$swift_module" -mindepth 1 -name '*.swiftmodule' -o -name '*.private.swiftinterface')" ]; then
        echo "public-interface-check.sh: $swift_module does not hold the public interface alone" >&2
        exit 1
    fi
    echo "   public interface only: ${stripped[*]}"
    echo "$stamp" >"$scratch/resource-dir.stamp"
fi

flags=(-Xswiftc -resource-dir -Xswiftc "$resources" -Xswiftc -module-cache-path -Xswiftc "$cache"
    -Xswiftc -warnings-as-errors)

echo "== public interface: building the package and its tests in $scratch (the standard library from its"
echo "   interface first, about 1.5 minutes, when the module cache is empty)"
start=$SECONDS
status=0
swift build --build-tests --scratch-path "$scratch" "${flags[@]}" >"$log" 2>&1 || status=$?
built=$SECONDS
# Diagnostics name the file and line; the compiler's context lines (source and caret) are left out here and kept
# in the log.
diagnostics=$(grep -E '(^|: )(error|warning): ' "$log" | awk '!seen[$0]++' || true)
if [ "$status" -ne 0 ] || [ -n "$diagnostics" ]; then
    echo "public-interface-check.sh: the build against the public interfaces has errors or warnings" \
        "(exit status $status; the whole output is in $log):" >&2
    if [ -n "$diagnostics" ]; then
        echo "$diagnostics" | sed "s|$PWD/||g" >&2
    else
        tail -n 20 "$log" >&2
    fi
    exit 1
fi
echo "== public interface: built with no error and no warning in $((built - start)) s; testing ${test_targets[*]}"
filter="^($(
    IFS='|'
    echo "${test_targets[*]}"
))\\."
swift test --skip-build --scratch-path "$scratch" "${flags[@]}" --filter "$filter"
echo "== public interface: clean; build $((built - start)) s, tests $((SECONDS - built)) s"
