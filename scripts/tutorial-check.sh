#!/usr/bin/env bash
# Builds the tutorial "Build the seed login, test first" the way a reader types it: one package, the sections
# applied in order, built and tested after each.
#
#   1. The tutorial's text against its files: each section's files are Tutorials/SeedLogin/sectionN/, each
#      holding the files as they stand at the end of that section. Every @Code of section N is labelled with its
#      path in the package (`name:`), shows the file at that path in sectionN (its `file:` is a link in the
#      catalog's Resources/SeedLogin to it), and, when an earlier step showed the same path, names that step's
#      file as `previousFile:` so DocC marks what changed. Every file of sectionN is shown in section N, so CI
#      builds nothing the reader was not told to type.
#   2. The package, in .build-tutorial/SeedLogin, next to a link .build-tutorial/PureMVVM to this checkout (the
#      layout the first step asks for): `swift package init --type library --name SeedLogin`, the template's two
#      files deleted as the first step says, then for each section its files copied in, `swift build
#      --build-tests` and `swift test`. Each build is incremental on the one before (and on the last run's).
#   3. The last step's session, Tutorials/SeedLogin/session.txt: the built `seed-login` started at a
#      pseudo-terminal, the session's lines typed at its prompts, and what the terminal showed compared with it.
#
# Usage: scripts/tutorial-check.sh        (about 2 minutes on a 2-core machine from no build folder; see
#                                          CONTRIBUTING)
set -euo pipefail
cd "$(dirname "$0")/.."

tutorial=Sources/PureMVVM/PureMVVM.docc/Tutorials/Build-the-seed-login-test-first.tutorial
resources=Sources/PureMVVM/PureMVVM.docc/Resources/SeedLogin
sections=Tutorials/SeedLogin
scratch=.build-tutorial

echo "== $tutorial against $sections"
section_count=$(python3 - "$tutorial" "$resources" "$sections" <<'PYTHON'
import os, re, sys

tutorial, resources, sections = sys.argv[1:]
text = open(tutorial).read()
problems, shown, last_shown = [], {}, {}
section = 0
for match in re.finditer(r"@Section\(|@Code\(([^)]*)\)", text):
    if match.group(0) == "@Section(":
        section += 1
        shown[section] = set()
        continue
    arguments = dict(re.findall(r'(\w+): "([^"]*)"', match.group(1)))
    line = text.count("\n", 0, match.start()) + 1
    where = f"{tutorial}:{line}"
    name, file = arguments.get("name", ""), arguments.get("file", "")
    expected = os.path.join(sections, f"section{section}", name)
    if name == "Terminal":  # the session the last step shows, checked at the end
        expected = os.path.join(sections, "session.txt")
    link = os.path.join(resources, file)
    if not os.path.isfile(expected):
        problems.append(f"{where}: {name!r} is not a file of {sections}/section{section}")
    elif not os.path.islink(link) or os.path.realpath(link) != os.path.realpath(expected):
        target = os.path.relpath(expected, resources)
        problems.append(f"{where}: {file} must be a link to {expected}: ln -sfn {target} {link}")
    if name == "Terminal":
        if not os.path.islink(link) or os.path.realpath(link) != os.path.realpath(expected):
            problems.append(f"{where}: {file} must be a link to {expected}")
        continue
    if name in shown[section]:
        problems.append(f"{where}: {name} is shown twice in section {section}; show each file once per section")
    shown[section].add(name)
    previous = last_shown.get(name)
    if previous and arguments.get("previousFile") != previous:
        problems.append(f"{where}: {name} changes a file shown before; add previousFile: \"{previous}\"")
    if not previous and "previousFile" in arguments:
        problems.append(f"{where}: {name} is new here; it has no previousFile")
    last_shown[name] = file
for number in shown:
    folder = os.path.join(sections, f"section{number}")
    for root, _, files in os.walk(folder):
        for file in files:
            path = os.path.relpath(os.path.join(root, file), folder)
            if path not in shown[number]:
                problems.append(f"{folder}/{path}: no step of section {number} shows it")
if sorted(os.listdir(sections)) != sorted([f"section{number}" for number in shown] + ["session.txt"]):
    problems.append(f"{sections} must hold exactly section1 to section{section} and session.txt")
if problems:
    sys.exit("tutorial-check.sh:\n  " + "\n  ".join(problems))
print(section)
PYTHON
)
echo "$section_count sections, every listing labelled with its path and shown where it changes"

