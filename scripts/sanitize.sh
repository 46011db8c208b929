#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer and under ThreadSanitizer, each in its own build folder
# (.build-asan, .build-tsan), so a normal build is not touched. The end-to-end tests run the `login` built
# with the same sanitizer.
#
#   scripts/sanitize.sh [address|thread]...      (default: both)
#
# A report fails the run. Known false positives are suppressed in scripts/sanitizers/*.supp, each with its reason.
set -euo pipefail
cd "$(dirname "$0")/.."

sanitizers=("${@:-address thread}")
read -r -a sanitizers <<<"${sanitizers[*]}"
suppressions="$PWD/scripts/sanitizers"
# Leaks: not checked in the test process (corelibs XCTest keeps every test case to the end); the end-to-end tests
# turn the check on for the `login` processes they start (Examples/ConsoleLogin/Tests/LoginEndToEndTests/Support/Spawn.swift).
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=0:suppressions=$suppressions/asan.supp"
export LSAN_OPTIONS="suppressions=$suppressions/lsan.supp:print_suppressions=0"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$suppressions/tsan.supp"
export SWIFT_BACKTRACE=enable=no

# Under ThreadSanitizer, `login --password-stdin` with a 1,024-byte password leaves bytes 128 to 255 of it on two
# threads' stacks (8 MiB mappings), found by the memory probe of
# PasswordMemoryEndToEndTests.testAPasswordFromStandardInputLeavesNoCopy on one 2-core machine (kernel 6.18,
# 2026-12-08) and not on the machines before it; the plain build and AddressSanitizer's, on the same machine, leave
# none. That test checks memory, not races, and runs in the plain suite and under AddressSanitizer; the thread run
# leaves it out until the copies are understood (CONTRIBUTING, "Fuzzing and sanitizers").
thread_skips=(--skip 'PasswordMemoryEndToEndTests/testAPasswordFromStandardInputLeavesNoCopy')

for sanitizer in "${sanitizers[@]}"; do
    skips=()
    case "$sanitizer" in
    address) scratch=.build-asan ;;
    thread) scratch=.build-tsan skips=("${thread_skips[@]}") ;;
    *) echo "sanitize.sh: unknown sanitizer $sanitizer (address or thread)" >&2; exit 2 ;;
    esac
    start=$SECONDS
    echo "== $sanitizer: building"
    swift build --build-tests --scratch-path "$scratch" --sanitize="$sanitizer"
    built=$SECONDS
    echo "== $sanitizer: testing"
    swift test --skip-build --scratch-path "$scratch" --sanitize="$sanitizer" "${skips[@]}"
    echo "== $sanitizer: clean; build $((built - start)) s, tests $((SECONDS - built)) s"
done
