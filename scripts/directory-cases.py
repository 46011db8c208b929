#!/usr/bin/env python3
"""The end-to-end cases of scripts/directory-check.sh (issue 33): `login --pam puremvvm-login-ldap` against slapd
through nslcd and pam_ldap, on two "machines" (mount namespaces, each with its nslcd and its PAM service folder),
at a pseudo-terminal as a user types (pexpect) and with --password-stdin. Run by that script, which starts and
stops everything; this file only signs in and checks. Every wait is bounded (pexpect's and subprocess's timeouts).

The accounts are Fixtures/directory/directory.ldif's. Prints one line per case and closes with
"directory cases: N passed, N failed"; exits 1 when any failed.
"""
import argparse
import io
import os
import re
import signal
import statistics
import subprocess
import sys
import time

import pexpect

WRONG = "Wrong username or password."
UNKNOWN = "nobody.here"  # a name the directory does not have
ADMIN = ["-D", "cn=admin,dc=puremvvm,dc=test", "-w", "admin-secret"]


class CaseFailure(Exception):
    pass


def check(condition, problem):
    if not condition:
        raise CaseFailure(problem)


class Machine:
    """One machine: `login` run in the mount namespace of its nslcd, with its PAM service folder."""

    def __init__(self, name, options):
        self.name = name
        self.options = options
        place = os.path.join(options.folder, f"machine-{name}")
        with open(os.path.join(place, "nslcd.pid")) as file:
            self.nslcd = file.read().strip()
        self.services = os.path.join(place, "pam.d")

    def command(self, *arguments, language="en"):
        environment = [
            "PATH=/usr/bin:/bin", "LANG=C.UTF-8", "TERM=xterm-256color", "NO_COLOR=1",
            f"LD_PRELOAD={self.options.pam_wrapper}", "PAM_WRAPPER=1", f"PAM_WRAPPER_SERVICE_DIR={self.services}",
        ]
        return ["nsenter", "-t", self.nslcd, "-m", "--", "env", "-i", *environment, self.options.login,
                "--pam", "puremvvm-login-ldap", "--language", language, "--profiles", ":memory:", *arguments]

    def script(self, name, password, language="en"):
        """Signs in with --password-stdin; returns (exit status, standard output, standard error, seconds)."""
        start = time.monotonic()
        result = subprocess.run(
            self.command("--username", name, "--password-stdin", language=language),
            input=(password + "\n").encode(), capture_output=True, timeout=60)
        seconds = time.monotonic() - start
        return result.returncode, result.stdout.decode(), result.stderr.decode(), seconds

    def terminal(self, language="en"):
        """`login` at a new pseudo-terminal, as a user starts it."""
        command = self.command(language=language)
        child = pexpect.spawn(command[0], command[1:], encoding="utf-8", timeout=30, dimensions=(40, 200))
        child.logfile_read = io.StringIO()  # the whole screen, for checks after the end
        child.expect_exact("Username: " if language == "en" else "用户名：")
        return child


def sign_in_at(child, name, password, language="en"):
    """Types a name and a password at the prompts; checks the password prompt does not echo."""
    child.sendline(name)
    child.expect_exact("Password: " if language == "en" else "密码：")
    check(not child.getecho(), "echo is off at the password prompt")
    child.sendline(password)


def ended(child, status):
    """Waits for the end; checks the exit status and that echo is on again."""
    child.expect(pexpect.EOF, timeout=30)
    echo = child.getecho()
    child.wait()
    child.close()
    check(child.exitstatus == status, f"exit status {child.exitstatus}, not {status}")
    check(echo, "echo is on again at the end")


def greeting_case(options, machine, name, language, greeting):
    child = machine.terminal(language)
    sign_in_at(child, name, options.password, language)
    welcome = f"Welcome, {name}!" if language == "en" else f"欢迎，{name}！"
    child.expect_exact(welcome)
    child.expect_exact(greeting)
    child.expect_exact("Home: " if language == "en" else "首页：")
    child.sendline("quit")
    ended(child, 0)
    check(options.password not in child.logfile_read.getvalue(), "the password is never shown")


def case_greets_cn(options, a, b):
    """The right password signs in at a terminal; the home screen greets the directory's cn."""
    greeting_case(options, a, "ada", "en", "\r\nHello, Ada Lovelace\r\n")


def case_greets_cn_chinese(options, a, b):
    """The same in Chinese, on the other machine."""
    greeting_case(options, b, "ada", "zh", "\r\n你好，Ada Lovelace\r\n")


