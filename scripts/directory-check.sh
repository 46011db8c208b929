#!/usr/bin/env bash
# Issue 33: `login --pam` against a real directory, end to end. OpenLDAP's slapd (with the ppolicy overlay) on a
# free loopback port, started from a private folder with Fixtures/directory/directory.ldif; nss-pam-ldapd's nslcd
# in the foreground on two "machines"; `login` through pam_wrapper with the service etc/pam.d/puremvvm-login-ldap;
# then the cases of scripts/directory-cases.py, at a pseudo-terminal as a user types and with --password-stdin.
#
#   scripts/directory-check.sh                        the cases (about a minute after the build)
#   scripts/directory-check.sh --bench                the cases, then the benchmark's directory row, measured
#   scripts/directory-check.sh --bench-quick          the cases, then that row's quick check (what CI runs)
#
# Needs root (or sudo without a password): it installs what is missing (apt-get: slapd ldap-utils nslcd
# libpam-ldapd libnss-ldapd; pip: pexpect) and starts daemons. When CI is set and it cannot, it fails; otherwise it
# says why and exits with status 2 without running anything.
#
# The machine is left as it was found, on every exit path (the trap below), and nothing in /etc is written:
# - Each machine is a private mount namespace (unshare -m) holding its nslcd and the `login` processes that sign in
#   on it: there, and only there, /etc/nslcd.conf, /etc/nsswitch.conf and /run/nslcd are the check's own files,
#   bind-mounted over the system's. The system's nslcd, if one runs, and every other process see nothing of it.
# - A mount point must exist: /run/nslcd (or /etc/nslcd.conf) is made empty when missing and removed at the end.
# - Installing: a temporary /usr/sbin/policy-rc.d (when there is none) keeps the packages' daemons from starting;
#   afterwards the services slapd and nslcd are disabled at boot and libpam-ldapd's PAM profile is disabled
#   (pam-auth-update --disable ldap), so the system's own sign-ins (/etc/pam.d/common-*) stay as they were. The
#   packages and their default configuration files stay installed, as .ci/run's do.
# - At the end both daemons are stopped (TERM, then KILL after 5 s), the mount points made are removed, and the
#   private folder is deleted. A SIGKILL cannot be trapped: the daemons would outlive the script, but the mounts
#   end with their namespaces, and /etc is untouched.
set -euo pipefail
cd "$(dirname "$0")/.."
root_folder="$(pwd)"
script="$root_folder/scripts/directory-check.sh"  # $0 may be relative to the folder it was started from
mode=cases
case "${1:-}" in
    "") ;;
    --bench) mode=bench ;;
    --bench-quick) mode=bench-quick ;;
    *) echo "usage: scripts/directory-check.sh [--bench | --bench-quick]" >&2; exit 2 ;;
esac

say() { echo "directory-check: $*" >&2; }
# Cannot run here: fails under CI (which needs the check), otherwise says why and exits 2.
cannot() {
    if [ -n "${CI:-}" ]; then
        say "FAILED: $* (CI is set: the directory check must run; run CI as root or with sudo)"
        exit 1
    fi
    say "not run: $*"
    exit 2
}

# The builds come first, as the calling user (the benchmark's with the flags of .ci/run's `bench quick`, so its
# build is reused); then root, or sudo without a password, for the rest.
login="$root_folder/.build/release/login"
bench_build=(swift build -c release --package-path Benchmarks -Xswiftc -warnings-as-errors)
if [ -z "${DIRECTORY_CHECK_BUILT:-}" ]; then
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null && sudo -n true 2>/dev/null || cannot "it needs root, or sudo without a password"
    fi
    say "building login (release)"
    swift build -c release --product login >&2
    if [ "$mode" != cases ]; then
        say "building the benchmarks (release)"
        "${bench_build[@]}" >&2
    fi
    if [ "$(id -u)" -ne 0 ]; then
        exec sudo -n --preserve-env=CI,PATH env DIRECTORY_CHECK_BUILT=1 "$script" "$@"
    fi
