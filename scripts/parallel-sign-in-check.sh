#!/usr/bin/env bash
# Issue 31, point 2, in its heavy form: many sign-ins of one name at once, each its own `login` process, against an
# account whose hash has yescrypt's full cost and with the real failure delays, check at most --deny wrong
# passwords; every other sign-in is refused as locked without a check. (LoginEndToEndTests does the same in a fast
# form: 12 processes, the lowest cost, no delays.) CI runs it after `swift test`.
#
#   scripts/parallel-sign-in-check.sh [LOGIN-BINARY] [ROUNDS] [PROCESSES]   default: .build/debug/login, 5, 24
#
# Each round starts from no tally, starts every process before any is given its password (each waits on its own
# named pipe), then gives all of them their passwords at once, so all of them reach the tally together. It writes
# only in a temporary folder of its own, removed on every exit.
set -euo pipefail
cd "$(dirname "$0")/.."
login="${1:-.build/debug/login}"
rounds="${2:-5}"
processes="${3:-24}"
deny=3
[ -x "$login" ] || { echo "parallel-sign-in-check.sh: no $login; build it with: swift build --product login" >&2; exit 2; }

folder="$(mktemp -d)"
trap 'rm -rf "$folder"' EXIT
chmod 700 "$folder"
file="$folder/team.accounts"
printf 'the right password\n' | "$login" add-user --accounts "$file" --password-stdin team.lead >/dev/null
grep -q '^team.lead:\$y\$' "$file" || { echo "parallel-sign-in-check.sh: no yescrypt entry was written" >&2; exit 1; }

failed=0
for round in $(seq 1 "$rounds"); do
    rm -f "$file.faillock"
    pids=()
    for number in $(seq 1 "$processes"); do
        mkfifo "$folder/in.$number"
        LANG=C "$login" --accounts "$file" --deny "$deny" --username team.lead --password-stdin \
            <"$folder/in.$number" >"$folder/out.$number" 2>"$folder/err.$number" &
        pids+=("$!")
    done
    for number in $(seq 1 "$processes"); do
        printf 'wrong password %s\n' "$number" >"$folder/in.$number" &
    done
    for pid in "${pids[@]}"; do wait "$pid" || true; done
    wait  # the writers of the pipes
    wrong=$(cat "$folder"/out.* | grep -c 'Wrong username or password' || true)
    locked=$(cat "$folder"/out.* | grep -c 'Too many failed sign-ins for this name' || true)
    errors=$(cat "$folder"/err.*)
    count=$(sed -n 's/^team\.lead:\([0-9]*\):.*/\1/p' "$file.faillock" 2>/dev/null || true)
    echo "round $round: $processes sign-ins at once with --deny $deny: $wrong passwords checked, $locked refused as locked, tally $count"
    if [ "$wrong" -gt "$deny" ] || [ $((wrong + locked)) -ne "$processes" ] || [ "$count" != "$deny" ] || [ -n "$errors" ]; then
        echo "parallel-sign-in-check.sh: round $round broke the bound (at most $deny checked, the rest locked, tally $deny)${errors:+; standard error: $errors}" >&2
        failed=1
    fi
    rm -f "$folder"/in.* "$folder"/out.* "$folder"/err.*
done
exit "$failed"