def case_greets_name(options, a, b):
    """A user whose GECOS field has no name (",,,") is greeted by the name."""
    greeting_case(options, a, "noname", "en", "\r\nHello, noname\r\n")


def case_signs_in_as_a_script(options, a, b):
    """--password-stdin: the right password signs in (exit 0), as for every source."""
    status, output, errors, _ = a.script("ada", options.password)
    check(status == 0, f"exit status {status}: {output}{errors}")
    check(output.endswith("Signing in…\nWelcome, ada!\n"), f"output: {output!r}")
    check(errors == "", f"standard error: {errors!r}")


def alike(text, name):
    return text.replace(name, "NAME")


def case_wrong_and_unknown_alike(options, a, b):
    """A wrong password and an unknown name: the same words at a terminal and from a script, and the same time
    within 15% (medians of several scripted tries each, taking turns)."""
    transcripts = []
    for name in ("timing", UNKNOWN):
        child = a.terminal()
        sign_in_at(child, name, "not the password")
        child.expect_exact(f"! Sign-in failed: {WRONG}")
        child.expect_exact("Username: ")
        transcripts.append(alike(child.before, name))
        child.sendeof()
        ended(child, 1)
    check(transcripts[0] == transcripts[1], f"the terminal told them apart: {transcripts!r}")

    runs = options.timing_runs
    times = {"timing": [], UNKNOWN: []}
    outputs = {"timing": set(), UNKNOWN: set()}
    for _ in range(runs):
        for name in times:  # taking turns, so a change of the machine's load meets both alike
            status, output, errors, seconds = b.script(name, "not the password")
            check(status == 1, f"{name}: exit status {status}")
            check(output.endswith(f"! Sign-in failed: {WRONG}\n"), f"{name}: {output!r}")
            outputs[name].add(alike(output, name))
            times[name].append(seconds * 1000)
    check(outputs["timing"] == outputs[UNKNOWN] and len(outputs["timing"]) == 1,
          f"the scripts' outputs differ: {outputs!r}")
    wrong, unknown = statistics.median(times["timing"]), statistics.median(times[UNKNOWN])
    difference = (wrong - unknown) / unknown * 100
    print(f"    timing, median of {runs} scripted sign-ins each (release build, with the real 1 s failure delay):")
    for label, name in (("wrong password", "timing"), ("unknown name", UNKNOWN)):
        values = times[name]
        print(f"      {label:15} median {statistics.median(values):8.1f} ms   min {min(values):8.1f} ms   "
              f"max {max(values):8.1f} ms")
    print(f"      difference of the medians: {wrong - unknown:+.1f} ms ({difference:+.1f}% of the unknown name's)")
    check(abs(difference) <= 15, f"the times differ by {difference:+.1f}%, more than 15%")


def case_locked(options, a, b):
    """An account an administrator locked (pwdAccountLockedTime) is refused with the right password, as a wrong
    password is: slapd says nothing more unless ppolicy_use_lockout is set, so nothing tells which names exist."""
    status, output, _, _ = a.script("locked", options.password)
    check(status == 1, f"exit status {status}")
    check(output.endswith(f"! Sign-in failed: {WRONG}\n"), f"output: {output!r}")
    child = b.terminal()
    sign_in_at(child, "locked", options.password)
    child.expect_exact(f"! Sign-in failed: {WRONG}")
    child.expect_exact("Username: ")
    child.sendeof()
    ended(child, 1)


def case_password_change_required(options, a, b):
    """An expired password (shadowMax) and one an administrator reset (ppolicy's pwdReset under pwdMustChange):
    nslcd answers PAM_NEW_AUTHTOK_REQD, reported as login(1) shows it, then how to change it; the session ends."""
    expected = {
        "expired": "! Password change required: Password expired 70 days ago. Change it with passwd, then sign in "
                   "again.\n",
        "reset": "! Password change required: Password must be changed. Change it with passwd, then sign in again.\n",
    }
    for name, report in expected.items():
        status, output, _, _ = a.script(name, options.password)
        check(status == 1, f"{name}: exit status {status}")
        check(output.endswith(report), f"{name}: {output!r}")
    status, output, _, _ = a.script("reset", options.password, language="zh")
    check(output.endswith("! 需要更改密码：Password must be changed。请用 passwd 更改密码，然后重新登录。\n"),
          f"in Chinese: {output!r}")
    status, output, _, _ = a.script("expired", "not the password")
    check(output.endswith(f"! Sign-in failed: {WRONG}\n"), f"a wrong password tells nothing of it: {output!r}")
    child = b.terminal()
    sign_in_at(child, "expired", options.password)
    child.expect_exact("! Password change required: Password expired 70 days ago.")
    ended(child, 1)
    check("Username: " not in child.before, "no new prompt: asking again could not succeed")


