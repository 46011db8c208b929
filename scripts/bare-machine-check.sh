#!/usr/bin/env bash
# The bare-machine check (issue 37): the README's two commands on a machine that has the Swift toolchain and what
# Swift itself needs on Linux, and none of the development packages of the libraries `login` uses.
#
# It hides, in a private mount namespace (unshare -m), every file of libpam0g-dev, libsqlite3-dev, libpam-wrapper
# and libnss-wrapper (their headers, their link-time libraries libpam.so and libsqlite3.so, their static libraries
# and pkg-config files), with an overlay over each folder that holds one; the libraries themselves (libpam.so.0,
# libsqlite3.so.0, libcrypt.so.1) stay. There it clones the repository (HEAD) into a tmpfs and, as a new user
# would:
#   1. checks that the files are hidden (a header, a link-time library, pkg-config),
#   2. `swift run login` at a pseudo-terminal: the demo account signs in and reaches the home screen (SQLite),
#   3. `login --pam` reaches Linux-PAM (a wrong password is "not signed in", never "could not be loaded"), and an
#      account file made with `login add-user` signs in (libxcrypt),
#   4. `swift test` passes (the tests that need pam_wrapper skip, as outside CI).
# Outside the namespace it first compares the declarations `login` carries (Examples/ConsoleLogin/Sources/
# CSystemLibraries) with the libraries' own headers, where those are installed (CI installs them).
#
# Usage: scripts/bare-machine-check.sh              the check (a clean build: 5 to 10 minutes on 2 cores)
#        scripts/bare-machine-check.sh --self-test  planted packages: a target that includes a hidden header, one
#                                                   that links a hidden library, and pkg-config must all fail in
#                                                   the namespace, and build outside it (a minute)
# Exit status: 0 when the check passes, 1 when it fails, 2 for a usage error or a machine it cannot run on.
#
# It changes nothing outside its namespace: the mounts, the clone, its build and the home folder it runs in are on
# a tmpfs of the namespace, and end with it. It needs root (or sudo without a password) for unshare -m.
set -euo pipefail
cd "$(dirname "$0")/.."
repository="$PWD"
script="$repository/scripts/bare-machine-check.sh"

say() { echo "bare-machine-check: $*" >&2; }
fail() {
    say "FAILED: $*"
    exit 1
}

# The development packages a bare machine lacks, and the files of theirs that a build could find even when they
# came from elsewhere than these packages.
packages=(libpam0g-dev libsqlite3-dev libpam-wrapper libnss-wrapper)
library_folder=/usr/lib/$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
known_files=(
    /usr/include/security/pam_appl.h /usr/include/security/_pam_types.h /usr/include/security/pam_modules.h
    /usr/include/sqlite3.h /usr/include/sqlite3ext.h
    "$library_folder"/libpam.so "$library_folder"/libpam.a "$library_folder"/libsqlite3.so
    "$library_folder"/libsqlite3.a "$library_folder"/pkgconfig/pam.pc "$library_folder"/pkgconfig/sqlite3.pc
    "$library_folder"/libpam_wrapper.so "$library_folder"/libnss_wrapper.so
)

# The files to hide: the packages' files (not their folders, documentation or manual pages), and the known ones.
files_to_hide() {
    {
        for package in "${packages[@]}"; do
            dpkg -L "$package" 2>/dev/null || true
        done
        printf '%s\n' "${known_files[@]}"
    } | grep -v -E '^/usr/share/(doc|man|lintian)/' | sort -u | while IFS= read -r file; do
        if [ -f "$file" ] || [ -L "$file" ]; then echo "$file"; fi
    done
}

# In the namespace: an overlay over each folder that holds a file to hide (the list on standard input), with a
# whiteout for each such file.
hide_files() {
    local overlays=$1 folder index=0
    local -A hidden=()
    while IFS= read -r file; do
        [ -n "$file" ] && hidden["$(dirname "$file")"]+="$(basename "$file")"$'\n'
    done
    # Shorter paths first: a folder's overlay is made before that of a folder inside it.
    while IFS= read -r folder; do
        [ -n "$folder" ] || continue
        index=$((index + 1))
        mkdir -p "$overlays/$index/upper" "$overlays/$index/work"
        while IFS= read -r name; do
            [ -n "$name" ] && mknod "$overlays/$index/upper/$name" c 0 0
        done <<<"${hidden[$folder]}"
        mount -t overlay overlay -o "lowerdir=$folder,upperdir=$overlays/$index/upper,workdir=$overlays/$index/work" \
            "$folder"
    done < <(printf '%s\n' "${!hidden[@]}" | awk '{ print length($0) "\t" $0 }' | sort -n | cut -f2-)
}