# 2. The reader's package. Everything but .build is made again, so a file a section no longer has is gone.
mkdir -p "$scratch/SeedLogin"
ln -sfn "$PWD" "$scratch/PureMVVM"
package="$scratch/SeedLogin"
find "$package" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
(cd "$package" && swift package init --type library --name SeedLogin >/dev/null)
rm "$package/Sources/SeedLogin/SeedLogin.swift" "$package/Tests/SeedLoginTests/SeedLoginTests.swift"
for section in $(seq 1 "$section_count"); do
    echo "== section $section: its files typed in, then swift build --build-tests and swift test"
    cp -R "$sections/section$section/." "$package/"
    swift build --package-path "$package" --build-tests -Xswiftc -warnings-as-errors 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]' || {
        echo "tutorial-check.sh: section $section does not build" >&2
        exit 1
    }
    if ! swift test --package-path "$package" --skip-build >"$scratch/test.log" 2>&1; then
        cat "$scratch/test.log" >&2
        echo "tutorial-check.sh: section $section's tests fail (swift test --package-path $package)" >&2
        exit 1
    fi
    grep -E "^\s*Executed [0-9]+ tests?," "$scratch/test.log" | tail -1
done

# 3. The last step's session, at a pseudo-terminal.
echo "== swift run seed-login, at a pseudo-terminal, against the session the last step shows"
binary="$(swift build --package-path "$package" --show-bin-path)/seed-login"
python3 - "$sections/session.txt" "$binary" <<'PYTHON'
import os, pty, re, select, signal, sys, time

session, binary = sys.argv[1:]
text = open(session).read()
if not text.startswith("$ swift run seed-login\n"):
    sys.exit(f"tutorial-check.sh: {session} must start with the command, `$ swift run seed-login`")
expected = text.split("\n", 1)[1]  # without the command
expected = "\n".join(line.rstrip() for line in expected.rstrip().split("\n")) + "\n"
# What the user types: the text after each prompt; at the hidden prompt, the seed's password.
typed = []
for line in expected.split("\n"):
    prompt = re.match(r"(Username|Password): ?(.*)$", line)
    if prompt:
        typed.append(prompt.group(2) if prompt.group(1) == "Username" else "balabala")

pid, terminal = pty.fork()
if pid == 0:
    os.execv(binary, [binary])
shown, deadline = b"", time.monotonic() + 30
while time.monotonic() < deadline:
    ready, _, _ = select.select([terminal], [], [], 0.5)
    if ready:
        try:
            chunk = os.read(terminal, 4096)
        except OSError:
            break  # the program ended and closed the terminal
        if not chunk:
            break
        shown += chunk
        if typed and shown.rstrip().endswith((b"Username:", b"Password:")):
            os.write(terminal, typed.pop(0).encode() + b"\r")
finished, status = 0, None
while not finished and time.monotonic() < deadline + 5:
    finished, status = os.waitpid(pid, os.WNOHANG)
    time.sleep(0 if finished else 0.05)
if not finished:
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    status = None
# Lines compared without trailing spaces (a page cannot show the one after a prompt whose input is hidden).
actual = "\n".join(line.rstrip() for line in shown.decode().replace("\r\n", "\n").rstrip().split("\n")) + "\n"
if actual != expected:
    sys.exit(
        f"tutorial-check.sh: seed-login showed a session other than {session}, which the last step shows:\n"
        + actual + f"--- {session} shows:\n" + expected
    )
if status is None:
    sys.exit("tutorial-check.sh: seed-login was still running 30 s after it started; it was killed")
if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
    sys.exit(f"tutorial-check.sh: seed-login ended with status {status}")
print("the session the tutorial shows, line for line")
PYTHON
