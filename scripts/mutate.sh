#!/usr/bin/env bash
# Mutation testing with the project's own catalog of mutants (scripts/mutants.catalog): each mutant is a small
# change to one source file (a boundary moved, a check negated, a call dropped, a message changed). For each, the
# script changes a scratch copy of the package (.build-mutate/src; the working tree is never touched, Ctrl-C
# included), builds it incrementally (.build-mutate/build), and runs the tests: first the mutated module's own test
# target, then, only if every test there passed, the whole suite. A mutant is
#   killed    a test failed (or the test process crashed); the results say which test, or that only the test
#             watchdog (PureMVVMTesting's TestWatchdog) ended the run: then some wait has no bound;
#   survived  every test passed: a gap in the tests, or an equivalent mutant (marked so in the catalog, with why);
#   hung      a test run passed MUTATE_TEST_LIMIT: the suite itself hung;
#   invalid   it did not compile (fix the catalog entry).
# The score of a module is killed / (mutants - equivalent - invalid). Results go to .build-mutate/results.tsv, the
# table to .build-mutate/report.txt, each run's log to .build-mutate/logs/; the exit status is 1 if any mutant
# survived unmarked, hung or was invalid.
#
#   scripts/mutate.sh                        every mutant
#   scripts/mutate.sh --module ConsoleView   the mutants of one module (as the catalog names it; repeatable)
#   scripts/mutate.sh --only ID [ID...]      the named mutants
#   scripts/mutate.sh --full ...             the whole suite for each mutant, with no fast path: what every test
#                                            does with it (slower)
#   scripts/mutate.sh --check                only checks the catalog: every snippet found exactly once
#   scripts/mutate.sh --list                 lists the mutants and their modules
#
# Environment: MUTATE_TEST_LIMIT, seconds one test run may take (600); MUTATE_WATCHDOG, the test watchdog's limit in
# these runs (30 s, see PUREMVVM_WATCHDOG_SECONDS); MUTATE_CATALOG, another catalog file.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
catalog=${MUTATE_CATALOG:-scripts/mutants.catalog}
test_limit=${MUTATE_TEST_LIMIT:-600}
work=$root/.build-mutate
src=$work/src
build=$work/build
logs=$work/logs

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }

mode=run
full=0
modules=()
only=()
while (($#)); do
    case "$1" in
    --check) mode=check ;;
    --list) mode=list ;;
    --full) full=1 ;;
    --module) shift; modules+=("${1:?--module needs a module name}") ;;
    --only) shift; while (($#)) && [[ $1 != --* ]]; do only+=("$1"); shift; done; continue ;;
    -h | --help) usage; exit 0 ;;
    *) echo "mutate.sh: unknown argument $1" >&2; usage >&2; exit 2 ;;
    esac
    shift
done

# MARK: The catalog

# One mutant per block of `key: value` lines (keys: mutant, module, file, original, mutated, equivalent, tests),
# blocks apart by a blank line; `#` starts a comment line. A value is the text after ": ", kept exactly (an empty
# `mutated:` deletes the original); `original+:` and `mutated+:` add a line to the value before them. `tests:`
# names the test targets the fast path runs first, when they are not the module's own (its part before "/" and
# "Tests").
ids=() mods=() files=() originals=() mutateds=() equivalents=() targets=()
parse_error() { echo "$catalog:$1: $2" >&2; exit 2; }
flush() {
    [[ -z ${id-} ]] && return 0
    [[ -n ${module-} && -n ${file-} && -n ${original-} && ${has_mutated-} == 1 ]] ||
        parse_error "$start" "mutant $id needs module, file, original and mutated"
    for known in "${ids[@]}"; do [[ $known != "$id" ]] || parse_error "$start" "mutant $id is named twice"; done
    ids+=("$id") mods+=("$module") files+=("$file") originals+=("$original") mutateds+=("$mutated")
    equivalents+=("${equivalent-}") targets+=("${tests-}")
    unset id module file original mutated equivalent tests has_mutated
}
number=0
while IFS= read -r line || [[ -n $line ]]; do
    number=$((number + 1))
    [[ $line == \#* ]] && continue
    if [[ -z ${line//[[:space:]]/} ]]; then flush; continue; fi
    [[ $line =~ ^([a-z]+\+?):\ ?(.*)$ ]] || parse_error "$number" "not a 'key: value' line: $line"
    key=${BASH_REMATCH[1]} value=${BASH_REMATCH[2]}
    case "$key" in
    original+) [[ -n ${original-} ]] || parse_error "$number" "original+ before original"; original+=$'\n'$value ;;
    mutated+) [[ ${has_mutated-} == 1 ]] || parse_error "$number" "mutated+ before mutated"; mutated+=$'\n'$value ;;
    mutant) flush; id=$value start=$number ;;
    module) module=$value ;;
    file) file=$value ;;
    original) original=$value ;;
    mutated) mutated=$value has_mutated=1 ;;
    equivalent) equivalent=$value ;;
    tests) tests=$value ;;
    *) parse_error "$number" "unknown key $key" ;;
    esac
    [[ -n ${id-} ]] || parse_error "$number" "a mutant starts with 'mutant: NAME'"