# In the namespace: the checks that the files (the list on standard input) are hidden, which every other step
# relies on.
check_hidden() {
    local file
    while IFS= read -r file; do
        [ -n "$file" ] || continue
        ! [ -e "$file" ] && ! [ -L "$file" ] || fail "$file is still visible in the namespace"
    done
    for file in "${known_files[@]}"; do
        ! [ -e "$file" ] || fail "$file is still visible in the namespace"
    done
    if command -v pkg-config >/dev/null && pkg-config --exists sqlite3 2>/dev/null; then
        fail "pkg-config still finds sqlite3 in the namespace"
    fi
    if command -v pkg-config >/dev/null && pkg-config --exists pam 2>/dev/null; then
        fail "pkg-config still finds pam in the namespace"
    fi
    for library in libpam.so.0 libsqlite3.so.0 libcrypt.so.1; do
        [ -e "$library_folder/$library" ] ||
            fail "$library, which a bare machine has, is missing (install it: it is not a development package)"
    done
}

# In the namespace: a tmpfs for the check's files, and the development packages' files hidden.
prepare_namespace() {
    local scratch=$1 size=$2 list
    list=$(files_to_hide)
    mount -t tmpfs -o "size=$size,mode=0700" tmpfs "$scratch"
    hide_files "$scratch/overlays" <<<"$list"
    check_hidden <<<"$list"
    say "hidden: $(grep -c . <<<"$list" || true) files of ${packages[*]}; libpam.so.0, libsqlite3.so.0 and" \
        "libcrypt.so.1 stay"
}

# The environment of a new user's shell: no CI (the tests that need pam_wrapper skip), a home of the namespace's.
bare_environment() {
    local home=$1
    echo "PATH=$PATH" "HOME=$home" "LANG=C.UTF-8" "TERM=xterm" "USER=$(id -un)"
}

# In the namespace, the check itself.
run_inside() {
    local scratch=$1
    prepare_namespace "$scratch" 12g
    git clone --quiet --no-hardlinks "$repository" "$scratch/clone"
    mkdir -m 0700 "$scratch/home"
    cd "$scratch/clone"
    local -a environment
    read -r -a environment < <(bare_environment "$scratch/home")

    say "swift run login, at a pseudo-terminal: the demo account signs in and reaches the home screen"
    local start=$SECONDS
    env -i "${environment[@]}" python3 - <<'PYTHON' || fail "swift run login did not sign the demo account in"
import io, pexpect, sys
seen = io.StringIO()  # what the terminal showed, printed only when the session is not as expected
child = pexpect.spawn("swift", ["run", "login"], encoding="utf-8", timeout=1800, dimensions=(40, 120))
child.logfile_read = seen
try:
    child.expect("Username: ")
    child.timeout = 60
    child.sendline("dimsky")
    child.expect("Password: ")
    child.sendline("balabala")
    child.expect("Hello, dimsky")
    child.expect("Balance: 100 yuan")
    child.expect("Home: ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
except pexpect.ExceptionPexpect as error:
    print(seen.getvalue()[-4000:], file=sys.stderr)
    print(f"the session stopped: {type(error).__name__}", file=sys.stderr)
    sys.exit(1)
if child.exitstatus != 0:
    print(seen.getvalue()[-4000:], file=sys.stderr)
    sys.exit(1)
PYTHON
    say "swift run login: built and signed in in $((SECONDS - start)) s"

    say "login --pam and account files: Linux-PAM and libxcrypt are opened without their development packages"
    local login=.build/debug/login status=0
    printf 'not-the-password\n' | env -i "${environment[@]}" "$login" --pam --username nobody --password-stdin \
        >"$scratch/pam.out" 2>&1 || status=$?
    if [ "$status" -ne 1 ] || grep -q "could not be loaded" "$scratch/pam.out"; then
        cat "$scratch/pam.out" >&2
        fail "login --pam ended with status $status (1, not signed in, was expected: PAM answered)"
    fi
    printf 'a-test-password\n' | env -i "${environment[@]}" "$login" add-user --accounts "$scratch/home/test.accounts" \
        --password-stdin bob.builder >/dev/null || fail "login add-user could not write an account file"
    printf 'a-test-password\n' | env -i "${environment[@]}" "$login" --accounts "$scratch/home/test.accounts" \
        --username bob.builder --password-stdin >/dev/null || fail "the account made by add-user did not sign in"

    say "swift test"
    start=$SECONDS
    env -i "${environment[@]}" swift test >"$scratch/test.out" 2>&1 || {
        tail -n 40 "$scratch/test.out" >&2
        fail "swift test failed"
    }
    grep -E "Executed [0-9]+ tests" "$scratch/test.out" | tail -n 1 >&2
    say "swift test: passed ($((SECONDS - start)) s with its build)"
}

# In the namespace, the self-test: three planted packages that need a hidden file must fail there.
self_test_inside() {
    local scratch=$1 planted=$2 failures=0
    prepare_namespace "$scratch" 4g
    local -a environment
    mkdir -m 0700 "$scratch/home"
    read -r -a environment < <(bare_environment "$scratch/home")
    for package in IncludesPAM IncludesSQLite LinksSQLite; do
        local output
        if output=$(env -i "${environment[@]}" swift build --package-path "$planted/$package" \
            --scratch-path "$scratch/$package" 2>&1); then
            say "self-test: $package built in the namespace, where the file it needs is hidden"
            failures=$((failures + 1))
        elif ! grep -q -E "file not found|cannot find -lsqlite3|unable to find library -lsqlite3" <<<"$output"; then
            say "self-test: $package failed in the namespace, but not for the hidden file:"
            echo "$output" | tail -n 15 >&2
            failures=$((failures + 1))
        else
            say "self-test: $package fails in the namespace, as it must: $(grep -m1 -o -E \
                "'[^']*' file not found|cannot find -lsqlite3|unable to find library -lsqlite3" <<<"$output")"
        fi
    done
    return "$failures"
}

