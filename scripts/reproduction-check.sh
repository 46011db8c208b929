#!/usr/bin/env bash
# The reproduction check (issue 30): the tests the contract explorer prints reproduce what it found, pasted as
# printed.
#
# 1. Runs the catalog of bugs planted in the project's own screens
#    (Examples/ConsoleLogin/Tests/LoginFeatureTests/Reproductions/PlantedBugReproductionTests.swift, from the package's .build) with
#    PUREMVVM_REPRODUCTIONS_DIR set: each of its tests explores a planted bug with a fixed seed and writes the test
#    the explorer printed (<bug>.swift) and the failures it saw ("What failed:", <bug>.failed).
# 2. Copies the package (its files as they are in the working tree, tracked or not ignored) to
#    .build-reproductions/package and pastes each printed test, as printed but renamed testPasted_<bug> so that the
#    names do not collide, into the copy of the catalog's class, below the marker comment at its end.
# 3. Builds the copy with -warnings-as-errors (in .build-reproductions/build, kept between runs: the first build
#    takes as long as the package's, a later one rebuilds the catalog's test target and links), and runs each pasted
#    test alone.
# 4. Compares, bug by bug: each pasted test must fail as the explorer's sequence did, with as many failures, in the
#    same order: for a failure of the tester's own, the same first line; for an invariant, the XCTAssertTrue failure
#    that names the same invariant. A printed test that does not compile (or warns: the project builds with
#    -warnings-as-errors), crashes, passes or fails otherwise is a mismatch, shown with both sides.
# Then the self-test, on the same build, proves that the comparison can fail: a pasted test without its last
# input (it passes), and the real runs compared with failures the explorer did not report (another first line,
# another invariant, one failure fewer) must each be found to differ.
#
# The copy and the catalog's files are deleted on every exit path (the trap below); the build folder is kept.
#
# Usage: scripts/reproduction-check.sh
# Exit status: 0 when every printed test reproduces and the self-test finds every planted difference; 1 when a
# printed test does not reproduce, the catalog fails, the build fails outside the pasted tests, or the self-test
# fails; 2 for a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."

[ $# -eq 0 ] || {
    echo "usage: $0" >&2
    exit 2
}

scratch=.build-reproductions
copy="$PWD/$scratch/package"
build="$PWD/$scratch/build"
work="$PWD/$scratch/run"
catalog_class=PlantedBugReproductionTests
catalog_file=Examples/ConsoleLogin/Tests/LoginFeatureTests/Reproductions/$catalog_class.swift
catalog_test=LoginFeatureTests.$catalog_class
# The bug whose printed test the self-test pastes again without its last input.
self_test_bug=borderWithoutReload