fi
[ -x "$login" ] || { say "FAILED: no $login after the build"; exit 1; }
unshare -m --propagation private true 2>/dev/null ||
    cannot "this machine does not allow a private mount namespace (unshare -m), which keeps /etc as it is"

# One check at a time: two would share /run/nslcd's mount point. The lock is on this file: nothing is written.
exec 9<"$script"
flock -n 9 || { say "FAILED: another directory check is running"; exit 1; }

# Everything the trap must undo, set as it is done.
folder=""
slapd_pid=""
nslcd_pids=()
child_pid=""  # the cases or the benchmark, run in the background so that a signal reaches the trap at once
made_paths=()
own_policy=""
cleanup() {
    local status=$?
    set +e
    trap - EXIT INT TERM HUP
    local pid
    # The cases first (their `login` processes end with their terminals or their pipes), then the daemons.
    for pid in $child_pid "${nslcd_pids[@]}" $slapd_pid; do
        kill -TERM "$pid" 2>/dev/null
    done
    for pid in $child_pid "${nslcd_pids[@]}" $slapd_pid; do
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -0 "$pid" 2>/dev/null && { say "$pid did not stop in 5 s: killed"; kill -KILL "$pid"; }
    done
    local path
    for path in "${made_paths[@]}"; do
        if [ -d "$path" ]; then rmdir "$path"; else rm -f "$path"; fi
    done
    [ -n "$own_policy" ] && rm -f /usr/sbin/policy-rc.d
    [ -n "$folder" ] && rm -rf "$folder"
    say "stopped slapd and nslcd, removed what it made; exit status $status"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# Runs COMMAND in the background and waits for it: bash runs a trap only once a foreground command ends, but
# interrupts `wait` at once. Returns its exit status.
run_child() {
    "$@" &
    child_pid=$!
    local status=0
    wait "$child_pid" || status=$?
    child_pid=""
    return "$status"
}

# Waits up to SECONDS for COMMAND to succeed, checking every tenth of a second.
wait_for() {
    local seconds=$1 what=$2
    shift 2
    local tries=$((seconds * 10))
    while ! "$@" >/dev/null 2>&1; do
        tries=$((tries - 1))
        [ "$tries" -gt 0 ] || { say "FAILED: $what did not happen within $seconds s"; return 1; }
        sleep 0.1
    done
}

# 1. What is missing, installed without starting a daemon or changing the system's PAM stack.
packages=(slapd ldap-utils nslcd libpam-ldapd libnss-ldapd)
missing=()
for package in "${packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
    say "installing ${missing[*]}"
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\n# scripts/directory-check.sh: no daemon starts while it installs packages.\nexit 101\n' \
            >/usr/sbin/policy-rc.d
        chmod 755 /usr/sbin/policy-rc.d
        own_policy=1
    fi
    pam_ldap_before=$(grep -l pam_ldap /etc/pam.d/common-* 2>/dev/null || true)
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
    for service in slapd nslcd; do
        [[ " ${missing[*]} " == *" $service "* ]] || continue
        if [ -d /run/systemd/system ]; then
            systemctl disable --now "$service" >&2 || true
        else
            update-rc.d "$service" disable >&2 2>&1 || true
        fi
    done
    if [[ " ${missing[*]} " == *" libpam-ldapd "* ]] && [ -z "$pam_ldap_before" ]; then
        pam-auth-update --disable ldap >&2  # keeps the system's sign-ins as they were
    fi
    if [ -n "$own_policy" ]; then rm -f /usr/sbin/policy-rc.d; own_policy=""; fi
fi
if ! python3 -c 'import pexpect' 2>/dev/null; then
    say "installing pexpect (pip)"
    python3 -m pip install --quiet pexpect >&2
fi
for program in slapd slapadd slappasswd ldapsearch ldapmodify nslcd nsenter unshare flock python3; do
    command -v "$program" >/dev/null || { say "FAILED: no $program after installing"; exit 1; }
done
pam_wrapper=""
for candidate in /usr/lib/*/libpam_wrapper.so /usr/lib64/libpam_wrapper.so /usr/lib/libpam_wrapper.so; do
    [ -e "$candidate" ] && { pam_wrapper=$candidate; break; }
done
[ -n "$pam_wrapper" ] || { say "FAILED: pam_wrapper is not installed (apt-get install libpam-wrapper)"; exit 1; }

# 2. The private folder: only root can enter it, but nslcd and slapd (unprivileged) must reach their own parts.
folder=$(mktemp -d /tmp/puremvvm-directory.XXXXXXXX)
chmod 711 "$folder"
mkdir -m 700 "$folder/slapd" "$folder/slapd/db"
chown -R openldap:openldap "$folder/slapd"

# 3. slapd on a free loopback port, with the directory loaded before it starts.
password='correct horse battery staple'
hash=$(slappasswd -h '{SSHA}' -s "$password")
expired_day=$(($(date +%s) / 86400 - 100))
sed -e "s|{password}|$hash|" -e "s|{expired-day}|$expired_day|" Fixtures/directory/directory.ldif \
    >"$folder/slapd/directory.ldif"
cat >"$folder/slapd/slapd.conf" <<EOF
include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/nis.schema
include /etc/ldap/schema/inetorgperson.schema
modulepath /usr/lib/ldap
moduleload back_mdb
moduleload ppolicy
pidfile $folder/slapd/slapd.pid
argsfile $folder/slapd/slapd.args
database mdb
suffix "dc=puremvvm,dc=test"
rootdn "cn=admin,dc=puremvvm,dc=test"
rootpw $(slappasswd -h '{SSHA}' -s admin-secret)
directory $folder/slapd/db
maxsize 67108864
# Debian's own slapd rules: a password is for binding, and its owner's to change; shadowLastChange its owner's to
# change and readable (nslcd reads it to tell an expired password); the rest readable, as nslcd's lookups need.
access to attrs=userPassword by self write by anonymous auth by * none
access to attrs=shadowLastChange by self write by * read
access to * by * read
overlay ppolicy
ppolicy_default "cn=default,ou=policies,dc=puremvvm,dc=test"
EOF
chown openldap:openldap "$folder/slapd/slapd.conf" "$folder/slapd/directory.ldif"
chmod 600 "$folder/slapd/slapd.conf"
slapadd -q -f "$folder/slapd/slapd.conf" -l "$folder/slapd/directory.ldif"
chown -R openldap:openldap "$folder/slapd/db"
start_slapd() {
    local port
    for _ in 1 2 3; do  # the port was free when picked; another process may take it before slapd does
        port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
        # -d 0: in the foreground, so the trap holds its process id; its log goes to the folder.
        slapd -d 0 -u openldap -g openldap -f "$folder/slapd/slapd.conf" -h "ldap://127.0.0.1:$port/" \
            >>"$folder/slapd/slapd.log" 2>&1 &
        slapd_pid=$!
        if wait_for 10 "slapd listening on port $port" \
            ldapsearch -x -H "ldap://127.0.0.1:$port/" -b "" -s base -o nettimeout=1 namingContexts; then
            echo "$port" >"$folder/slapd/port"
            return 0
        fi
        kill -TERM "$slapd_pid" 2>/dev/null || true
        wait "$slapd_pid" 2>/dev/null || true
        slapd_pid=""
    done
    say "FAILED: slapd did not start; its log:"
    cat "$folder/slapd/slapd.log" >&2
    return 1
}
start_slapd
port=$(cat "$folder/slapd/port")
say "slapd (pid $slapd_pid) on ldap://127.0.0.1:$port/"

# 4. The two machines: each a mount namespace with its nslcd, its nslcd.conf, nsswitch.conf and /run/nslcd.
for path in /run/nslcd /etc/nslcd.conf; do
    if [ ! -e "$path" ]; then
        if [ "$path" = /run/nslcd ]; then mkdir "$path"; else install -m 600 /dev/null "$path"; fi
        made_paths+=("$path")
    fi
done
sed -E 's/^(passwd|group):.*/\1: files ldap/' /etc/nsswitch.conf >"$folder/nsswitch.conf"
chmod 644 "$folder/nsswitch.conf"
mkdir -m 755 "$folder/empty"
for machine in a b; do
    place="$folder/machine-$machine"
    mkdir -m 700 "$place"
    mkdir -m 755 "$place/run" "$place/pam.d"
    chown nslcd:nslcd "$place/run"
    cat >"$place/nslcd.conf" <<EOF
# Machine $machine of scripts/directory-check.sh.
uid nslcd
gid nslcd
uri ldap://127.0.0.1:$port/
base dc=puremvvm,dc=test
# slapd's ppolicy lets a reset password do nothing but change itself: the check search after the bind would fail
# and make a password that must be changed read as a wrong one.
pam_authc_search NONE
# Bounded waits: a directory that is down is reported within seconds.
bind_timelimit 3
timelimit 5
reconnect_sleeptime 1
reconnect_retrytime 3
EOF
    chmod 600 "$place/nslcd.conf"
    cp etc/pam.d/puremvvm-login-ldap "$place/pam.d/puremvvm-login-ldap"
    printf 'auth required pam_deny.so\naccount required pam_deny.so\n' >"$place/pam.d/other"
    nscd_hide=""
    [ -d /run/nscd ] && nscd_hide="mount --bind $folder/empty /run/nscd &&"  # a system nscd knows no ldap
    # exec: nslcd keeps the process id of unshare, which the trap stops and nsenter joins.
    unshare -m --propagation private sh -c "mount --bind '$place/nslcd.conf' /etc/nslcd.conf &&
        mount --bind '$folder/nsswitch.conf' /etc/nsswitch.conf && mount --bind '$place/run' /run/nslcd &&
        $nscd_hide exec nslcd -d" >"$place/nslcd.log" 2>&1 &
    nslcd_pids+=($!)
    echo $! >"$place/nslcd.pid"
    wait_for 10 "nslcd's socket on machine $machine" test -S "$place/run/socket"
    wait_for 10 "machine $machine finding ada in the directory" \
        nsenter -t "$(cat "$place/nslcd.pid")" -m getent passwd ada
done
say "nslcd on machine a (pid ${nslcd_pids[0]}) and machine b (pid ${nslcd_pids[1]})"

# 5. The cases; with --bench, the benchmark row, run on machine a.
cases_status=0
run_child python3 scripts/directory-cases.py --login "$login" --folder "$folder" --pam-wrapper "$pam_wrapper" \
    --password "$password" --port "$port" --slapd-pid "$slapd_pid" || cases_status=$?
if [ "$cases_status" -ne 0 ]; then
    say "the cases failed; nslcd's log of machine a ends:"
    tail -n 40 "$folder/machine-a/nslcd.log" >&2
    exit "$cases_status"
fi
if [ "$mode" != cases ]; then
    # The cases stopped slapd last (the unavailable directory): start it again for the row.
    start_slapd_again() {
        slapd -d 0 -u openldap -g openldap -f "$folder/slapd/slapd.conf" -h "ldap://127.0.0.1:$port/" \
            >>"$folder/slapd/slapd.log" 2>&1 &
        slapd_pid=$!
        wait_for 10 "slapd listening again" \
            ldapsearch -x -H "ldap://127.0.0.1:$port/" -b "" -s base -o nettimeout=1 namingContexts
    }
    kill -0 "$slapd_pid" 2>/dev/null || start_slapd_again
    bench="$folder/bench"
    mkdir -m 755 "$bench"
    cp -r "$folder/machine-a/pam.d" "$bench/pam.d"
    printf 'timing\n%s\n' "$password" >"$bench/account"
    command=(report --only console.login.directory --no-valgrind)
    [ "$mode" = bench-quick ] && command=(quick --only console.login.directory)
    run_child nsenter -t "${nslcd_pids[0]}" -m env PUREMVVM_BENCH_DIRECTORY="$bench" \
        PUREMVVM_BENCH_PAM_WRAPPER="$pam_wrapper" "$("${bench_build[@]}" --show-bin-path)/bench" "${command[@]}"
fi
