#!/usr/bin/env bash
# Builds every fuzz target with libFuzzer and AddressSanitizer and runs each for SECONDS (default 30).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     e.g. scripts/fuzz.sh 600 AccountFileFuzz
#
# Targets: AccountFileFuzz, ArgumentsFuzz (the `login` executable built with -D FUZZING), ChangeSetFuzz,
# LineDecoderFuzz, PatternFuzz, RowsDiffFuzz, ValidationFuzz. Each starts from its seeds in Fixtures/fuzz/NAME and
# grows a working corpus in .build-fuzz/corpus/NAME (not committed). A crash stops the script with status 1 and leaves
# the input in
# .build-fuzz/crashes/; replay it with `swift run TARGET FILE` (or, for ArgumentsFuzz, the LoginTests corpus test
# after copying it to Fixtures/fuzz/arguments), then keep it under Fixtures/fuzz/NAME as a regression input.
# Extra libFuzzer flags go in FUZZ_FLAGS, such as FUZZ_FLAGS="-runs=10000000".
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-30}"
shift || true
all=(AccountFileFuzz ArgumentsFuzz ChangeSetFuzz LineDecoderFuzz PatternFuzz RowsDiffFuzz ValidationFuzz)
targets=("${@:-${all[@]}}")
seeds() {
    case "$1" in
    AccountFileFuzz) echo account-file ;; ArgumentsFuzz) echo arguments ;; ChangeSetFuzz) echo change-set ;;
    LineDecoderFuzz) echo line-decoder ;; PatternFuzz) echo pattern ;; RowsDiffFuzz) echo rows-diff ;;
    ValidationFuzz) echo validation ;;
    *) echo "fuzz.sh: unknown target $1 (one of ${all[*]})" >&2; exit 2 ;;
    esac
}

flags=(-c release --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING)
for target in "${targets[@]}"; do
    product="$target"
    if [ "$target" = ArgumentsFuzz ]; then product=login; fi
    swift build "${flags[@]}" --product "$product"
done
bin="$(swift build "${flags[@]}" --show-bin-path)"

# No Swift backtracer under libFuzzer (ASan reports the crash); a failed check prints its reason first.
export SWIFT_BACKTRACE=enable=no
# libFuzzer checks for leaks after the inputs that allocate; the known false positives (objects a `static let`
# keeps for the whole process, reached through pointers LeakSanitizer does not recognise) are in lsan.supp.
export LSAN_OPTIONS="suppressions=$PWD/scripts/sanitizers/lsan.supp:print_suppressions=0"
mkdir -p .build-fuzz/crashes
for target in "${targets[@]}"; do
    name="$(seeds "$target")"
    binary="$bin/$target"
    if [ "$target" = ArgumentsFuzz ]; then binary="$bin/login"; fi
    mkdir -p ".build-fuzz/corpus/$name"
    echo "== $target: $seconds s"
    log=".build-fuzz/logs/$target.log"
    mkdir -p .build-fuzz/logs
    status=0
    # shellcheck disable=SC2086 # FUZZ_FLAGS is a list of flags
    "$binary" -max_total_time="$seconds" -max_len=1024 -print_final_stats=1 \
        -artifact_prefix=".build-fuzz/crashes/$target-" ${FUZZ_FLAGS:-} \
        ".build-fuzz/corpus/$name" "Fixtures/fuzz/$name" >"$log" 2>&1 || status=$?
    grep -E '^(Done|stat::average_exec_per_sec)' "$log" || true
    if [ "$status" -ne 0 ]; then
        grep -E 'Fatal error|ERROR|SUMMARY|Test unit written' "$log" >&2 || tail -20 "$log" >&2
        echo "fuzz.sh: $target failed (status $status); the input is in .build-fuzz/crashes/, the log in $log" >&2
        exit 1
    fi
done