done <"$catalog"
flush

selected=()
for i in "${!ids[@]}"; do
    if ((${#only[@]})); then
        for name in "${only[@]}"; do [[ $name == "${ids[$i]}" ]] && selected+=("$i"); done
    elif ((${#modules[@]})); then
        for name in "${modules[@]}"; do [[ $name == "${mods[$i]}" ]] && selected+=("$i"); done
    else
        selected+=("$i")
    fi
done
if ((${#only[@]})) && ((${#selected[@]} != ${#only[@]})); then
    echo "mutate.sh: some of ${only[*]} are not in $catalog" >&2
    exit 2
fi

# The mutated text of a file on standard output, or an error when the original is not there exactly once.
mutate() { # file original mutated
    ORIGINAL=$2 MUTATED=$3 perl -0777 -ne '
        my ($o, $m) = ($ENV{ORIGINAL}, $ENV{MUTATED});
        my $n = () = /\Q$o\E/g;
        if ($n != 1) { print STDERR "found $n times\n"; exit 3 }
        s/\Q$o\E/$m/;
        print;' "$1"
}

# The test target of a module: PureMVVM/contract -> PureMVVMTests, login -> LoginTests.
test_target() {
    local name=${1%%/*}
    echo "${name^}Tests"
}

# The fast path's filter for a mutant: its `tests:` targets, or its module's own.
fast_filter() { # index
    local names=${targets[$1]:-$(test_target "${mods[$1]}")}
    echo "^(${names// /|})\\."
}

if [[ $mode == list ]]; then
    for i in "${selected[@]}"; do printf '%-22s %s%s\n' "${mods[$i]}" "${ids[$i]}" "${equivalents[$i]:+ (equivalent)}"; done
    echo "${#selected[@]} mutants"
    exit 0
fi

problems=0
for i in "${selected[@]}"; do
    if [[ ! -f ${files[$i]} ]]; then
        echo "${ids[$i]}: no file ${files[$i]}" >&2
        problems=$((problems + 1))
    elif ! reason=$(mutate "${files[$i]}" "${originals[$i]}" "${mutateds[$i]}" 2>&1 >/dev/null); then
        echo "${ids[$i]}: ${files[$i]}: the original ${originals[$i]@Q} is ${reason:-not usable}" >&2
        problems=$((problems + 1))
    elif [[ ${originals[$i]} == "${mutateds[$i]}" ]]; then
        echo "${ids[$i]}: the mutated text is the original" >&2
        problems=$((problems + 1))
    fi
done
if ((problems)); then
    echo "mutate.sh: $problems catalog entries do not match the sources; fix them (the snippet must be unique)." >&2
    exit 2
fi
if [[ $mode == check ]]; then
    echo "mutate.sh: ${#selected[@]} mutants, each snippet found once."
    exit 0
fi

# MARK: Running

# The scratch copy: the working tree's files (tracked and untracked, not ignored), copied only where they differ,
# so the incremental build keeps what has not changed.
sync_scratch() {
    mkdir -p "$src"
    local list=$work/files.txt
    git ls-files -co --exclude-standard >"$list"
    while IFS= read -r path; do
        [[ -f $path ]] || continue
        if ! cmp -s "$path" "$src/$path"; then
            mkdir -p "$src/$(dirname "$path")"
            cp -p "$path" "$src/$path"
        fi
    done <"$list"
    (cd "$src" && find . -type f -not -path './.build*' | sed 's|^\./||') | sort >"$work/scratch.txt"
    sort "$list" | comm -13 - "$work/scratch.txt" | while IFS= read -r stale; do rm -f "$src/$stale"; done
}

# The file being mutated, and its text before the mutant.
current=""
pristine=$work/pristine
restore() {
    if [[ -n $current ]]; then
        cp "$pristine" "$src/$current"
        current=""
    fi
}
interrupted() {
    trap - INT TERM
    restore
    echo
    echo "mutate.sh: interrupted; the working tree was never changed. Results so far in $work/results.tsv." >&2
    exit 130
}
trap interrupted INT TERM

export SWIFT_BACKTRACE=enable=no
export PUREMVVM_WATCHDOG_SECONDS=${MUTATE_WATCHDOG:-30}
mkdir -p "$logs"
began=$SECONDS
echo "== syncing the scratch copy and building it as it is"
sync_scratch
if ! swift build --build-tests --package-path "$src" --scratch-path "$build" >"$logs/baseline-build.log" 2>&1; then
    echo "mutate.sh: the package does not build as it is; see $logs/baseline-build.log" >&2
    exit 1
fi
# The tests each mutant will run must pass without one: the mutants' own test targets, or the whole suite.
if ((full)); then
    filters=(.)
else
    mapfile -t filters < <(for i in "${selected[@]}"; do fast_filter "$i"; done | sort -u)
fi
for filter in "${filters[@]}"; do
    name=${filter//[^A-Za-z]/}
    if ! timeout -k 10 "$test_limit" swift test --skip-build --package-path "$src" --scratch-path "$build" \
        --filter "$filter" >"$logs/baseline-${name:-all}.log" 2>&1; then
        echo "mutate.sh: tests matching $filter fail without any mutant; see $logs/baseline-${name:-all}.log" >&2
        exit 1
    fi
done
echo "== baseline built and passing in $((SECONDS - began)) s"

# Runs one test run; prints killed, survived or hung, and for a killed mutant what killed it: the first test that
# failed, the test running when the process crashed, or the watchdog.
run_tests() { # log [filter]
    local log=$1 status=0
    shift
    timeout -k 10 "$test_limit" swift test --skip-build --package-path "$src" --scratch-path "$build" \
        ${1:+--filter "$1"} >"$log" 2>&1 || status=$?
    if ((status == 124 || status == 137)); then
        echo hung
    elif ((status == 0)); then
        echo survived
    elif grep -q "^PureMVVMTesting's watchdog:" "$log"; then
        echo "killed	watchdog: $(grep -m1 -A1 "^PureMVVMTesting's watchdog:" "$log" | tail -1 | sed 's/^ *//')"
    elif failed=$(grep -m1 -oE "Test Case '[^']+' failed|✘ Test [^ ]+ recorded an issue" "$log"); then
        echo "killed	$(sed -E "s/^Test Case '([^']+)' failed$/\1/; s/^✘ Test ([^ ]+) .*/\1/" <<<"$failed")"
    else
        echo "killed	crash in $(grep -oE "Test Case '[^']+' started" "$log" | tail -1 | sed -E "s/^Test Case '([^']+)'.*/\1/")"
    fi
}

results=$work/results.tsv
printf 'mutant\tmodule\tresult\tstage\tseconds\tequivalent\tkilled by\n' >"$results"
count=0
# Mutants in catalog order; the catalog keeps a file's mutants together, so each build recompiles one module.
for i in "${selected[@]}"; do
    count=$((count + 1))
    id=${ids[$i]} module=${mods[$i]} file=${files[$i]}
    started=$SECONDS
    restore
    cp "$src/$file" "$pristine"
    current=$file
    mutate "$pristine" "${originals[$i]}" "${mutateds[$i]}" >"$src/$file"
    stage=build
    if ! timeout -k 10 1800 swift build --build-tests --package-path "$src" --scratch-path "$build" \
        >"$logs/$id.build.log" 2>&1; then
        result=invalid
    else
        stage=fast
        result=survived
        ((full)) || result=$(run_tests "$logs/$id.fast.log" "$(fast_filter "$i")")
        if [[ $result == survived ]]; then
            stage=full
            result=$(run_tests "$logs/$id.full.log")
        fi
    fi
    by=""
    [[ $result == *$'\t'* ]] && by=${result#*$'\t'} result=${result%%$'\t'*}
    seconds=$((SECONDS - started))
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$module" "$result" "$stage" "$seconds" "${equivalents[$i]:+yes}" \
        "$by" >>"$results"
    note=""
    [[ -n $by ]] && note=" by $by"
    [[ -n ${equivalents[$i]} ]] && note+=" (marked equivalent: ${equivalents[$i]})"
    printf '[%d/%d] %-20s %-44s %s (%s, %d s)%s\n' "$count" "${#selected[@]}" "$module" "$id" "$result" "$stage" \
        "$seconds" "$note"
done
restore

# MARK: The report

report=$work/report.txt
{
    printf '%-22s %8s %7s %9s %5s %11s %8s %7s %9s\n' module mutants killed survived hung equivalent invalid score watchdog
    awk -F'\t' 'NR > 1 {
        modules[$2] = 1; total[$2]++
        if ($6 == "yes" && $3 == "survived") equivalent[$2]++
        else count[$2, $3]++
        if ($7 ~ /^watchdog/) watchdog[$2]++
    }
    END {
        for (m in modules) {
            scored = total[m] - equivalent[m] - count[m, "invalid"]
            score = scored > 0 ? sprintf("%.1f%%", 100 * count[m, "killed"] / scored) : "-"
            printf "%-22s %8d %7d %9d %5d %11d %8d %7s %9d\n", m, total[m], count[m, "killed"], count[m, "survived"],
                count[m, "hung"], equivalent[m], count[m, "invalid"], score, watchdog[m]
        }
    }' "$results" | sort
    echo
    awk -F'\t' 'NR > 1 && ($3 == "survived" && $6 != "yes" || $3 == "hung" || $3 == "invalid") {
        printf "%s: %s %s\n", $3, $2, $1 }' "$results"
    awk -F'\t' 'NR > 1 && $6 == "yes" && $3 == "killed" { printf "marked equivalent but killed: %s\n", $1 }' "$results"
    awk -F'\t' 'NR > 1 && $7 ~ /^watchdog/ { printf "killed only by the watchdog (a wait without a bound): %s\n", $1 }' \
        "$results"
    echo "$count mutants in $((SECONDS - began)) s ($(date -u +%Y-%m-%dT%H:%MZ), $(git rev-parse --short HEAD)$(
        git diff --quiet HEAD || echo ' with uncommitted changes'))"
} | tee "$report"
if grep -qE '^(survived|hung|invalid):' "$report"; then exit 1; fi
