#!/usr/bin/env bash
# Issue 21, point 2: can a name be told from another by time? Signs in as a script with a wrong password, 10 times
# per case, against an account file that mixes methods and costs, and prints the medians of wall and CPU time.
#
#   scripts/sign-in-timing.sh [LOGIN-BINARY] [RUNS]    default: .build/release/login (swift build -c release), 10
#
# The cases take turns, one run of each at a time, so a change of the machine's load meets every case alike.
# The file's first entry is the cheapest (yescrypt at the lowest cost, the demo account's hash): a login that checks
# an unknown name against the first entry's hash answers an unknown name faster than a known one. CPU time is user +
# system of the child (its rusage, in microseconds); wall time includes the real one-second failure delay. A binary that has the failure tally
# runs with --deny 1000, so every run writes it, as a real failure does, and no name gets locked meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."
login="${1:-.build/release/login}"
runs="${2:-10}"
[ -x "$login" ] || { echo "sign-in-timing.sh: no $login; build it with: swift build -c release --product login" >&2; exit 2; }
command -v python3 >/dev/null || { echo "sign-in-timing.sh: needs python3 (for the children's CPU time)" >&2; exit 2; }

folder="$(mktemp -d)"
trap 'rm -rf "$folder"' EXIT
chmod 700 "$folder"
file="$folder/mixed.accounts"
# The demo account's hash (its password is public): yescrypt at the lowest cost, $y$j75.
echo 'cheap.user:$y$j75$2XOl0IWqT45hVR8GIGi57.$DWwCV2V4O1nNkkv0jxI9vi3mkhZ5msLj.7TtOCEb0k6' >"$file"
chmod 600 "$file"
for entry in sha.user:sha512crypt bcrypt.user:bcrypt yes.user:yescrypt; do
    printf 'correct horse battery staple\n' |
        "$login" add-user --accounts "$file" --password-stdin --method "${entry#*:}" "${entry%%:*}" >/dev/null
done
extra=()
cases=(nobody.here cheap.user sha.user bcrypt.user yes.user)
if "$login" --help | grep -q -- '--deny'; then
    extra=(--deny 1000)
    echo 'locked.user:*' >>"$file"
    cases+=(locked.user)
fi

# Each run's wall time and CPU time (user + system, from the child's rusage, in microseconds), medians printed.
python3 - "$login" "$file" "$runs" "${extra[@]}" -- "${cases[@]}" <<'PYTHON'
import os, resource, statistics, subprocess, sys, time
arguments = sys.argv[1:]
login, file, runs = arguments[0], arguments[1], int(arguments[2])
split = arguments.index("--")
extra, cases = arguments[3:split], arguments[split + 1:]
what = {
    "nobody.here": "unknown name", "cheap.user": "yescrypt, lowest cost (the first entry)",
    "sha.user": "sha512crypt, 5,000 rounds", "bcrypt.user": "bcrypt, cost 12", "yes.user": "yescrypt, default cost",
    "locked.user": "locked entry (`*`)",
}
walls = {name: [] for name in cases}
cpus = {name: [] for name in cases}
for _ in range(runs):
    for name in cases:  # one of each case in turn, so a change of load meets every case alike
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        subprocess.run([login, "--accounts", file, *extra, "--username", name, "--password-stdin"],
                       input=b"wrong-password\n", stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        walls[name].append((time.monotonic() - start) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus[name].append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
rows = [(name, statistics.median(walls[name]), statistics.median(cpus[name])) for name in cases]
base_wall, base_cpu = rows[0][1], rows[0][2]
print(f"| name | what it is | wall, median of {runs} | CPU, median of {runs} | against the unknown name |")
print("| --- | --- | ---: | ---: | ---: |")
for name, wall, cpu in rows:
    print(f"| `{name}` | {what.get(name, name)} | {wall:,.1f} ms | {cpu:,.1f} ms | "
          f"{(wall / base_wall - 1) * 100:+.1f}% wall, {(cpu / base_cpu - 1) * 100:+.1f}% CPU |")
PYTHON
