#!/usr/bin/env python3
"""Profiles the typed-line row by hand: runs `login` under callgrind on a pseudo-terminal and types LINES usernames,
each once its prompt shows, as `bench`'s console.typed row does (alternately "dim" and "dim sky", colour on), then
Ctrl-D. Keeps callgrind's output for callgrind_annotate, which `bench` does not.

    swift build -c release --product login && swift build -c release --package-path Benchmarks
    objcopy --strip-debug .build/release/login /tmp/login       # valgrind 3.19 cannot read Swift 6.3's DWARF 5
    python3 Benchmarks/Scripts/profile-typed-lines.py /tmp/login 2000 /tmp/typed.out
    python3 Benchmarks/Scripts/profile-typed-lines.py /tmp/login 0 /tmp/start.out    # the run without lines
    callgrind_annotate --inclusive=yes --tree=calling /tmp/typed.out

Per line: (total of the first run - total of the second) / LINES.
"""
import os
import pty
import select
import sys

login, lines, output = sys.argv[1], int(sys.argv[2]), sys.argv[3]
shim = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".build", "release", "libSigsuspendShim.so")
command = ["valgrind", "--tool=callgrind", "-q", "--callgrind-out-file=" + output, login]
environment = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1", NO_COLOR="", TERM="xterm-256color",
                   LD_PRELOAD=os.path.abspath(shim))
prompt = b"Username: "

pid, terminal = pty.fork()
if pid == 0:
    os.execvpe(command[0], command, environment)
shown = b""


def wait_for_prompts(count):
    global shown
    while shown.count(prompt) < count:
        ready, _, _ = select.select([terminal], [], [], 120)
        if not ready:
            sys.exit("no prompt within 120 s; the terminal shows:\n" + shown[-500:].decode(errors="replace"))
        shown += os.read(terminal, 65536)


wait_for_prompts(1)
for number in range(lines):
    os.write(terminal, (b"dim", b"dim sky")[number % 2] + b"\n")
    wait_for_prompts(number + 2)
os.write(terminal, b"\x04")
try:
    while os.read(terminal, 65536):
        pass
except OSError:
    pass
_, status = os.waitpid(pid, 0)
print("login exited with", os.waitstatus_to_exitcode(status), "(1: not signed in)")
