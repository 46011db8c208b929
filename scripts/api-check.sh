#!/usr/bin/env bash
# Checks that the public API of the PureMVVM and PureMVVMTesting libraries has no breaking change against the
# recorded baseline, with `swift package diagnose-api-breaking-changes`, and that no library product of the
# package is gone. Additions are not breaks.
#
# The baseline is API/baseline/COMMIT/MODULE.json: the API digests the tool wrote for COMMIT, a commit of main;
# and API/baseline/COMMIT/library-products.txt, the names of the package's library products then, one a line.
# The tool finds a baseline by the commit's full hash, so it needs COMMIT in the clone's history (a plain
# `git clone` has it; a shallow clone needs `git fetch --unshallow`), but with the digests recorded here it never
# checks COMMIT out or builds it: it builds the current package (in .build, incremental after `swift build`) and
# compares, offline, in a few seconds.
#
# A deliberate break: list it in CHANGELOG.md under "Unreleased" (Changed or Removed, with what a user must
# change), and put the tool's message, one per line and without the mark before it (`API breakage: func
# structuralDiff(expected:actual:) has been removed`; for a product, `API breakage: library product NAME has been
# removed`), in API/allowed-breaks.txt, in the same commit. When that
# commit is on main, record the baseline again at it (below) and delete the allow-list.
#
# Usage: scripts/api-check.sh                 compare the package with the baseline
#        scripts/api-check.sh --record COMMIT replace the baseline with COMMIT's API (a commit of main; this
#                                             checks it out into .build and builds it: minutes)
set -euo pipefail
cd "$(dirname "$0")/.."

products=(PureMVVM PureMVVMTesting)

# The package's library products, sorted, one a line.
library_products() {
    swift package dump-package | python3 -c 'import json, sys
for name in sorted(p["name"] for p in json.load(sys.stdin)["products"] if "library" in p["type"]): print(name)'
}
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
    git show "$commit:Package.swift" >/dev/null  # the manifest below is the current one: record a commit of main
    library_products >"$baselines/$commit/library-products.txt"
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
    # The tool's own allow-list misses some messages (those with two spaces, as a generic signature change from
    # none); a break it reports that the allow-list names, word for word, is allowed here.
    reported=$(grep -oE 'API breakage: .*' <<<"$output" || true)
    unlisted=$(grep -vxF -f "$allowed" <<<"$reported" || true)
    if [ -n "$reported" ] && [ -z "$unlisted" ] && ! grep -qiE '(^|[^a-z])error:' <<<"$output"; then
        echo "   every break reported is listed in $allowed"
        status=0
    fi
fi
if [ "$status" -ne 0 ]; then
    echo "api-check.sh: a breaking change to the public API (above). If it is deliberate, list it in CHANGELOG.md" \
        "and its message in $allowed (CONTRIBUTING.md, \"Changing public API\")." >&2
    exit 1
fi

# The library products: each of the baseline's must still be there, unless its removal is allowed.
[ -s "$baselines/$commit/library-products.txt" ] || {
    echo "api-check.sh: $baselines/$commit/library-products.txt is missing; record the baseline again" >&2
    exit 1
}
current=$(library_products)
removed=0
while IFS= read -r product; do
    [ -n "$product" ] || continue
    grep -qxF "$product" <<<"$current" && continue
    message="API breakage: library product $product has been removed"
    if grep -qxF "$message" "$allowed" 2>/dev/null; then
        echo "   allowed: $message"
    else
        echo "api-check.sh: $message (list it in CHANGELOG.md and $allowed if it is deliberate)" >&2
        removed=$((removed + 1))
    fi
done <"$baselines/$commit/library-products.txt"
[ "$removed" -eq 0 ] || exit 1
echo "== library products: $(tr '\n' ' ' <<<"$current")(none of the baseline's removed but as allowed)"