def admin_search(options, dn, attribute):
    result = subprocess.run(
        ["ldapsearch", "-x", "-LLL", "-o", "nettimeout=5", "-H", f"ldap://127.0.0.1:{options.port}/", *ADMIN,
         "-b", dn, "-s", "base", attribute], capture_output=True, timeout=30, text=True)
    check(result.returncode == 0, f"ldapsearch failed: {result.stderr}")
    return result.stdout


def case_lockout_across_machines(options, a, b):
    """Three wrong passwords on machine a lock the name on machine b: the directory's ppolicy (pwdMaxFailure 3)
    counts failed binds from every machine. Each machine has its own nslcd and PAM service folder."""
    status, output, _, _ = b.script("roaming", options.password)
    check(status == 0, f"before: the right password signs in on machine b (exit status {status}: {output!r})")
    child = a.terminal()
    for attempt in range(3):
        sign_in_at(child, "roaming", f"wrong password {attempt}")
        child.expect_exact("! Sign-in failed: ")
        if attempt < 2:
            child.expect_exact("Username: ")
    child.expect_exact("No attempts left.")
    ended(child, 1)
    dn = "uid=roaming,ou=people,dc=puremvvm,dc=test"
    check("pwdAccountLockedTime:" in admin_search(options, dn, "pwdAccountLockedTime"),
          "the directory locked the account")
    for machine in (b, a):
        status, output, _, _ = machine.script("roaming", options.password)
        check(status == 1, f"machine {machine.name}: the right password after the lock: exit status {status}")
        check(output.endswith(f"! Sign-in failed: {WRONG}\n"), f"machine {machine.name}: {output!r}")


def case_directory_down(options, a, b):
    """slapd stopped in the middle of a session: "Sign-in unavailable" (not a wrong password, and not counted),
    the prompts again, then Ctrl-D ends it with exit status 1 and echo on. Last: it stops slapd."""
    child = a.terminal()
    sign_in_at(child, "timing", "not the password")
    child.expect_exact(f"! Sign-in failed: {WRONG}")  # the session has spoken to the directory
    child.expect_exact("Username: ")
    os.kill(options.slapd_pid, signal.SIGTERM)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(options.slapd_pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        raise CaseFailure("slapd did not stop within 10 s")
    start = time.monotonic()
    sign_in_at(child, "timing", options.password)
    child.expect_exact("! Sign-in unavailable: The account service cannot be reached. Try again later.")
    seconds = time.monotonic() - start
    child.expect_exact("Username: ")
    child.sendeof()
    ended(child, 1)
    print(f"    the unavailable directory reported after {seconds:.1f} s")
    status, output, _, _ = b.script("timing", options.password)
    check(status == 1, f"as a script: exit status {status}")
    check(output.endswith("! Sign-in unavailable: The account service cannot be reached. Try again later.\n"),
          f"as a script: {output!r}")


CASES = [
    case_greets_cn, case_greets_cn_chinese, case_greets_name, case_signs_in_as_a_script,
    case_wrong_and_unknown_alike, case_locked, case_password_change_required, case_lockout_across_machines,
    case_directory_down,
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--login", required=True)
    parser.add_argument("--folder", required=True)
    parser.add_argument("--pam-wrapper", required=True)
    parser.add_argument("--password", required=True)
    parser.add_argument("--port", required=True)
    parser.add_argument("--slapd-pid", type=int, required=True)
    parser.add_argument("--timing-runs", type=int, default=10)
    options = parser.parse_args()
    machines = Machine("a", options), Machine("b", options)
    passed = failed = 0
    for case in CASES:
        name = case.__name__.removeprefix("case_").replace("_", "-")
        start = time.monotonic()
        try:
            case(options, *machines)
        except (CaseFailure, pexpect.ExceptionPexpect, subprocess.TimeoutExpired) as problem:
            failed += 1
            shown = str(problem)
            print(f"FAILED: {name}: {shown}", flush=True)
            continue
        passed += 1
        print(f"ok: {name} ({time.monotonic() - start:.1f} s): {case.__doc__.splitlines()[0]}", flush=True)
    print(f"directory cases: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
