#!/usr/bin/env bash
# Counts the lines of test code the seed's four cases take with PureMVVMTesting and with a hand-written spy,
# and prints the Markdown table the docs show. `--check FILE` fails if FILE does not contain that table.
# A line counts when it is not blank and not only a comment; each side counts its test file and its spy.
set -euo pipefail
cd "$(dirname "$0")/.."

count() {
    cat "$@" | grep -cvE '^\s*($|//)'
}

tests=Examples/ConsoleLogin/Tests/LoginFeatureTests
module_tests=$(count "$tests/SeedCasesTests.swift")
module_spy=$(count "$tests/Support/LoginSpy.swift")
hand_tests=$(count "$tests/HandWrittenSpy/SeedCasesHandWrittenTests.swift")
hand_spy=$(count "$tests/HandWrittenSpy/HandWrittenLoginSpy.swift")

table=$(cat <<TABLE
| the seed's four cases | test file | spy | total |
| --- | ---: | ---: | ---: |
| with PureMVVMTesting (\`SeedCasesTests.swift\`, \`Support/LoginSpy.swift\`) | $module_tests | $module_spy | $((module_tests + module_spy)) |
| with a hand-written spy (\`HandWrittenSpy/\`) | $hand_tests | $hand_spy | $((hand_tests + hand_spy)) |
TABLE
)

if [[ "${1:-}" == "--check" ]]; then
    file=${2:?usage: $0 --check FILE}
    if [[ "$(cat "$file")" != *"$table"* ]]; then
        echo "error: $file does not show the current table; run scripts/test-lines.sh and paste its output:" >&2
        echo "$table" >&2
        exit 1
    fi
    echo "$file shows the current test-line counts."
else
    echo "$table"
fi
