#!/usr/bin/env bash
# Checks that the public API of the PureMVVM and PureMVVMTesting libraries has no breaking change against the
# recorded baseline, with `swift package diagnose-api-breaking-changes`. Additions are not breaks.
#
# The baseline is API/baseline/COMMIT/MODULE.json: the API digests the tool wrote for COMMIT, a commit of main.
# The tool finds a baseline by the commit's full hash, so it needs COMMIT in the clone's history (a plain
# `git clone` has it; a shallow clone needs `git fetch --unshallow`), but with the digests recorded here it never
# checks COMMIT out or builds it: it builds the current package (in .build, incremental after `swift build`) and
# compares, offline, in a few seconds.
#
# A deliberate break: list it in CHANGELOG.md under "Unreleased" (Changed or Removed, with what a user must
# change), and put the tool's message, one per line and without the mark before it (`API breakage: func
# structuralDiff(expected:actual:) has been removed`), in API/allowed-breaks.txt, in the same commit. When that
# commit is on main, record the baseline again at it (below) and delete the allow-list.
#
# Usage: scripts/api-check.sh                 compare the package with the baseline
#        scripts/api-check.sh --record COMMIT replace the baseline with COMMIT's API (a commit of main; this
#                                             checks it out into .build and builds it: minutes)
set -euo pipefail
cd "$(dirname "$0")/.."

products=(PureMVVM PureMVVMTesting)
baselines=API/baseline
allowed=API/allowed-breaks.txt

if [ "${1:-}" = "--record" ]; then
    commit=$(git rev-parse --verify "${2:?usage: $0 --record COMMIT}^{commit}")
    rm -rf "$baselines"
    mkdir -p "$baselines"
    swift package diagnose-api-breaking-changes "$commit" --products "${products[@]}" \
        --baseline-dir "$baselines" --regenerate-baseline || true  # the comparison's result is not the point here
    for product in "${products[@]}"; do
        [ -s "$baselines/$commit/$product.json" ] || {
            echo "api-check.sh: no baseline was written for $product at $commit" >&2
            exit 1
        }
        # The digest ends with the tool's command line; its paths are this checkout's, so they are made relative.
        python3 - "$baselines/$commit/$product.json" "$PWD/" <<'PYTHON'
import sys
path, root = sys.argv[1:]
text = open(path).read().replace(root.replace("/", "\\/"), "")
open(path, "w").write(text)
PYTHON
    done
    echo "api-check.sh: the baseline is now $commit ($baselines/$commit)"
    exit 0
fi
[ $# -eq 0 ] || {
    echo "usage: $0 [--record COMMIT]" >&2
    exit 2
}

folders=("$baselines"/*/)
if [ "${#folders[@]}" -ne 1 ] || [ ! -d "${folders[0]}" ]; then
    echo "api-check.sh: $baselines must hold exactly one commit's folder (scripts/api-check.sh --record COMMIT)" >&2
    exit 1
fi
commit=$(basename "${folders[0]}")
for product in "${products[@]}"; do
    [ -s "$baselines/$commit/$product.json" ] || {
        echo "api-check.sh: $baselines/$commit/$product.json is missing; record the baseline again" >&2
        exit 1
    }
done
git cat-file -e "$commit^{commit}" 2>/dev/null || {
    echo "api-check.sh: the baseline's commit $commit is not in this clone's history; in a shallow clone, run" \
        "git fetch --unshallow (the tool finds the baseline by the commit's hash, and checks nothing out)" >&2
    exit 1
}

allowlist=()
if grep -q . "$allowed" 2>/dev/null; then allowlist=(--breakage-allowlist-path "$allowed"); fi
echo "== the public API of ${products[*]} against $commit"
output=$(swift package diagnose-api-breaking-changes "$commit" --products "${products[@]}" \
    --baseline-dir "$baselines" "${allowlist[@]}" 2>&1) && status=0 || status=$?
grep -vE '^\[[0-9]+/[0-9]+\]|^Building for|^Build complete|^Write ' <<<"$output" || true
if [ "$status" -ne 0 ]; then
    echo "api-check.sh: a breaking change to the public API (above). If it is deliberate, list it in CHANGELOG.md" \
        "and its message in $allowed (CONTRIBUTING.md, \"Changing public API\")." >&2
    exit 1
fi