cleanup() {
    trap - EXIT INT TERM HUP
    rm -rf "$copy" "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

rm -rf "$copy" "$work"
mkdir -p "$work/printed" "$work/logs" "$build"
start=$SECONDS

# 1. The catalog, from the package's own build.
echo "== reproductions: the catalog of planted bugs ($catalog_test)"
swift build --build-tests >"$work/logs/catalog-build.log" 2>&1 || {
    tail -n 40 "$work/logs/catalog-build.log"
    echo "reproduction-check.sh: the package does not build" >&2
    exit 1
}
if ! PUREMVVM_REPRODUCTIONS_DIR="$work/printed" swift test --skip-build --filter "$catalog_test/" \
    >"$work/logs/catalog.log" 2>&1; then
    grep -E "error:|Test Case .* failed" "$work/logs/catalog.log" | head -n 40 || tail -n 40 "$work/logs/catalog.log"
    echo "reproduction-check.sh: the catalog did not find its planted bugs" >&2
    exit 1
fi
bugs=()
for printed in "$work/printed"/*.swift; do
    [ -e "$printed" ] || break
    bugs+=("$(basename "$printed" .swift)")
done
if [ "${#bugs[@]}" -eq 0 ]; then
    echo "reproduction-check.sh: the catalog wrote no printed test to PUREMVVM_REPRODUCTIONS_DIR" >&2
    exit 1
fi
echo "   printed: ${bugs[*]}"

# 2. The copy, and the printed tests pasted into it. pasted.tsv lists each pasted test: its name, its kind
#    (reproduction, or a self-test's mutant) and its bug; paste.py writes the lines each one spans in lines.tsv.
echo "== reproductions: a copy of the package in $scratch/package, the printed tests pasted into it"
mkdir -p "$copy"
git ls-files -z --cached --others --exclude-standard \
    | while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done \
    | tar --null -T - -cf - | tar -xf - -C "$copy"
for bug in "${bugs[@]}"; do
    printf 'testPasted_%s\treproduction\t%s\n' "$bug" "$bug" >>"$work/pasted.tsv"
done
if [ -e "$work/printed/$self_test_bug.swift" ]; then
    printf 'testPastedWithoutItsLastInput_%s\twithout-last-input\t%s\n' "$self_test_bug" "$self_test_bug" \
        >>"$work/pasted.tsv"
fi

paste_tests() { # pastes the tests of pasted.tsv that are not in failed-to-compile.txt into the copy's catalog
    python3 - "$work" "$PWD/$catalog_file" "$copy/$catalog_file" <<'PY'
import pathlib, re, sys
work, original, target = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
marker = "// scripts/reproduction-check.sh pastes the printed tests below this line, in a copy of this file."
lines = original.read_text().split("\n")
at = [index for index, line in enumerate(lines) if line.strip() == marker]
if len(at) != 1:
    sys.exit(f"reproduction-check.sh: {original} must hold the marker comment once: {marker}")
failed = work / "failed-to-compile.txt"
excluded = set(failed.read_text().split()) if failed.exists() else set()
pasted, spans = [], []
for row in (work / "pasted.tsv").read_text().splitlines():
    name, kind, bug = row.split("\t")
    if name in excluded:
        continue
    printed = (work / "printed" / f"{bug}.swift").read_text().rstrip("\n").split("\n")
    header = re.compile(r"^(\s*)func testExploredSequenceSeed\d+\(\)")
    if not any(header.match(line) for line in printed):
        # Printed as a function that takes a tester (or in an unknown shape): nothing runs it as printed.
        (work / f"{name}.unrunnable").write_text("\n".join(printed[:3]) + "\n")
        continue
    printed = [header.sub(lambda match: f"{match.group(1)}func {name}()", line, count=1) for line in printed]
    if kind == "without-last-input":
        # The self-test's mutant: everything from the last input sent to the closing brace left out.
        last = max(index for index, line in enumerate(printed) if line.strip().startswith("tester.send("))
        printed = printed[:last] + printed[-1:]
    first = at[0] + 2 + len(pasted)  # 1-based, after the marker and the blank line before each test
    pasted += [""] + printed
    spans.append(f"{name}\t{first + 1}\t{first + len(printed)}")
lines[at[0] + 1 : at[0] + 1] = pasted
target.write_text("\n".join(lines))
(work / "lines.tsv").write_text("".join(span + "\n" for span in spans))
PY
}

# 3. The build. A printed test that does not compile (an error or a warning in its lines) is noted and left out,
#    and the copy is built again without it; an error anywhere else ends the check.
build_log="$work/logs/copy-build.log"
while true; do
    paste_tests
    echo "== reproductions: building the copy (in $scratch/build)"
    if swift build --build-tests --package-path "$copy" --scratch-path "$build" -Xswiftc -warnings-as-errors \
        >"$build_log" 2>&1; then
        break
    fi
    newly_failed=$(python3 - "$work" "$catalog_file" "$build_log" <<'PY'
import pathlib, re, sys
work, catalog, log = pathlib.Path(sys.argv[1]), sys.argv[2], pathlib.Path(sys.argv[3])
spans = [row.split("\t") for row in (work / "lines.tsv").read_text().splitlines()]
for line in log.read_text(errors="replace").splitlines():
    match = re.match(r"^(\S+?):(\d+):\d+: (error|warning): (.*)$", line)
    if not match or not match.group(1).endswith(catalog):
        continue
    for name, first, last in spans:
        if int(first) <= int(match.group(2)) <= int(last):
            found = (f"line {int(match.group(2)) - int(first) + 1} of the printed test: {match.group(3)}: "
                     f"{match.group(4)}\n")
            path = work / f"{name}.compile"
            # The compiler repeats a diagnostic for each job that reads the file: each is kept once.
            if found not in (path.read_text() if path.exists() else ""):
                with open(path, "a") as out:
                    out.write(found)
            print(name)
PY
    )
    if [ -z "$newly_failed" ]; then
        grep -E "error:|warning:" "$build_log" | head -n 40 || tail -n 40 "$build_log"
        echo "reproduction-check.sh: the copy does not build, and not because of a pasted test" >&2
        exit 1
    fi
    sort -u <<<"$newly_failed" >>"$work/failed-to-compile.txt"
done

# 4. Each pasted test alone (a crash ends only its own run), then the comparison and the self-test.
while IFS=$'\t' read -r name _ _; do
    [ -e "$work/$name.compile" ] || [ -e "$work/$name.unrunnable" ] && continue
    timeout 600 swift test --skip-build --package-path "$copy" --scratch-path "$build" \
        --filter "$catalog_test/$name\$" >"$work/logs/$name.log" 2>&1 || true
done <"$work/pasted.tsv"

status=0
python3 - "$work" "$catalog_class" <<'PY' || status=$?
import pathlib, re, sys
work, catalog_class = pathlib.Path(sys.argv[1]), sys.argv[2]

def expected(bug):
    """The explorer's failures, from its "What failed:" block: each ends with its "To fix:" line."""
    failures, current = [], []
    for line in (work / "printed" / f"{bug}.failed").read_text().rstrip("\n").split("\n"):
        current.append(line[2:] if line.startswith("  ") else line)
        if current[-1].startswith("To fix:"):
            failures.append(current)
            current = []
    if current:
        failures.append(current)
    keys = []
    for failure in failures:
        invariant = re.match(r'^After .*?, the invariant "(.*)" does not hold: ', failure[0])
        keys.append(("invariant", invariant.group(1)) if invariant else ("message", failure[0]))
    return keys

def actual(name):
    """What the pasted test did: its failures in order, or why it has none to compare."""
    if (work / f"{name}.unrunnable").exists():
        return "not runnable as printed (no test method):\n" + (work / f"{name}.unrunnable").read_text(), []
    if (work / f"{name}.compile").exists():
        return "does not compile as printed:\n" + (work / f"{name}.compile").read_text(), []
    log = (work / "logs" / f"{name}.log").read_text(errors="replace")
    keys = []
    for line in log.splitlines():
        match = re.match(rf"^.*?:\d+: error: {catalog_class}\.{name} : (.*)$", line)
        if not match:
            continue
        text = match.group(1)
        invariant = re.match(r"^XCTAssertTrue failed - (.*)$", text)
        other = re.match(r"^failed - (.*)$", text)
        keys.append(("invariant", invariant.group(1)) if invariant
                    else ("message", other.group(1)) if other else ("other", text))
    if not re.search(rf"Test Case '{catalog_class}\.{name}' (passed|failed)", log):
        tail = "\n".join(log.splitlines()[-15:])
        return f"did not finish (a crash?); the end of its output:\n{tail}", keys
    return None, keys

def describe(keys):
    if not keys:
        return "    no failure"
    words = {"invariant": "the invariant", "message": "failed -", "other": "other:"}
    return "\n".join(f"    {words[kind]} {text}" for kind, text in keys)

def verdict(label, want, got, problem):
    """Prints the comparison; returns whether the pasted test failed as the explorer's sequence did."""
    if problem is None and got == want:
        noun = "failure" if len(want) == 1 else "failures"
        print(f"{label}: reproduces ({len(want)} {noun}, as the explorer saw)")
        return True
    print(f"{label}: DOES NOT REPRODUCE")
    if problem:
        print("  " + problem.rstrip("\n").replace("\n", "\n  "))
    print(f"  the explorer saw:\n{describe(want)}")
    print(f"  the pasted test{'' if problem else ' ran'}:\n{describe(got)}")
    return False

rows = [row.split("\t") for row in (work / "pasted.tsv").read_text().splitlines()]
print("== reproductions: each printed test, pasted as printed")
results, mismatches = {}, 0
for name, kind, bug in rows:
    if kind != "reproduction":
        continue
    problem, got = actual(name)
    results[bug] = (problem, got)
    if not verdict(bug, expected(bug), got, problem):
        mismatches += 1

print("== reproductions: self-test (each of these must be found to differ)")
planted = []
for name, kind, bug in rows:
    if kind == "without-last-input":
        problem, got = actual(name)
        planted.append((f"{bug} pasted without its last input", expected(bug), got, problem))

def altered(keys, kind):
    """The first failure of a kind, made into one the explorer did not report."""
    for index, (key_kind, text) in enumerate(keys):
        if key_kind == kind:
            return keys[:index] + [(kind, text + " (planted difference)")] + keys[index + 1 :]
    return None

for kind, label in (("message", "another first line"), ("invariant", "another invariant")):
    bug = next((bug for bug, (problem, got) in results.items()
                if problem is None and altered(expected(bug), kind)), None)
    if bug:
        planted.append((f"{bug} compared with {label}", altered(expected(bug), kind), *results[bug][::-1]))
    else:
        planted.append((f"compared with {label}", None, None, None))
bug = next((bug for bug, (problem, got) in results.items() if problem is None and expected(bug)), None)
if bug:
    planted.append((f"{bug} compared with one failure more", expected(bug) + expected(bug)[-1:], *results[bug][::-1]))
else:
    planted.append(("compared with one failure more", None, None, None))
self_test_failed = 0
for label, want, got, problem in planted:
    if want is None:
        print(f"{label}: SELF-TEST FAILED: no reproduced bug of the catalog has such a failure to alter")
        self_test_failed += 1
    elif verdict(label, want, got, problem):
        print("  SELF-TEST FAILED: the comparison did not find the planted difference")
        self_test_failed += 1
    else:
        print("  (found to differ, as it must)")

print(f"== reproductions: {len(results) - mismatches} of {len(results)} printed tests reproduce; "
      f"self-test {'passed' if self_test_failed == 0 else 'FAILED'}")
sys.exit(1 if mismatches or self_test_failed else 0)
PY
echo "   $((SECONDS - start)) s"
exit "$status"