# The planted packages of the self-test, each needing one hidden file.
write_planted() {
    local planted=$1
    rm -rf "$planted"
    for package in IncludesPAM IncludesSQLite LinksSQLite; do
        mkdir -p "$planted/$package/Sources/Planted" "$planted/$package/Sources/CPlanted/include"
        cat >"$planted/$package/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Planted",
    targets: [
        .target(name: "CPlanted", linkerSettings: [.linkedLibrary("sqlite3")]),
        .executableTarget(name: "Planted", dependencies: ["CPlanted"]),
    ]
)
SWIFT
        echo 'import CPlanted
print(planted())' >"$planted/$package/Sources/Planted/main.swift"
        echo 'int planted(void);' >"$planted/$package/Sources/CPlanted/include/CPlanted.h"
    done
    # A target that includes Linux-PAM's header again, and one that includes SQLite's.
    printf '#include <security/pam_appl.h>\nint planted(void) { return PAM_SUCCESS; }\n' \
        >"$planted/IncludesPAM/Sources/CPlanted/planted.c"
    printf '#include <sqlite3.h>\nint planted(void) { return SQLITE_OK; }\n' \
        >"$planted/IncludesSQLite/Sources/CPlanted/planted.c"
    # A target that declares what it calls but links against libsqlite3.so, the link-time library.
    printf 'int sqlite3_libversion_number(void);\nint planted(void) { return sqlite3_libversion_number(); }\n' \
        >"$planted/LinksSQLite/Sources/CPlanted/planted.c"
}

# The declarations `login` carries against the libraries' own headers, where these are installed.
check_declarations() {
    local folder=.build-bare/declarations headers=Examples/ConsoleLogin/Sources/CSystemLibraries/include
    if ! [ -f /usr/include/security/pam_appl.h ] || ! [ -f /usr/include/sqlite3.h ] || ! [ -f /usr/include/crypt.h ]
    then
        [ -z "${CI:-}" ] || fail "CI is set and the libraries' headers are missing (.ci/run installs them)"
        say "the declarations are not compared: the libraries' headers are not installed"
        return 0
    fi
    mkdir -p "$folder"
    clang -Wall -Werror -DREAL_HEADERS -o "$folder/real" scripts/bare-machine/declarations.c
    clang -Wall -Werror -I "$headers" -o "$folder/carried" scripts/bare-machine/declarations.c
    "$folder/real" >"$folder/real.txt"
    "$folder/carried" >"$folder/carried.txt"
    diff -u "$folder/real.txt" "$folder/carried.txt" >&2 ||
        fail "the declarations in $headers differ from the libraries' headers (above: - theirs, + ours)"
    say "the carried declarations match the libraries' headers ($(wc -l <"$folder/real.txt") values and layouts)"
}

case "${1:-}" in
--inside) run_inside "$2" ;;
--self-test-inside) self_test_inside "$2" "$3" ;;
"" | --self-test)
    command -v unshare >/dev/null || { say "needs unshare (util-linux)"; exit 2; }
    as_root=()
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then as_root=(sudo -n); else
            say "needs root, or sudo without a password, for a private mount namespace"
            exit 2
        fi
    fi
    mkdir -p .build-bare/namespace
    if [ "${1:-}" = --self-test ]; then
        say "self-test: planted packages that need a hidden header or library"
        planted="$repository/.build-bare/planted"
        write_planted "$planted"
        for package in IncludesPAM IncludesSQLite LinksSQLite; do
            # Outside the namespace each builds: what fails inside fails for the hidden file.
            swift build --package-path "$planted/$package" --scratch-path "$repository/.build-bare/$package" \
                >/dev/null 2>&1 || fail "self-test: $package does not build outside the namespace either" \
                "(install ${packages[*]} to run the self-test)"
        done
        "${as_root[@]}" unshare -m --propagation private bash "$script" --self-test-inside \
            "$repository/.build-bare/namespace" "$planted" || fail "self-test: see above"
        say "self-test: passed"
        exit 0
    fi
    check_declarations
    "${as_root[@]}" unshare -m --propagation private bash "$script" --inside "$repository/.build-bare/namespace"
    say "passed"
    ;;
*)
    echo "usage: scripts/bare-machine-check.sh [--self-test]" >&2
    exit 2
    ;;
esac
